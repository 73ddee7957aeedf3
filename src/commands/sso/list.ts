import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { ssoOptionColumns } from './columns';

export function registerList(group: Command, ctx: Context): void {
  group
    .command('list')
    .description("the organization's SSO sign-in options")
    .addHelpText('after', '\nExamples:\n  $ docsctl sso list')
    .action(async () => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const info = await api.call(routes.getOrganizationSsoLoginInfo, { params: { organizationId } });
      if (ctx.out.json) ctx.out.raw(info);
      else await ctx.out.list(info.items, ssoOptionColumns);
    });
}
