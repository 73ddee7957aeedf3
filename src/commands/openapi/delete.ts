import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';

export function registerDelete(group: Command, ctx: Context): void {
  group
    .command('delete')
    .argument('<slug>', 'the spec slug')
    .option('-y, --yes', 'do not ask for confirmation')
    .description('delete an OpenAPI specification and all its versions')
    .addHelpText('after', '\nExamples:\n  $ docsctl openapi delete petstore\n  $ docsctl openapi delete petstore --yes')
    .action(async (specSlug: string, opts: { yes?: boolean }) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      await api.call(routes.getOpenAPISpecBySlug, { params: { organizationId, specSlug } });
      await ctx.confirm(`Delete OpenAPI spec ${specSlug} and all its versions?`, opts.yes);
      await api.call(routes.deleteOpenAPISpecBySlug, { params: { organizationId, specSlug } });
      ctx.out.message(`Deleted OpenAPI spec ${specSlug}.`);
    });
}
