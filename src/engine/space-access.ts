import type { Core } from './core';
import { ROLES, type Role } from '../domain/roles';
import type { Statement } from './store/store';

/** Where a space is: its organization, and whether it is deleted (a write's is read ahead with its BEGIN: write-reads.ts). */
export function spacePlaceRead(spaceId: string): Statement {
  return { sql: 'SELECT organization_id, deleted_at FROM spaces WHERE id = ?', args: [spaceId] };
}

/** SQL for the rank of a role expression: admin 6 … read 1, null 0 (see roles.ts). */
export function rankSql(expr: string): string {
  return `(CASE ${expr} ${ROLES.map((r, i) => `WHEN '${r}' THEN ${ROLES.length - i}`).join(' ')} ELSE 0 END)`;
}

export function roleOfRank(rank: number): Role | null {
  return rank >= 1 && rank <= ROLES.length ? ROLES[ROLES.length - rank] : null;
}

/**
 * Effective level of each collection of an organization: its own `defaultLevel` or the highest of its
 * ancestors'. Used as a joinable subquery; its one parameter is the organization id.
 */
export const COLLECTION_LEVELS = collectionLevels('?');

/** COLLECTION_LEVELS of the organization `organization` names (an SQL expression). */
export function collectionLevels(organization: string): string {
  return `(WITH RECURSIVE chain(id, lvl) AS (
    SELECT id, ${rankSql('default_level')} FROM collections WHERE organization_id = ${organization} AND parent_id IS NULL
    UNION ALL
    SELECT c.id, MAX(chain.lvl, ${rankSql('c.default_level')}) FROM collections c JOIN chain ON c.parent_id = chain.id
  ) SELECT id, lvl FROM chain)`;
}

/** A space's default level for members: its own or its collections', whichever is highest (a rank). */
export const DEFAULT_RANK = `MAX(${rankSql('s.default_level')}, COALESCE(cl.lvl, 0))`;

/**
 * The rank a user has on space `s` (joined with `cl`, the collection levels): organization admins
 * administer every space; members with a role get the space's or its collections' default level;
 * anyone gets what is granted to them or to one of their teams on the space. Its parameters are
 * `rankArgs(...)`.
 */
export const SPACE_RANK = spaceRank('CAST(? AS TEXT)');

/** SPACE_RANK with the organization role as `role` (an expression): its parameters are then the user id twice. */
export function spaceRank(role: string, user = '?'): string {
  return `MAX(
    CASE WHEN ${role} = 'admin' THEN 6 ELSE 0 END,
    CASE WHEN ${role} IS NOT NULL THEN ${DEFAULT_RANK} ELSE 0 END,
    COALESCE((SELECT MAX(${rankSql('p.role')}) FROM space_permissions p WHERE p.space_id = s.id AND (
      (p.principal_type = 'user' AND p.principal_id = ${user}) OR
      (p.principal_type = 'team' AND p.principal_id IN (SELECT tm.team_id FROM team_members tm WHERE tm.user_id = ${user})))), 0)
  )`;
}

/** The parameters of SPACE_RANK for a user with an organization role. */
export function rankArgs(orgRole: Role | null, userId: string): unknown[] {
  return [orgRole, orgRole, userId, userId];
}
