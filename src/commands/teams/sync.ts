import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { CliError, UsageError, EXIT } from '../../errors';
import { MemberDirectory, loadTeamRoster } from '../../bulk/directory';
import { hasErrors } from '../../bulk/plan';
import { planSync, type ExistingTeam } from '../../bulk/sync';
import { printReport } from '../../bulk/report';
import { rankOf, type Role } from '../../domain/roles';
import { readInput } from '../shared/input';

interface Opts {
  file: string;
  apply?: boolean;
  skipInvalid?: boolean;
  maxRemoveFraction: string;
}

const EXAMPLE = `
File format (YAML or JSON):
  members:                      # organization roles of listed members (others untouched)
    - { user: ada@acme.com, role: admin }
  teams:                        # each listed team becomes exactly these members
    - title: Engineering
      members:
        - ada@acme.com          # member
        - { user: grace@acme.com, role: owner }

Examples:
  $ docsctl teams sync -f teams.yaml                  # plan only: per-row report, nothing changes
  $ docsctl teams sync -f teams.yaml --apply
  $ docsctl teams sync -f teams.yaml --apply --max-remove-fraction 0.1 --json`;

export function registerSync(group: Command, ctx: Context): void {
  group
    .command('sync')
    .description('declarative team membership: plan the changes a file implies, apply them with --apply')
    .requiredOption('-f, --file <file>', 'sync file (YAML or JSON; - for stdin)')
    .option('--apply', 'apply the plan (default: only print it)')
    .option('--skip-invalid', 'apply even when some rows cannot be applied (they are reported and left out)')
    .option('--max-remove-fraction <n>', 'refuse to remove more than this fraction of any team', '0.5')
    .addHelpText('after', EXAMPLE)
    .action(async (opts: Opts) => {
      const maxFraction = Number(opts.maxRemoveFraction);
      if (!(maxFraction >= 0 && maxFraction <= 1)) throw new UsageError('--max-remove-fraction: must be a number from 0 to 1');
      const text = await readInput(ctx, '--file', opts.file);
      const { parseSyncFile } = await import('../../bulk/sync-file');
      const spec = parseSyncFile(text, opts.file);
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const { directory, existing } = await ctx.spin('Reading members and teams', async () => {
        const existing: ExistingTeam[] = [];
        for await (const team of api.paginate(routes.listTeamsInOrganizationById, { params: { organizationId }, query: { limit: 1000 } })) {
          if ((spec.teams ?? []).some((t) => t.title.toLowerCase() === team.title.toLowerCase())) {
            existing.push({ id: team.id, title: team.title, roster: await loadTeamRoster(api, organizationId, team.id) });
          }
        }
        return { directory: await MemberDirectory.load(api, organizationId), existing };
      });
      const plan = planSync(spec, directory, existing, maxFraction);
      const invalid = hasErrors(plan.rows);
      if (!opts.apply || plan.refusals.length || (invalid && !opts.skipInvalid)) {
        await printReport(ctx.out, plan.rows, false);
        if (plan.refusals.length) throw new CliError(`refusing to apply: ${plan.refusals.join('; ')}`, EXIT.conflict);
        // With --skip-invalid the plan predicts the apply: the bad rows are reported and left out.
        if (invalid && !opts.skipInvalid) throw new CliError('some rows cannot be applied (see the report); fix them or pass --skip-invalid', EXIT.error);
        if (plan.rows.some((r) => r.status === 'ok')) ctx.out.message('Run again with --apply to apply these changes.');
        return;
      }
      // Promotions first and demotions last, so the organization never lacks an admin in between; the
      // caller's own demotion comes very last, or it would take away the right to make the others.
      const callerId = plan.roleChanges.length ? (await api.call(routes.getAuthenticatedUser)).id : undefined;
      const byRank = [...plan.roleChanges].sort(
        (a, b) => Number(a.userId === callerId) - Number(b.userId === callerId) || rankOf(b.to as Role | null) - rankOf(a.to as Role | null),
      );
      for (const change of byRank.filter((c) => rankOf(c.to as Role | null) > rankOf(c.from as Role | null))) {
        await api.call(routes.updateMemberInOrganizationById, { params: { organizationId, userId: change.userId }, body: { role: change.to as Role | null } });
      }
      for (const team of plan.teams) {
        const { add, remove, memberships } = team.plan;
        if (!team.id) {
          team.id = (await api.call(routes.createOrganizationTeam, { params: { organizationId }, body: { title: team.title } })).id;
        }
        if (add.length || remove.length || Object.keys(memberships).length) {
          await api.call(routes.updateMembersInOrganizationTeam, { params: { organizationId, teamId: team.id }, body: { add, remove, memberships } });
        }
      }
      for (const change of byRank.filter((c) => rankOf(c.to as Role | null) < rankOf(c.from as Role | null))) {
        await api.call(routes.updateMemberInOrganizationById, { params: { organizationId, userId: change.userId }, body: { role: change.to as Role | null } });
      }
      await printReport(ctx.out, plan.rows, true);
    });
}
