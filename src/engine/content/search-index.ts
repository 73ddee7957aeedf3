import type { Core } from '../core';
import { loadState, pageData, pathsOf, preloadPageData } from './state';
import { sectionsOf } from './search-sections';
import { computedMarkdownAt, computedVersion } from './computed-page';
import { mapInOrder } from '../in-order';
import { rowWriter } from '../insert-rows';
import { ftsKey, MAX_SECTIONS, pageKeys, spaceKeyOf } from './search-keys';
import type { Section } from './search-sections';

/**
 * Brings the search index of a space up to its current revision: pages whose version or path changed
 * are re-split into sections, pages gone are dropped, the rest is left alone. Runs inside the caller's
 * transaction.
 */
export async function syncSearchIndex(core: Core, spaceId: string): Promise<void> {
  const space = await core.get<{ revision_id: string }>('SELECT revision_id FROM spaces WHERE id = ?', [spaceId]);
  if (!space) return;
  const state = await loadState(core, space.revision_id);
  const paths = await pathsOf(core, state);
  const spaceKey = await spaceKeyOf(core, spaceId);
  // Many rows a statement (on PostgreSQL each is a round trip); a changed page's old rows go before
  // its new ones are written.
  const sectionRows = rowWriter(core, 'INSERT INTO search_sections (space_id, page_id, anchor, position, section_title, body, page_title, fts_key)');
  const pageRows = rowWriter(core, 'INSERT INTO search_pages (space_id, page_id, version_id, path, computed_spec, computed_version, key, description)');
  const indexed = new Map(
    (await core.all<IndexedPage>('SELECT page_id, version_id, path, computed_spec, computed_version, key FROM search_pages WHERE space_id = ?', [spaceId]))
      .map((row) => [row.page_id, row]),
  );
  // New keys follow the largest as it was before any row changed: a changed page keeps its key while
  // its rows wait in the writers.
  const newPageKey = pageKeys(core, spaceId, [...indexed.values()].reduce((largest, row) => Math.max(largest, Number(row.key)), 0), async () => {
    await sectionRows.flush();
    await pageRows.flush();
  });
  let written = 0;
  let pagesWritten = 0;
  for (const pageId of indexed.keys()) if (!state.pages.has(pageId)) await forgetPage(core, spaceId, pageId);
  // The pages at a version the index has not seen are read in many a statement, not one each.
  await preloadPageData(core, [...state.pages.values()].filter((p) => indexed.get(p.id)?.version_id !== p.versionId).map((p) => p.versionId));
  for (const page of state.pages.values()) {
    const was = indexed.get(page.id);
    if (was && await unchanged(core, spaceId, was, page.versionId, paths.get(page.id))) continue;
    if (was) await forgetPage(core, spaceId, page.id);
    const data = await pageData(core, page.versionId);
    // Groups and links have no text of their own, but are found by their titles; a computed page by
    // the reference it shows.
    const shows = data.computed ? (await computedVersion(core, spaceId, data.computed) ?? '') : null;
    const markdown = data.computed ? await computedMarkdownAt(core, data.computed, shows || undefined) : data.markdown;
    const sections = data.type === 'document' ? sectionsOf(markdown, data.title) : [{ anchor: '', title: data.title, body: '' }];
    // A page keeps its key while it stays indexed.
    const pageKey = was?.key ?? await newPageKey();
    const kept = capped(sections);
    written += kept.length;
    pagesWritten++;
    await mapInOrder(kept, async (s, position) =>
      await sectionRows.add([spaceId, page.id, s.anchor, position, s.title, s.body, data.title, ftsKey(spaceKey, pageKey, position)]),
    );
    await pageRows.add([
      spaceId, page.id, page.versionId, paths.get(page.id) ?? '',
      data.computed?.dependencies.spec.ref.spec ?? null, shows, pageKey, data.description ?? null,
    ]);
  }
  await sectionRows.flush();
  await pageRows.flush();
  await core.run('UPDATE search_spaces SET revision_id = ? WHERE space_id = ?', [space.revision_id, spaceId]);
  // The columns a search's plans turn on: how many sections and pages a space has (the text index
  // alone, or with the space's; a page's sections by page or by text).
  await core.store.wroteMany('search_sections', ['space_id', 'page_id'], written);
  await core.store.wroteMany('search_pages', ['space_id', 'page_id'], pagesWritten);
}

/** A page's sections as the index keeps them: at most MAX_SECTIONS, the last holding the text of the rest. */
function capped(sections: Section[]): Section[] {
  if (sections.length <= MAX_SECTIONS) return sections;
  const last = sections.slice(MAX_SECTIONS - 1);
  return [...sections.slice(0, MAX_SECTIONS - 1), { ...last[0], body: last.map((s) => (s === last[0] ? s.body : `${s.title}\n${s.body}`)).join('\n') }];
}

interface IndexedPage {
  key: number;
  page_id: string;
  version_id: string;
  path: string;
  computed_spec: string | null;
  computed_version: string | null;
}

/**
 * Whether a page's index rows still describe it. Page versions never change, so a plain page at the
 * same version and path is unchanged without reading it; a computed one also needs the same version of
 * its spec (the empty string: none).
 */
async function unchanged(core: Core, spaceId: string, was: IndexedPage, versionId: string, path: string | undefined): Promise<boolean> {
  if (was.version_id !== versionId || was.path !== path) return false;
  if (was.computed_spec === null) return true;
  const computed = (await pageData(core, versionId)).computed;
  return computed !== undefined && (await computedVersion(core, spaceId, computed) ?? '') === was.computed_version;
}

/**
 * A spec of the organization got a new version or was deleted: the spaces with computed pages that
 * name it (by slug or id) are marked stale, so the next search re-indexes those pages.
 */
export async function computedSpecChanged(core: Core, organizationId: string, refs: string[]): Promise<void> {
  // Marked stale by an empty revision, not deleted: the row keeps the space's key, which its sections carry.
  await core.run(
    `UPDATE search_spaces SET revision_id = '' WHERE space_id IN (
       SELECT p.space_id FROM search_pages p JOIN spaces s ON s.id = p.space_id
       WHERE s.organization_id = ? AND p.computed_spec IN (${refs.map(() => '?').join(', ')}))`,
    [organizationId, ...refs],
  );
}

async function forgetPage(core: Core, spaceId: string, pageId: string): Promise<void> {
  await core.run('DELETE FROM search_sections WHERE space_id = ? AND page_id = ?', [spaceId, pageId]);
  await core.run('DELETE FROM search_pages WHERE space_id = ? AND page_id = ?', [spaceId, pageId]);
}

/**
 * Spaces of an organization whose index lags their content (created before the index existed, or
 * changed by a path that bypassed `setSpaceRevision`): the searches sync them first, so results never
 * describe old content.
 */
export async function staleSpaces(core: Core, organizationId: string, spaceId?: string): Promise<string[]> {
  return (await core.all<{ id: string }>(
    `SELECT s.id FROM spaces s LEFT JOIN search_spaces x ON x.space_id = s.id
     WHERE s.organization_id = ? AND s.deleted_at IS NULL ${spaceId ? 'AND s.id = ?' : ''} AND (x.revision_id IS NULL OR x.revision_id != s.revision_id)`,
    spaceId ? [organizationId, spaceId] : [organizationId],
  )).map((r) => r.id);
}
