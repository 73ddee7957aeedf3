import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { specDetail } from './columns';

export function registerGet(group: Command, ctx: Context): void {
  group
    .command('get')
    .argument('<slug>', 'the spec slug')
    .description('show one OpenAPI specification: processing state, last version, last error')
    .addHelpText('after', '\nExamples:\n  $ docsctl openapi get petstore\n  $ docsctl openapi get petstore --json')
    .action(async (specSlug: string) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      await ctx.out.object(await api.call(routes.getOpenAPISpecBySlug, { params: { organizationId, specSlug } }), specDetail);
    });
}
