import type { Command } from 'commander';
import type { Context } from '../../../context';
import { routes } from '../../../api/routes/index';
import { resolvePrincipals, type PrincipalOptions } from './grant';

export function registerRevoke(group: Command, ctx: Context): void {
  group
    .command('revoke')
    .argument('<id>', 'space id')
    .description('take away the role users and teams have on a space (their organization role still applies)')
    .option('--user <users...>', 'user ids or e-mails')
    .option('--team <teams...>', 'team ids or exact titles')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', '\nExamples:\n  $ docsctl spaces permissions revoke SPACE_ID --user ada@acme.com\n  $ docsctl spaces permissions revoke SPACE_ID --team Support --yes')
    .action(async (spaceId: string, opts: PrincipalOptions & { yes?: boolean }) => {
      const { users, teams } = await resolvePrincipals(ctx, opts);
      const api = await ctx.client();
      // A missing space (or no right to manage it) fails here, before the question.
      const space = await api.call(routes.getSpaceById, { params: { spaceId } });
      const who = [...(opts.user ?? []), ...(opts.team ?? []).map((t) => `team ${t}`)].join(', ');
      await ctx.confirm(`Revoke the roles of ${who} on space "${space.title}" (${space.id})?`, opts.yes);
      for (const userId of users) await api.call(routes.removeSpaceUserPermission, { params: { spaceId, userId } });
      for (const teamId of teams) await api.call(routes.removeSpaceTeamPermission, { params: { spaceId, teamId } });
      ctx.out.message(`Revoked the roles of ${users.length} user(s) and ${teams.length} team(s) on space ${spaceId}.`);
    });
}
