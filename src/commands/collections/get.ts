import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { collectionDetail } from './columns';

export function registerGet(group: Command, ctx: Context): void {
  group
    .command('get')
    .argument('<id>', 'collection id')
    .description('show one collection')
    .addHelpText('after', '\nExamples:\n  $ docsctl collections get COLLECTION_ID\n  $ docsctl collections get COLLECTION_ID --json | jq -r .urls.app')
    .action(async (collectionId: string) => {
      const api = await ctx.client();
      await ctx.out.object(await api.call(routes.getCollectionById, { params: { collectionId } }), collectionDetail);
    });
}
