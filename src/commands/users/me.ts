import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { userColumns } from './columns';

export function registerMe(group: Command, ctx: Context): void {
  group
    .command('me')
    .description('the user you act as')
    .addHelpText('after', '\nExamples:\n  $ docsctl users me --json')
    .action(async () => {
      const api = await ctx.client();
      await ctx.out.object(await api.call(routes.getAuthenticatedUser), userColumns);
    });
}
