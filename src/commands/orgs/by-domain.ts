import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { organizationColumns } from './columns';

export function registerByDomain(group: Command, ctx: Context): void {
  group
    .command('by-domain')
    .argument('<domain>', 'e-mail domain, e.g. acme.com')
    .description('organizations that accept e-mail addresses of a domain')
    .addHelpText('after', '\nExamples:\n  $ docsctl orgs by-domain acme.com')
    .action(async (emailDomain: string) => {
      const api = await ctx.client();
      const result = await api.call(routes.listOrganizationsForEmailDomain, { params: { emailDomain } });
      if (ctx.out.json) ctx.out.raw(result);
      else await ctx.out.list(result.organizations, organizationColumns);
    });
}
