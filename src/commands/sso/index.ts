import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { memberColumns } from '../shared/columns';
import { resolveUserId } from '../shared/resolve';

export function registerSso(program: Command, ctx: Context): void {
  const group = program.command('sso').description('single sign-on: sign-in information and SSO members')
    .addHelpText('after', '\nExamples:\n  $ docsctl sso list');
  group
    .command('list')
    .description("the organization's SSO sign-in options")
    .addHelpText('after', '\nExamples:\n  $ docsctl sso list')
    .action(async () => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const info = await api.call(routes.getOrganizationSsoLoginInfo, { params: { organizationId } });
      if (ctx.out.json) ctx.out.raw(info);
      else
        await ctx.out.list(info.items, [
          { header: 'ID', value: (i) => i.id },
          { header: 'LABEL', value: (i) => i.label },
          { header: 'START URL', value: (i) => i.startURL },
        ]);
    });
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
