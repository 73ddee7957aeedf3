import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';
import { collectionColumns } from './columns';

export function registerList(group: Command, ctx: Context): void {
  withPaging(group.command('list').description('list collections in their order (sub-collections included unless --no-nested)'))
    .option('--nested', 'include sub-collections (the default)')
    .option('--no-nested', 'only top-level collections')
    .addHelpText('after', '\nExamples:\n  $ docsctl collections list\n  $ docsctl collections list --no-nested --json')
    .action(async (opts: PagingOptions & { nested?: boolean }) => {
      const organizationId = await ctx.organizationId();
      await printList(ctx, opts, routes.listCollections, { params: { organizationId }, query: { ...pagingQuery(opts), nested: opts.nested } }, collectionColumns);
    });
}
