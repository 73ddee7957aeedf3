import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';
import { siteSpaceColumns } from './columns';

export function registerList(group: Command, ctx: Context): void {
  withPaging(group.command('list').argument('<site>', 'site id').description("list a site's site spaces: the root's, then each section's, in order"))
    .option('--default', 'only the default site spaces (one per section, or the root\'s)')
    .option('--no-default', 'only the site spaces that are not a default')
    .addHelpText('after', '\nExamples:\n  $ docsctl site-spaces list SITE_ID\n  $ docsctl site-spaces list SITE_ID --default --json | jq -r ".items[].id"')
    .action(async (siteId: string, opts: PagingOptions & { default?: boolean }) => {
      const organizationId = await ctx.organizationId();
      const query = { ...pagingQuery(opts), ...(opts.default === undefined ? {} : { default: opts.default }) };
      await printList(ctx, opts, routes.listSiteSpaces, { params: { organizationId, siteId }, query }, siteSpaceColumns);
    });
}
