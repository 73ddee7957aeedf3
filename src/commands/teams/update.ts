import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { teamColumns } from './columns';
import { resolveTeamId } from '../shared/resolve';

export function registerUpdate(group: Command, ctx: Context): void {
  group
    .command('update')
    .argument('<team>', 'team id or exact title')
    .description('rename a team')
    .requiredOption('--title <title>', 'new title (1-64 characters)')
    .addHelpText('after', '\nExamples:\n  $ docsctl teams update Platform --title "Platform Engineering"')
    .action(async (team: string, opts: { title: string }) => {
      const organizationId = await ctx.organizationId();
      const teamId = await resolveTeamId(ctx, organizationId, team);
      const api = await ctx.client();
      const updated = await api.call(routes.updateTeamInOrganizationById, { params: { organizationId, teamId }, body: { title: opts.title } });
      ctx.out.message(`Renamed team ${updated.id} to ${updated.title}.`);
      await ctx.out.object(updated, teamColumns);
    });
}
