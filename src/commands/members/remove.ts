import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { resolveUserId } from '../shared/resolve';

export function registerRemove(group: Command, ctx: Context): void {
  group
    .command('remove')
    .argument('<user>', 'user id or e-mail')
    .description('remove a member from the organization (and from its teams)')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', '\nExamples:\n  $ docsctl members remove ada@acme.com\n  $ docsctl members remove USER_ID --yes')
    .action(async (user: string, opts: { yes?: boolean }) => {
      const organizationId = await ctx.organizationId();
      const userId = await resolveUserId(ctx, organizationId, user);
      await ctx.confirm(`Remove ${user} from organization ${organizationId}?`, opts.yes);
      const api = await ctx.client();
      await api.call(routes.removeMemberFromOrganizationById, { params: { organizationId, userId } });
      ctx.out.message(`Removed ${user}.`);
    });
}
