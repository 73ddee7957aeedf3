import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';

export function registerRemoveSection(group: Command, ctx: Context): void {
  group
    .command('remove-section')
    .argument('<site>', 'site id')
    .argument('<group>', 'section group id')
    .argument('<section>', 'section id')
    .description('take a section out of its group: it stays in the site, at the top level right after the group')
    .addHelpText('after', '\nExamples:\n  $ docsctl section-groups remove-section SITE_ID GROUP_ID SECTION_ID')
    .action(async (siteId: string, siteSectionGroupId: string, siteSectionId: string) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      await api.call(routes.removeSiteSectionFromGroup, { params: { organizationId, siteId, siteSectionGroupId, siteSectionId } });
      ctx.out.message(`Took section ${siteSectionId} out of section group ${siteSectionGroupId}; it is now at the top level.`);
    });
}
