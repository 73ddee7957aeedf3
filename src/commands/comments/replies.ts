import type { Command } from 'commander';
import type { Context } from '../../context';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';
import { replyColumns } from './columns';
import { bodyFormatOption, formatOf, rootOf, withRoot, type RootOptions } from './root';

export function registerReplies(group: Command, ctx: Context): void {
  withPaging(withRoot(group.command('replies').argument('<comment>', 'comment id').description('list the replies to a comment, oldest first')))
    .addOption(bodyFormatOption())
    .addHelpText('after', '\nExamples:\n  $ docsctl comments replies COMMENT_ID --space SPACE_ID\n  $ docsctl comments replies COMMENT_ID --space SPACE_ID --json')
    .action(async (commentId: string, opts: RootOptions & PagingOptions & { bodyFormat?: string }) => {
      const root = rootOf(opts);
      await printList(ctx, opts, root.routes.listReplies, { params: root.comment(commentId), query: { ...pagingQuery(opts), format: formatOf(opts.bodyFormat) } }, replyColumns);
    });
}
