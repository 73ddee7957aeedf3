import type { Command } from 'commander';
import type { Context } from '../../context';
import { commentDetail, replyDetail } from './columns';
import { rootOf, withRoot, type RootOptions } from './root';

export function registerReact(group: Command, ctx: Context): void {
  withRoot(group.command('react').argument('<comment>', 'comment id').argument('<emoji>', 'an emoji (or a short code such as :+1:)'))
    .description('add your reaction to a comment (or a reply), or take it back with --remove')
    .option('--remove', 'remove your reaction instead')
    .option('--reply <id>', 'react to this reply to the comment')
    .addHelpText('after', '\nExamples:\n  $ docsctl comments react COMMENT_ID 👍 --space SPACE_ID\n  $ docsctl comments react COMMENT_ID 👍 --space SPACE_ID --remove')
    .action(async (commentId: string, emoji: string, opts: RootOptions & { remove?: boolean; reply?: string }) => {
      const root = rootOf(opts);
      const body = opts.remove ? { removedReactions: [emoji] } : { addedReactions: [emoji] };
      const query = { format: 'markdown' as const };
      const api = await ctx.client();
      if (opts.reply) await ctx.out.object(await api.call(root.routes.updateReply, { params: root.reply(commentId, opts.reply), query, body }), replyDetail);
      else await ctx.out.object(await api.call(root.routes.update, { params: root.comment(commentId), query, body }), commentDetail);
    });
}
