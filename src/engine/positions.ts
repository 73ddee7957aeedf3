import type { Core } from './core';
import { invalid } from './errors';
import { mapInOrder } from './in-order';
import type { Statement } from './store/store';

/** A space or a collection: the two kinds of item that share an order under one parent. */
export interface Sibling {
  type: 'space' | 'collection';
  id: string;
}

export interface PositionInput {
  before?: { type: string; space?: string; collection?: string };
  after?: { type: string; space?: string; collection?: string };
}

/** Siblings under `parentId` (null: the organization's root), in order. Deleted spaces keep no place. */
export async function siblingsOf(core: Core, organizationId: string, parentId: string | null): Promise<Sibling[]> {
  return await core.all<Sibling & { position: number }>(
    `SELECT 'collection' AS type, id, position FROM collections WHERE organization_id = ? AND parent_id IS ?
     UNION ALL
     SELECT 'space' AS type, id, position FROM spaces WHERE organization_id = ? AND parent_id IS ? AND deleted_at IS NULL
     ORDER BY position, id`,
    [organizationId, parentId, organizationId, parentId],
  );
}

/** Position for a new item: after every sibling, deleted spaces included, so a restore finds its place free. */
export async function nextPosition(core: Core, organizationId: string, parentId: string | null): Promise<number> {
  const { sql, args } = nextPositionRead(organizationId, parentId);
  const row = await core.get<{ p: number | null }>(sql, args);
  return (row?.p ?? -1) + 1;
}

/** What `nextPosition` reads (a new space reads it ahead with its BEGIN). */
export function nextPositionRead(organizationId: string, parentId: string | null): Statement {
  return {
    // By parent_key (the parent, '' at the root): one end of an index each (collections_in_order, spaces_by_place).
    sql: `SELECT MAX(p) AS p FROM (
       SELECT MAX(position) AS p FROM collections WHERE organization_id = ? AND parent_key = ?
       UNION ALL SELECT MAX(position) FROM spaces WHERE organization_id = ? AND parent_key = ?) AS siblings`,
    args: [organizationId, parentId ?? '', organizationId, parentId ?? ''],
  };
}

function refOf(ref: PositionInput['before'], field: string): Sibling {
  if (!ref || (ref.type !== 'space' && ref.type !== 'collection')) throw invalid(`${field}.type: must be "space" or "collection"`);
  const id = ref.type === 'space' ? ref.space : ref.collection;
  if (!id) throw invalid(`${field}.${ref.type}: is required`);
  return { type: ref.type, id };
}

/**
 * Places `item` among the siblings of `parentId`: before or after a sibling, or last. Rewrites the
 * positions of that parent's items as 0..n-1, so the order is exact and stays dense.
 */
export async function placeItem(core: Core, organizationId: string, parentId: string | null, item: Sibling, position?: PositionInput): Promise<void> {
  const siblings = (await siblingsOf(core, organizationId, parentId)).filter((s) => !(s.type === item.type && s.id === item.id));
  let index = siblings.length;
  if (position?.before || position?.after) {
    const field = position.before ? 'position.before' : 'position.after';
    const ref = refOf(position.before ?? position.after, field);
    if (ref.type === item.type && ref.id === item.id) throw invalid(`${field}: cannot place an item relative to itself`);
    const at = siblings.findIndex((s) => s.type === ref.type && s.id === ref.id);
    if (at === -1) throw invalid(`${field}: ${ref.type} ${ref.id} is not an item of the same parent`);
    index = position.before ? at : at + 1;
  }
  siblings.splice(index, 0, item);
  await mapInOrder(siblings, async (s, i) => {
    await core.run(`UPDATE ${s.type === 'space' ? 'spaces' : 'collections'} SET position = ? WHERE id = ?`, [i, s.id]);
  });
}
