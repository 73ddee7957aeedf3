import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { siteDetail } from './columns';

/** `publish` and `unpublish`: shortcuts for `update SITE --publish` / `--unpublish`. */
export function registerPublish(group: Command, ctx: Context): void {
  for (const published of [true, false]) {
    const verb = published ? 'publish' : 'unpublish';
    group
      .command(verb)
      .argument('<site>', 'site id')
      .description(published ? 'make a site live for the audience its visibility sets' : 'take a site offline (members with a role still see it)')
      .addHelpText('after', `\nExamples:\n  $ docsctl sites ${verb} SITE_ID${published ? '\n  $ docsctl sites publish SITE_ID --json | jq -r .urls.published' : ''}`)
      .action(async (siteId: string) => {
        const organizationId = await ctx.organizationId();
        const api = await ctx.client();
        const site = await api.call(routes.updateSiteById, { params: { organizationId, siteId }, body: { published } });
        ctx.out.message(published ? `Published site ${site.title} (${site.visibility}) at ${site.urls.published}` : `Unpublished site ${site.title} (${site.id}).`);
        await ctx.out.object(site, siteDetail);
      });
  }
}
