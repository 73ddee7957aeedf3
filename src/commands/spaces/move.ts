import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { spaceDetail } from './columns';
import { moveBody, withPositionOptions, type MoveOptions } from '../shared/move-options';

export function registerMove(group: Command, ctx: Context): void {
  withPositionOptions(
    group
      .command('move')
      .argument('<id>', 'space id')
      .description('move a space into a collection, to the top level, or next to a sibling')
      .option('--collection <id>', 'move it into this collection'),
  )
    .addHelpText('after', '\nExamples:\n  $ docsctl spaces move SPACE_ID --collection COLLECTION_ID\n  $ docsctl spaces move SPACE_ID --root\n  $ docsctl spaces move SPACE_ID --before space:OTHER_SPACE_ID')
    .action(async (spaceId: string, opts: MoveOptions & { collection?: string }) => {
      const body = moveBody('--collection', opts.collection, opts);
      const api = await ctx.client();
      const moved = await api.call(routes.moveSpace, { params: { spaceId }, body });
      ctx.out.message(`Moved space ${moved.title} (${moved.id}) ${moved.parent ? `into collection ${moved.parent}` : 'to the top level'}.`);
      await ctx.out.object(moved, spaceDetail);
    });
}
