import type { MemberDirectory } from './directory';
import type { UserRow } from './user-file';

export type Action = 'add' | 'remove' | 'role' | 'unchanged' | 'skip' | 'create-team' | 'org-role';

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
  add: string[];
  remove: string[];
  memberships: Record<string, { role: 'owner' | 'member' }>;
}

const TEAM_ROLES = new Set(['owner', 'member']);

export function emptyPlan(): TeamPlan {
  return { rows: [], add: [], remove: [], memberships: {} };
}

/**
 * Plans a change of one team. `add` adds rows (and sets roles); `remove` removes them; `set` makes the
 * team exactly the rows: it adds the missing and removes everyone else.
 */
export function planTeamChange(
  mode: 'add' | 'remove' | 'set',
  rows: UserRow[],
  directory: MemberDirectory,
  roster: Map<string, string>,
  options: { team?: string; defaultRole?: string } = {},
): TeamPlan {
  const plan = emptyPlan();
  const seen = new Set<string>();
  const report = (row: UserRow, action: Action, status: ReportRow['status'], detail: string, email?: string) =>
    plan.rows.push({ line: row.line, user: row.ref, email, team: options.team, action, status, detail });

  for (const row of rows) {
    const member = directory.find(row.ref);
    const role = row.role ?? options.defaultRole;
    if (!member) {
      report(row, mode === 'remove' ? 'remove' : 'add', 'error', row.ref.includes('@') ? 'no member with this e-mail in the organization' : 'no member with this id in the organization');
      continue;
    }
    const email = member.user.email;
    // A role only matters when adding; a listed member with a bad role is still listed, so `set` keeps them.
    if (mode !== 'remove' && role !== undefined && !TEAM_ROLES.has(role)) {
      report(row, roster.has(member.id) ? 'role' : 'add', 'error', `role must be owner or member, not "${role}"`, email);
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

export function hasErrors(rows: ReportRow[]): boolean {
  return rows.some((r) => r.status === 'error');
}

/** Refuses plans that remove more than `maxFraction` of a team's current members. */
export function removalTooLarge(plan: TeamPlan, rosterSize: number, maxFraction: number): string | undefined {
  if (!rosterSize || !plan.remove.length) return undefined;
  const fraction = plan.remove.length / rosterSize;
  if (fraction <= maxFraction) return undefined;
  return `would remove ${plan.remove.length} of ${rosterSize} members (${Math.round(fraction * 100)}%), more than the allowed ${Math.round(maxFraction * 100)}%; raise --max-remove-fraction to allow it`;
}
