import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { userColumns } from './columns';

export function registerGet(group: Command, ctx: Context): void {
  group
    .command('get')
    .argument('<user>', 'user id')
    .description('show a user you share an organization with')
    .addHelpText('after', '\nExamples:\n  $ docsctl users get USER_ID')
    .action(async (userId: string) => {
      const api = await ctx.client();
      await ctx.out.object(await api.call(routes.getUserById, { params: { userId } }), userColumns);
    });
}
