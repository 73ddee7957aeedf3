import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { collectionDetail } from './columns';

export function registerCreate(group: Command, ctx: Context): void {
  group
    .command('create')
    .argument('<title>', 'collection title (1-50 characters)')
    .description('create a collection, at the top level or inside another one')
    .option('--parent <id>', 'create it inside this collection')
    .addHelpText('after', '\nExamples:\n  $ docsctl collections create "Product docs"\n  $ docsctl collections create Guides --parent OTHER_COLLECTION_ID')
    .action(async (title: string, opts: { parent?: string }) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const collection = await api.call(routes.createCollection, { params: { organizationId }, body: { title, parent: opts.parent } });
      ctx.out.message(`Created collection ${collection.title} (${collection.id}).`);
      await ctx.out.object(collection, collectionDetail);
    });
}
