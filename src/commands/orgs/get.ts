import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { organizationDetail } from './columns';

export function registerGet(group: Command, ctx: Context): void {
  group
    .command('get')
    .argument('[org]', 'organization id (default: --org or your only organization)')
    .description('show one organization')
    .addHelpText('after', '\nExamples:\n  $ docsctl orgs get\n  $ docsctl orgs get ORG_ID --json')
    .action(async (org: string | undefined) => {
      const organizationId = org ?? (await ctx.organizationId());
      const api = await ctx.client();
      await ctx.out.object(await api.call(routes.getOrganizationById, { params: { organizationId } }), organizationDetail);
    });
}
