import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { groupColumns } from './columns';

export function registerAddSection(group: Command, ctx: Context): void {
  group
    .command('add-section')
    .argument('<site>', 'site id')
    .argument('<group>', 'section group id')
    .argument('<section>', 'section id')
    .description('put a section at the end of a group (out of the top level or another group)')
    .addHelpText('after', '\nExamples:\n  $ docsctl section-groups add-section SITE_ID GROUP_ID SECTION_ID')
    .action(async (siteId: string, siteSectionGroupId: string, sectionId: string) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const updated = await api.call(routes.addSiteSectionToGroup, { params: { organizationId, siteId, siteSectionGroupId }, body: { sectionId } });
      ctx.out.message(`Section ${sectionId} is in section group ${updated.title} (${updated.id}).`);
      await ctx.out.object(updated, groupColumns);
    });
}
