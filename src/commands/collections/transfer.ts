import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { collectionDetail } from './columns';

export function registerTransfer(group: Command, ctx: Context): void {
  group
    .command('transfer')
    .argument('<id>', 'collection id')
    .description('move a collection, its sub-collections and their spaces to another organization (admin in both)')
    .requiredOption('--to <org>', 'id of the organization to move it to')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', '\nExamples:\n  $ docsctl collections transfer COLLECTION_ID --to ORG_ID\n  $ docsctl collections transfer COLLECTION_ID --to ORG_ID --yes --json')
    .action(async (collectionId: string, opts: { to: string; yes?: boolean }) => {
      const api = await ctx.client();
      const found = await api.call(routes.getCollectionById, { params: { collectionId } });
      await ctx.confirm(`Transfer collection "${found.title}" (${found.id}) with all its contents to organization ${opts.to}?`, opts.yes);
      const moved = await api.call(routes.transferCollection, { params: { collectionId }, body: { organization: opts.to } });
      ctx.out.message(`Transferred collection ${moved.title} (${moved.id}) to organization ${moved.organization}.`);
      await ctx.out.object(moved, collectionDetail);
    });
}
