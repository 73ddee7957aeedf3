import type { Actor, Core } from './core';
import { invalid, notFound } from './errors';
import { keysetPage, type PageRequest } from './pagination';
import { presentUser, type UserRow } from './users';
import { presentTeam, teamRow } from './teams';
import { membershipOf } from './access';
import type { spacesModule } from './spaces';
import type { Role } from '../domain/roles';
import { filterInOrder } from './in-order';

type Spaces = ReturnType<typeof spacesModule>;

/** Who has which role on a space, granted directly to users or to teams. Space admins manage them. */

/** A user's grant on a space; `permission` is the platform's name for the role (docs/decisions.md). */
function userPermission(core: Core, row: UserRow & { role: Role }) {
  return { object: 'space-user-permission' as const, user: presentUser(core, row), role: row.role, permission: row.role };
}

export function spacePermissionsModule(core: Core, spaces: Spaces) {
  async function managed(actor: Actor, spaceId: string) {
    const row = await spaces.visible(actor, spaceId);
    spaces.requireRank(row, 6, 'manage the permissions of this space');
    return row;
  }

  async function existing(spaceId: string, type: 'user' | 'team', id: string) {
    const found = await core.get<{ role: Role }>('SELECT role FROM space_permissions WHERE space_id = ? AND principal_type = ? AND principal_id = ?', [spaceId, type, id]);
    if (!found) throw notFound(`${type} ${id} has no permission on space ${spaceId}`);
    return found;
  }

  async function userItem(spaceId: string, userId: string) {
    const row = (await core.get<UserRow & { role: Role }>(
      "SELECT u.*, p.role FROM space_permissions p JOIN users u ON u.id = p.principal_id WHERE p.space_id = ? AND p.principal_type = 'user' AND p.principal_id = ?",
      [spaceId, userId],
    ))!;
    return userPermission(core, row);
  }

  async function teamItem(actor: Actor, organizationId: string, spaceId: string, teamId: string) {
    const { role } = await existing(spaceId, 'team', teamId);
    const caller = (await membershipOf(core, organizationId, actor.userId))!;
    // `permission` is the platform's name for the role (docs/decisions.md).
    return { object: 'space-team-permission' as const, team: presentTeam(core, await teamRow(core, actor, organizationId, teamId), caller), role, permission: role };
  }

  return {
    async grant(actor: Actor, spaceId: string, input: { role: Role; users?: string[]; teams?: string[] }): Promise<void> {
      await core.write(async () => {
        const space = await managed(actor, spaceId);
        const users = [...new Set(input.users ?? [])];
        const teams = [...new Set(input.teams ?? [])];
        if (!users.length && !teams.length) throw invalid('users: give at least one user or team');
        const strangers = await filterInOrder(users, async (u) => !await core.get('SELECT 1 FROM members WHERE organization_id = ? AND user_id = ?', [space.organization_id, u]));
        if (strangers.length) throw invalid(`users: not members of the organization: ${strangers.slice(0, 10).join(', ')}`);
        const unknownTeams = await filterInOrder(teams, async (t) => !await core.get('SELECT 1 FROM teams WHERE organization_id = ? AND id = ?', [space.organization_id, t]));
        if (unknownTeams.length) throw invalid(`teams: no such teams in the organization: ${unknownTeams.slice(0, 10).join(', ')}`);
        const now = core.now();
        const upsert = `INSERT INTO space_permissions (space_id, principal_type, principal_id, role, granted_at) VALUES (?, ?, ?, ?, ?)
          ON CONFLICT (space_id, principal_type, principal_id) DO UPDATE SET role = excluded.role`;
        for (const u of users) await core.run(upsert, [spaceId, 'user', u, input.role, now]);
        for (const t of teams) await core.run(upsert, [spaceId, 'team', t, input.role, now]);
      });
    },

    async listUsers(actor: Actor, spaceId: string, page: PageRequest) {
      await managed(actor, spaceId);
      return await keysetPage<UserRow & { role: Role; granted_at: string }, Awaited<ReturnType<typeof userItem>>>(core, {
        listing: 'space-users',
        from: "space_permissions p JOIN users u ON u.id = p.principal_id AND p.principal_type = 'user'",
        columns: 'u.*, p.role, p.granted_at',
        where: ['p.space_id = ?'],
        args: [spaceId],
        orderBy: ['p.granted_at', 'u.id'],
        direction: 'asc',
        keyOf: (row) => [row.granted_at, row.id],
        present: (row) => userPermission(core, row),
      }, page);
    },

    async listTeams(actor: Actor, spaceId: string, page: PageRequest) {
      const space = await managed(actor, spaceId);
      return await keysetPage<{ principal_id: string; granted_at: string }, Awaited<ReturnType<typeof teamItem>>>(core, {
        listing: 'space-teams',
        // Only teams that still exist in the organization: deleting a team leaves its grants behind.
        from: "space_permissions p JOIN teams t ON t.id = p.principal_id AND t.organization_id = ?",
        columns: 'p.principal_id, p.granted_at',
        where: ['p.space_id = ?', "p.principal_type = 'team'"],
        args: [space.organization_id, spaceId],
        orderBy: ['p.granted_at', 'p.principal_id'],
        direction: 'asc',
        keyOf: (row) => [row.granted_at, row.principal_id],
        present: async (row) => await teamItem(actor, space.organization_id, spaceId, row.principal_id),
      }, page);
    },

    async updateUser(actor: Actor, spaceId: string, userId: string, input: { role: Role }) {
      return await core.write(async () => {
        await managed(actor, spaceId);
        await existing(spaceId, 'user', userId);
        await core.run("UPDATE space_permissions SET role = ? WHERE space_id = ? AND principal_type = 'user' AND principal_id = ?", [input.role, spaceId, userId]);
        return await userItem(spaceId, userId);
      });
    },

    async updateTeam(actor: Actor, spaceId: string, teamId: string, input: { role: Role }) {
      return await core.write(async () => {
        const space = await managed(actor, spaceId);
        await existing(spaceId, 'team', teamId);
        await core.run("UPDATE space_permissions SET role = ? WHERE space_id = ? AND principal_type = 'team' AND principal_id = ?", [input.role, spaceId, teamId]);
        return await teamItem(actor, space.organization_id, spaceId, teamId);
      });
    },

    /** Removing a permission that does not exist changes nothing (204). */
    async remove(actor: Actor, spaceId: string, type: 'user' | 'team', id: string): Promise<void> {
      await core.write(async () => {
        await managed(actor, spaceId);
        await core.run('DELETE FROM space_permissions WHERE space_id = ? AND principal_type = ? AND principal_id = ?', [spaceId, type, id]);
      });
    },
  };
}
