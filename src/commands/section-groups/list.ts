import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';
import { groupColumns } from './columns';

export function registerList(group: Command, ctx: Context): void {
  withPaging(group.command('list').argument('<site>', 'site id').description("list a site's section groups in order, with their sections"))
    .addHelpText('after', '\nExamples:\n  $ docsctl section-groups list SITE_ID\n  $ docsctl section-groups list SITE_ID --json | jq -r \'.items[] | "\\(.title): \\(.sections | length)"\'')
    .action(async (siteId: string, opts: PagingOptions) => {
      const organizationId = await ctx.organizationId();
      await printList(ctx, opts, routes.listSiteSectionGroups, { params: { organizationId, siteId }, query: pagingQuery(opts) }, groupColumns);
    });
}
