import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';
import { deletedSpaceColumns } from './columns';

export function registerDeleted(group: Command, ctx: Context): void {
  withPaging(group.command('deleted').description('spaces deleted in the last 7 days, newest first: who deleted them and how long they stay restorable (admins)'))
    .addHelpText('after', '\nExamples:\n  $ docsctl spaces deleted\n  $ docsctl spaces deleted --json | jq -r ".items[] | [.id, .deletedBy.email] | @tsv"')
    .action(async (opts: PagingOptions) => {
      const organizationId = await ctx.organizationId();
      const printed = await printList(ctx, opts, routes.listSpaces, { params: { organizationId }, query: { ...pagingQuery(opts), deleted: true } }, deletedSpaceColumns(ctx.now()));
      if (!ctx.out.json && printed) ctx.out.message('Restore with: docsctl spaces restore ID...');
    });
}
