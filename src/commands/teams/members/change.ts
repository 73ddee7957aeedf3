import { resolve } from 'node:path';
import { Option, type Command } from 'commander';
import type { Context } from '../../../context';
import { routes } from '../../../api/routes/index';
import { CliError, UsageError, EXIT } from '../../../errors';
import type { UserRow } from '../../../bulk/user-file';
import { MemberDirectory, loadTeamRoster } from '../../../bulk/directory';
import { hasErrors, notMembers, planTeamChange, removalTooLarge, type InviteOption } from '../../../bulk/plan';
import { ROLES_AND_GUEST, type Role } from '../../../domain/roles';
import { printReport } from '../../../bulk/report';
import { resolveTeamId } from '../../shared/resolve';
import { readInput } from '../../shared/input';
import { nullable } from '../../shared/nullable';

export interface ChangeOptions {
  file?: string;
  role?: string;
  dryRun?: boolean;
  skipInvalid?: boolean;
  maxRemoveFraction?: string;
  yes?: boolean;
  invite?: boolean;
  inviteRole?: string;
}

/** Options shared by `teams members add|remove|set`. */
export function withChangeOptions(command: Command, mode: 'add' | 'remove' | 'set'): Command {
  command
    .argument('<team>', 'team id or exact title')
    .argument('[users...]', 'user ids or e-mails')
    .option('-f, --file <file>', 'file of users: one id or e-mail a line, or a CSV with an email/user/id column (- for stdin)')
    .option('--dry-run', 'print the per-row plan and change nothing')
    .option('--skip-invalid', 'apply the valid rows even when some rows cannot be applied');
  if (mode !== 'remove') {
    command
      .option('--role <role>', 'team role for added users: member or owner (a CSV "team_role" column wins)')
      .option('--invite', 'invite e-mails that are not members of the organization yet, and add them, in the same transaction (admins)')
      .addOption(new Option('--invite-role <role>', "organization role of the people --invite invites (default: the organization's default role, else read)").choices([...ROLES_AND_GUEST]));
  }
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
  if (opts.inviteRole && !opts.invite) throw new UsageError('--invite-role: only with --invite');
  const rows = await readRows(ctx, users, opts.file);
  const organizationId = await ctx.organizationId();
  const teamId = await resolveTeamId(ctx, organizationId, team);
  const api = await ctx.client();
  await api.call(routes.getTeamInOrganizationById, { params: { organizationId, teamId } });
  const [directory, roster] = await ctx.spin(`Resolving ${rows.length} user(s) against the organization`, () =>
    Promise.all([MemberDirectory.load(api, organizationId), loadTeamRoster(api, organizationId, teamId)]),
  );
  const invite = opts.invite ? await inviteOption(ctx, organizationId, opts.inviteRole) : undefined;
  const plan = planTeamChange(mode, rows, directory, roster, { team, defaultRole: opts.role, invite, offersInvite: mode !== 'remove' });

  // The removal limit is checked before a dry run returns, so a dry run predicts what the real run does.
  const tooMany = mode === 'set' ? removalTooLarge(plan, roster.size, maxRemoveFraction(opts)) : undefined;
  const invalid = hasErrors(plan.rows);
  if (opts.dryRun || tooMany || (invalid && !opts.skipInvalid)) {
    await printReport(ctx.out, plan.rows, false);
    if (tooMany) throw new CliError(`refusing: ${tooMany}`, EXIT.conflict);
    const hint = inviteHint(plan.rows);
    if (invalid && !opts.skipInvalid) throw new CliError(`some rows cannot be applied (see the report); fix them or pass --skip-invalid${hint ? `; ${hint}` : ''}`, EXIT.error);
    if (hint) ctx.out.message(`${hint[0].toUpperCase()}${hint.slice(1)}.`);
    return;
  }
  if (plan.remove.length) await ctx.confirm(`Remove ${plan.remove.length} member(s) from team ${team}?`, opts.yes);
  if (plan.add.length || plan.remove.length || Object.keys(plan.memberships).length) {
    await api.call(routes.updateMembersInOrganizationTeam, {
      params: { organizationId, teamId },
      body: { add: plan.add, remove: plan.remove, memberships: plan.memberships, ...(plan.invite.length ? { invite: { role: nullable(opts.inviteRole) as Role | null | undefined } } : {}) },
    });
  }
  await printReport(ctx.out, plan.rows, true);
  const hint = inviteHint(plan.rows);
  if (hint) ctx.out.message(`${hint[0].toUpperCase()}${hint.slice(1)}.`);
}

/** What `--invite` reports people are invited as: `--invite-role`, else the organization's default role, else read. */
async function inviteOption(ctx: Context, organizationId: string, inviteRole: string | undefined): Promise<InviteOption> {
  if (inviteRole) return { role: inviteRole };
  const api = await ctx.client();
  const organization = await api.call(routes.getOrganizationById, { params: { organizationId } });
  return { role: organization.defaultRole ?? 'read' };
}

/** How to bring in the people a report found outside the organization, or nothing when it found none. */
function inviteHint(rows: Parameters<typeof notMembers>[0]): string {
  const strangers = notMembers(rows);
  if (!strangers) return '';
  return `${strangers} e-mail${strangers === 1 ? ' is' : 's are'} not in the organization: pass --invite to invite and add them in one step, or invite them first (docsctl invites email --file FILE)`;
}
