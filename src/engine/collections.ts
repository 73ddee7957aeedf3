import { mapInOrder } from './in-order';
import type { Actor, Core } from './core';
import { conflict, invalid, notFound } from './errors';
import { requireRight, type Membership } from './access';
import { keysetPage, type PageRequest } from './pagination';
import { nextPosition, placeItem, type PositionInput } from './positions';
import { transferSpaces } from './spaces';
import { atLeast, type Role } from '../domain/roles';

interface CollectionRow {
  id: string;
  organization_id: string;
  parent_id: string | null;
  title: string;
  description: string | null;
  default_level: Role | null;
  position: number;
  created_at: string;
  updated_at: string;
}

function presentCollection(core: Core, row: CollectionRow, caller: Membership) {
  return {
    object: 'collection' as const,
    id: row.id,
    title: row.title,
    ...(row.description ? { description: row.description } : {}),
    organization: row.organization_id,
    ...(row.parent_id ? { parent: row.parent_id } : {}),
    defaultLevel: row.default_level,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    urls: { location: core.apiUrl(`/collections/${row.id}`), app: core.appUrl(`/c/${row.id}`) },
    permissions: {
      view: caller.role != null,
      admin: caller.role === 'admin',
      viewInviteLinks: caller.role === 'admin',
      create: atLeast(caller.role, 'create'),
    },
  };
}

export type Collection = ReturnType<typeof presentCollection>;

export interface CollectionPatch {
  title?: string;
  description?: string;
  defaultLevel?: Role | null;
}

export function collectionsModule(core: Core) {
  const raw = async (id: string) => await core.get<CollectionRow>('SELECT * FROM collections WHERE id = ?', [id]);

  /** The collection and the caller's membership; 404 for organizations the caller is not in. */
  async function visible(actor: Actor, collectionId: string, right: 'listMembers' | 'admin' | 'createContent' = 'listMembers') {
    const row = await raw(collectionId);
    if (!row || !await core.get('SELECT 1 FROM members WHERE organization_id = ? AND user_id = ?', [row.organization_id, actor.userId])) {
      throw notFound(`collection ${collectionId} not found`);
    }
    return { row, caller: await requireRight(core, actor, row.organization_id, right) };
  }

  async function checkParent(organizationId: string, parent: string | null | undefined, moving?: string): Promise<void> {
    if (!parent) return;
    if (!await core.get('SELECT 1 FROM collections WHERE id = ? AND organization_id = ?', [parent, organizationId])) {
      throw invalid(`parent: no collection ${parent} in this organization`);
    }
    if (moving && (await descendantsOf(moving)).includes(parent)) {
      throw invalid(`parent: cannot move a collection into ${parent === moving ? 'itself' : 'one of its own sub-collections'}`);
    }
  }

  /** The collection and every collection below it. */
  async function descendantsOf(collectionId: string): Promise<string[]> {
    return (await core
      .all<{ id: string }>(
        'WITH RECURSIVE tree(id) AS (SELECT ? UNION ALL SELECT c.id FROM collections c JOIN tree ON c.parent_id = tree.id) SELECT id FROM tree',
        [collectionId],
      ))
      .map((r) => r.id);
  }

  const reload = async (id: string, caller: Membership) => presentCollection(core, (await raw(id))!, caller);

  return {
    async create(actor: Actor, organizationId: string, input: { title?: string; parent?: string }): Promise<Collection> {
      const caller = await requireRight(core, actor, organizationId, 'createContent');
      return await core.write(async () => {
        await checkParent(organizationId, input.parent);
        const id = core.newId();
        const now = core.now();
        await core.run(
          'INSERT INTO collections (id, organization_id, parent_id, title, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
          [id, organizationId, input.parent ?? null, input.title ?? 'Untitled', await nextPosition(core, organizationId, input.parent ?? null), now, now],
        );
        return await reload(id, caller);
      });
    },

    /** Collections in their order; `nested: false` keeps only the top level. */
    async list(actor: Actor, organizationId: string, query: PageRequest & { nested?: boolean }) {
      const caller = await requireRight(core, actor, organizationId, 'listMembers');
      const nested = query.nested ?? true;
      return await keysetPage<CollectionRow, Collection>(core, {
        listing: `collections:${nested}`,
        from: 'collections c',
        columns: 'c.*',
        where: ['c.organization_id = ?', ...(nested ? [] : ['c.parent_id IS NULL'])],
        args: [organizationId],
        // Top-level collections first, then each collection's children, each group in its order.
        orderBy: ['c.parent_key', 'c.position', 'c.id'],
        direction: 'asc',
        keyOf: (row) => [row.parent_id ?? '', row.position, row.id],
        present: (row) => presentCollection(core, row, caller),
      }, query);
    },

    async get(actor: Actor, collectionId: string): Promise<Collection> {
      const { row, caller } = await visible(actor, collectionId);
      return presentCollection(core, row, caller);
    },

    async update(actor: Actor, collectionId: string, patch: CollectionPatch): Promise<Collection> {
      const { caller } = await visible(actor, collectionId, 'admin');
      return await core.write(async () => {
        const columns: [keyof CollectionPatch, string][] = [['title', 'title'], ['description', 'description'], ['defaultLevel', 'default_level']];
        for (const [field, column] of columns) {
          if (patch[field] !== undefined) await core.run(`UPDATE collections SET ${column} = ?, updated_at = ? WHERE id = ?`, [patch[field], core.now(), collectionId]);
        }
        return await reload(collectionId, caller);
      });
    },

    /** Only an empty collection (of live spaces and collections) can be deleted. */
    async remove(actor: Actor, collectionId: string): Promise<void> {
      const { row } = await visible(actor, collectionId, 'admin');
      await core.write(async () => {
        const spaces = (await core.get<{ n: number }>('SELECT COUNT(*) AS n FROM spaces WHERE parent_id = ? AND deleted_at IS NULL', [collectionId]))!.n;
        const collections = (await core.get<{ n: number }>('SELECT COUNT(*) AS n FROM collections WHERE parent_id = ?', [collectionId]))!.n;
        if (spaces || collections) {
          const parts = [spaces ? `${spaces} space${spaces === 1 ? '' : 's'}` : '', collections ? `${collections} collection${collections === 1 ? '' : 's'}` : ''];
          throw conflict(`collection ${collectionId} still holds ${parts.filter(Boolean).join(' and ')}: move or delete them first`);
        }
        // Deleted spaces that lived here would come back at the end of the root, no longer in a collection.
        const root = await nextPosition(core, row.organization_id, null);
        const deleted = await core.all<{ id: string }>('SELECT id FROM spaces WHERE parent_id = ? ORDER BY position, id', [collectionId]);
        await mapInOrder(deleted, ({ id }, i) => core.run(
          `UPDATE spaces SET parent_id = NULL, position = ?,
             visibility = CASE visibility WHEN 'in-collection' THEN 'private' ELSE visibility END
           WHERE id = ?`,
          [root + i, id],
        ));
        await core.run('DELETE FROM collections WHERE id = ?', [collectionId]);
      });
    },

    async move(actor: Actor, collectionId: string, input: { parent?: string | null; position?: PositionInput }): Promise<Collection> {
      const { row, caller } = await visible(actor, collectionId, 'admin');
      return await core.write(async () => {
        const parent = input.parent === undefined ? row.parent_id : input.parent;
        await checkParent(row.organization_id, parent, collectionId);
        if (parent !== row.parent_id) await core.run('UPDATE collections SET parent_id = ?, updated_at = ? WHERE id = ?', [parent, core.now(), collectionId]);
        await placeItem(core, row.organization_id, parent, { type: 'collection', id: collectionId }, input.position);
        return await reload(collectionId, caller);
      });
    },

    /** Moves the collection, its sub-collections and their spaces to another organization (admin in both). */
    async transfer(actor: Actor, collectionId: string, input: { organization: string }): Promise<Collection> {
      const { row } = await visible(actor, collectionId, 'admin');
      const target = await requireRight(core, actor, input.organization, 'admin');
      return await core.write(async () => {
        if (input.organization === row.organization_id) return await reload(collectionId, target);
        const tree = await descendantsOf(collectionId);
        const marks = tree.map(() => '?').join(', ');
        const spaceIds = (await core.all<{ id: string }>(`SELECT id FROM spaces WHERE parent_id IN (${marks})`, tree)).map((r) => r.id);
        await transferSpaces(core, spaceIds, row.organization_id, input.organization);
        await core.run(`UPDATE spaces SET organization_id = ? WHERE parent_id IN (${marks})`, [input.organization, ...tree]);
        await core.run(`UPDATE collections SET organization_id = ? WHERE id IN (${marks})`, [input.organization, ...tree]);
        await core.run('UPDATE collections SET parent_id = NULL, position = ?, updated_at = ? WHERE id = ?', [
          await nextPosition(core, input.organization, null), core.now(), collectionId,
        ]);
        return await reload(collectionId, target);
      });
    },

    async organizationOf(collectionId: string): Promise<string | undefined> {
      return (await raw(collectionId))?.organization_id;
    },
  };
}
