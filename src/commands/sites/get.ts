import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { siteDetail } from './columns';

export function registerGet(group: Command, ctx: Context): void {
  group
    .command('get')
    .argument('<site>', 'site id')
    .description('show one docs site')
    .addHelpText('after', '\nExamples:\n  $ docsctl sites get SITE_ID\n  $ docsctl sites get SITE_ID --json | jq -r .urls.published')
    .action(async (siteId: string) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      await ctx.out.object(await api.call(routes.getSiteById, { params: { organizationId, siteId } }), siteDetail);
    });
}
