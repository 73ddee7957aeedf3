/** Roles, highest first (decisions.md). `null` is a guest. */
export const ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const;
export type Role = (typeof ROLES)[number];
/**
 * An organization role as a person names it: every role, or `guest` for none (the API's null). The
 * members list's `role` filter takes these (`guest`: docsctl's addition, decisions.md), and the CLI's
 * `--role` of `members list` and `members update`.
 */
export const ROLES_AND_GUEST = [...ROLES, 'guest'] as const;
export type RoleOrGuest = (typeof ROLES_AND_GUEST)[number];
export const TEAM_ROLES = ['owner', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

const RANK: Record<Role, number> = { admin: 6, create: 5, review: 4, edit: 3, comment: 2, read: 1 };

/** True when `role` grants at least `needed`. A guest (null) grants nothing. */
export function atLeast(role: Role | null | undefined, needed: Role): boolean {
  return role != null && RANK[role] >= RANK[needed];
}

export function rankOf(role: Role | null): number {
  return role == null ? 0 : RANK[role];
}
