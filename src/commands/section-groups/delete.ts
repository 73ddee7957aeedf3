import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { CliError, EXIT } from '../../errors';

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
      let found;
      for await (const g of api.paginate(routes.listSiteSectionGroups, { params: { organizationId, siteId }, query: { limit: 1000 } })) {
        if (g.id === siteSectionGroupId) found = g;
      }
      if (!found) throw new CliError(`section group ${siteSectionGroupId} not found in site ${siteId}`, EXIT.notFound);
      await ctx.confirm(`Delete section group "${found.title}" (${found.id})? Its ${found.sections.length} section(s) stay in the site.`, opts.yes);
      await api.call(routes.deleteSiteSectionGroup, { params: { organizationId, siteId, siteSectionGroupId } });
      ctx.out.message(`Deleted section group ${found.title} (${found.id}).`);
    });
}
