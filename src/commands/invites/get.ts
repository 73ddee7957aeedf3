import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { inviteColumns } from './columns';

export function registerGet(group: Command, ctx: Context): void {
  group
    .command('get')
    .argument('<invite>', 'invite id')
    .description('show one invite link')
    .addHelpText('after', '\nExamples:\n  $ docsctl invites get INVITE_ID')
    .action(async (inviteId: string) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      await ctx.out.object(await api.call(routes.getOrganizationInviteById, { params: { organizationId, inviteId } }), inviteColumns);
    });
}
