import type { Actor, Core } from './core';
import { forbidden, invalid, notFound } from './errors';
import { requireRight, type Membership } from './access';
import { keysetPage, likePattern, type PageRequest } from './pagination';
import { MEMBER_COLUMNS, presentMember, type MemberRow } from './members';
import type { Role, TeamRole } from '../domain/roles';
import { isEmailAddress } from '../domain/email';
import { inviteByEmail } from './invites';
import { insertRows } from './insert-rows';
import { emitTeamMembersUpdated, teamMembersBefore } from './webhooks';
import type { Statement } from './store/store';

export interface TeamRow {
  id: string;
  organization_id: string;
  title: string;
  created_at: string;
  member_count: number;
  space_count: number;
  caller_team_role: TeamRole | null;
}

const TEAM_COLUMNS = `t.*,
  (SELECT COUNT(*) FROM team_members c WHERE c.team_id = t.id) AS member_count,
  (SELECT COUNT(*) FROM space_permissions sp JOIN spaces s ON s.id = sp.space_id AND s.deleted_at IS NULL
    WHERE sp.principal_type = 'team' AND sp.principal_id = t.id) AS space_count,
  (SELECT role FROM team_members o WHERE o.team_id = t.id AND o.user_id = ?) AS caller_team_role`;

export function presentTeam(core: Core, row: TeamRow, caller: Membership) {
  return {
    object: 'team' as const,
    id: row.id,
    title: row.title,
    members: row.member_count,
    spaces: row.space_count,
    createdAt: row.created_at,
    permissions: { admin: caller.role === 'admin' || row.caller_team_role === 'owner', view: caller.role != null },
    urls: { location: core.apiUrl(`/orgs/${row.organization_id}/teams/${row.id}`), app: core.appUrl(`/o/${row.organization_id}/teams/${row.id}`) },
  };
}

export type Team = ReturnType<typeof presentTeam>;

export interface MembershipChange {
  add?: string[];
  remove?: string[];
  /** Keyed by user id, or (docsctl's) by e-mail as `add` entries are. */
  memberships?: Record<string, { role?: TeamRole }>;
  /**
   * docsctl's: the e-mails of `add` that name no member are first invited to the organization (as
   * `POST …/invites` does, with this role), in the same transaction. Needs the admin role.
   */
  invite?: { role?: Role | null };
}

/** How many e-mails or ids a statement of a bulk change names at once. */
const LOOKUP_BATCH = 500;
/** E-mails compare ignoring the case of ASCII letters, as SQLite's NOCASE and PostgreSQL's lower() in the C locale do. */
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

const TEAM_BY_ID = `SELECT ${TEAM_COLUMNS} FROM teams t WHERE t.id = ? AND t.organization_id = ?`;

/** A team with the caller's role in it (a PATCH of the team reads it ahead with its BEGIN). */
export function teamRowRead(userId: string, organizationId: string, teamId: string): Statement {
  return { sql: TEAM_BY_ID, args: [userId, teamId, organizationId] };
}

export async function teamRow(core: Core, actor: Actor, organizationId: string, teamId: string): Promise<TeamRow> {
  const { sql, args } = teamRowRead(actor.userId, organizationId, teamId);
  const row = await core.get<TeamRow>(sql, args);
  if (!row) throw notFound(`team ${teamId} not found in organization ${organizationId}`);
  return row;
}

export function teamsModule(core: Core) {
  /** Admins manage every team, owners their own; others get 403. */
  async function requireTeamManager(actor: Actor, organizationId: string, teamId: string) {
    const membership = await requireRight(core, actor, organizationId, 'listTeams');
    const team = await teamRow(core, actor, organizationId, teamId);
    if (membership.role !== 'admin' && team.caller_team_role !== 'owner') {
      throw forbidden(`you are not allowed to manage team "${team.title}" (admin role or team ownership required)`);
    }
    return { membership, team };
  }

  /** Resolves user ids or e-mails to members of the organization; returns the ids and what did not resolve. */
  /** Members of the organization named by e-mail (any case) or user id, looked up 500 at a time; what names no member is `unknown`. */
  async function resolveMembers(organizationId: string, entries: string[]) {
    const byEmail = new Map<string, string>();
    const byId = new Set<string>();
    const emails = [...new Set(entries.filter((e) => e.includes('@')).map(asciiLower))];
    const userIds = [...new Set(entries.filter((e) => !e.includes('@')))];
    for (let i = 0; i < emails.length; i += LOOKUP_BATCH) {
      for (const row of await core.all<{ user_id: string; email: string }>(
        `SELECT m.user_id, u.email FROM members m JOIN users u ON u.id = m.user_id
         WHERE m.organization_id = ? AND lower(u.email) IN (SELECT value FROM json_each(?))`,
        [organizationId, JSON.stringify(emails.slice(i, i + LOOKUP_BATCH))],
      )) byEmail.set(asciiLower(row.email), row.user_id);
    }
    for (let i = 0; i < userIds.length; i += LOOKUP_BATCH) {
      for (const row of await core.all<{ user_id: string }>(
        'SELECT user_id FROM members WHERE organization_id = ? AND user_id IN (SELECT value FROM json_each(?))',
        [organizationId, JSON.stringify(userIds.slice(i, i + LOOKUP_BATCH))],
      )) byId.add(row.user_id);
    }
    const ids = new Map<string, string>();
    const unknown: string[] = [];
    for (const entry of entries) {
      const userId = entry.includes('@') ? byEmail.get(asciiLower(entry)) : byId.has(entry) ? entry : undefined;
      if (userId) ids.set(entry, userId);
      else unknown.push(entry);
    }
    return { ids, unknown };
  }

  function describeUnknown(field: string, unknown: string[]): string {
    const shown = unknown.slice(0, 10).map((e) => JSON.stringify(e)).join(', ');
    const more = unknown.length > 10 ? ` and ${unknown.length - 10} more` : '';
    return `${field}: ${unknown.length} ${unknown.length === 1 ? 'entry is' : 'entries are'} not members of the organization: ${shown}${more}`;
  }

  /**
   * `memberships` by user id: a key that is an e-mail names the member with that address. A key that
   * names no member stays as written (under its own key), so it is reported as not in the team.
   */
  async function membershipsById(organizationId: string, memberships: Record<string, { role?: TeamRole }>) {
    const keys = Object.keys(memberships);
    const emails = keys.filter((key) => key.includes('@'));
    const found = emails.length ? (await resolveMembers(organizationId, emails)).ids : new Map<string, string>();
    const byId = new Map<string, { role?: TeamRole; key: string }>();
    for (const key of keys) byId.set(found.get(key) ?? key, { role: memberships[key].role, key });
    return byId;
  }

  return {
    /** The team's row as `actor` reads it (a PATCH of the team reads it ahead with its BEGIN). */
    rowRead: (actor: Actor, organizationId: string, teamId: string): Statement => teamRowRead(actor.userId, organizationId, teamId),

    async list(actor: Actor, organizationId: string, query: PageRequest & { owner?: string; title?: string }) {
      const caller = await requireRight(core, actor, organizationId, 'listTeams');
      const where = ['t.organization_id = ?'];
      const args: unknown[] = [organizationId];
      if (query.title) {
        where.push("t.title LIKE ? ESCAPE '\\'");
        args.push(likePattern(query.title));
      }
      if (query.owner) {
        const ownerRole = await core.get<{ role: string | null }>('SELECT role FROM members WHERE organization_id = ? AND user_id = ?', [
          organizationId, query.owner,
        ]);
        if (ownerRole?.role !== 'admin') {
          where.push("EXISTS (SELECT 1 FROM team_members w WHERE w.team_id = t.id AND w.user_id = ? AND w.role = 'owner')");
          args.push(query.owner);
        }
      }
      return await keysetPage<TeamRow, Team>(
        core,
        {
          listing: 'teams',
          from: 'teams t',
          columns: TEAM_COLUMNS,
          columnArgs: [actor.userId],
          where,
          args,
          orderBy: ['t.created_at', 't.id'],
          direction: 'asc',
          keyOf: (row) => [row.created_at, row.id],
          present: (row) => presentTeam(core, row, caller),
        },
        query,
      );
    },

    async get(actor: Actor, organizationId: string, teamId: string): Promise<Team> {
      const caller = await requireRight(core, actor, organizationId, 'listTeams');
      return presentTeam(core, await teamRow(core, actor, organizationId, teamId), caller);
    },

    async create(actor: Actor, organizationId: string, input: { title: string; members?: string[] }): Promise<Team> {
      const caller = await requireRight(core, actor, organizationId, 'admin');
      return await core.write(async () => {
        const id = core.newId();
        const now = core.now();
        const { ids, unknown } = await resolveMembers(organizationId, input.members ?? []);
        if (unknown.length) throw invalid(describeUnknown('members', unknown));
        const before = await teamMembersBefore(core, organizationId, id);
        await core.run('INSERT INTO teams (id, organization_id, title, created_at) VALUES (?, ?, ?, ?)', [id, organizationId, input.title, now]);
        await insertRows(core, 'INSERT INTO team_members (team_id, user_id, role, added_at)', [...new Set(ids.values())].map((userId) => [id, userId, 'member', now]));
        await emitTeamMembersUpdated(core, organizationId, id, before);
        return presentTeam(core, await teamRow(core, actor, organizationId, id), caller);
      });
    },

    async update(actor: Actor, organizationId: string, teamId: string, patch: { title: string }): Promise<Team> {
      return await core.write(async () => {
        const { membership, team } = await requireTeamManager(actor, organizationId, teamId);
        // The title changes nothing else of the row: the answer is the row as read with it, and the
        // UPDATE goes with the COMMIT (on PostgreSQL; the app's transaction holds the organization's lock).
        await core.runAtCommit('UPDATE teams SET title = ? WHERE id = ?', [patch.title, teamId]);
        return presentTeam(core, { ...team, title: patch.title }, membership);
      });
    },

    async remove(actor: Actor, organizationId: string, teamId: string): Promise<void> {
      await requireRight(core, actor, organizationId, 'admin');
      await core.write(async () => {
        await teamRow(core, actor, organizationId, teamId);
        await core.run("DELETE FROM space_permissions WHERE principal_type = 'team' AND principal_id = ?", [teamId]);
        await core.run('DELETE FROM teams WHERE id = ?', [teamId]);
      });
    },

    async members(actor: Actor, organizationId: string, teamId: string, page: PageRequest) {
      await requireRight(core, actor, organizationId, 'listTeams');
      await teamRow(core, actor, organizationId, teamId);
      type Row = MemberRow & { team_role: TeamRole; added_at: string };
      return await keysetPage<Row, Awaited<ReturnType<typeof presentTeamMember>>>(
        core,
        {
          listing: 'team-members',
          from: 'team_members tmm JOIN members m ON m.user_id = tmm.user_id AND m.organization_id = ? JOIN users u ON u.id = m.user_id',
          columns: `${MEMBER_COLUMNS}, tmm.role AS team_role, tmm.added_at`,
          where: ['tmm.team_id = ?'],
          args: [organizationId, teamId],
          orderBy: ['tmm.added_at', 'tmm.user_id'],
          direction: 'asc',
          keyOf: (row) => [row.added_at, row.user_id],
          present: async (row) => await presentTeamMember(core, row, row.team_role),
        },
        page,
      );
    },

    /**
     * Bulk membership change in one transaction. Entries are user ids or e-mails; a user in both `add`
     * and `remove` is removed. Every `add` entry must be a member of the organization, or nothing is done.
     */
    async changeMembers(actor: Actor, organizationId: string, teamId: string, change: MembershipChange): Promise<void> {
      const { membership } = await requireTeamManager(actor, organizationId, teamId);
      if (change.invite && membership.role !== 'admin') {
        throw forbidden('invite: you are not allowed to invite people to the organization (admin role required); invite them first, or ask an admin');
      }
      await core.write(async () => {
        const before = await teamMembersBefore(core, organizationId, teamId);
        if (change.invite) {
          const strangers = (await resolveMembers(organizationId, change.add ?? [])).unknown.filter((entry) => entry.includes('@'));
          const notEmails = strangers.filter((entry) => !isEmailAddress(entry));
          if (notEmails.length) {
            throw invalid(`add: ${notEmails.slice(0, 10).map((e) => JSON.stringify(e)).join(', ')} ${notEmails.length === 1 ? 'is not an e-mail address' : 'are not e-mail addresses'}: nobody can be invited by ${notEmails.length === 1 ? 'it' : 'them'}`);
          }
          if (strangers.length) await inviteByEmail(core, organizationId, strangers, change.invite.role);
        }
        const added = await resolveMembers(organizationId, change.add ?? []);
        if (added.unknown.length) throw invalid(describeUnknown('add', added.unknown));
        const removed = new Set((await resolveMembers(organizationId, change.remove ?? [])).ids.values());
        const roles = await membershipsById(organizationId, change.memberships ?? {});
        const now = core.now();
        // Many rows a statement, and a few statements whatever the count of rows: on PostgreSQL each
        // statement is a round trip, and 1,000 members cost those of 10 (issue 59).
        const adding = [...new Set(added.ids.values())].filter((userId) => !removed.has(userId));
        await insertRows(core, 'INSERT INTO team_members (team_id, user_id, role, added_at)', adding.map((userId) => [teamId, userId, roles.get(userId)?.role ?? 'member', now]), ' ON CONFLICT (team_id, user_id) DO NOTHING');
        if (removed.size) await core.run('DELETE FROM team_members WHERE team_id = ? AND user_id IN (SELECT value FROM json_each(?))', [teamId, JSON.stringify([...removed])]);
        const changing = [...roles].filter(([userId, { role }]) => !removed.has(userId) && role);
        if (changing.length) {
          const inTeam = new Set((await core.all<{ user_id: string }>(
            'SELECT user_id FROM team_members WHERE team_id = ? AND user_id IN (SELECT value FROM json_each(?))',
            [teamId, JSON.stringify(changing.map(([userId]) => userId))],
          )).map((row) => row.user_id));
          const notInTeam = changing.filter(([userId]) => !inTeam.has(userId)).map(([, { key }]) => key);
          if (notInTeam.length) {
            throw invalid(`memberships: ${notInTeam.slice(0, 10).map((e) => JSON.stringify(e)).join(', ')} ${notInTeam.length === 1 ? 'is' : 'are'} not in the team`);
          }
          // One UPDATE a team role, sent at once.
          const byRole = new Map<TeamRole, string[]>();
          for (const [userId, { role }] of changing) {
            if (!byRole.has(role!)) byRole.set(role!, []);
            byRole.get(role!)!.push(userId);
          }
          await core.runMany([...byRole].map(([role, userIds]) => ({
            sql: 'UPDATE team_members SET role = ? WHERE team_id = ? AND user_id IN (SELECT value FROM json_each(?))',
            args: [role, teamId, JSON.stringify(userIds)],
          })));
        }
        await emitTeamMembersUpdated(core, organizationId, teamId, before);
      });
    },

    /** Adds a member to the team, or updates their team role. */
    async putMember(actor: Actor, organizationId: string, teamId: string, userId: string, input: { role?: TeamRole }): Promise<void> {
      await requireTeamManager(actor, organizationId, teamId);
      await core.write(async () => {
        const member = await core.get('SELECT 1 FROM members WHERE organization_id = ? AND user_id = ?', [organizationId, userId]);
        if (!member) throw notFound(`member ${userId} not found in organization ${organizationId}`);
        const before = await teamMembersBefore(core, organizationId, teamId);
        await core.run(
          `INSERT INTO team_members (team_id, user_id, role, added_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (team_id, user_id) DO UPDATE SET role = COALESCE(?, team_members.role)`,
          [teamId, userId, input.role ?? 'member', core.now(), input.role ?? null],
        );
        await emitTeamMembersUpdated(core, organizationId, teamId, before);
      });
    },

    async removeMember(actor: Actor, organizationId: string, teamId: string, userId: string): Promise<void> {
      await requireTeamManager(actor, organizationId, teamId);
      await core.write(async () => {
        const before = await teamMembersBefore(core, organizationId, teamId);
        await core.run('DELETE FROM team_members WHERE team_id = ? AND user_id = ?', [teamId, userId]);
        await emitTeamMembersUpdated(core, organizationId, teamId, before);
      });
    },

    /** Teams of one member, with the member's role in each. */
    async ofMember(actor: Actor, organizationId: string, userId: string, query: PageRequest & { title?: string }) {
      const caller = await requireRight(core, actor, organizationId, 'listTeams');
      if (!await core.get('SELECT 1 FROM members WHERE organization_id = ? AND user_id = ?', [organizationId, userId])) {
        throw notFound(`member ${userId} not found in organization ${organizationId}`);
      }
      const where = ['t.organization_id = ?', 'mt.user_id = ?'];
      const args: unknown[] = [organizationId, userId];
      if (query.title) {
        where.push("t.title LIKE ? ESCAPE '\\'");
        args.push(likePattern(query.title));
      }
      type Row = TeamRow & { member_team_role: TeamRole };
      return await keysetPage<Row, { team: Team; member: { role: TeamRole } }>(
        core,
        {
          listing: 'member-teams',
          from: 'teams t JOIN team_members mt ON mt.team_id = t.id',
          columns: `${TEAM_COLUMNS}, mt.role AS member_team_role`,
          columnArgs: [actor.userId],
          where,
          args,
          orderBy: ['t.created_at', 't.id'],
          direction: 'asc',
          keyOf: (row) => [row.created_at, row.id],
          present: (row) => ({ team: presentTeam(core, row, caller), member: { role: row.member_team_role } }),
        },
        query,
      );
    },
  };
}

export async function presentTeamMember(core: Core, row: MemberRow, teamRole: TeamRole) {
  return { organization: await presentMember(core, row), team: { role: teamRole }, permissions: { view: true } };
}
