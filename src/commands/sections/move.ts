import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { sectionDetail } from './columns';
import { oneSide, topLevelRef } from './position';

export function registerMove(group: Command, ctx: Context): void {
  group
    .command('move')
    .argument('<site>', 'site id')
    .argument('<section>', 'section id')
    .description('move a section before or after another section of its level (the top level, or its group)')
    .option('--before <section>', 'place it just before this section (group:ID for a section group at the top level)')
    .option('--after <section>', 'place it just after this section (group:ID for a section group at the top level)')
    .addHelpText('after', '\nExamples:\n  $ docsctl sections move SITE_ID SECTION_ID --before OTHER_SECTION_ID\n  $ docsctl sections move SITE_ID SECTION_ID --after group:GROUP_ID')
    .action(async (siteId: string, siteSectionId: string, opts: { before?: string; after?: string }) => {
      const { side, ref } = oneSide(opts);
      const target = topLevelRef(ref);
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const position = {
        [side]: target.kind === 'group' ? { type: 'site-section-group' as const, siteSectionGroup: target.id } : { type: 'site-section' as const, siteSection: target.id },
      };
      const section = await api.call(routes.moveSiteSection, { params: { organizationId, siteId, siteSectionId }, body: { position } });
      ctx.out.message(`Moved section ${section.title} (${section.id}) ${side} ${ref}.`);
      await ctx.out.object(section, sectionDetail);
    });
}
