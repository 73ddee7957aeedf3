import type { Command } from 'commander';
import type { Context } from '../../context';
import { rootOf, withRoot, type RootOptions } from './root';

export function registerDelete(group: Command, ctx: Context): void {
  withRoot(group.command('delete').argument('<comment>', 'comment id').description('delete a comment with its replies (or, with --reply, one reply)'))
    .option('--reply <id>', 'delete only this reply to the comment')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', '\nExamples:\n  $ docsctl comments delete COMMENT_ID --space SPACE_ID\n  $ docsctl comments delete COMMENT_ID --space SPACE_ID --reply REPLY_ID --yes')
    .action(async (commentId: string, opts: RootOptions & { reply?: string; yes?: boolean }) => {
      const root = rootOf(opts);
      const api = await ctx.client();
      if (opts.reply) {
        // Looked up first, so a wrong id fails (exit 5) before anyone is asked anything.
        await api.call(root.routes.getReply, { params: root.reply(commentId, opts.reply) });
        await ctx.confirm(`Delete reply ${opts.reply} to comment ${commentId}?`, opts.yes);
        await api.call(root.routes.removeReply, { params: root.reply(commentId, opts.reply) });
        ctx.out.message(`Deleted reply ${opts.reply}.`);
        return;
      }
      const comment = await api.call(root.routes.get, { params: root.comment(commentId) });
      const replies = comment.replies ? ` and its ${comment.replies} repl${comment.replies === 1 ? 'y' : 'ies'}` : '';
      await ctx.confirm(`Delete comment ${commentId}${replies}?`, opts.yes);
      await api.call(root.routes.remove, { params: root.comment(commentId) });
      ctx.out.message(`Deleted comment ${commentId}${replies}.`);
    });
}
