import { Option, type Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { changeRequestColumns } from './columns';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';
import { resolveUserId } from '../shared/resolve';
import { withSpace } from './space';

const STATUSES = ['draft', 'open', 'archived', 'merged'];

export function registerList(group: Command, ctx: Context): void {
  withPaging(withSpace(group.command('list').description('list change requests (open ones unless --status)')))
    .addOption(new Option('--status <status>', 'only change requests in this state').choices(STATUSES))
    .option('--contributor <user>', 'only those this user (id or e-mail) wrote to')
    .addHelpText('after', '\nExamples:\n  $ docsctl cr list --space SPACE_ID\n  $ docsctl cr list --space SPACE_ID --status merged --json')
    .action(async (opts: PagingOptions & { space: string; status?: string; contributor?: string }) => {
      const contributor = opts.contributor ? await resolveUserId(ctx, await ctx.organizationId(), opts.contributor) : undefined;
      await printList(ctx, opts, routes.listChangeRequests, { params: { spaceId: opts.space }, query: { ...pagingQuery(opts), status: opts.status, contributor } }, changeRequestColumns);
    });
}
