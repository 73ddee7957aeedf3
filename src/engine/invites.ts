import type { Actor, Core } from './core';
import { conflict, invalid, notFound } from './errors';
import { requireRight } from './access';
import { keysetPage, type PageRequest } from './pagination';
import { organizationRow } from './organizations';
import { newUserRow, type UserRow } from './users';
import { emitEach } from './webhooks';
import { insertRows } from './insert-rows';
import { rankOf, type Role } from '../domain/roles';

interface InviteRow {
  id: string;
  organization_id: string;
  role: Role | null;
  level: Role | null;
  space_id: string | null;
  collection_id: string | null;
  created_at: string;
  org_default_role: Role | null;
}

export type LinkInviteInput = { role: Role } | { level: Role; space: string } | { level: Role; collection: string };

function presentInvite(core: Core, row: InviteRow) {
  const base = `/orgs/${row.organization_id}/link-invites/${row.id}`;
  return {
    object: 'invite' as const,
    id: row.id,
    role: row.role ?? row.level!,
    // Redundant: the organization's default role already grants everything the invite would.
    redundant: row.role != null && row.org_default_role != null && rankOf(row.org_default_role) >= rankOf(row.role),
    ...(row.space_id ? { level: row.level!, space: row.space_id } : {}),
    ...(row.collection_id ? { level: row.level!, collection: row.collection_id } : {}),
    createdAt: row.created_at,
    urls: { location: core.apiUrl(base), app: core.appUrl(`/invite/${row.organization_id}/${row.id}`) },
  };
}

export type Invite = ReturnType<typeof presentInvite>;

const INVITE_COLUMNS = 'i.*, o.default_role AS org_default_role';
const INVITE_FROM = 'invites i JOIN organizations o ON o.id = i.organization_id';
const INVITE_BY_ID = `SELECT ${INVITE_COLUMNS} FROM ${INVITE_FROM} WHERE i.id = ? AND i.organization_id = ?`;

export function invitesModule(core: Core) {
  async function row(organizationId: string, inviteId: string): Promise<InviteRow> {
    const found = await core.get<InviteRow>(INVITE_BY_ID, [
      inviteId, organizationId,
    ]);
    if (!found) throw notFound(`invite ${inviteId} not found in organization ${organizationId}`);
    return found;
  }

  return {
    async createLink(actor: Actor, organizationId: string, input: LinkInviteInput): Promise<Invite> {
      await requireRight(core, actor, organizationId, 'admin');
      return await core.write(async () => {
        if ((await organizationRow(core, organizationId)).invite_links !== 1) {
          throw conflict('invite links are disabled for this organization (set inviteLinks: true first)');
        }
        // Spaces and collections arrive with their own feature; until then no id can name one.
        if ('space' in input) throw invalid(`space: no space ${input.space} in this organization`);
        if ('collection' in input) throw invalid(`collection: no collection ${input.collection} in this organization`);
        const id = core.newId();
        await core.run('INSERT INTO invites (id, organization_id, role, created_by, created_at) VALUES (?, ?, ?, ?, ?)', [
          id, organizationId, input.role, actor.userId, core.now(),
        ]);
        return presentInvite(core, await row(organizationId, id));
      });
    },

    async list(actor: Actor, organizationId: string, page: PageRequest) {
      await requireRight(core, actor, organizationId, 'admin');
      return await keysetPage<InviteRow, Invite>(
        core,
        {
          listing: 'invites',
          from: INVITE_FROM,
          columns: INVITE_COLUMNS,
          where: ['i.organization_id = ?'],
          args: [organizationId],
          orderBy: ['i.created_at', 'i.id'],
          direction: 'asc',
          keyOf: (r) => [r.created_at, r.id],
          present: (r) => presentInvite(core, r),
        },
        page,
      );
    },

    async get(actor: Actor, organizationId: string, inviteId: string): Promise<Invite> {
      await requireRight(core, actor, organizationId, 'admin');
      return presentInvite(core, await row(organizationId, inviteId));
    },

    async update(actor: Actor, organizationId: string, inviteId: string, patch: { role: Role }): Promise<Invite> {
      await requireRight(core, actor, organizationId, 'admin');
      return await core.write(async () => {
        const current = await row(organizationId, inviteId);
        if (current.role != null) await core.run('UPDATE invites SET role = ? WHERE id = ?', [patch.role, inviteId]);
        else await core.run('UPDATE invites SET level = ? WHERE id = ?', [patch.role, inviteId]);
        return presentInvite(core, await row(organizationId, inviteId));
      });
    },

    async remove(actor: Actor, organizationId: string, inviteId: string): Promise<void> {
      await requireRight(core, actor, organizationId, 'admin');
      await core.write(async () => {
        await row(organizationId, inviteId);
        await core.run('DELETE FROM invites WHERE id = ?', [inviteId]);
      });
    },

    /**
     * Invites people by e-mail. This instance sends no mail, so accounts and memberships are created
     * directly; people already members keep their role.
     */
    async byEmail(actor: Actor, organizationId: string, input: { emails: string[]; role?: Role | null }) {
      await requireRight(core, actor, organizationId, 'admin');
      return await core.write(async () => await inviteByEmail(core, organizationId, input.emails, input.role));
    },
  };
}

/**
 * Makes the people of `emails` members of the organization, within the caller's transaction: an account
 * is created for an address that has none; people already members keep their role and do not count in
 * `invited`. `role` undefined is the organization's default role, else `read`; `null` a guest. The
 * caller checks the right to invite (admin).
 */
export async function inviteByEmail(core: Core, organizationId: string, emails: string[], role?: Role | null): Promise<{ users: string[]; invited: number }> {
  const org = await organizationRow(core, organizationId);
  const granted = role !== undefined ? role : (org.default_role ?? 'read');
  const now = core.now();
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()))];
  if (!wanted.length) return { users: [], invited: 0 };
  // A few statements whatever the count of addresses (issue 59: on PostgreSQL each is a round trip):
  // the accounts that exist, those to create, who is a member already, the new members and their events.
  const known = new Map((await core.all<UserRow>('SELECT * FROM users WHERE lower(email) IN (SELECT value FROM json_each(?))', [JSON.stringify(wanted)]))
    .map((row) => [row.email.toLowerCase(), row]));
  const created = wanted.filter((email) => !known.has(email)).map((email) => newUserRow(core, { email }));
  await insertRows(core, 'INSERT INTO users (id, display_name, email, photo_url, created_at)', created.map((row) => [row.id, row.display_name, row.email, row.photo_url, row.created_at]));
  for (const row of created) known.set(row.email, row);
  const users = wanted.map((email) => known.get(email)!);
  const members = new Set((await core.all<{ user_id: string }>(
    'SELECT user_id FROM members WHERE organization_id = ? AND user_id IN (SELECT value FROM json_each(?))',
    [organizationId, JSON.stringify(users.map((user) => user.id))],
  )).map((row) => row.user_id));
  const added = users.filter((user) => !members.has(user.id));
  await insertRows(core, 'INSERT INTO members (organization_id, user_id, role, joined_at)', added.map((user) => [organizationId, user.id, granted, now]), ' ON CONFLICT DO NOTHING');
  await emitEach(core, organizationId, 'member_added', added.map((user) => ({ member: { id: user.id, displayName: user.display_name, email: user.email, role: granted } })));
  return { users: users.map((user) => user.id), invited: added.length };
}
