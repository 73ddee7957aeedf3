import { Option, type Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { UsageError } from '../../errors';
import { NEW_SPACE_KINDS, SITE_TYPES, SITE_VISIBILITIES, type NewSpaceKind, type SiteType, type SiteVisibility } from '../../domain/site-values';
import { siteDetail } from './columns';

interface Opts {
  title?: string;
  type?: SiteType;
  visibility?: SiteVisibility;
  space?: string[];
  newSpace?: NewSpaceKind;
}

export function registerCreate(group: Command, ctx: Context): void {
  group
    .command('create')
    .description('create a docs site (unpublished) showing existing spaces, or a new sample or empty space')
    .option('--title <title>', 'site title (2-128 characters; default "Untitled site")')
    .addOption(new Option('--type <type>', 'plan of the site (default basic)').choices([...SITE_TYPES]))
    .addOption(new Option('--visibility <visibility>', 'who may read it once published (default public)').choices([...SITE_VISIBILITIES]))
    .option('--space <ids...>', 'spaces to show at the root of the site, in this order (the first is the default)')
    .addOption(new Option('--new-space <kind>', 'create a new space for the site: sample (with a few pages) or empty').choices([...NEW_SPACE_KINDS]))
    .addHelpText('after', [
      '',
      'Examples:',
      '  $ docsctl sites create --title "Developer docs" --space SPACE_ID OTHER_SPACE_ID',
      '  $ docsctl sites create --title "Help center" --new-space sample --visibility share-link',
      '  $ SITE=$(docsctl sites create --title Status --json | jq -r .id)',
    ].join('\n'))
    .action(async (opts: Opts) => {
      if (opts.space && opts.newSpace) throw new UsageError('--space and --new-space cannot be combined');
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const site = await api.call(routes.createSite, {
        params: { organizationId },
        body: { title: opts.title, type: opts.type, visibility: opts.visibility, spaces: opts.newSpace ?? (opts.space ? [...opts.space] : undefined) },
      });
      ctx.out.message(`Created site ${site.title} (${site.id}); publish it with: docsctl sites publish ${site.id}`);
      await ctx.out.object(site, siteDetail);
    });
}
