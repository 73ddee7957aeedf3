import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { UsageError } from '../../errors';
import { siteSpaceDetail } from './columns';

export function registerUpdate(group: Command, ctx: Context): void {
  group
    .command('update')
    .argument('<site>', 'site id')
    .argument('<site-space>', 'site space id')
    .description("change a site space's path or visibility condition")
    .option('--path <path>', 'new URL path segment (1-100 characters, unique in its section)')
    .option('--condition <expression>', 'show it only to visitors matching this expression')
    .option('--no-condition', 'show it to every visitor')
    .addHelpText('after', '\nExamples:\n  $ docsctl site-spaces update SITE_ID SITE_SPACE_ID --path v2\n  $ docsctl site-spaces update SITE_ID SITE_SPACE_ID --condition "visitor.claims.isBetaUser"\n  $ docsctl site-spaces update SITE_ID SITE_SPACE_ID --no-condition')
    .action(async (siteId: string, siteSpaceId: string, opts: { path?: string; condition?: string | false }) => {
      if (opts.path === undefined && opts.condition === undefined) throw new UsageError('nothing to update: pass --path, --condition or --no-condition');
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const updated = await api.call(routes.updateSiteSpace, {
        params: { organizationId, siteId, siteSpaceId },
        body: { path: opts.path, condition: opts.condition === false ? null : opts.condition },
      });
      ctx.out.message(`Updated site space ${updated.id} (${updated.title}).`);
      await ctx.out.object(updated, siteSpaceDetail);
    });
}
