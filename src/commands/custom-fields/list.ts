import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';
import { customFieldColumns } from './columns';

export function registerList(group: Command, ctx: Context): void {
  withPaging(group.command('list').description('list the custom fields spaces can have, by name'))
    .addHelpText('after', '\nExamples:\n  $ docsctl custom-fields list\n  $ docsctl custom-fields list --json')
    .action(async (opts: PagingOptions) => {
      const organizationId = await ctx.organizationId();
      await printList(ctx, opts, routes.listCustomFields, { params: { organizationId }, query: pagingQuery(opts) }, customFieldColumns);
    });
}
