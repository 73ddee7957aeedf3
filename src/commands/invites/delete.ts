import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';

export function registerDelete(group: Command, ctx: Context): void {
  group
    .command('delete')
    .argument('<invite>', 'invite id')
    .description('delete an invite link (it stops working at once)')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', '\nExamples:\n  $ docsctl invites delete INVITE_ID --yes')
    .action(async (inviteId: string, opts: { yes?: boolean }) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      await api.call(routes.getOrganizationInviteById, { params: { organizationId, inviteId } });
      await ctx.confirm(`Delete invite link ${inviteId}?`, opts.yes);
      await api.call(routes.deleteOrganizationInviteById, { params: { organizationId, inviteId } });
      ctx.out.message(`Deleted invite link ${inviteId}.`);
    });
}
