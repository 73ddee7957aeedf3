import type { MemberDirectory } from './directory';
import type { UserRow } from './user-file';
import { ROLES_AND_GUEST, TEAM_ROLES as TEAM_ROLE_NAMES } from '../domain/roles';
import { isEmailAddress } from '../domain/email';

export type Action = 'add' | 'invite' | 'remove' | 'role' | 'unchanged' | 'skip' | 'create-team' | 'org-role';

/** One line of a bulk report: what happens (or cannot happen) to one user. */
export interface ReportRow {
  line: number;
  user: string;
  email?: string;
  team?: string;
  action: Action;
  /** `error` rows cannot be applied; `skipped` rows need nothing. */
  status: 'ok' | 'skipped' | 'error';
  detail: string;
}

/** A team membership change: the rows to report and the body of the bulk PUT. */
export interface TeamPlan {
  rows: ReportRow[];
  /** Member ids, and the e-mails of `invite`. */
  add: string[];
  remove: string[];
  /** By member id, or by e-mail for people invited. */
  memberships: Record<string, { role: 'owner' | 'member' }>;
  /** E-mails of people who are not members yet, invited to the organization and added (`--invite`). */
  invite: string[];
}

/** `--invite`: people not in the organization are invited with this organization role (its name, `guest` for none). */
export interface InviteOption {
  role: string;
}

/** What a row naming nobody in the organization says without `--invite`. */
export const NOT_A_MEMBER = 'not a member of the organization: pass --invite to invite and add, or invite first (docsctl invites email)';

const TEAM_ROLES = new Set<string>(TEAM_ROLE_NAMES);

export function emptyPlan(): TeamPlan {
  return { rows: [], add: [], remove: [], memberships: {}, invite: [] };
}

/**
 * Plans a change of one team. `add` adds rows (and sets roles); `remove` removes them; `set` makes the
 * team exactly the rows: it adds the missing and removes everyone else. With `invite`, e-mails naming
 * no member are invited and added; `offersInvite` (a command that has `--invite`) says so in their
 * error rows otherwise.
 */
export function planTeamChange(
  mode: 'add' | 'remove' | 'set',
  rows: UserRow[],
  directory: MemberDirectory,
  roster: Map<string, string>,
  options: { team?: string; defaultRole?: string; invite?: InviteOption; offersInvite?: boolean } = {},
): TeamPlan {
  const plan = emptyPlan();
  const seen = new Set<string>();
  const report = (row: UserRow, action: Action, status: ReportRow['status'], detail: string, email?: string) =>
    plan.rows.push({ line: row.line, user: row.ref, email, team: options.team, action, status, detail });

  for (const row of rows) {
    const member = directory.find(row.ref);
    const role = row.role ?? options.defaultRole;
    if (!member) {
      if (mode !== 'remove' && options.invite && row.ref.includes('@')) planInvite(plan, seen, row, role, options.invite, report);
      else report(row, mode === 'remove' ? 'remove' : 'add', 'error', row.ref.includes('@') ? (mode !== 'remove' && options.offersInvite ? NOT_A_MEMBER : 'no member with this e-mail in the organization') : 'no member with this id in the organization');
      continue;
    }
    const email = member.user.email;
    // A role only matters when adding; a listed member with a bad role is still listed, so `set` keeps them.
    if (mode !== 'remove' && role !== undefined && !TEAM_ROLES.has(role)) {
      report(row, roster.has(member.id) ? 'role' : 'add', 'error', badTeamRole(role, row), email);
      seen.add(member.id);
      continue;
    }
    if (seen.has(member.id)) {
      report(row, 'skip', 'skipped', 'listed twice; first line wins', email);
      continue;
    }
    seen.add(member.id);
    const current = roster.get(member.id);
    if (mode === 'remove') {
      if (current === undefined) report(row, 'skip', 'skipped', 'not in the team', email);
      else {
        plan.remove.push(member.id);
        report(row, 'remove', 'ok', `remove (was ${current})`, email);
      }
      continue;
    }
    if (current === undefined) {
      plan.add.push(member.id);
      if (role === 'owner') plan.memberships[member.id] = { role: 'owner' };
      report(row, 'add', 'ok', `add as ${role ?? 'member'}`, email);
    } else if (role !== undefined && role !== current) {
      plan.memberships[member.id] = { role: role as 'owner' | 'member' };
      report(row, 'role', 'ok', `${current} -> ${role}`, email);
    } else {
      report(row, 'unchanged', 'skipped', `already ${current}`, email);
    }
  }

  if (mode === 'set') {
    for (const [userId, role] of roster) {
      if (seen.has(userId)) continue;
      plan.remove.push(userId);
      const member = directory.find(userId);
      plan.rows.push({ line: 0, user: userId, email: member?.user.email, team: options.team, action: 'remove', status: 'ok', detail: `remove (was ${role}; not listed)` });
    }
  }
  return plan;
}

/** Why `role` is no team role; an organization role read from a file says which column a team file reads. */
function badTeamRole(role: string, row: UserRow): string {
  const orgRole = row.role === role && (ROLES_AND_GUEST as readonly string[]).includes(role);
  return `role must be owner or member, not "${role}"${orgRole ? ' (an organization role: a team file\'s role column is team_role; org_role is ignored)' : ''}`;
}

/** A row naming someone not in the organization, with `--invite`: invited, then added with its role. */
function planInvite(
  plan: TeamPlan,
  seen: Set<string>,
  row: UserRow,
  role: string | undefined,
  invite: InviteOption,
  report: (row: UserRow, action: Action, status: ReportRow['status'], detail: string, email?: string) => void,
): void {
  const email = row.ref.toLowerCase();
  if (!isEmailAddress(row.ref)) return report(row, 'invite', 'error', 'not an e-mail address: nobody can be invited by it');
  if (role !== undefined && !TEAM_ROLES.has(role)) return report(row, 'invite', 'error', badTeamRole(role, row), row.ref);
  if (seen.has(email)) return report(row, 'skip', 'skipped', 'listed twice; first line wins', row.ref);
  seen.add(email);
  plan.invite.push(row.ref);
  plan.add.push(row.ref);
  if (role === 'owner') plan.memberships[row.ref] = { role: 'owner' };
  report(row, 'invite', 'ok', `invite to the organization as ${invite.role}, add as ${role ?? 'member'}`, row.ref);
}

/** How many rows name people who are not members, and could be invited with `--invite`. */
export function notMembers(rows: ReportRow[]): number {
  return rows.filter((r) => r.status === 'error' && r.detail === NOT_A_MEMBER).length;
}

export function hasErrors(rows: ReportRow[]): boolean {
  return rows.some((r) => r.status === 'error');
}

/** Refuses plans that remove more than `maxFraction` of a team's current members. */
export function removalTooLarge(plan: Pick<TeamPlan, 'remove'>, rosterSize: number, maxFraction: number): string | undefined {
  if (!rosterSize || !plan.remove.length) return undefined;
  const fraction = plan.remove.length / rosterSize;
  if (fraction <= maxFraction) return undefined;
  return `would remove ${plan.remove.length} of ${rosterSize} members (${Math.round(fraction * 100)}%), more than the allowed ${Math.round(maxFraction * 100)}%; raise --max-remove-fraction to allow it`;
}
