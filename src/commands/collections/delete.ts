import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';

export function registerDelete(group: Command, ctx: Context): void {
  group
    .command('delete')
    .argument('<id>', 'collection id')
    .description('delete an empty collection (exit 6 while it holds spaces or collections)')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', '\nExamples:\n  $ docsctl collections delete COLLECTION_ID\n  $ docsctl collections delete COLLECTION_ID --yes')
    .action(async (collectionId: string, opts: { yes?: boolean }) => {
      const api = await ctx.client();
      const found = await api.call(routes.getCollectionById, { params: { collectionId } });
      await ctx.confirm(`Delete collection "${found.title}" (${found.id})?`, opts.yes);
      await api.call(routes.deleteCollectionById, { params: { collectionId } });
      ctx.out.message(`Deleted collection ${found.title} (${collectionId}).`);
    });
}
