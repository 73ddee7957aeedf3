import type { Actor, Core } from './core';
import { conflict, forbidden, invalid, notFound } from './errors';
import { requireMember, requireRight } from './access';
import { keysetPage, likePattern, type PageRequest } from './pagination';
import { presentUser } from './users';
import { signJwt, signingSecret } from './jwt';
import type { Role, RoleOrGuest } from '../domain/roles';
import { accessibleSpaceCounter, spaceCountArgs, spaceCountOf, spaceCountRead } from './spaces';
import { emit, emitEach, subscribersRead, userRef } from './webhooks';
import type { Statement } from './store/store';
import { mapInOrder } from './in-order';

export interface MemberRow {
  organization_id: string;
  user_id: string;
  role: Role | null;
  disabled: number;
  sso: number;
  joined_at: string;
  last_seen_at: string | null;
  display_name: string;
  email: string;
  photo_url: string | null;
  team_count: number;
  site_count: number;
}

/** Columns and joins that every member query shares, so presenters always get the same row. */
export const MEMBER_FROM = 'members m JOIN users u ON u.id = m.user_id';
export const MEMBER_COLUMNS = `m.*, u.display_name, u.email, u.photo_url,
  (SELECT COUNT(*) FROM team_members tm JOIN teams t ON t.id = tm.team_id
    WHERE tm.user_id = m.user_id AND t.organization_id = m.organization_id) AS team_count,
  (SELECT COUNT(*) FROM sites st WHERE st.organization_id = m.organization_id) AS site_count`;

export async function presentMember(core: Core, row: MemberRow, countSpaces = accessibleSpaceCounter(core, row.organization_id, [row])) {
  return {
    object: 'member' as const,
    id: row.user_id,
    role: row.role,
    user: presentUser(core, { id: row.user_id, display_name: row.display_name, email: row.email, photo_url: row.photo_url }),
    disabled: row.disabled === 1,
    joinedAt: row.joined_at,
    ...(row.last_seen_at ? { lastSeenAt: row.last_seen_at } : {}),
    sso: row.sso === 1,
    spaces: await countSpaces(row.role, row.user_id),
    teams: row.team_count,
    // The sites the member can read: every site of the organization for a role, none for a guest.
    sites: row.role === null ? 0 : Number(row.site_count),
  };
}

export type Member = Awaited<ReturnType<typeof presentMember>>;

// Built once: statements are cached by their text, and a hot path should not rebuild and rehash it.
const MEMBER_BY_ID = `SELECT ${MEMBER_COLUMNS} FROM ${MEMBER_FROM} WHERE m.organization_id = ? AND m.user_id = ?`;

/** One member's row (a PATCH of their role reads it ahead with its BEGIN: `updateReadsAhead`). */
export function memberRowRead(organizationId: string, userId: string): Statement {
  return { sql: MEMBER_BY_ID, args: [organizationId, userId] };
}

export async function memberRow(core: Core, organizationId: string, userId: string): Promise<MemberRow | undefined> {
  const { sql, args } = memberRowRead(organizationId, userId);
  return await core.get<MemberRow>(sql, args);
}

/** A member's row with the count of spaces their role gives them (`space_count`): all `get` answers, in one statement. */
const MEMBER_COUNTED_BY_ID = `SELECT ${MEMBER_COLUMNS}, ${spaceCountOf('m')} AS space_count FROM ${MEMBER_FROM} WHERE m.organization_id = ? AND m.user_id = ?`;

/** The row of a member, or 404. */
function found<T>(row: T | undefined, organizationId: string, userId: string): T {
  if (!row) throw notFound(`member ${userId} not found in organization ${organizationId}`);
  return row;
}

async function requireMemberRow(core: Core, organizationId: string, userId: string): Promise<MemberRow> {
  return found(await memberRow(core, organizationId, userId), organizationId, userId);
}

/** Refuses a change that would leave the organization without an active admin (409). */
export async function assertKeepsAdmin(core: Core, organizationId: string, userId: string, action: string): Promise<void> {
  const others = (await core.get<{ n: number }>(
    "SELECT COUNT(*) AS n FROM members WHERE organization_id = ? AND role = 'admin' AND disabled = 0 AND user_id <> ?",
    [organizationId, userId],
  ))!.n;
  if (others === 0) throw conflict(`cannot ${action}: the organization must keep at least one admin`);
}

/**
 * For the hint after a refusal in local mode (context.ts): the user's role in the organization (or in
 * their only one; `undefined` when that is not one organization), and a few of its active admins
 * besides them, by e-mail. No access check: local mode holds the whole database already.
 */
export async function roleAndAdmins(core: Core, userId: string, organizationId?: string): Promise<{ role?: Role | null; admins: string[] }> {
  const memberships = await core.all<{ organization_id: string; role: Role | null }>(
    `SELECT organization_id, role FROM members WHERE user_id = ?${organizationId ? ' AND organization_id = ?' : ''}`,
    organizationId ? [userId, organizationId] : [userId],
  );
  if (memberships.length !== 1) return { admins: [] };
  const admins = await core.all<{ email: string }>(
    `SELECT u.email FROM ${MEMBER_FROM} WHERE m.organization_id = ? AND m.role = 'admin' AND m.disabled = 0 AND m.user_id <> ? ORDER BY m.joined_at, u.email LIMIT 3`,
    [memberships[0].organization_id, userId],
  );
  return { role: memberships[0].role, admins: admins.map((a) => a.email) };
}

/** The teams (id and title, by title) of some members of an organization, in one query. */
async function teamTitlesOf(core: Core, organizationId: string, userIds: string[]): Promise<Map<string, { id: string; title: string }[]>> {
  const rows = userIds.length
    ? await core.all<{ user_id: string; id: string; title: string }>(
        `SELECT tm.user_id, t.id, t.title FROM team_members tm JOIN teams t ON t.id = tm.team_id
         WHERE t.organization_id = ? AND tm.user_id IN (SELECT value FROM json_each(?)) ORDER BY t.title, t.id`,
        [organizationId, JSON.stringify(userIds)],
      )
    : [];
  const byUser = new Map<string, { id: string; title: string }[]>();
  for (const row of rows) {
    if (!byUser.has(row.user_id)) byUser.set(row.user_id, []);
    byUser.get(row.user_id)!.push({ id: row.id, title: row.title });
  }
  return byUser;
}

/** E-mails compare ignoring the case of ASCII letters, as SQLite's NOCASE and PostgreSQL's lower() in the C locale do. */
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
const LOOKUP_BATCH = 500;

/** Members of an organization named by id or e-mail, read in batches: entry as given → its row. */
async function memberRowsOf(core: Core, organizationId: string, entries: string[]): Promise<Map<string, MemberRow>> {
  const emails = [...new Set(entries.filter((e) => e.includes('@')).map(asciiLower))];
  const userIds = [...new Set(entries.filter((e) => !e.includes('@')))];
  const byEmail = new Map<string, MemberRow>();
  const byId = new Map<string, MemberRow>();
  for (let i = 0; i < emails.length; i += LOOKUP_BATCH) {
    for (const row of await core.all<MemberRow>(
      `SELECT ${MEMBER_COLUMNS} FROM ${MEMBER_FROM} WHERE m.organization_id = ? AND lower(u.email) IN (SELECT value FROM json_each(?))`,
      [organizationId, JSON.stringify(emails.slice(i, i + LOOKUP_BATCH))],
    )) byEmail.set(asciiLower(row.email), row);
  }
  for (let i = 0; i < userIds.length; i += LOOKUP_BATCH) {
    for (const row of await core.all<MemberRow>(
      `SELECT ${MEMBER_COLUMNS} FROM ${MEMBER_FROM} WHERE m.organization_id = ? AND m.user_id IN (SELECT value FROM json_each(?))`,
      [organizationId, JSON.stringify(userIds.slice(i, i + LOOKUP_BATCH))],
    )) byId.set(row.user_id, row);
  }
  const rows = new Map<string, MemberRow>();
  for (const entry of entries) {
    const row = entry.includes('@') ? byEmail.get(asciiLower(entry)) : byId.get(entry);
    if (row) rows.set(entry, row);
  }
  return rows;
}

/** A few entries of a refusal, quoted, and how many more there are. */
function some(entries: string[]): string {
  return `${entries.slice(0, 10).join('; ')}${entries.length > 10 ? `; and ${entries.length - 10} more` : ''}`;
}

export interface MemberListQuery extends PageRequest {
  /** `guest`: the members without a role (docsctl's addition to the filter). */
  role?: RoleOrGuest;
  search?: string;
  sort?: 'joinedAt' | 'lastSeenAt';
  order?: 'asc' | 'desc';
  /** `teams`: each member also gets `teamTitles`, read for the whole page in one query. */
  expand?: 'teams';
}

export function membersModule(core: Core) {
  return {
    async list(actor: Actor, organizationId: string, query: MemberListQuery) {
      await requireRight(core, actor, organizationId, 'listMembers');
      const sort = query.sort ?? 'joinedAt';
      const column = sort === 'lastSeenAt' ? 'm.last_seen_at' : 'm.joined_at';
      const where = ['m.organization_id = ?'];
      const args: unknown[] = [organizationId];
      if (query.role === 'guest') where.push('m.role IS NULL');
      else if (query.role) {
        where.push('m.role = ?');
        args.push(query.role);
      }
      if (query.search) {
        where.push("(u.display_name LIKE ? ESCAPE '\\' OR u.email LIKE ? ESCAPE '\\')");
        args.push(likePattern(query.search), likePattern(query.search));
      }
      if (sort === 'lastSeenAt') where.push('m.last_seen_at IS NOT NULL');
      const page = await keysetPage<MemberRow, Member>(
        core,
        {
          listing: `members:${sort}:${query.order ?? 'desc'}`,
          from: MEMBER_FROM,
          columns: MEMBER_COLUMNS,
          where,
          args,
          orderBy: [column, 'm.user_id'],
          direction: query.order ?? 'desc',
          keyOf: (row) => [sort === 'lastSeenAt' ? row.last_seen_at : row.joined_at, row.user_id],
          present: async (row) => await presentMember(core, row),
          // The page's space counts in two queries (members with a role, guests), not one per member.
          presentPage: async (rows) => {
            const countSpaces = accessibleSpaceCounter(core, organizationId, rows);
            return await mapInOrder(rows, async (row) => await presentMember(core, row, countSpaces));
          },
        },
        query,
      );
      if (query.expand !== 'teams') return page;
      const titles = await teamTitlesOf(core, organizationId, page.items.map((m) => m.id));
      return { ...page, items: page.items.map((m) => ({ ...m, teamTitles: titles.get(m.id) ?? [] })) };
    },

    /** Members with a role see anyone; a guest sees only their own membership. */
    async get(actor: Actor, organizationId: string, userId: string): Promise<Member> {
      if (userId === actor.userId) await requireMember(core, actor, organizationId);
      else await requireRight(core, actor, organizationId, 'listMembers');
      // Remembered until the database changes: reading one member is the hottest request of a server.
      const row = found(await core.remember(`member:${organizationId}:${userId}`, async () =>
        await core.get<MemberRow & { space_count: number }>(MEMBER_COUNTED_BY_ID, [...spaceCountArgs(organizationId), organizationId, userId]), organizationId), organizationId, userId);
      return await presentMember(core, row, async () => Number(row.space_count));
    },

    async update(actor: Actor, organizationId: string, userId: string, patch: { role?: Role | null }): Promise<Member> {
      await requireRight(core, actor, organizationId, 'admin');
      return await core.write(async () => {
        const row = await requireMemberRow(core, organizationId, userId);
        if (patch.role === undefined || patch.role === row.role) return await presentMember(core, row);
        if (row.role === 'admin') await assertKeepsAdmin(core, organizationId, userId, `change the role of ${row.email}`);
        // Nothing below reads the role back: on PostgreSQL it goes with the COMMIT.
        await core.runAtCommit('UPDATE members SET role = ? WHERE organization_id = ? AND user_id = ?', [patch.role, organizationId, userId]);
        const user = { id: row.user_id, displayName: row.display_name, email: row.email };
        await emit(core, organizationId, 'member_role_updated', { member: { ...user, role: patch.role }, previousRole: row.role, updatedBy: actor.userId });
        // The row as read, with its new role: nothing else of it changes, and no other write of the
        // organization runs meanwhile (one round trip less a PATCH on PostgreSQL).
        return await presentMember(core, { ...row, role: patch.role });
      });
    },

    /**
     * What `update` reads before it writes (the app sends them with its BEGIN): the member's row, the
     * webhooks told of it, and the count of spaces the answer gives for the new role.
     */
    updateReadsAhead(organizationId: string, userId: string, patch: { role?: Role | null }): Statement[] {
      return [
        memberRowRead(organizationId, userId), subscribersRead(organizationId),
        ...(patch.role === undefined ? [] : [spaceCountRead(organizationId, patch.role, userId)]),
      ];
    },

    /**
     * docsctl's `PATCH …/members`: the roles of several members (by id or e-mail) in one transaction.
     * Every entry is checked before anything changes; an organization left without an active admin
     * refuses the whole set (409). Answers every listed member as they are after the change, in order.
     */
    async updateMany(actor: Actor, organizationId: string, changes: { user: string; role: Role | null }[]) {
      await requireRight(core, actor, organizationId, 'admin');
      return await core.write(async () => {
        const rows = await memberRowsOf(core, organizationId, changes.map((c) => c.user));
        const problems: string[] = [];
        const firstOf = new Map<string, number>();
        changes.forEach((change, i) => {
          const row = rows.get(change.user);
          if (!row) problems.push(`members[${i}].user: ${JSON.stringify(change.user)} is not a member of the organization`);
          else if (firstOf.has(row.user_id)) problems.push(`members[${i}].user: the same member as members[${firstOf.get(row.user_id)}]`);
          else firstOf.set(row.user_id, i);
        });
        if (problems.length) throw invalid(some(problems));
        const changed = changes.filter((change) => change.role !== rows.get(change.user)!.role);
        const demotedAdmins = changed.map((change) => rows.get(change.user)!).filter((row) => row.role === 'admin').map((row) => row.email);
        // One UPDATE a role, sent at once, and the events with the subscribers read once: on PostgreSQL
        // 1,000 changes cost the round trips of 10 (issue 59).
        const byRole = new Map<Role | null, string[]>();
        for (const change of changed) {
          if (!byRole.has(change.role)) byRole.set(change.role, []);
          byRole.get(change.role)!.push(rows.get(change.user)!.user_id);
        }
        if (byRole.size) {
          await core.runMany([...byRole].map(([role, userIds]) => ({
            sql: 'UPDATE members SET role = ? WHERE organization_id = ? AND user_id IN (SELECT value FROM json_each(?))',
            args: [role, organizationId, JSON.stringify(userIds)],
          })));
        }
        await emitEach(core, organizationId, 'member_role_updated', changed.map((change) => {
          const row = rows.get(change.user)!;
          return { member: { id: row.user_id, displayName: row.display_name, email: row.email, role: change.role }, previousRole: row.role, updatedBy: actor.userId };
        }));
        if (demotedAdmins.length) {
          const admins = (await core.get<{ n: number }>(
            "SELECT COUNT(*) AS n FROM members WHERE organization_id = ? AND role = 'admin' AND disabled = 0",
            [organizationId],
          ))!.n;
          if (admins === 0) {
            throw conflict(`cannot change the role of ${demotedAdmins.join(', ')}: the organization must keep at least one admin (nothing was changed)`);
          }
        }
        // Every member's row again, in batches, and their counts of spaces in a few statements for all.
        const after = await memberRowsOf(core, organizationId, changes.map((change) => rows.get(change.user)!.user_id));
        const countSpaces = accessibleSpaceCounter(core, organizationId, [...after.values()]);
        const items = await mapInOrder(changes, async (change) => await presentMember(core, after.get(rows.get(change.user)!.user_id)!, countSpaces));
        return { count: items.length, items };
      });
    },

    /** Admins remove anyone; any member may remove themselves (leave). Not a member: nothing to do. */
    async remove(actor: Actor, organizationId: string, userId: string): Promise<void> {
      const { role } = await requireMember(core, actor, organizationId);
      if (role !== 'admin' && userId !== actor.userId) {
        throw forbidden('you are not allowed to remove other members (admin role required)');
      }
      await core.write(async () => {
        const row = await memberRow(core, organizationId, userId);
        if (!row) return;
        if (row.role === 'admin') await assertKeepsAdmin(core, organizationId, userId, `remove ${row.email}`);
        await core.run(
          'DELETE FROM team_members WHERE user_id = ? AND team_id IN (SELECT id FROM teams WHERE organization_id = ?)',
          [userId, organizationId],
        );
        await core.run(
          "DELETE FROM space_permissions WHERE principal_type = 'user' AND principal_id = ? AND space_id IN (SELECT id FROM spaces WHERE organization_id = ?)",
          [userId, organizationId],
        );
        await core.run('DELETE FROM members WHERE organization_id = ? AND user_id = ?', [organizationId, userId]);
        await emit(core, organizationId, 'member_removed', async () => ({ member: { ...await userRef(core, userId), role: row.role }, removedBy: actor.userId }));
      });
    },

    /** Records the caller's last-seen time and hands out a visitor JWT for visitor-auth content. */
    async ping(actor: Actor, organizationId: string) {
      await requireMember(core, actor, organizationId);
      const now = core.clock.now();
      await core.write(async () =>
        await core.run('UPDATE members SET last_seen_at = ? WHERE organization_id = ? AND user_id = ?', [
          now.toISOString(), organizationId, actor.userId,
        ]),
      );
      const iat = Math.floor(now.getTime() / 1000);
      const token = signJwt({ sub: actor.userId, org: organizationId, iat, exp: iat + 3600 }, await signingSecret(core));
      return { serviceVisitorClaims: token, gitbookVisitorClaims: token };
    },

    /** Makes the member an SSO member: they sign in through the organization's SAML provider. */
    async enableSso(actor: Actor, organizationId: string, userId: string): Promise<Member> {
      await requireRight(core, actor, organizationId, 'admin');
      return await core.write(async () => {
        await requireMemberRow(core, organizationId, userId);
        const provider = await core.get('SELECT 1 FROM saml_providers WHERE organization_id = ? LIMIT 1', [organizationId]);
        if (!provider) throw conflict('the organization has no SAML provider: create one before moving members to SSO');
        await core.run('UPDATE members SET sso = 1 WHERE organization_id = ? AND user_id = ?', [organizationId, userId]);
        return await presentMember(core, await requireMemberRow(core, organizationId, userId));
      });
    },

  };
}
