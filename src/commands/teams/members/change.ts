import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { Context } from '../../../context';
import { routes } from '../../../api/routes/index';
import { CliError, UsageError, EXIT } from '../../../errors';
import type { UserRow } from '../../../bulk/user-file';
import { MemberDirectory, loadTeamRoster } from '../../../bulk/directory';
import { hasErrors, planTeamChange, removalTooLarge } from '../../../bulk/plan';
import { printReport } from '../../../bulk/report';
import { resolveTeamId } from '../../shared/resolve';
import { readInput } from '../../shared/input';

export interface ChangeOptions {
  file?: string;
  role?: string;
  dryRun?: boolean;
  skipInvalid?: boolean;
  maxRemoveFraction?: string;
  yes?: boolean;
}

/** Options shared by `teams members add|remove|set`. */
export function withChangeOptions(command: Command, mode: 'add' | 'remove' | 'set'): Command {
  command
    .argument('<team>', 'team id or exact title')
    .argument('[users...]', 'user ids or e-mails')
    .option('-f, --file <file>', 'file of users: one id or e-mail a line, or a CSV with an email/user/id column (- for stdin)')
    .option('--dry-run', 'print the per-row plan and change nothing')
    .option('--skip-invalid', 'apply the valid rows even when some rows cannot be applied');
  if (mode !== 'remove') command.option('--role <role>', 'team role for added users: member or owner (a CSV "role" column wins)');
  if (mode === 'set') command.option('--max-remove-fraction <n>', 'refuse to remove more than this fraction of the team', '0.5');
  if (mode !== 'add') command.option('-y, --yes', 'do not ask for confirmation before removing members');
  return command;
}

async function readRows(ctx: Context, users: string[], file: string | undefined): Promise<UserRow[]> {
  const rows: UserRow[] = users.map((ref) => ({ line: 0, ref }));
  if (file) {
    const text = await readInput(ctx, '--file', file);
    // The CSV parser loads only when a file is given.
    const { parseUserFile } = await import('../../../bulk/user-file');
    rows.push(...parseUserFile(text, file));
  }
  if (!rows.length) throw new UsageError('no users given: pass user ids or e-mails, or --file FILE');
  return rows;
}

function maxRemoveFraction(opts: ChangeOptions): number {
  const maxFraction = Number(opts.maxRemoveFraction ?? 0.5);
  if (!(maxFraction >= 0 && maxFraction <= 1)) throw new UsageError('--max-remove-fraction: must be a number from 0 to 1');
  return maxFraction;
}

/**
 * Plans a team membership change row by row, prints the report, and applies it in one request (one
 * transaction) unless it is a dry run or some row cannot be applied.
 */
export async function changeTeamMembers(ctx: Context, mode: 'add' | 'remove' | 'set', team: string, users: string[], opts: ChangeOptions) {
  const rows = await readRows(ctx, users, opts.file);
  const organizationId = await ctx.organizationId();
  const teamId = await resolveTeamId(ctx, organizationId, team);
  const api = await ctx.client();
  await api.call(routes.getTeamInOrganizationById, { params: { organizationId, teamId } });
  const [directory, roster] = await ctx.spin(`Resolving ${rows.length} user(s) against the organization`, () =>
    Promise.all([MemberDirectory.load(api, organizationId), loadTeamRoster(api, organizationId, teamId)]),
  );
  const plan = planTeamChange(mode, rows, directory, roster, { team, defaultRole: opts.role });

  // The removal limit is checked before a dry run returns, so a dry run predicts what the real run does.
  const tooMany = mode === 'set' ? removalTooLarge(plan, roster.size, maxRemoveFraction(opts)) : undefined;
  const invalid = hasErrors(plan.rows);
  if (opts.dryRun || tooMany || (invalid && !opts.skipInvalid)) {
    await printReport(ctx.out, plan.rows, false);
    if (tooMany) throw new CliError(`refusing: ${tooMany}`, EXIT.conflict);
    if (invalid && !opts.skipInvalid) throw new CliError('some rows cannot be applied (see the report); fix them or pass --skip-invalid', EXIT.error);
    return;
  }
  if (plan.remove.length) await ctx.confirm(`Remove ${plan.remove.length} member(s) from team ${team}?`, opts.yes);
  if (plan.add.length || plan.remove.length || Object.keys(plan.memberships).length) {
    await api.call(routes.updateMembersInOrganizationTeam, {
      params: { organizationId, teamId },
      body: { add: plan.add, remove: plan.remove, memberships: plan.memberships },
    });
  }
  await printReport(ctx.out, plan.rows, true);
}
