import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';
import { translationColumns } from './columns';

export function registerList(group: Command, ctx: Context): void {
  withPaging(group.command('list').description('list the translation settings of the organization, oldest first'))
    .addHelpText('after', '\nExamples:\n  $ docsctl translations list\n  $ docsctl translations list --json')
    .action(async (opts: PagingOptions) => {
      const organizationId = await ctx.organizationId();
      await printList(ctx, opts, routes.listTranslations, { params: { organizationId }, query: pagingQuery(opts) }, translationColumns);
    });
}
