import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { findListed } from '../shared/list';

export function registerDelete(group: Command, ctx: Context): void {
  group
    .command('delete')
    .argument('<site>', 'site id')
    .argument('<group>', 'section group id')
    .description('delete a section group; its sections stay, at the top level where the group was')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', '\nExamples:\n  $ docsctl section-groups delete SITE_ID GROUP_ID\n  $ docsctl section-groups delete SITE_ID GROUP_ID --yes')
    .action(async (siteId: string, siteSectionGroupId: string, opts: { yes?: boolean }) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const found = await findListed(ctx, routes.listSiteSectionGroups, { params: { organizationId, siteId }, query: { limit: 1000 } }, siteSectionGroupId, `section group ${siteSectionGroupId} not found in site ${siteId}`);
      await ctx.confirm(`Delete section group "${found.title}" (${found.id})? Its ${found.sections.length} section(s) stay in the site.`, opts.yes);
      await api.call(routes.deleteSiteSectionGroup, { params: { organizationId, siteId, siteSectionGroupId } });
      ctx.out.message(`Deleted section group ${found.title} (${found.id}).`);
    });
}
