import type { Command } from 'commander';
import type { Context } from '../../context';
import { UsageError } from '../../errors';
import { pagingQuery, withPaging } from '../shared/paging';
import { printList } from '../shared/list';
import { resolveUserId } from '../shared/resolve';
import { commentColumns } from './columns';
import { formatOf, resolvePage, rootOf, withRoot, type RootOptions } from './root';

const STATUSES = ['all', 'open', 'resolved'];

interface ListOptions extends RootOptions {
  status?: string;
  targetPage?: string;
  author?: string[];
  order?: string;
  bodyFormat?: string;
  limit?: string;
  page?: string;
}

export function registerList(group: Command, ctx: Context): void {
  withPaging(withRoot(group.command('list').description('list comments, newest first (--page is the paging cursor; --target-page filters)')))
    .option('--status <status>', `one of: ${STATUSES.join(', ')} (default all)`)
    .option('--target-page <page>', 'only comments on this page (id or path)')
    .option('--author <users...>', 'only comments by these users (ids or e-mails)')
    .option('--order <order>', 'desc (newest first, the default) or asc')
    .option('--body-format <format>', 'body format of --json: markdown (default) or document')
    .addHelpText('after', `
Examples:
  $ docsctl comments list --space SPACE_ID --status open
  $ docsctl comments list --space SPACE_ID --target-page authentication --author ada@example.com
  $ docsctl comments list --space SPACE_ID --change-request 2 --json`)
    .action(async (opts: ListOptions) => {
      if (opts.status && !STATUSES.includes(opts.status)) throw new UsageError(`--status: must be one of ${STATUSES.join(', ')}`);
      if (opts.order && opts.order !== 'asc' && opts.order !== 'desc') throw new UsageError('--order: must be asc or desc');
      const format = formatOf(opts.bodyFormat);
      const root = rootOf(opts);
      // E-mails are looked up among the organization's members; ids go as they are.
      const organizationId = opts.author?.some((a) => a.includes('@')) ? await ctx.organizationId() : '';
      const authors = opts.author?.length ? await Promise.all(opts.author.map((a) => resolveUserId(ctx, organizationId, a))) : undefined;
      const targetPage = opts.targetPage ? await resolvePage(ctx, opts, opts.targetPage) : undefined;
      const query = { ...pagingQuery(opts), status: opts.status, order: opts.order as 'asc' | 'desc' | undefined, format, targetPage, authors };
      await printList(ctx, opts, root.routes.list, { params: root.params, query }, commentColumns);
    });
}
