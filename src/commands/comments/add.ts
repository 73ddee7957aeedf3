import type { Command } from 'commander';
import type { Context } from '../../context';
import { UsageError } from '../../errors';
import { commentDetail } from './columns';
import { readBody, resolvePage, rootOf, withBody, withRoot, type RootOptions } from './root';

export function registerAdd(group: Command, ctx: Context): void {
  withBody(withRoot(group.command('add').description('post a comment on a page (or, without --page, on the whole content)')), 'comment')
    .option('--page <page>', 'the page it is about (id or path)')
    .option('--node <id>', 'the node of the page it is about (needs --page)')
    .addHelpText('after', `
Examples:
  $ docsctl comments add --space SPACE_ID --page authentication --body "Step 3 is out of date"
  $ docsctl comments add --space SPACE_ID --change-request 2 --page PAGE_ID --body-file review.md
  $ git log -1 --format=%B | docsctl comments add --space SPACE_ID --body-file -`)
    .action(async (opts: RootOptions & { page?: string; node?: string; body?: string; bodyFile?: string }) => {
      if (opts.node !== undefined && opts.page === undefined) throw new UsageError('--node needs --page (the page the node belongs to)');
      const markdown = await readBody(ctx, opts);
      const root = rootOf(opts);
      const page = opts.page !== undefined ? await resolvePage(ctx, opts, opts.page) : undefined;
      const api = await ctx.client();
      const comment = await api.call(root.routes.post, {
        params: root.params,
        query: { format: 'markdown' },
        body: { page, node: opts.node, body: { markdown } },
      });
      ctx.out.message(`Posted comment ${comment.id} on ${root.name}.`);
      await ctx.out.object(comment, commentDetail);
    });
}
