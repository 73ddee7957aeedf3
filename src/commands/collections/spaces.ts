import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';
import { spaceColumns } from '../spaces/columns';

export function registerSpaces(group: Command, ctx: Context): void {
  withPaging(group.command('spaces').argument('<id>', 'collection id').description('spaces directly in a collection, in their order'))
    .addHelpText('after', '\nExamples:\n  $ docsctl collections spaces COLLECTION_ID\n  $ docsctl collections spaces COLLECTION_ID --json | jq -r ".items[].title"')
    .action(async (collectionId: string, opts: PagingOptions) => {
      await printList(ctx, opts, routes.listSpacesInCollectionById, { params: { collectionId }, query: pagingQuery(opts) }, spaceColumns());
    });
}
