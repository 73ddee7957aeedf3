import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';
import { revisionColumns } from './columns';

export function registerList(group: Command, ctx: Context): void {
  withPaging(group.command('list').description("a space's history, newest first: each merge or other change of its content, who made it and how many pages it added, changed (~) and removed"))
    .requiredOption('--space <id>', 'the space')
    .addHelpText('after', '\nExamples:\n  $ docsctl revisions list --space SPACE_ID\n  $ docsctl revisions list --space SPACE_ID --limit 5 --json')
    .action(async (opts: PagingOptions & { space: string }) => {
      await printList(ctx, opts, routes.listSpaceRevisions, { params: { spaceId: opts.space }, query: pagingQuery(opts) }, revisionColumns);
    });
}
