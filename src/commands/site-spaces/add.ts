import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { siteSpaceDetail } from './columns';

export function registerAdd(group: Command, ctx: Context): void {
  group
    .command('add')
    .argument('<site>', 'site id')
    .description('show a space in a site: in a section, else the default section, else at the root of a site without sections')
    .requiredOption('--space <id>', 'the space to show')
    .option('--section <id>', 'the section to add it to (default: the default section)')
    .addHelpText('after', '\nExamples:\n  $ docsctl site-spaces add SITE_ID --space SPACE_ID\n  $ docsctl site-spaces add SITE_ID --space OTHER_SPACE_ID --section SECTION_ID')
    .action(async (siteId: string, opts: { space: string; section?: string }) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const added = await api.call(routes.addSiteSpace, { params: { organizationId, siteId }, body: { spaceId: opts.space, sectionId: opts.section } });
      ctx.out.message(`Added space ${added.title} to site ${siteId} as site space ${added.id}${added.section ? ` in section ${added.section}` : ''}.`);
      await ctx.out.object(added, siteSpaceDetail);
    });
}
