import type { MemberDirectory } from './directory';
import { planTeamChange, removalTooLarge, type ReportRow, type TeamPlan } from './plan';
import type { SyncSpec } from './sync-file';

export interface ExistingTeam {
  id: string;
  title: string;
  roster: Map<string, string>;
}

export interface SyncPlan {
  rows: ReportRow[];
  teams: { title: string; id?: string; plan: TeamPlan }[];
  roleChanges: { userId: string; email: string; from: string | null; to: string | null }[];
  /** Reasons the plan must not be applied as it is. */
  refusals: string[];
}

/**
 * Compares a sync file with the organization: organization roles of listed members, and the exact
 * membership of each listed team. Nothing outside the file is touched.
 */
export function planSync(spec: SyncSpec, directory: MemberDirectory, existing: ExistingTeam[], maxRemoveFraction: number): SyncPlan {
  const plan: SyncPlan = { rows: [], teams: [], roleChanges: [], refusals: [] };

  (spec.members ?? []).forEach((entry, index) => {
    const line = spec.lines?.members[index] ?? index + 1;
    const member = directory.find(entry.user);
    const to = entry.role === 'guest' ? null : entry.role;
    if (!member) {
      plan.rows.push({ line, user: entry.user, action: 'org-role', status: 'error', detail: 'no member with this id or e-mail in the organization' });
      return;
    }
    if (member.role === to) {
      plan.rows.push({ line, user: entry.user, email: member.user.email, action: 'unchanged', status: 'skipped', detail: `already ${to ?? 'guest'}` });
      return;
    }
    plan.roleChanges.push({ userId: member.id, email: member.user.email, from: member.role, to });
    plan.rows.push({ line, user: entry.user, email: member.user.email, action: 'org-role', status: 'ok', detail: `${member.role ?? 'guest'} -> ${to ?? 'guest'}` });
  });

  const admins = new Set(directory.all().filter((m) => m.role === 'admin' && !m.disabled).map((m) => m.id));
  for (const change of plan.roleChanges) {
    if (change.to === 'admin') admins.add(change.userId);
    else admins.delete(change.userId);
  }
  if (!admins.size) plan.refusals.push('the organization would be left without an admin');

  for (const [j, team] of (spec.teams ?? []).entries()) {
    const lines = spec.lines?.teams[j];
    const found = existing.find((t) => t.title.toLowerCase() === team.title.toLowerCase());
    const lineOf = (i: number) => lines?.members[i] ?? i + 1;
    const rows = team.members.map((m, i) => (typeof m === 'string' ? { line: lineOf(i), ref: m } : { line: lineOf(i), ref: m.user, role: m.role ?? 'member' }));
    const roster = found?.roster ?? new Map<string, string>();
    const teamPlan = planTeamChange('set', rows, directory, roster, { team: team.title, defaultRole: 'member' });
    if (!found) plan.rows.push({ line: lines?.title ?? 0, user: '', team: team.title, action: 'create-team', status: 'ok', detail: 'create the team' });
    plan.rows.push(...teamPlan.rows);
    const tooMany = removalTooLarge(teamPlan, roster.size, maxRemoveFraction);
    if (tooMany) plan.refusals.push(`team "${team.title}": ${tooMany}`);
    plan.teams.push({ title: team.title, id: found?.id, plan: teamPlan });
  }
  return plan;
}
