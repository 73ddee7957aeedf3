import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';

export function registerPing(group: Command, ctx: Context): void {
  group
    .command('ping')
    .description('record your activity (last seen) and print a visitor JWT')
    .addHelpText('after', '\nExamples:\n  $ docsctl orgs ping\n  $ TOKEN=$(docsctl orgs ping)')
    .action(async () => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const result = await api.call(routes.pingOrganization, { params: { organizationId } });
      if (ctx.out.json) ctx.out.raw(result);
      else ctx.out.text(result.serviceVisitorClaims);
    });
}
