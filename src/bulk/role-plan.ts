import type { MemberDirectory } from './directory';
import type { ReportRow } from './plan';
import type { UserRow } from './user-file';
import { ROLES_AND_GUEST, rankOf, type Role } from '../domain/roles';

/** The roles a file or `--role` may give: the organization roles, and `guest` for none. */
const ROLE_NAMES: readonly string[] = ROLES_AND_GUEST;

/** A change of organization roles: the rows to report, and the body of `PATCH …/members`. */
export interface RolePlan {
  rows: ReportRow[];
  changes: { user: string; role: Role | null }[];
  /** The caller lowers their own role (from, to), which needs a confirmation. */
  selfDemotion?: { from: Role | null; to: Role | null };
  /** Why the plan must not be applied as it is (the organization would be left without an admin). */
  refusal?: string;
}

const roleName = (role: Role | null) => role ?? 'guest';

/**
 * Plans organization role changes row by row (`members update` with several users or a file): each
 * row's role is its own (a file's `org_role` or `role` column) or `defaultRole` (`--role`). Rows naming
 * no member, with no role or an unknown one, are errors; a member listed again is skipped (the first
 * line wins), one that has the role already is unchanged. `callerId` marks the caller's own row.
 */
export function planRoleChanges(rows: UserRow[], directory: MemberDirectory, options: { defaultRole?: string; callerId?: string } = {}): RolePlan {
  const plan: RolePlan = { rows: [], changes: [] };
  const seen = new Set<string>();
  const report = (row: UserRow, action: ReportRow['action'], status: ReportRow['status'], detail: string, email?: string) =>
    plan.rows.push({ line: row.line, user: row.ref, email, action, status, detail });

  for (const row of rows) {
    const member = directory.find(row.ref);
    const wanted = row.role ?? options.defaultRole;
    if (!member) {
      report(row, 'org-role', 'error', row.ref.includes('@') ? 'no member with this e-mail in the organization' : 'no member with this id in the organization');
      continue;
    }
    const email = member.user.email;
    if (seen.has(member.id)) {
      report(row, 'skip', 'skipped', 'listed twice; first line wins', email);
      continue;
    }
    seen.add(member.id);
    if (wanted === undefined) {
      report(row, 'org-role', 'error', 'no role: give the file an org_role (or role) column, or pass --role', email);
      continue;
    }
    if (!ROLE_NAMES.includes(wanted)) {
      report(row, 'org-role', 'error', `role must be one of ${ROLE_NAMES.join(', ')}, not "${wanted}"`, email);
      continue;
    }
    const to = wanted === 'guest' ? null : (wanted as Role);
    if (member.role === to) {
      report(row, 'unchanged', 'skipped', `already ${roleName(to)}`, email);
      continue;
    }
    const mine = member.id === options.callerId;
    if (mine && rankOf(to) < rankOf(member.role)) plan.selfDemotion = { from: member.role, to };
    plan.changes.push({ user: member.id, role: to });
    report(row, 'org-role', 'ok', `${roleName(member.role)} -> ${roleName(to)}${mine ? ' (you)' : ''}`, email);
  }

  // The server refuses such a set too (409); saying so in the plan lets a dry run predict it.
  const changed = new Map(plan.changes.map((c) => [c.user, c.role]));
  const admins = directory.all().filter((m) => !m.disabled && (changed.has(m.id) ? changed.get(m.id) : m.role) === 'admin');
  const demotesAdmin = plan.changes.some((c) => directory.find(c.user)?.role === 'admin');
  if (demotesAdmin && !admins.length) plan.refusal = 'the organization would be left without an admin';
  return plan;
}
