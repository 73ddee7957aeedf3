import type { Core } from '../core';

/**
 * Keys of the search index. Each indexed space has a key (search_spaces.key), each of its indexed pages
 * a key within the space (search_pages.key), and each section the FTS key
 *
 *     space key × 2^32 + page key × 2^12 + position
 *
 * which the full-text index is keyed by (migration 11). A search keeps to one space with the range of
 * its keys and groups matches by page with `key >> 12`, reading no section row for it. Every key stays
 * below 2^53, so JavaScript holds it exactly (and PostgreSQL as a BIGINT).
 */
const SECTION_BITS = 12;
const PAGE_BITS = 20;
const SPACE_BITS = 21;
/** Sections a page keeps in the index: the last one holds the text of any beyond it. */
export const MAX_SECTIONS = 2 ** SECTION_BITS;
const MAX_PAGE_KEY = 2 ** PAGE_BITS - 1;
const MAX_SPACE_KEY = 2 ** SPACE_BITS - 1;
const SPACE_SPAN = 2 ** (PAGE_BITS + SECTION_BITS);

/** SQL of the page key in an FTS key `key` (an SQL expression). */
export const pageKeyOf = (key: string): string => `((${key} >> ${SECTION_BITS}) & ${MAX_PAGE_KEY})`;

export const ftsKey = (spaceKey: number, pageKey: number, position: number): number => spaceKey * SPACE_SPAN + pageKey * MAX_SECTIONS + position;

/** The first and last FTS key of a space. */
export const spaceRange = (spaceKey: number): [number, number] => [spaceKey * SPACE_SPAN, spaceKey * SPACE_SPAN + SPACE_SPAN - 1];

/**
 * The smallest key from 1 to `max` that `taken` (a query of one column, `key`, with its arguments) does
 * not hold: the one after the largest when there is room, else the first gap. Throws when all are taken.
 */
export async function freeKey(core: Pick<Core, 'get'>, taken: string, args: unknown[], max: number, what: string): Promise<number> {
  const last = (await core.get<{ key: number | null }>(`SELECT MAX(key) AS key FROM (${taken}) AS k`, args))?.key ?? 0;
  if (last < max) return Number(last) + 1;
  const one = await core.get<{ n: number }>(`SELECT COUNT(*) AS n FROM (${taken}) AS k WHERE k.key = 1`, args);
  if (!Number(one?.n)) return 1;
  const gap = await core.get<{ key: number | null }>(
    `SELECT MIN(k.key + 1) AS key FROM (${taken}) AS k WHERE k.key < ? AND k.key + 1 NOT IN (${taken})`,
    [...args, max, ...args],
  );
  if (gap?.key === null || gap?.key === undefined) throw new Error(`the search index has no free ${what} key (${max} in use)`);
  return Number(gap.key);
}

/** The key of a space in the index, given one (and the space's row in search_spaces made) if it has none. */
export async function spaceKeyOf(core: Core, spaceId: string): Promise<number> {
  const row = await core.get<{ key: number | null }>('SELECT key FROM search_spaces WHERE space_id = ?', [spaceId]);
  if (row?.key !== null && row?.key !== undefined) return Number(row.key);
  const key = await freeKey(core, 'SELECT key FROM search_spaces WHERE key IS NOT NULL', [], MAX_SPACE_KEY, 'space');
  // An empty revision: the space is stale until its sync records the revision it indexed.
  await core.run('INSERT INTO search_spaces (space_id, revision_id, key) VALUES (?, ?, ?) ON CONFLICT (space_id) DO UPDATE SET key = excluded.key', [spaceId, '', key]);
  return key;
}

/**
 * Gives the pages of one space new keys: after the largest in use, or in gaps once the largest is
 * reached. `largest`: the largest key in use as the caller read it before changing any row (its rows
 * may be deleted and not yet written again when the first key is asked for). `beforeScan`: called
 * before the keys in use are read from the table (to write rows the caller still holds).
 */
export function pageKeys(core: Core, spaceId: string, largest: number, beforeScan: () => Promise<void>) {
  let next = largest + 1;
  return async (): Promise<number> => {
    if (next <= MAX_PAGE_KEY) return next++;
    // The keys in use are read from the table: rows the caller still holds go in first.
    await beforeScan();
    return await freeKey(core, 'SELECT key FROM search_pages WHERE space_id = ?', [spaceId], MAX_PAGE_KEY, 'page');
  };
}
