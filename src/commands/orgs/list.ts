import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';
import { organizationColumns } from './columns';

export function registerList(group: Command, ctx: Context): void {
  withPaging(group.command('list').description('list the organizations you belong to'))
    .addHelpText('after', '\nExamples:\n  $ docsctl orgs list\n  $ docsctl orgs list --json | jq -r \'.items[].id\'')
    .action(async (opts: PagingOptions) => {
      await printList(ctx, opts, routes.listOrganizations, { query: pagingQuery(opts) }, organizationColumns);
    });
}
