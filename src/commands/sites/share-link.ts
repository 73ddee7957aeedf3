import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';

export function registerShareLink(group: Command, ctx: Context): void {
  group
    .command('share-link')
    .argument('<site>', 'site id')
    .description("print a site's share link (the published URL with its share key); --rotate replaces the key")
    .option('--rotate', 'make a new share key: links with the current one stop working (admin role)')
    .option('-y, --yes', 'rotate without asking for confirmation')
    .addHelpText('after', [
      '',
      'Examples:',
      '  $ docsctl sites share-link SITE_ID',
      '  $ docsctl sites share-link SITE_ID --rotate --yes',
      '  $ docsctl sites share-link SITE_ID --json | jq -r .shareKey',
    ].join('\n'))
    .action(async (siteId: string, opts: { rotate?: boolean; yes?: boolean }) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const params = { organizationId, siteId };
      const site = await api.call(routes.getSiteById, { params });
      if (opts.rotate) await ctx.confirm(`Rotate the share key of site "${site.title}" (${site.id})? Links with the current key stop working`, opts.yes);
      const link = opts.rotate ? await api.call(routes.rotateSiteShareLink, { params }) : await api.call(routes.getSiteShareLink, { params });
      if (opts.rotate) ctx.out.message(`Rotated the share key of site ${site.title} (${site.id}).`);
      if (site.visibility !== 'share-link') {
        ctx.out.message(`Note: site ${site.id} is ${site.visibility}; the link only matters once it is share-link (docsctl sites update ${site.id} --visibility share-link).`);
      } else if (!site.published) {
        ctx.out.message(`Note: site ${site.id} is not published yet; the link opens it once it is (docsctl sites publish ${site.id}).`);
      }
      if (ctx.out.json) ctx.out.raw(link);
      else ctx.out.text(link.url);
    });
}
