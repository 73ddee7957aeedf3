import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { fileColumns } from './columns';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';
import { withWhere, whereParams, type Where } from './where';

export function registerFiles(group: Command, ctx: Context): void {
  withPaging(withWhere(group.command('files').description('files of the content')))
    .addHelpText('after', '\nExamples:\n  $ docsctl content files --space SPACE_ID')
    .action(async (opts: Where & PagingOptions) => {
      const query = pagingQuery(opts);
      if (opts.changeRequest) await printList(ctx, opts, routes.listChangeRequestFiles, { params: whereParams(opts), query }, fileColumns);
      else await printList(ctx, opts, routes.listSpaceFiles, { params: { spaceId: opts.space }, query }, fileColumns);
    });
}
