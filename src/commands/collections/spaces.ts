import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';
import { spaceColumns } from '../spaces/columns';

/** The collection's title, for a table to name it (machine formats keep the id); none when it cannot be read. */
async function titleOf(ctx: Context, collectionId: string): Promise<Map<string, string>> {
  if (!ctx.out.tty) return new Map();
  try {
    const collection = await (await ctx.client()).call(routes.getCollectionById, { params: { collectionId } });
    return new Map([[collection.id, collection.title]]);
  } catch {
    return new Map();
  }
}

export function registerSpaces(group: Command, ctx: Context): void {
  withPaging(group.command('spaces').argument('<id>', 'collection id').description('spaces directly in a collection, in their order'))
    .addHelpText('after', '\nExamples:\n  $ docsctl collections spaces COLLECTION_ID\n  $ docsctl collections spaces COLLECTION_ID --json | jq -r ".items[].title"')
    .action(async (collectionId: string, opts: PagingOptions) => {
      await printList(ctx, opts, routes.listSpacesInCollectionById, { params: { collectionId }, query: pagingQuery(opts) }, spaceColumns(await titleOf(ctx, collectionId)));
    });
}
