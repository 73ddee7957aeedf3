import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { memberColumns } from './columns';
import { resolveUserId } from '../shared/resolve';

export function registerGet(group: Command, ctx: Context): void {
  group
    .command('get')
    .argument('<user>', 'user id or e-mail')
    .description('show one member')
    .addHelpText('after', '\nExamples:\n  $ docsctl members get ada@acme.com')
    .action(async (user: string) => {
      const organizationId = await ctx.organizationId();
      const userId = await resolveUserId(ctx, organizationId, user);
      const api = await ctx.client();
      await ctx.out.object(await api.call(routes.getMemberInOrganizationById, { params: { organizationId, userId } }), memberColumns);
    });
}
