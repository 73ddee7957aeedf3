import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';
import { resolveUserId } from '../shared/resolve';
import { memberTeamColumns } from './columns';

export function registerTeams(group: Command, ctx: Context): void {
  withPaging(group.command('teams').argument('<user>', 'user id or e-mail').description("a member's teams and team roles"))
    .option('--title <text>', 'only teams whose title contains this')
    .addHelpText('after', '\nExamples:\n  $ docsctl members teams ada@acme.com --title eng')
    .action(async (user: string, opts: PagingOptions & { title?: string }) => {
      const organizationId = await ctx.organizationId();
      const userId = await resolveUserId(ctx, organizationId, user);
      await printList(ctx, opts, routes.listTeamsForMemberInOrganization, { params: { organizationId, userId }, query: { ...pagingQuery(opts), title: opts.title } }, memberTeamColumns);
    });
}
