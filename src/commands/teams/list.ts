import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';
import { teamColumns } from './columns';
import { resolveUserId } from '../shared/resolve';

export function registerList(group: Command, ctx: Context): void {
  withPaging(group.command('list').description('list teams'))
    .option('--owner <user>', 'only teams this member (id or e-mail) can manage')
    .option('--title <text>', 'only teams whose title contains this (case-insensitive)')
    .addHelpText('after', '\nExamples:\n  $ docsctl teams list\n  $ docsctl teams list --title eng --owner ada@acme.com')
    .action(async (opts: PagingOptions & { owner?: string; title?: string }) => {
      const organizationId = await ctx.organizationId();
      const owner = opts.owner ? await resolveUserId(ctx, organizationId, opts.owner) : undefined;
      await printList(ctx, opts, routes.listTeamsInOrganizationById, { params: { organizationId }, query: { ...pagingQuery(opts), owner, title: opts.title } }, teamColumns);
    });
}
