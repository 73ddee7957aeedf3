import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';
import { samlColumns } from './columns';

export function registerList(group: Command, ctx: Context): void {
  withPaging(group.command('list').description('list SAML providers'))
    .addHelpText('after', '\nExamples:\n  $ docsctl saml list')
    .action(async (opts: PagingOptions) => {
      const organizationId = await ctx.organizationId();
      await printList(ctx, opts, routes.listOrganizationSamlProviders, { params: { organizationId }, query: pagingQuery(opts) }, samlColumns);
    });
}
