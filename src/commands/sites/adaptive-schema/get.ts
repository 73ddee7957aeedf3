import type { Command } from 'commander';
import type { Context } from '../../../context';
import { routes } from '../../../api/routes/index';
import { show } from './show';

export function registerGet(schema: Command, ctx: Context): void {
  schema
    .command('get')
    .argument('<site>', 'site id')
    .description('list the claims of the schema (--json: the whole schema)')
    .addHelpText('after', '\nExamples:\n  $ docsctl sites adaptive-schema get SITE_ID\n  $ docsctl sites adaptive-schema get SITE_ID --json | jq .jsonSchema > claims.json')
    .action(async (siteId: string) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      await show(ctx, await api.call(routes.getSiteAdaptiveSchema, { params: { organizationId, siteId } }));
    });
}
