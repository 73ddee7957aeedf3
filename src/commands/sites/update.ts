import { Option, type Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import type { CallInput } from '../../api/routes/route';
import { UsageError } from '../../errors';
import { SITE_VISIBILITIES, type SiteVisibility } from '../../domain/site-values';
import { siteDetail } from './columns';

interface Opts {
  title?: string;
  visibility?: SiteVisibility;
  basename?: string | false;
  hostname?: string | false;
  proxy?: string | false;
  adaptive?: boolean;
  defaultSiteSpace?: string;
  defaultSection?: string;
  publish?: boolean;
  unpublish?: boolean;
}

type Patch = NonNullable<CallInput<typeof routes.updateSiteById>['body']>;

/** The PATCH body of the flags given; `--no-X` sends null (removes the value). */
function patchOf(opts: Opts): Patch {
  if (opts.publish && opts.unpublish) throw new UsageError('--publish and --unpublish cannot be combined');
  const removable = (value: string | false | undefined) => (value === false ? null : value);
  const body: Patch = {
    title: opts.title,
    visibility: opts.visibility,
    basename: removable(opts.basename),
    hostname: removable(opts.hostname),
    proxy: removable(opts.proxy),
    adaptiveContent: opts.adaptive === undefined ? undefined : { enabled: opts.adaptive },
    defaultSiteSpace: opts.defaultSiteSpace,
    defaultSiteSection: opts.defaultSection,
    published: opts.publish ? true : opts.unpublish ? false : undefined,
  };
  if (Object.values(body).every((v) => v === undefined)) {
    throw new UsageError('nothing to update: pass --title, --visibility, --basename, --hostname, --proxy, --[no-]adaptive, --default-site-space, --default-section, --publish or --unpublish');
  }
  return body;
}

export function registerUpdate(group: Command, ctx: Context): void {
  group
    .command('update')
    .argument('<site>', 'site id')
    .description("change a site's settings, address, defaults, or publish it (admin role)")
    .option('--title <title>', 'new title (2-128 characters)')
    .addOption(new Option('--visibility <visibility>', 'who may read it once published').choices([...SITE_VISIBILITIES]))
    .option('--basename <path>', 'path of the site under its host (docs, docs/v2)')
    .option('--no-basename', 'remove the basename')
    .option('--hostname <host>', 'custom host name, e.g. docs.example.com')
    .option('--no-hostname', 'remove the custom host name')
    .option('--proxy <host/path>', 'serve the site under your own domain through a proxy, e.g. example.com/docs')
    .option('--no-proxy', 'remove the proxy')
    .option('--adaptive', 'turn adaptive content on')
    .option('--no-adaptive', 'turn adaptive content off')
    .option('--default-site-space <id>', 'site space visitors land on (its section becomes the default too)')
    .option('--default-section <id>', 'section visitors land on')
    .option('--publish', 'make the site live for the audience its visibility sets')
    .option('--unpublish', 'take the site offline (members still see it)')
    .addHelpText('after', [
      '',
      'Examples:',
      '  $ docsctl sites update SITE_ID --title "Product docs" --visibility unlisted',
      '  $ docsctl sites update SITE_ID --hostname docs.example.com --basename v2 --publish',
      '  $ docsctl sites update SITE_ID --no-proxy --no-adaptive',
    ].join('\n'))
    .action(async (siteId: string, opts: Opts) => {
      const body = patchOf(opts);
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const site = await api.call(routes.updateSiteById, { params: { organizationId, siteId }, body });
      ctx.out.message(`Updated site ${site.title} (${site.id}).`);
      await ctx.out.object(site, siteDetail);
    });
}
