import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { groupColumns } from './columns';

export function registerCreate(group: Command, ctx: Context): void {
  group
    .command('create')
    .argument('<site>', 'site id')
    .argument('<title>', 'group title (1-100 characters)')
    .description('create a section group at the end of the top level, optionally holding sections of the site')
    .option('--icon <name>', 'icon name (at most 50 characters)')
    .option('--section <ids...>', 'sections to put in the group, in this order')
    .addHelpText('after', '\nExamples:\n  $ docsctl section-groups create SITE_ID "Developers"\n  $ docsctl section-groups create SITE_ID "Developers" --icon code --section OTHER_SECTION_ID')
    .action(async (siteId: string, title: string, opts: { icon?: string; section?: string[] }) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const created = await api.call(routes.createSiteSectionGroup, { params: { organizationId, siteId }, body: { title, icon: opts.icon, sections: opts.section } });
      ctx.out.message(`Created section group ${created.title} (${created.id}) with ${created.sections.length} section${created.sections.length === 1 ? '' : 's'}.`);
      await ctx.out.object(created, groupColumns);
    });
}
