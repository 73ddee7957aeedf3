import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { publishedColumns, publishedRows } from './columns';

export function registerPublished(group: Command, ctx: Context): void {
  group
    .command('published')
    .argument('<site>', 'site id')
    .description('show a site as its visitors see it: its sections and site spaces with their URLs (--json: with customizations)')
    .option('--share-key <key>', 'the share key of a share-link site')
    .option('--visitor-token <jwt>', 'a visitor token (from `docsctl orgs ping`) for a visitor-auth site; its claims are the signed claims of adaptive content')
    .option('--unsigned <json>', 'unsigned claims of adaptive content, as a JSON object such as \'{"dark":true}\'')
    .addHelpText('after', [
      '',
      'Members with a role see every site; anyone else sees published sites only, as their visibility allows.',
      'With adaptive content on, visitors see only the sections and site spaces whose conditions hold for',
      'their claims (members see all; `docsctl sites preview` shows what given claims would see).',
      '',
      'Examples:',
      '  $ docsctl sites published SITE_ID',
      '  $ docsctl sites published SITE_ID --share-key KEY --json | jq .structure',
      '  $ docsctl sites published SITE_ID --unsigned \'{"dark":true}\'',
    ].join('\n'))
    .action(async (siteId: string, opts: { shareKey?: string; visitorToken?: string; unsigned?: string }) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const published = await api.call(routes.getPublishedContentSite, {
        params: { organizationId, siteId },
        query: { shareKey: opts.shareKey, visitorToken: opts.visitorToken, unsigned: opts.unsigned },
      });
      if (ctx.out.json) {
        ctx.out.raw(published);
        return;
      }
      const { site } = published;
      ctx.out.message(`${site.title}: ${site.published ? 'published' : 'not published'}, ${site.visibility}, ${site.urls.published}`);
      await ctx.out.list(publishedRows(published), publishedColumns);
    });
}
