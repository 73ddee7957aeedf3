import type { Command } from 'commander';
import type { Context } from '../../context';
import { replyDetail } from './columns';
import { readBody, rootOf, withBody, withRoot, type RootOptions } from './root';

export function registerReply(group: Command, ctx: Context): void {
  withBody(withRoot(group.command('reply').argument('<comment>', 'comment id').description('reply to a comment')), 'reply')
    .addHelpText('after', '\nExamples:\n  $ docsctl comments reply COMMENT_ID --space SPACE_ID --body "Fixed in change request 14"\n  $ docsctl comments reply COMMENT_ID --space SPACE_ID --body-file answer.md')
    .action(async (commentId: string, opts: RootOptions & { body?: string; bodyFile?: string }) => {
      const markdown = await readBody(ctx, opts);
      const root = rootOf(opts);
      const api = await ctx.client();
      const reply = await api.call(root.routes.postReply, { params: root.comment(commentId), query: { format: 'markdown' }, body: { body: { markdown } } });
      ctx.out.message(`Replied to comment ${commentId} (reply ${reply.id}).`);
      await ctx.out.object(reply, replyDetail);
    });
}
