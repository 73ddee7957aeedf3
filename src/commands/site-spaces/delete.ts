import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { findListed } from '../shared/list';

export function registerDelete(group: Command, ctx: Context): void {
  group
    .command('delete')
    .argument('<site>', 'site id')
    .argument('<site-space>', 'site space id')
    .description('remove a space from a site (the space itself stays)')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', '\nExamples:\n  $ docsctl site-spaces delete SITE_ID SITE_SPACE_ID\n  $ docsctl site-spaces delete SITE_ID SITE_SPACE_ID --yes')
    .action(async (siteId: string, siteSpaceId: string, opts: { yes?: boolean }) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const found = await findListed(ctx, routes.listSiteSpaces, { params: { organizationId, siteId }, query: { limit: 1000 } }, siteSpaceId, `site space ${siteSpaceId} not found in site ${siteId}`);
      await ctx.confirm(`Remove space "${found.title}" (site space ${found.id}) from site ${siteId}?`, opts.yes);
      await api.call(routes.deleteSiteSpace, { params: { organizationId, siteId, siteSpaceId } });
      ctx.out.message(`Removed site space ${found.id} (${found.title}) from site ${siteId}.`);
    });
}
