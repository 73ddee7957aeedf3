import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { sectionDetail } from './columns';

export function registerAdd(group: Command, ctx: Context): void {
  group
    .command('add')
    .argument('<site>', 'site id')
    .description("add a section to a site, holding a space (a site's first section takes the spaces at its root and becomes the default)")
    .requiredOption('--space <id>', 'the space the section starts with')
    .option('--title <title>', 'section title (at most 64 characters; default: the space title)')
    .addHelpText('after', '\nExamples:\n  $ docsctl sections add SITE_ID --space SPACE_ID\n  $ docsctl sections add SITE_ID --space OTHER_SPACE_ID --title "API reference"')
    .action(async (siteId: string, opts: { space: string; title?: string }) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const section = await api.call(routes.addSiteSection, { params: { organizationId, siteId }, body: { spaceId: opts.space, title: opts.title } });
      ctx.out.message(`Added section ${section.title} (${section.id}) at /${section.path}${section.default ? ', the default section' : ''}.`);
      await ctx.out.object(section, sectionDetail);
    });
}
