import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { oneSide, topLevelRef } from '../sections/position';
import { groupColumns } from './columns';

export function registerMove(group: Command, ctx: Context): void {
  group
    .command('move')
    .argument('<site>', 'site id')
    .argument('<group>', 'section group id')
    .description('move a section group before or after a top-level section (or group:ID, another group)')
    .option('--before <section>', 'place it just before this top-level section, or group:ID')
    .option('--after <section>', 'place it just after this top-level section, or group:ID')
    .addHelpText('after', '\nExamples:\n  $ docsctl section-groups move SITE_ID GROUP_ID --before SECTION_ID\n  $ docsctl section-groups move SITE_ID GROUP_ID --after group:OTHER_GROUP_ID')
    .action(async (siteId: string, siteSectionGroupId: string, opts: { before?: string; after?: string }) => {
      const { side, ref } = oneSide(opts);
      const target = topLevelRef(ref);
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const position = { [side]: { type: target.kind === 'group' ? 'site-section-group' as const : 'site-section' as const, id: target.id } };
      const moved = await api.call(routes.moveSiteSectionGroup, { params: { organizationId, siteId, siteSectionGroupId }, body: { position } });
      ctx.out.message(`Moved section group ${moved.title} (${moved.id}) ${side} ${ref}.`);
      await ctx.out.object(moved, groupColumns);
    });
}
