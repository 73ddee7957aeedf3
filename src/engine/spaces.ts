import type { Actor, Core } from './core';
import { forbidden, invalid, notFound } from './errors';
import { membershipOf, requireMember, requireRight } from './access';
import { keysetPage, type PageRequest } from './pagination';
import { COLLECTION_LEVELS, DEFAULT_RANK, SPACE_RANK, collectionLevels, rankArgs, roleOfRank, spacePlaceRead, spaceRank } from './space-access';
import { nextPosition, nextPositionRead, placeItem, type PositionInput } from './positions';
import { presentUser } from './users';
import { loadState, saveRevision } from './content/state';
import { setSpaceRevision } from './content/space-revision';
import { emitSpaceEvent, emitSpaceEventOf, subscribersRead } from './webhooks';
import type { Role } from '../domain/roles';
import type { Statement } from './store/store';

export const RETENTION_DAYS = 7;

/** Whether `parent` is a collection of the organization (a new space reads it ahead with its BEGIN). */
function parentRead(organizationId: string, parent: string): Statement {
  return { sql: 'SELECT 1 FROM collections WHERE id = ? AND organization_id = ?', args: [parent, organizationId] };
}
const RETENTION_MS = RETENTION_DAYS * 86_400_000;

import type { Visibility } from '../domain/values';

export interface SpaceRow {
  id: string;
  organization_id: string;
  parent_id: string | null;
  title: string;
  emoji: string;
  visibility: Visibility;
  edit_mode: 'live' | 'locked';
  default_level: Role | null;
  revision_id: string;
  position: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  deleted_by: string | null;
  caller_rank: number;
  deleted_by_name: string | null;
  deleted_by_email: string | null;
  cr_total: number;
  cr_open: number;
  cr_draft: number;
  comments_open: number;
}

/** Space columns with the caller's rank (`rank`, SPACE_RANK by default); parameters: the rank's, then the organization id (for `cl`). */
const spaceColumns = (rank: string) => `s.*, ${rank} AS caller_rank, d.display_name AS deleted_by_name, d.email AS deleted_by_email,
  (SELECT COUNT(*) FROM change_requests c WHERE c.space_id = s.id) AS cr_total,
  (SELECT COUNT(*) FROM change_requests c WHERE c.space_id = s.id AND c.status = 'open') AS cr_open,
  (SELECT COUNT(*) FROM change_requests c WHERE c.space_id = s.id AND c.status = 'draft') AS cr_draft,
  (SELECT COUNT(*) FROM comments m WHERE m.space_id = s.id AND m.root_key = '' AND m.status = 'open') AS comments_open`;
const SPACE_COLUMNS = spaceColumns(SPACE_RANK);
const SPACE_JOINS = `LEFT JOIN ${COLLECTION_LEVELS} cl ON cl.id = s.parent_id LEFT JOIN users d ON d.id = s.deleted_by`;
const SPACE_FROM = `spaces s ${SPACE_JOINS}`;

export function spacePermissions(rank: number) {
  return {
    view: rank >= 1,
    access: rank >= 1,
    admin: rank >= 6,
    viewInviteLinks: rank >= 6,
    edit: rank >= 3,
    triggerGitSync: rank >= 3,
    comment: rank >= 2,
    merge: rank >= 4,
    review: rank >= 4,
    // docsctl has no integrations: nobody may install one.
    installIntegration: false,
  };
}

export function presentSpace(core: Core, row: SpaceRow) {
  const app = core.appUrl(`/s/${row.id}`);
  return {
    object: 'space' as const,
    id: row.id,
    title: row.title,
    emoji: row.emoji,
    visibility: row.visibility,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...(row.deleted_at ? { deletedAt: row.deleted_at } : {}),
    ...(row.deleted_by && row.deleted_by_email
      ? { deletedBy: presentUser(core, { id: row.deleted_by, display_name: row.deleted_by_name ?? row.deleted_by_email, email: row.deleted_by_email, photo_url: null }) }
      : {}),
    editMode: row.edit_mode,
    urls: {
      location: core.apiUrl(`/spaces/${row.id}`),
      app,
      published: `${core.publicUrl}/o/${row.organization_id}/s/${row.id}`,
      public: `${core.publicUrl}/o/${row.organization_id}/s/${row.id}`,
      icon: `${core.publicUrl}/icons/spaces/${row.id}`,
    },
    organization: row.organization_id,
    ...(row.parent_id ? { parent: row.parent_id } : {}),
    revision: row.revision_id,
    defaultLevel: row.default_level,
    // Open comments on the space's own content (a change request counts its own).
    comments: row.comments_open,
    changeRequests: row.cr_total,
    changeRequestsOpen: row.cr_open,
    changeRequestsDraft: row.cr_draft,
    // A space follows its organization's merge rules, which are none (docs/decisions.md).
    mergeRules: { type: 'inherit' as const },
    permissions: spacePermissions(row.caller_rank),
  };
}

export type Space = ReturnType<typeof presentSpace>;

export interface SpaceCreate {
  title?: string;
  emoji?: string;
  parent?: string;
  editMode?: 'live' | 'locked';
}

export interface SpacePatch {
  title?: string;
  emoji?: string;
  editMode?: 'live' | 'locked';
  defaultLevel?: Role | null;
  visibility?: Visibility;
}

/** A space row with a user's rank on it, deleted or not. */
export async function spaceRowFor(core: Core, organizationRole: Role | null, userId: string, spaceId: string, organizationId: string) {
  return await core.get<SpaceRow>(`SELECT ${SPACE_COLUMNS} FROM ${SPACE_FROM} WHERE s.id = ?`, [...rankArgs(organizationRole, userId), organizationId, spaceId]);
}

/**
 * A space with the rank on it of a member of `organizationId`, whose membership the same statement
 * reads: no row when they are not a member (nor disabled). Every space write reads the caller's ahead
 * with its BEGIN (write-reads.ts).
 */
const MEMBER_SPACE_BY_ID = `SELECT ${spaceColumns(spaceRank('mb.role'))}
  FROM members mb JOIN spaces s ON s.id = ? ${SPACE_JOINS}
  WHERE mb.organization_id = ? AND mb.user_id = ? AND mb.disabled = 0`;

export function memberSpaceRead(userId: string, spaceId: string, organizationId: string): Statement {
  return { sql: MEMBER_SPACE_BY_ID, args: [userId, userId, spaceId, organizationId, organizationId, userId] };
}

/**
 * MEMBER_SPACE_BY_ID for the user of a token (by its hash) in the space's own organization: what a
 * request to a space reads with its change versions (tokens.ts, `readsAlongside`), remembered then as
 * `rowIn` would remember it. No row when the token is unknown or its user is no member there.
 */
const TOKEN_SPACE_BY_ID = `SELECT ${spaceColumns(spaceRank('mb.role', 'tk.user_id'))}
  FROM api_tokens tk JOIN members mb ON mb.user_id = tk.user_id JOIN spaces s ON s.id = ? AND s.organization_id = mb.organization_id
  LEFT JOIN ${collectionLevels('(SELECT organization_id FROM spaces WHERE id = ?)')} cl ON cl.id = s.parent_id LEFT JOIN users d ON d.id = s.deleted_by
  WHERE tk.token_hash = ? AND tk.revoked_at IS NULL AND mb.disabled = 0`;

export function tokenSpaceRead(digest: string, spaceId: string): Statement {
  return { sql: TOKEN_SPACE_BY_ID, args: [spaceId, spaceId, digest] };
}

/** What `rowIn` remembers the space as the user sees it under, and `visible` the space's organization. */
export const spaceRowKey = (spaceId: string, userId: string) => `space-row:${spaceId}:${userId}`;
export const spaceOrganizationKey = (spaceId: string) => `space-organization:${spaceId}`;

export function spacesModule(core: Core) {
  const raw = async (spaceId: string) => {
    const { sql, args } = spacePlaceRead(spaceId);
    return await core.get<{ organization_id: string; deleted_at: string | null }>(sql, args);
  };

  /**
   * The space as the caller sees it in `organizationId`, if it is there: remembered until that
   * organization's version moves (every write of a space's row, its permissions, its collections or
   * the caller's teams and role is one of its organization's).
   */
  async function rowIn(actor: Actor, spaceId: string, organizationId: string): Promise<SpaceRow | undefined> {
    const row = await core.remember(spaceRowKey(spaceId, actor.userId), async () => {
      const { sql, args } = memberSpaceRead(actor.userId, spaceId, organizationId);
      return await core.get<SpaceRow>(sql, args) ?? null;
    }, organizationId);
    return row?.organization_id === organizationId ? row : undefined;
  }

  /** The space as the caller sees it: 404 when it is deleted, unknown, or not visible to them. */
  async function visible(actor: Actor, spaceId: string, options: { deleted?: boolean } = {}): Promise<SpaceRow> {
    // Its organization, remembered until the instance's version moves. A transfer, a write of its two
    // organizations alone, may have moved it since: then the row is not found there and read again.
    const remembered = await core.remember(spaceOrganizationKey(spaceId), async () => (await raw(spaceId))?.organization_id ?? null);
    let row = remembered === null ? undefined : await rowIn(actor, spaceId, remembered);
    if (!row) {
      const found = await raw(spaceId);
      if (found && found.organization_id !== remembered) row = await rowIn(actor, spaceId, found.organization_id);
    }
    if (!row || row.caller_rank < 1 || (row.deleted_at !== null && !options.deleted)) throw notFound(`space ${spaceId} not found`);
    return row;
  }

  function requireRank(row: SpaceRow, rank: number, what: string): void {
    if (row.caller_rank < rank) throw forbidden(`you are not allowed to ${what} (${roleOfRank(rank)} role on the space required)`);
  }

  async function checkParent(organizationId: string, parent: string | null | undefined): Promise<void> {
    if (!parent) return;
    const { sql, args } = parentRead(organizationId, parent);
    if (!await core.get(sql, args)) {
      throw invalid(`parent: no collection ${parent} in this organization`);
    }
  }

  async function reload(actor: Actor, spaceId: string): Promise<Space> {
    return presentSpace(core, await visible(actor, spaceId, { deleted: true }));
  }

  const module = {
    visible,
    requireRank,

    async create(actor: Actor, organizationId: string, input: SpaceCreate): Promise<Space> {
      const { role } = await requireRight(core, actor, organizationId, 'createContent');
      return await core.write(async () => {
        await checkParent(organizationId, input.parent);
        const now = core.now();
        const row: SpaceRow = {
          id: core.newId(), organization_id: organizationId, parent_id: input.parent ?? null, title: input.title ?? 'Untitled', emoji: input.emoji ?? '',
          visibility: input.parent ? 'in-collection' : 'private', edit_mode: input.editMode ?? 'live', default_level: null, revision_id: core.newId(),
          position: await nextPosition(core, organizationId, input.parent ?? null), created_by: actor.userId, created_at: now, updated_at: now,
          deleted_at: null, deleted_by: null, deleted_by_name: null, deleted_by_email: null, cr_total: 0, cr_open: 0, cr_draft: 0, comments_open: 0,
          // Its creator administers it: organization admins administer every space, anyone else is granted it below.
          caller_rank: 6,
        };
        // Its event first, while the webhooks read ahead still answer (on PostgreSQL its deliveries go
        // with the COMMIT); then the rows, sent at once; the answer is the row as written (no other
        // write of the organization runs meanwhile).
        await emitSpaceEventOf(core, organizationId, row, 'space_created', { createdBy: actor.userId });
        await core.runMany([
          {
            sql: `INSERT INTO spaces (id, organization_id, parent_id, title, emoji, visibility, edit_mode, revision_id, position, created_by, created_at, updated_at)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            args: [row.id, organizationId, row.parent_id, row.title, row.emoji, row.visibility, row.edit_mode, row.revision_id, row.position, actor.userId, now, now],
          },
          { sql: 'INSERT INTO revisions (id, space_id, created_at) VALUES (?, ?, ?)', args: [row.revision_id, row.id, now] },
          ...(role === 'admin' ? [] : [{ sql: "INSERT INTO space_permissions (space_id, principal_type, principal_id, role, granted_at) VALUES (?, 'user', ?, 'admin', ?)", args: [row.id, actor.userId, now] }]),
        ]);
        return presentSpace(core, row);
      });
    },

    /** What `create` reads before it writes (the app sends them with its BEGIN): the parent, the new space's position, the webhooks. */
    createReadsAhead(organizationId: string, input: SpaceCreate): Statement[] {
      return [...(input.parent ? [parentRead(organizationId, input.parent)] : []), nextPositionRead(organizationId, input.parent ?? null), subscribersRead(organizationId)];
    },

    async list(actor: Actor, organizationId: string, query: PageRequest & { deleted?: boolean }) {
      const { role } = await requireMember(core, actor, organizationId);
      const args = rankArgs(role, actor.userId);
      if (query.deleted) {
        if (role !== 'admin') throw forbidden('you are not allowed to list deleted spaces (admin role required)');
        const since = new Date(core.clock.now().getTime() - RETENTION_MS).toISOString();
        return await keysetPage<SpaceRow, Space>(core, {
          listing: 'spaces:deleted',
          from: SPACE_FROM,
          columns: SPACE_COLUMNS,
          columnArgs: args,
          where: ['s.organization_id = ?', 's.deleted_at IS NOT NULL', 's.deleted_at > ?'],
          args: [organizationId, organizationId, since],
          orderBy: ['s.deleted_at', 's.id'],
          direction: 'desc',
          keyOf: (row) => [row.deleted_at, row.id],
          present: (row) => presentSpace(core, row),
        }, query);
      }
      return await keysetPage<SpaceRow, Space>(core, {
        listing: 'spaces',
        from: SPACE_FROM,
        columns: SPACE_COLUMNS,
        columnArgs: args,
        // Admins see every space: no per-row rank to compute, which keeps large listings fast.
        where: ['s.organization_id = ?', 's.deleted_at IS NULL', ...(role === 'admin' ? [] : [`${SPACE_RANK} >= 1`])],
        args: [organizationId, organizationId, ...(role === 'admin' ? [] : args)],
        // Root spaces first, then each collection's, each group in its order.
        orderBy: ['s.parent_key', 's.position', 's.id'],
        direction: 'asc',
        keyOf: (row) => [row.parent_id ?? '', row.position, row.id],
        present: (row) => presentSpace(core, row),
      }, query);
    },

    /** Spaces directly in a collection, in their order, as the caller may see them. */
    async listInCollection(actor: Actor, collectionId: string, query: PageRequest) {
      const organizationId = (await core.get<{ organization_id: string }>('SELECT organization_id FROM collections WHERE id = ?', [collectionId]))?.organization_id;
      const membership = organizationId && await membershipOf(core, organizationId, actor.userId);
      if (!organizationId || !membership) throw notFound(`collection ${collectionId} not found`);
      const { role } = membership;
      const args = rankArgs(role, actor.userId);
      return await keysetPage<SpaceRow, Space>(core, {
        listing: `collection-spaces:${collectionId}`,
        from: SPACE_FROM,
        columns: SPACE_COLUMNS,
        columnArgs: args,
        where: ['s.parent_id = ?', 's.deleted_at IS NULL', `${SPACE_RANK} >= 1`],
        args: [organizationId, collectionId, ...args],
        orderBy: ['s.position', 's.id'],
        direction: 'asc',
        keyOf: (row) => [row.position, row.id],
        present: (row) => presentSpace(core, row),
      }, query);
    },

    /** Spaces a member can access, with the member's role on each; the spaces as the caller sees them. */
    async ofMember(actor: Actor, organizationId: string, userId: string, query: PageRequest & { order?: 'asc' | 'desc' }) {
      const { role } = await requireRight(core, actor, organizationId, 'listMembers');
      const member = await membershipOf(core, organizationId, userId);
      if (!member) throw notFound(`member ${userId} not found in organization ${organizationId}`);
      // api.md: `order` defaults to desc wherever it is listed.
      const order = query.order ?? 'desc';
      // Only spaces the caller may see too: a space the caller cannot see is never revealed.
      const callerSees = role === 'admin' ? [] : [`${SPACE_RANK} >= 1`];
      return await keysetPage<SpaceRow & { member_rank: number }, { permission: Role; space: Space }>(core, {
        listing: `member-spaces:${order}`,
        from: SPACE_FROM,
        columns: `${SPACE_COLUMNS}, ${SPACE_RANK} AS member_rank`,
        columnArgs: [...rankArgs(role, actor.userId), ...rankArgs(member.role, userId)],
        where: ['s.organization_id = ?', 's.deleted_at IS NULL', `${SPACE_RANK} >= 1`, ...callerSees],
        args: [organizationId, organizationId, ...rankArgs(member.role, userId), ...(role === 'admin' ? [] : rankArgs(role, actor.userId))],
        orderBy: ['s.position', 's.id'],
        direction: order,
        keyOf: (row) => [row.position, row.id],
        present: (row) => ({ permission: roleOfRank(row.member_rank)!, space: presentSpace(core, row) }),
      }, query);
    },

    async get(actor: Actor, spaceId: string): Promise<Space> {
      return presentSpace(core, await visible(actor, spaceId));
    },

    async update(actor: Actor, spaceId: string, patch: SpacePatch): Promise<Space> {
      return await core.write(async () => {
        const row = await visible(actor, spaceId);
        const settings = patch.editMode !== undefined || patch.defaultLevel !== undefined || patch.visibility !== undefined;
        requireRank(row, settings ? 6 : 3, settings ? 'change the settings of this space' : 'edit this space');
        if (patch.visibility === 'in-collection' && !row.parent_id) {
          throw invalid('visibility: "in-collection" is only for spaces in a collection');
        }
        const sets: string[] = [];
        const args: unknown[] = [];
        const columns: [keyof SpacePatch, string][] = [
          ['title', 'title'], ['emoji', 'emoji'], ['editMode', 'edit_mode'], ['defaultLevel', 'default_level'], ['visibility', 'visibility'],
        ];
        const changed: Partial<SpaceRow> = {};
        for (const [field, column] of columns) {
          if (patch[field] === undefined) continue;
          sets.push(`${column} = ?`);
          args.push(patch[field]);
          Object.assign(changed, { [column]: patch[field] });
        }
        if (!sets.length) return await reload(actor, spaceId);
        const now = core.now();
        const update: [string, unknown[]] = [`UPDATE spaces SET ${sets.join(', ')}, updated_at = ? WHERE id = ?`, [...args, now, spaceId]];
        // A title or an emoji changes nothing else of the row, nor anyone's rank: the answer is the row
        // as read with them, and the UPDATE goes with the COMMIT (no round trip of its own on PostgreSQL).
        if (!settings) {
          await core.runAtCommit(...update);
          return presentSpace(core, { ...row, ...changed, updated_at: now });
        }
        await core.run(...update);
        if (patch.visibility !== undefined && patch.visibility !== row.visibility) {
          await emitSpaceEvent(core, spaceId, 'space_visibility_updated', { visibility: patch.visibility, previousVisibility: row.visibility, updatedBy: actor.userId });
        }
        return await reload(actor, spaceId);
      });
    },

    /** Soft delete: restorable for seven days, then purged with everything it owns. */
    async remove(actor: Actor, spaceId: string): Promise<void> {
      await core.write(async () => {
        const row = await visible(actor, spaceId);
        requireRank(row, 6, 'delete this space');
        await core.run('UPDATE spaces SET deleted_at = ?, deleted_by = ? WHERE id = ?', [core.now(), actor.userId, spaceId]);
        await emitSpaceEvent(core, spaceId, 'space_deleted', { deletedBy: actor.userId });
      });
    },

    /** Brings a deleted space back exactly as it was (a no-op for an active one); 404 once purged. */
    /**
     * The space back where it was; `restored` (docsctl's) says whether this call brought it back, or
     * found it not deleted (a no-op 200, so a re-run is harmless and can tell).
     */
    async restore(actor: Actor, spaceId: string): Promise<Space & { restored: boolean }> {
      const restored = await core.write(async (): Promise<(Space & { restored: boolean }) | null> => {
        const row = await visible(actor, spaceId, { deleted: true });
        requireRank(row, 6, 'restore this space');
        if (row.deleted_at === null) return { ...presentSpace(core, row), restored: false };
        // Same boundary as purge() and the deleted listing: at exactly seven days it is gone.
        if (core.clock.now().getTime() - new Date(row.deleted_at).getTime() >= RETENTION_MS) {
          // Purge, and answer 404 once that is committed (throwing here would roll the purge back):
          // its organization's expired spaces, rows of that organization alone (serve scopes a restore to it).
          await module.purge(row.organization_id);
          return null;
        }
        // It goes back to its place (deleting its collection moved it to the end of the root).
        await core.run('UPDATE spaces SET deleted_at = NULL, deleted_by = NULL WHERE id = ?', [spaceId]);
        await emitSpaceEvent(core, spaceId, 'space_restored', { restoredBy: actor.userId });
        return { ...await reload(actor, spaceId), restored: true };
      });
      if (!restored) throw notFound(`space ${spaceId} not found (deleted more than ${RETENTION_DAYS} days ago and purged)`);
      return restored;
    },

    /**
     * Deletes for good the spaces deleted more than seven days ago (of one organization: a space's
     * rows cascade from it, page versions and files stay for their own purge). Returns how many.
     */
    async purge(organizationId?: string): Promise<number> {
      const cutoff = new Date(core.clock.now().getTime() - RETENTION_MS).toISOString();
      const expired = `spaces WHERE deleted_at IS NOT NULL AND deleted_at <= ?${organizationId === undefined ? '' : ' AND organization_id = ?'}`;
      const args = organizationId === undefined ? [cutoff] : [cutoff, organizationId];
      // Every engine start purges: look first, so the common case takes no write lock at all.
      if (!await core.get(`SELECT 1 FROM ${expired} LIMIT 1`, args)) return 0;
      return await core.write(async () => await core.run(`DELETE FROM ${expired}`, args), organizationId);
    },

    async duplicate(actor: Actor, spaceId: string): Promise<Space> {
      return await core.write(async () => {
        const row = await visible(actor, spaceId);
        await requireRight(core, actor, row.organization_id, 'createContent');
        const id = core.newId();
        const now = core.now();
        const title = `${row.title} (copy)`.slice(0, 50);
        await core.run(
          `INSERT INTO spaces (id, organization_id, parent_id, title, emoji, visibility, edit_mode, default_level, revision_id, position, created_by, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [id, row.organization_id, row.parent_id, title, row.emoji, row.visibility, row.edit_mode, row.default_level, 'pending', row.position, actor.userId, now, now],
        );
        // The copy starts from the same content, as a revision of its own.
        const revision = await saveRevision(core, id, await loadState(core, row.revision_id), { parents: [], type: 'edits', createdBy: actor.userId });
        await setSpaceRevision(core, id, revision);
        await core.run('INSERT INTO space_field_values (space_id, field_id, value) SELECT ?, field_id, value FROM space_field_values WHERE space_id = ?', [id, spaceId]);
        await core.run(
          'INSERT INTO space_permissions (space_id, principal_type, principal_id, role, granted_at) SELECT ?, principal_type, principal_id, role, ? FROM space_permissions WHERE space_id = ?',
          [id, now, spaceId],
        );
        await placeItem(core, row.organization_id, row.parent_id, { type: 'space', id }, { after: { type: 'space', space: spaceId } });
        await emitSpaceEvent(core, id, 'space_created', { createdBy: actor.userId, duplicateOf: spaceId });
        return await reload(actor, id);
      });
    },

    async move(actor: Actor, spaceId: string, input: { parent?: string | null; position?: PositionInput }): Promise<Space> {
      return await core.write(async () => {
        const row = await visible(actor, spaceId);
        requireRank(row, 6, 'move this space');
        const parent = input.parent === undefined ? row.parent_id : input.parent;
        await checkParent(row.organization_id, parent);
        if (parent !== row.parent_id) {
          await core.run('UPDATE spaces SET parent_id = ?, updated_at = ? WHERE id = ?', [parent, core.now(), spaceId]);
          if (!parent && row.visibility === 'in-collection') await core.run("UPDATE spaces SET visibility = 'private' WHERE id = ?", [spaceId]);
        }
        await placeItem(core, row.organization_id, parent, { type: 'space', id: spaceId }, input.position);
        return await reload(actor, spaceId);
      });
    },

    /**
     * Moves a space to another organization where the caller is an admin too. It keeps its id, its
     * content and the permissions of users who belong to the target; team permissions (teams belong to
     * an organization) and values of custom fields the target does not define the same way are dropped.
     */
    async transfer(actor: Actor, spaceId: string, input: { organization: string }): Promise<Space> {
      return await core.write(async () => {
        const row = await visible(actor, spaceId);
        requireRank(row, 6, 'transfer this space');
        await requireRight(core, actor, row.organization_id, 'admin');
        await requireRight(core, actor, input.organization, 'admin');
        if (input.organization === row.organization_id) return presentSpace(core, row);
        await transferSpaces(core, [spaceId], row.organization_id, input.organization);
        await core.run(`UPDATE spaces SET organization_id = ?, parent_id = NULL, position = ?, visibility = CASE visibility WHEN 'in-collection' THEN 'private' ELSE visibility END, updated_at = ? WHERE id = ?`, [
          input.organization, await nextPosition(core, input.organization, null), core.now(), spaceId,
        ]);
        return await reload(actor, spaceId);
      });
    },
  };
  return module;
}

/** A member as the space counts need it. */
interface Counted {
  role: Role | null;
  user_id: string;
}

const LIVE_SPACES = `spaces s LEFT JOIN ${COLLECTION_LEVELS} cl ON cl.id = s.parent_id WHERE s.organization_id = ? AND s.deleted_at IS NULL`;
const OPEN_SPACES = `SELECT COUNT(*) AS n FROM ${LIVE_SPACES} AND ${DEFAULT_RANK} >= 1`;
const ALL_SPACES = 'SELECT COUNT(*) AS n FROM spaces WHERE organization_id = ? AND deleted_at IS NULL';

/**
 * How many live spaces of the organization one member can access, as an SQL expression: `of` names
 * the row with their `role` and `user_id`. Its parameters: `spaceCountArgs`.
 */
export function spaceCountOf(of: string): string {
  const granted = grantedSql(`${of}.user_id`, ` AND (${of}.role IS NULL OR ${DEFAULT_RANK} = 0)`);
  return `(CASE WHEN ${of}.role = 'admin' THEN (${ALL_SPACES}) ELSE
    (CASE WHEN ${of}.role IS NULL THEN 0 ELSE (${OPEN_SPACES}) END) + (SELECT COALESCE(SUM(n), 0) FROM (${granted}) per_user) END)`;
}

export const spaceCountArgs = (organizationId: string) => Array<string>(5).fill(organizationId);

const ONE_MEMBERS_SPACES = `SELECT ${spaceCountOf('r')} AS n FROM (SELECT CAST(? AS TEXT) AS role, CAST(? AS TEXT) AS user_id) r`;

/**
 * The count of `spaceCountOf` for a member with `role`, in one statement (its one column `n`): what
 * `accessibleSpaceCounter` runs for one member inside a write, where nothing is remembered; a PATCH of
 * a member's role reads it ahead with its BEGIN.
 */
export function spaceCountRead(organizationId: string, role: Role | null, userId: string): Statement {
  return { sql: ONE_MEMBERS_SPACES, args: [...spaceCountArgs(organizationId), role, userId] };
}

/**
 * How many live spaces of an organization each of `members` (one, or a page of them) can access, by the
 * same rules as SPACE_RANK but without ranking every space for every member: admins reach them all;
 * members with a role reach the spaces open to members (counted once per organization) plus those
 * granted to them or their teams; guests only the granted ones. The granted spaces of all the page's
 * members with a role are one query, and of all its guests another, not one per member. Each count is
 * remembered until the database changes.
 */
export function accessibleSpaceCounter(core: Core, organizationId: string, members: Counted[]): (role: Role | null, userId: string) => Promise<number> {
  const count = async ({ sql, args }: { sql: string; args: unknown[] }) => Number((await core.get<{ n: number }>(sql, args))!.n);
  // Who on the page is counted how: admins reach every space; members with a role the open ones and
  // those granted them; guests those granted them.
  const granted = {
    member: new Set(members.filter((m) => m.role !== null && m.role !== 'admin').map((m) => m.user_id)),
    guest: new Set(members.filter((m) => m.role === null).map((m) => m.user_id)),
  };
  let page: Promise<PageCounts> | undefined;
  // Every count the page needs, in one statement, read at the first that is not remembered (after
  // another replica's write they all are not: one round trip on PostgreSQL, where there were four).
  const pageCounts = () => (page ??= pageCountsOf(core, organizationId, { all: members.some((m) => m.role === 'admin'), open: granted.member.size > 0, member: [...granted.member], guest: [...granted.guest] }));
  return async (role, userId) => {
    // Inside a write nothing is remembered: one member's count in one statement (one round trip under the lock).
    if (members.length === 1 && !core.remembers(organizationId)) return await count(spaceCountRead(organizationId, role, userId));
    if (role === 'admin') {
      return await core.remember(`space-count:${organizationId}:all`, async () => (await pageCounts()).all ?? await count({ sql: ALL_SPACES, args: [organizationId] }), organizationId);
    }
    const kind = role === null ? 'guest' : 'member';
    const openCount = role === null ? 0 : await core.remember(`space-count:${organizationId}:open`, async () => (await pageCounts()).open ?? await count({ sql: OPEN_SPACES, args: [organizationId, organizationId] }), organizationId);
    const grantedCount = await core.remember(`space-count:${organizationId}:${userId}:${kind}`, async () =>
      (granted[kind].has(userId) ? (await pageCounts())[kind] : await grantedCounts(core, organizationId, [userId], kind)).get(userId) ?? 0, organizationId);
    return openCount + grantedCount;
  };
}

/** The counts of `accessibleSpaceCounter` for a page of members: what it asks for (`all`, `open`), and each member's granted spaces by kind. */
interface PageCounts {
  all?: number;
  open?: number;
  member: Map<string, number>;
  guest: Map<string, number>;
}

/** The counts a page of members needs, in one statement: a row each (`kind`, the member for a granted count, `n`). */
async function pageCountsOf(core: Core, organizationId: string, needs: { all: boolean; open: boolean; member: string[]; guest: string[] }): Promise<PageCounts> {
  const parts: string[] = [];
  const args: unknown[] = [];
  if (needs.all) {
    parts.push(`SELECT 'all' AS kind, CAST(NULL AS TEXT) AS user_id, (${ALL_SPACES}) AS n`);
    args.push(organizationId);
  }
  if (needs.open) {
    parts.push(`SELECT 'open' AS kind, CAST(NULL AS TEXT) AS user_id, (${OPEN_SPACES}) AS n`);
    args.push(organizationId, organizationId);
  }
  for (const kind of ['member', 'guest'] as const) {
    const users = needs[kind];
    if (!users.length) continue;
    parts.push(`SELECT '${kind}' AS kind, g.user_id, g.n FROM (${grantedSql(users.map(() => '?').join(', '), grantedRank(kind))}) g`);
    args.push(...users, ...users, organizationId, organizationId);
  }
  const counts: PageCounts = { member: new Map(), guest: new Map() };
  if (!parts.length) return counts;
  for (const row of await core.all<{ kind: 'all' | 'open' | 'member' | 'guest'; user_id: string | null; n: number }>(parts.join('\nUNION ALL\n'), args)) {
    if (row.kind === 'all' || row.kind === 'open') counts[row.kind] = Number(row.n);
    else counts[row.kind].set(row.user_id!, Number(row.n));
  }
  return counts;
}

/**
 * How many live spaces of the organization are granted to each of `users` (an SQL list) or to a team of
 * theirs, each counted once; `rank` narrows the spaces (for members with a role: those not open to
 * members, which are counted apart). Parameters: the users' twice, then the organization id twice.
 */
function grantedSql(users: string, rank: string): string {
  return `SELECT g.user_id, COUNT(*) AS n FROM (
        SELECT p.principal_id AS user_id, p.space_id FROM space_permissions p WHERE p.principal_type = 'user' AND p.principal_id IN (${users})
        UNION
        SELECT tm.user_id, p.space_id FROM space_permissions p JOIN team_members tm ON p.principal_type = 'team' AND p.principal_id = tm.team_id
        WHERE tm.user_id IN (${users})
      ) g JOIN spaces s ON s.id = g.space_id LEFT JOIN ${COLLECTION_LEVELS} cl ON cl.id = s.parent_id
      WHERE s.organization_id = ? AND s.deleted_at IS NULL${rank}
      GROUP BY g.user_id`;
}

/** The spaces `grantedSql` counts for a kind of member: for members with a role, those not open to members (counted apart). */
const grantedRank = (kind: 'member' | 'guest') => (kind === 'guest' ? '' : ` AND ${DEFAULT_RANK} = 0`);

async function grantedCounts(core: Core, organizationId: string, users: string[], kind: 'member' | 'guest'): Promise<Map<string, number>> {
  const marks = users.map(() => '?').join(', ');
  const rows = await core.all<{ user_id: string; n: number }>(grantedSql(marks, grantedRank(kind)), [...users, ...users, organizationId, organizationId]);
  return new Map(rows.map((row) => [row.user_id, Number(row.n)]));
}

/** What moving spaces between organizations does to their permissions and custom field values. */
export async function transferSpaces(core: Core, spaceIds: string[], from: string, to: string): Promise<void> {
  // A write scoped to some organizations may not change another's (WriteScope): a transfer changes both.
  if (!core.store.covers(from) || !core.store.covers(to)) throw new Error(`a transfer from ${from} to ${to} inside a write scoped to other organizations`);
  for (const spaceId of spaceIds) {
    await core.run("DELETE FROM space_permissions WHERE space_id = ? AND principal_type = 'team'", [spaceId]);
    await core.run(
      `DELETE FROM space_permissions WHERE space_id = ? AND principal_type = 'user'
       AND principal_id NOT IN (SELECT user_id FROM members WHERE organization_id = ?)`,
      [spaceId, to],
    );
    // Values follow a field of the same name and type in the target organization, else they go.
    await core.run(
      `UPDATE space_field_values SET field_id = (
         SELECT t.id FROM custom_fields f JOIN custom_fields t ON t.organization_id = ? AND t.name = f.name AND t.type = f.type
         WHERE f.id = space_field_values.field_id)
       WHERE space_id = ? AND EXISTS (
         SELECT 1 FROM custom_fields f JOIN custom_fields t ON t.organization_id = ? AND t.name = f.name AND t.type = f.type
         WHERE f.id = space_field_values.field_id AND f.organization_id = ?)`,
      [to, spaceId, to, from],
    );
    await core.run('DELETE FROM space_field_values WHERE space_id = ? AND field_id IN (SELECT id FROM custom_fields WHERE organization_id = ?)', [spaceId, from]);
  }
}
