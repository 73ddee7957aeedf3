import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';
import { sectionColumns } from './columns';

export function registerList(group: Command, ctx: Context): void {
  withPaging(group.command('list').argument('<site>', 'site id').description("list a site's sections in order (groups expanded in place)"))
    .addHelpText('after', '\nExamples:\n  $ docsctl sections list SITE_ID\n  $ docsctl sections list SITE_ID --json | jq -r \'.items[] | select(.default) | .id\'')
    .action(async (siteId: string, opts: PagingOptions) => {
      const organizationId = await ctx.organizationId();
      await printList(ctx, opts, routes.listSiteSections, { params: { organizationId, siteId }, query: pagingQuery(opts) }, sectionColumns);
    });
}
