import type { Command } from 'commander';
import type { Context } from '../../context';
import { commentDetail, replyDetail } from './columns';
import { readBody, rootOf, withBody, withRoot, type RootOptions } from './root';

export function registerEdit(group: Command, ctx: Context): void {
  withBody(withRoot(group.command('edit').argument('<comment>', 'comment id').description('replace the text of your comment (or, with --reply, of your reply)')), 'new text')
    .option('--reply <id>', 'edit this reply to the comment')
    .addHelpText('after', '\nExamples:\n  $ docsctl comments edit COMMENT_ID --space SPACE_ID --body "Step 4, not step 3"\n  $ docsctl comments edit COMMENT_ID --space SPACE_ID --reply REPLY_ID --body-file fixed.md')
    .action(async (commentId: string, opts: RootOptions & { reply?: string; body?: string; bodyFile?: string }) => {
      const markdown = await readBody(ctx, opts);
      const root = rootOf(opts);
      const api = await ctx.client();
      const query = { format: 'markdown' as const };
      if (opts.reply) {
        await ctx.out.object(await api.call(root.routes.updateReply, { params: root.reply(commentId, opts.reply), query, body: { body: { markdown } } }), replyDetail);
      } else {
        await ctx.out.object(await api.call(root.routes.update, { params: root.comment(commentId), query, body: { body: { markdown } } }), commentDetail);
      }
    });
}
