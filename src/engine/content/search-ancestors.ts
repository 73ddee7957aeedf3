import type { Core } from '../core';

/**
 * The titles of each page's ancestors in the space's current content, top-level first: the
 * platform's `ancestors` of a search result. One query for the space's page tree.
 */
export async function ancestorsOf(core: Core, spaceId: string, pageIds: string[]): Promise<Map<string, { title: string }[]>> {
  const out = new Map<string, { title: string }[]>();
  if (!pageIds.length) return out;
  const rows = await core.all<{ page_id: string; parent_page_id: string | null; title: string | null }>(
    `SELECT rp.page_id, rp.parent_page_id, json_extract(v.data, '$.title') AS title
     FROM spaces s JOIN revision_pages rp ON rp.revision_id = s.revision_id JOIN page_versions v ON v.id = rp.version_id
     WHERE s.id = ?`,
    [spaceId],
  );
  const byId = new Map(rows.map((r) => [r.page_id, r]));
  for (const id of pageIds) {
    const chain: { title: string }[] = [];
    // Bounded by the number of pages, in case the tree were ever malformed.
    for (let parent = byId.get(id)?.parent_page_id; parent && chain.length < rows.length; parent = byId.get(parent)?.parent_page_id) {
      chain.unshift({ title: byId.get(parent)?.title ?? '' });
    }
    out.set(id, chain);
  }
  return out;
}
