import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { findListed } from '../shared/list';

export function registerDelete(group: Command, ctx: Context): void {
  group
    .command('delete')
    .argument('<site>', 'site id')
    .argument('<section>', 'section id')
    .description('delete a section and its site spaces (the spaces themselves stay)')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', '\nExamples:\n  $ docsctl sections delete SITE_ID SECTION_ID\n  $ docsctl sections delete SITE_ID SECTION_ID --yes')
    .action(async (siteId: string, siteSectionId: string, opts: { yes?: boolean }) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      // Look it up first, so the question names it and a wrong id asks nothing.
      const section = await findListed(ctx, routes.listSiteSections, { params: { organizationId, siteId }, query: { limit: 1000 } }, siteSectionId, `section ${siteSectionId} not found in site ${siteId}`);
      const spaces = section.siteSpaces.length;
      await ctx.confirm(`Delete section "${section.title}" (${section.id}) and its ${spaces} site space${spaces === 1 ? '' : 's'}?`, opts.yes);
      await api.call(routes.deleteSiteSection, { params: { organizationId, siteId, siteSectionId } });
      ctx.out.message(`Deleted section ${section.title} (${section.id}).`);
    });
}
