import type { Command } from 'commander';
import type { Context } from '../../../context';
import { routes } from '../../../api/routes/index';
import { pagingQuery, withPaging, type PagingOptions } from '../../shared/paging';
import { printList } from '../../shared/list';
import { resolveTeamId } from '../../shared/resolve';
import { teamMemberColumns } from '../columns';

export function registerList(group: Command, ctx: Context): void {
  withPaging(group.command('list').argument('<team>', 'team id or exact title').description('list the members of a team'))
    .addHelpText('after', '\nExamples:\n  $ docsctl teams members list Engineering\n  $ docsctl teams members list TEAM_ID --json')
    .action(async (team: string, opts: PagingOptions) => {
      const organizationId = await ctx.organizationId();
      const teamId = await resolveTeamId(ctx, organizationId, team);
      await printList(ctx, opts, routes.listTeamMembersInOrganizationById, { params: { organizationId, teamId }, query: pagingQuery(opts) }, teamMemberColumns);
    });
}
