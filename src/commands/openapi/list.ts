import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';
import { specColumns } from './columns';

export function registerList(group: Command, ctx: Context): void {
  withPaging(group.command('list').description('list the OpenAPI specifications of the organization, by slug'))
    .addHelpText('after', '\nExamples:\n  $ docsctl openapi list\n  $ docsctl openapi list --json')
    .action(async (opts: PagingOptions) => {
      const organizationId = await ctx.organizationId();
      await printList(ctx, opts, routes.listOpenAPISpecs, { params: { organizationId }, query: pagingQuery(opts) }, specColumns);
    });
}
