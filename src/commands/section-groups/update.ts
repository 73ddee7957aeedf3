import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { UsageError } from '../../errors';
import { groupColumns } from './columns';

export function registerUpdate(group: Command, ctx: Context): void {
  group
    .command('update')
    .argument('<site>', 'site id')
    .argument('<group>', 'section group id')
    .description("change a section group's title or icon")
    .option('--title <title>', 'new title (1-100 characters)')
    .option('--icon <name>', 'icon name (at most 50 characters)')
    .option('--no-icon', 'remove the icon')
    .addHelpText('after', '\nExamples:\n  $ docsctl section-groups update SITE_ID GROUP_ID --title "For developers"\n  $ docsctl section-groups update SITE_ID GROUP_ID --no-icon')
    .action(async (siteId: string, siteSectionGroupId: string, opts: { title?: string; icon?: string | false }) => {
      if (opts.title === undefined && opts.icon === undefined) throw new UsageError('nothing to update: pass --title, --icon or --no-icon');
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const updated = await api.call(routes.updateSiteSectionGroup, {
        params: { organizationId, siteId, siteSectionGroupId },
        body: { title: opts.title, icon: opts.icon === false ? null : opts.icon },
      });
      ctx.out.message(`Updated section group ${updated.title} (${updated.id}).`);
      await ctx.out.object(updated, groupColumns);
    });
}
