import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';
import { versionColumns } from './columns';

export function registerVersions(group: Command, ctx: Context): void {
  withPaging(group.command('versions').argument('<slug>', 'the spec slug').description("list a spec's versions, newest first"))
    .addHelpText('after', '\nExamples:\n  $ docsctl openapi versions petstore\n  $ docsctl openapi versions petstore --limit 5 --json')
    .action(async (specSlug: string, opts: PagingOptions) => {
      const organizationId = await ctx.organizationId();
      await printList(ctx, opts, routes.listOpenAPISpecVersions, { params: { organizationId, specSlug }, query: pagingQuery(opts) }, versionColumns);
    });
}
