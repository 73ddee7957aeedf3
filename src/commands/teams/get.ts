import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { teamColumns } from './columns';
import { resolveTeamId } from '../shared/resolve';

export function registerGet(group: Command, ctx: Context): void {
  group
    .command('get')
    .argument('<team>', 'team id or exact title')
    .description('show one team')
    .addHelpText('after', '\nExamples:\n  $ docsctl teams get Engineering')
    .action(async (team: string) => {
      const organizationId = await ctx.organizationId();
      const teamId = await resolveTeamId(ctx, organizationId, team);
      const api = await ctx.client();
      await ctx.out.object(await api.call(routes.getTeamInOrganizationById, { params: { organizationId, teamId } }), teamColumns);
    });
}
