import type { Command } from 'commander';
import type { Context } from '../../context';
import { commentDetail, replyDetail } from './columns';
import { bodyFormatOption, formatOf, rootOf, withRoot, type RootOptions } from './root';

export function registerGet(group: Command, ctx: Context): void {
  withRoot(group.command('get').argument('<comment>', 'comment id').description('show one comment (or, with --reply, one of its replies)'))
    .option('--reply <id>', 'show this reply to the comment')
    .addOption(bodyFormatOption())
    .addHelpText('after', '\nExamples:\n  $ docsctl comments get COMMENT_ID --space SPACE_ID\n  $ docsctl comments get COMMENT_ID --space SPACE_ID --reply REPLY_ID --json')
    .action(async (commentId: string, opts: RootOptions & { reply?: string; bodyFormat?: string }) => {
      const root = rootOf(opts);
      const query = { format: formatOf(opts.bodyFormat) };
      const api = await ctx.client();
      if (opts.reply) await ctx.out.object(await api.call(root.routes.getReply, { params: root.reply(commentId, opts.reply), query }), replyDetail);
      else await ctx.out.object(await api.call(root.routes.get, { params: root.comment(commentId), query }), commentDetail);
    });
}
