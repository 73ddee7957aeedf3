import { Option, type Command } from 'commander';
import type { Context } from '../../context';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';
import { resolveUserId } from '../shared/resolve';
import { commentColumns } from './columns';
import { bodyFormatOption, formatOf, resolvePage, rootOf, withRoot, type RootOptions } from './root';

const STATUSES = ['all', 'open', 'resolved'];

interface ListOptions extends RootOptions, PagingOptions {
  status?: string;
  targetPage?: string;
  author?: string[];
  order?: string;
  bodyFormat?: string;
}

export function registerList(group: Command, ctx: Context): void {
  withPaging(withRoot(group.command('list').description('list comments, newest first (--page is the paging cursor; --target-page filters)')))
    .addOption(new Option('--status <status>', 'only open or resolved comments (default all)').choices(STATUSES))
    .option('--target-page <page>', 'only comments on this page (id or path)')
    .option('--author <users...>', 'only comments by these users (ids or e-mails)')
    .addOption(new Option('--order <order>', 'desc (newest first, the default) or asc').choices(['desc', 'asc']))
    .addOption(bodyFormatOption())
    .addHelpText('after', `
Examples:
  $ docsctl comments list --space SPACE_ID --status open
  $ docsctl comments list --space SPACE_ID --target-page authentication --author ada@example.com
  $ docsctl comments list --space SPACE_ID --change-request 2 --json`)
    .action(async (opts: ListOptions) => {
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
