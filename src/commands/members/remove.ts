import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { resolveUserId } from '../shared/resolve';
import { isLastAdmin } from './update';

export function registerRemove(group: Command, ctx: Context): void {
  group
    .command('remove')
    .argument('<user>', 'user id or e-mail')
    .description('remove a member from the organization (and from its teams); yourself: leave it')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', '\nAsks first on a terminal, and needs --yes anywhere else.\n\nExamples:\n  $ docsctl members remove ada@acme.com\n  $ docsctl members remove USER_ID --yes')
    .action(async (user: string, opts: { yes?: boolean }) => {
      const organizationId = await ctx.organizationId();
      const userId = await resolveUserId(ctx, organizationId, user);
      const api = await ctx.client();
      const me = await api.call(routes.getAuthenticatedUser);
      if (me.id !== userId) await ctx.confirm(`Remove ${user} from organization ${organizationId}?`, opts.yes);
      // The last admin is not asked: the instance refuses to remove them anyway (exit 6).
      else if (!(await isLastAdmin(ctx, organizationId, userId))) {
        await ctx.confirm(`Remove yourself (${me.email}) from organization ${organizationId}, losing access to it until someone invites you again?`, opts.yes);
      }
      await api.call(routes.removeMemberFromOrganizationById, { params: { organizationId, userId } });
      ctx.out.message(me.id === userId ? `You (${me.email}) left organization ${organizationId}.` : `Removed ${user}.`);
    });
}
