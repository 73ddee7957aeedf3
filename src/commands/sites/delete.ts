import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';

export function registerDelete(group: Command, ctx: Context): void {
  group
    .command('delete')
    .argument('<site>', 'site id')
    .description('delete a docs site with its sections and site spaces (the spaces themselves stay); cannot be undone')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', '\nExamples:\n  $ docsctl sites delete SITE_ID\n  $ docsctl sites delete SITE_ID --yes')
    .action(async (siteId: string, opts: { yes?: boolean }) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      // Looked up first, so a wrong id fails before any question is asked.
      const site = await api.call(routes.getSiteById, { params: { organizationId, siteId } });
      await ctx.confirm(`Delete site "${site.title}" (${site.id}) and its structure?`, opts.yes);
      await api.call(routes.deleteSiteById, { params: { organizationId, siteId } });
      ctx.out.message(`Deleted site ${site.title} (${site.id}).`);
    });
}
