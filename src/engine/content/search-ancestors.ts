import type { Core } from '../core';

/**
 * The titles of each page's ancestors in the space's current content, top-level first: the
 * platform's `ancestors` of a search result. It climbs from the given pages one level a query and
 * reads the titles of the ancestors only: reading the whole page tree of a 10,000-page space made
 * every search ten times slower.
 */
export async function ancestorsOf(core: Core, spaceId: string, pageIds: string[], current?: string): Promise<Map<string, { title: string }[]>> {
  const out = new Map<string, { title: string }[]>();
  if (!pageIds.length) return out;
  // `current`: the space's current revision when the caller has read it already.
  const revision = current ?? (await core.get<{ revision_id: string }>('SELECT revision_id FROM spaces WHERE id = ?', [spaceId]))?.revision_id;
  if (!revision) return out;
  const parentOf = new Map<string, string | null>();
  // Each level adds pages not seen before, so the climb ends even if the tree were ever malformed.
  for (let level = pageIds; level.length; ) {
    const rows = await core.all<{ page_id: string; parent_page_id: string | null }>(
      'SELECT page_id, parent_page_id FROM revision_pages WHERE revision_id = ? AND page_id IN (SELECT value FROM json_each(?))',
      [revision, JSON.stringify(level)],
    );
    for (const row of rows) parentOf.set(row.page_id, row.parent_page_id);
    level = [...new Set(rows.flatMap((r) => (r.parent_page_id && !parentOf.has(r.parent_page_id) ? [r.parent_page_id] : [])))];
  }
  const ancestorIds = [...new Set([...parentOf.values()].filter((id): id is string => id !== null))];
  // Pages at the top have no ancestors to read.
  const titles = new Map(!ancestorIds.length ? [] :
    (await core.all<{ page_id: string; title: string | null }>(
      `SELECT rp.page_id, json_extract(v.data, '$.title') AS title FROM revision_pages rp JOIN page_versions v ON v.id = rp.version_id
       WHERE rp.revision_id = ? AND rp.page_id IN (SELECT value FROM json_each(?))`,
      [revision, JSON.stringify(ancestorIds)],
    )).map((r) => [r.page_id, r.title ?? '']),
  );
  for (const id of pageIds) {
    const chain: { title: string }[] = [];
    for (let parent = parentOf.get(id); parent && chain.length < parentOf.size; parent = parentOf.get(parent)) chain.unshift({ title: titles.get(parent) ?? '' });
    out.set(id, chain);
  }
  return out;
}
