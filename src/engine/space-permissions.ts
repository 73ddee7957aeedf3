import type { Actor, Core } from './core';
import { invalid, notFound } from './errors';
import { keysetPage, type PageRequest } from './pagination';
import { presentUser, type UserRow } from './users';
import { presentTeam, teamRow } from './teams';
import { membershipOf } from './access';
import type { spacesModule } from './spaces';
import type { Role } from '../domain/roles';

type Spaces = ReturnType<typeof spacesModule>;

/** Who has which role on a space, granted directly to users or to teams. Space admins manage them. */
export function spacePermissionsModule(core: Core, spaces: Spaces) {
  function managed(actor: Actor, spaceId: string) {
    const row = spaces.visible(actor, spaceId);
    spaces.requireRank(row, 6, 'manage the permissions of this space');
    return row;
  }

  function existing(spaceId: string, type: 'user' | 'team', id: string) {
    const found = core.get<{ role: Role }>('SELECT role FROM space_permissions WHERE space_id = ? AND principal_type = ? AND principal_id = ?', [spaceId, type, id]);
    if (!found) throw notFound(`${type} ${id} has no permission on space ${spaceId}`);
    return found;
  }

  function userItem(spaceId: string, userId: string) {
    const row = core.get<UserRow & { role: Role }>(
      "SELECT u.*, p.role FROM space_permissions p JOIN users u ON u.id = p.principal_id WHERE p.space_id = ? AND p.principal_type = 'user' AND p.principal_id = ?",
      [spaceId, userId],
    )!;
    return { object: 'space-user-permission' as const, user: presentUser(core, row), role: row.role };
  }

  function teamItem(actor: Actor, organizationId: string, spaceId: string, teamId: string) {
    const { role } = existing(spaceId, 'team', teamId);
    const caller = membershipOf(core, organizationId, actor.userId)!;
    return { object: 'space-team-permission' as const, team: presentTeam(core, teamRow(core, actor, organizationId, teamId), caller), role };
  }

  return {
    grant(actor: Actor, spaceId: string, input: { role: Role; users?: string[]; teams?: string[] }): void {
      core.write(() => {
        const space = managed(actor, spaceId);
        const users = [...new Set(input.users ?? [])];
        const teams = [...new Set(input.teams ?? [])];
        if (!users.length && !teams.length) throw invalid('users: give at least one user or team');
        const strangers = users.filter((u) => !core.get('SELECT 1 FROM members WHERE organization_id = ? AND user_id = ?', [space.organization_id, u]));
        if (strangers.length) throw invalid(`users: not members of the organization: ${strangers.slice(0, 10).join(', ')}`);
        const unknownTeams = teams.filter((t) => !core.get('SELECT 1 FROM teams WHERE organization_id = ? AND id = ?', [space.organization_id, t]));
        if (unknownTeams.length) throw invalid(`teams: no such teams in the organization: ${unknownTeams.slice(0, 10).join(', ')}`);
        const now = core.now();
        const upsert = `INSERT INTO space_permissions (space_id, principal_type, principal_id, role, granted_at) VALUES (?, ?, ?, ?, ?)
          ON CONFLICT (space_id, principal_type, principal_id) DO UPDATE SET role = excluded.role`;
        for (const u of users) core.run(upsert, [spaceId, 'user', u, input.role, now]);
        for (const t of teams) core.run(upsert, [spaceId, 'team', t, input.role, now]);
      });
    },

    listUsers(actor: Actor, spaceId: string, page: PageRequest) {
      managed(actor, spaceId);
      return keysetPage<UserRow & { role: Role; granted_at: string }, ReturnType<typeof userItem>>(core, {
        listing: 'space-users',
        from: "space_permissions p JOIN users u ON u.id = p.principal_id AND p.principal_type = 'user'",
        columns: 'u.*, p.role, p.granted_at',
        where: ['p.space_id = ?'],
        args: [spaceId],
        orderBy: ['p.granted_at', 'u.id'],
        direction: 'asc',
        keyOf: (row) => [row.granted_at, row.id],
        present: (row) => ({ object: 'space-user-permission' as const, user: presentUser(core, row), role: row.role }),
      }, page);
    },

    listTeams(actor: Actor, spaceId: string, page: PageRequest) {
      const space = managed(actor, spaceId);
      return keysetPage<{ principal_id: string; granted_at: string }, ReturnType<typeof teamItem>>(core, {
        listing: 'space-teams',
        // Only teams that still exist in the organization: deleting a team leaves its grants behind.
        from: "space_permissions p JOIN teams t ON t.id = p.principal_id AND t.organization_id = ?",
        columns: 'p.principal_id, p.granted_at',
        where: ['p.space_id = ?', "p.principal_type = 'team'"],
        args: [space.organization_id, spaceId],
        orderBy: ['p.granted_at', 'p.principal_id'],
        direction: 'asc',
        keyOf: (row) => [row.granted_at, row.principal_id],
        present: (row) => teamItem(actor, space.organization_id, spaceId, row.principal_id),
      }, page);
    },

    updateUser(actor: Actor, spaceId: string, userId: string, input: { role: Role }) {
      return core.write(() => {
        managed(actor, spaceId);
        existing(spaceId, 'user', userId);
        core.run("UPDATE space_permissions SET role = ? WHERE space_id = ? AND principal_type = 'user' AND principal_id = ?", [input.role, spaceId, userId]);
        return userItem(spaceId, userId);
      });
    },

    updateTeam(actor: Actor, spaceId: string, teamId: string, input: { role: Role }) {
      return core.write(() => {
        const space = managed(actor, spaceId);
        existing(spaceId, 'team', teamId);
        core.run("UPDATE space_permissions SET role = ? WHERE space_id = ? AND principal_type = 'team' AND principal_id = ?", [input.role, spaceId, teamId]);
        return teamItem(actor, space.organization_id, spaceId, teamId);
      });
    },

    /** Removing a permission that does not exist changes nothing (204). */
    remove(actor: Actor, spaceId: string, type: 'user' | 'team', id: string): void {
      core.write(() => {
        managed(actor, spaceId);
        core.run('DELETE FROM space_permissions WHERE space_id = ? AND principal_type = ? AND principal_id = ?', [spaceId, type, id]);
      });
    },
  };
}
