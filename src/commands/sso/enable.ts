import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { memberColumns } from '../members/columns';
import { resolveUserId } from '../shared/resolve';

export function registerEnable(group: Command, ctx: Context): void {
  group
    .command('enable')
    .argument('<user>', 'user id or e-mail')
    .description('make a member sign in through SSO (the organization needs a SAML provider)')
    .addHelpText('after', '\nExamples:\n  $ docsctl sso enable ada@acme.com')
    .action(async (user: string) => {
      const organizationId = await ctx.organizationId();
      const userId = await resolveUserId(ctx, organizationId, user);
      const api = await ctx.client();
      const member = await api.call(routes.updateMemberSsoInOrganizationById, { params: { organizationId, userId } });
      ctx.out.message(`${member.user.email} now signs in through SSO.`);
      await ctx.out.object(member, memberColumns);
    });
}
