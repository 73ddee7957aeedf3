import { Option, type Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { inviteColumns } from './columns';
import { ROLES, type Role } from '../../domain/roles';

export function registerUpdate(group: Command, ctx: Context): void {
  group
    .command('update')
    .argument('<invite>', 'invite id')
    .description("change an invite link's role")
    .addOption(new Option('--role <role>', 'new role').choices([...ROLES]).makeOptionMandatory())
    .addHelpText('after', '\nExamples:\n  $ docsctl invites update INVITE_ID --role comment')
    .action(async (inviteId: string, opts: { role: Role }) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const invite = await api.call(routes.updateOrganizationInviteById, { params: { organizationId, inviteId }, body: { role: opts.role } });
      await ctx.out.object(invite, inviteColumns);
    });
}
