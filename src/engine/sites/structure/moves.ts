import type { Core } from '../../core';
import { invalid } from '../../errors';
import { mapInOrder } from '../../in-order';

/** An object of a site's structure that has a place in an order. */
export type Kind = 'group' | 'section' | 'site-space';
export interface Placed {
  kind: Kind;
  id: string;
}

const TABLE: Record<Kind, string> = { group: 'site_section_groups', section: 'site_sections', 'site-space': 'site_spaces' };
const NOUN: Record<Kind, string> = { group: 'section group', section: 'section', 'site-space': 'site space' };

export const describe = (p: Placed): string => `${NOUN[p.kind]} ${p.id}`;
export const same = (a: Placed, b: Placed): boolean => a.kind === b.kind && a.id === b.id;

/** Writes `items`' positions as 0..n-1, so the order is exact and stays dense. */
export async function writeOrder(core: Core, items: Placed[]): Promise<void> {
  await mapInOrder(items, async (item, i) => await core.run(`UPDATE ${TABLE[item.kind]} SET position = ? WHERE id = ?`, [i, item.id]));
}

/** A move's `position`: exactly one of `before` and `after`, each a ref already turned into a `Placed`. */
export interface Position<R> {
  before?: R;
  after?: R;
}

/**
 * Moves `item` among `siblings` (its level, `item` included) before or after the ref `position` gives,
 * and rewrites the level's positions. `toPlaced` reads a ref (throwing a 400 naming the field when it is
 * malformed); `inSite` says whether a ref names an object of this site at all, for the error message.
 */
export async function moveAmong<R>(
  core: Core,
  siblings: Placed[],
  item: Placed,
  position: Position<R>,
  toPlaced: (ref: R, field: string) => Placed | Promise<Placed>,
  inSite: (ref: Placed) => boolean | Promise<boolean>,
  level: string,
): Promise<void> {
  if (position.before && position.after) throw invalid('position: give either before or after, not both');
  const raw = position.before ?? position.after;
  if (!raw) throw invalid('position: needs before or after');
  const field = position.before ? 'position.before' : 'position.after';
  const ref = await toPlaced(raw, field);
  if (same(ref, item)) throw invalid(`${field}: cannot place ${describe(item)} relative to itself`);
  const others = siblings.filter((s) => !same(s, item));
  const at = others.findIndex((s) => same(s, ref));
  if (at === -1) {
    throw invalid(await inSite(ref) ? `${field}: ${describe(ref)} is not at the same level as ${describe(item)} (${level})` : `${field}: no ${describe(ref)} in this site`);
  }
  others.splice(position.before ? at : at + 1, 0, item);
  await writeOrder(core, others);
}
