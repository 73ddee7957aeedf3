import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { collectionDetail } from './columns';
import { moveBody, withPositionOptions, type MoveOptions } from '../shared/move-options';

export function registerMove(group: Command, ctx: Context): void {
  withPositionOptions(
    group
      .command('move')
      .argument('<id>', 'collection id')
      .description('move a collection into another one, to the top level, or next to a sibling')
      .option('--parent <id>', 'move it into this collection'),
  )
    .addHelpText('after', '\nExamples:\n  $ docsctl collections move COLLECTION_ID --parent OTHER_COLLECTION_ID\n  $ docsctl collections move COLLECTION_ID --root --before space:OTHER_SPACE_ID\n  $ docsctl collections move COLLECTION_ID --after collection:OTHER_ID')
    .action(async (collectionId: string, opts: MoveOptions & { parent?: string }) => {
      const body = moveBody('--parent', opts.parent, opts);
      const api = await ctx.client();
      const moved = await api.call(routes.moveCollection, { params: { collectionId }, body });
      ctx.out.message(`Moved collection ${moved.title} (${moved.id}) ${moved.parent ? `into collection ${moved.parent}` : 'to the top level'}.`);
      await ctx.out.object(moved, collectionDetail);
    });
}
