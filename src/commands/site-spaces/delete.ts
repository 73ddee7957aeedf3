import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { CliError, EXIT } from '../../errors';

export function registerDelete(group: Command, ctx: Context): void {
  group
    .command('delete')
    .argument('<site>', 'site id')
    .argument('<site-space>', 'site space id')
    .description('remove a space from a site (the space itself stays)')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', '\nExamples:\n  $ docsctl site-spaces delete SITE_ID SITE_SPACE_ID\n  $ docsctl site-spaces delete SITE_ID SITE_SPACE_ID --yes')
    .action(async (siteId: string, siteSpaceId: string, opts: { yes?: boolean }) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      let found;
      for await (const s of api.paginate(routes.listSiteSpaces, { params: { organizationId, siteId }, query: { limit: 1000 } })) {
        if (s.id === siteSpaceId) found = s;
      }
      if (!found) throw new CliError(`site space ${siteSpaceId} not found in site ${siteId}`, EXIT.notFound);
      await ctx.confirm(`Remove space "${found.title}" (site space ${found.id}) from site ${siteId}?`, opts.yes);
      await api.call(routes.deleteSiteSpace, { params: { organizationId, siteId, siteSpaceId } });
      ctx.out.message(`Removed site space ${found.id} (${found.title}) from site ${siteId}.`);
    });
}
