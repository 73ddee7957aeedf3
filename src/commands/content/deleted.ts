import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';
import { wholeNumberFlag } from '../shared/import-limits';
import { deletedPageColumns } from '../revisions/columns';

export function registerDeleted(group: Command, ctx: Context): void {
  withPaging(group.command('deleted').description('pages removed from a space lately (and not back): who removed them, when, and the revision to restore them from'))
    .requiredOption('--space <id>', 'the space')
    .option('--days <n>', 'how far back to look, in days (1-365)', '7')
    .addHelpText('after', '\nExamples:\n  $ docsctl content deleted --space SPACE_ID\n  $ docsctl content deleted --space SPACE_ID --days 30 --json\n  $ docsctl revisions restore REVISION_ID --space SPACE_ID --page PAGE_ID')
    .action(async (opts: PagingOptions & { space: string; days: string }) => {
      const days = wholeNumberFlag(opts.days, '--days', 1, 365);
      await printList(ctx, opts, routes.listSpaceDeletedPages, { params: { spaceId: opts.space }, query: { ...pagingQuery(opts), days } }, deletedPageColumns);
    });
}
