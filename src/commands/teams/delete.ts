import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { resolveTeamId } from '../shared/resolve';

export function registerDelete(group: Command, ctx: Context): void {
  group
    .command('delete')
    .argument('<team>', 'team id or exact title')
    .description('delete a team (its members stay in the organization)')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', '\nExamples:\n  $ docsctl teams delete "Platform Engineering"\n  $ docsctl teams delete TEAM_ID --yes')
    .action(async (team: string, opts: { yes?: boolean }) => {
      const organizationId = await ctx.organizationId();
      const teamId = await resolveTeamId(ctx, organizationId, team);
      const api = await ctx.client();
      const found = await api.call(routes.getTeamInOrganizationById, { params: { organizationId, teamId } });
      await ctx.confirm(`Delete team "${found.title}" with ${found.members} member(s)?`, opts.yes);
      await api.call(routes.deleteTeamInOrganizationById, { params: { organizationId, teamId } });
      ctx.out.message(`Deleted team ${found.title} (${teamId}).`);
    });
}
