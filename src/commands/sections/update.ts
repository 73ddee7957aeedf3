import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { UsageError } from '../../errors';
import { sectionDetail } from './columns';

interface Opts {
  title?: string;
  path?: string;
  description?: string | false;
  icon?: string | false;
  condition?: string | false;
  defaultSiteSpace?: string;
}

/** `--x VALUE` sets, `--no-x` removes (null), neither leaves it unchanged. */
const orNull = (value: string | false | undefined) => (value === false ? null : value);

export function registerUpdate(group: Command, ctx: Context): void {
  group
    .command('update')
    .argument('<site>', 'site id')
    .argument('<section>', 'section id')
    .description("change a section's title, path, description, icon, visibility condition or default site space")
    .option('--title <title>', 'new title (2-128 characters)')
    .option('--path <path>', 'new URL path segment (1-100 characters, unique in the site)')
    .option('--description <text>', 'description (at most 256 characters)')
    .option('--no-description', 'remove the description')
    .option('--icon <name>', 'icon name (at most 50 characters)')
    .option('--no-icon', 'remove the icon')
    .option('--condition <expression>', 'show the section only to visitors matching this expression')
    .option('--no-condition', 'show the section to every visitor')
    .option('--default-site-space <id>', 'site space of this section that visitors land on')
    .addHelpText('after', '\nExamples:\n  $ docsctl sections update SITE_ID SECTION_ID --title "Guides" --path guides\n  $ docsctl sections update SITE_ID SECTION_ID --condition "visitor.claims.isBetaUser" --no-icon\n  $ docsctl sections update SITE_ID SECTION_ID --default-site-space SITE_SPACE_ID')
    .action(async (siteId: string, siteSectionId: string, opts: Opts) => {
      if (Object.values(opts).every((v) => v === undefined)) {
        throw new UsageError('nothing to update: pass --title, --path, --description, --icon, --condition (or their --no- forms) or --default-site-space');
      }
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const section = await api.call(routes.updateSiteSection, {
        params: { organizationId, siteId, siteSectionId },
        body: {
          title: opts.title,
          path: opts.path,
          description: orNull(opts.description),
          icon: orNull(opts.icon),
          condition: orNull(opts.condition),
          defaultSiteSpace: opts.defaultSiteSpace,
        },
      });
      ctx.out.message(`Updated section ${section.title} (${section.id}).`);
      await ctx.out.object(section, sectionDetail);
    });
}
