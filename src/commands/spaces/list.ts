import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';
import { spaceColumns } from './columns';
import { collectionTitles } from './collection-titles';

export function registerList(group: Command, ctx: Context): void {
  withPaging(group.command('list').description('list the spaces you can see: top-level ones first, then each collection\'s, in order'))
    .addHelpText('after', '\nExamples:\n  $ docsctl spaces list\n  $ docsctl spaces list --limit 1000 --json | jq -r ".items[].id"')
    .action(async (opts: PagingOptions) => {
      const organizationId = await ctx.organizationId();
      await printList(ctx, opts, routes.listSpaces, { params: { organizationId }, query: pagingQuery(opts) }, spaceColumns(await collectionTitles(ctx, organizationId)));
    });
}
