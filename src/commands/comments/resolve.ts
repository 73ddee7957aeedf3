import type { Command } from 'commander';
import type { Context } from '../../context';
import { commentDetail } from './columns';
import { rootOf, withRoot, type RootOptions } from './root';

/** `resolve` and `reopen`: the two directions of a comment's status. */
export function registerStatusVerb(group: Command, ctx: Context, verb: 'resolve' | 'reopen'): void {
  const resolved = verb === 'resolve';
  withRoot(group.command(verb).argument('<comment>', 'comment id').description(resolved ? 'mark a comment resolved' : 'reopen a resolved comment'))
    .addHelpText('after', `\nExamples:\n  $ docsctl comments ${verb} COMMENT_ID --space SPACE_ID\n  $ docsctl comments ${verb} COMMENT_ID --space SPACE_ID --json`)
    .action(async (commentId: string, opts: RootOptions) => {
      const root = rootOf(opts);
      const api = await ctx.client();
      const comment = await api.call(root.routes.update, { params: root.comment(commentId), query: { format: 'markdown' }, body: { resolved } });
      ctx.out.message(`${resolved ? 'Resolved' : 'Reopened'} comment ${comment.id}.`);
      await ctx.out.object(comment, commentDetail);
    });
}

export const registerResolve = (group: Command, ctx: Context) => registerStatusVerb(group, ctx, 'resolve');
