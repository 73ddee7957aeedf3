import type { Core } from '../core';
import { loadState, pageData, pathsOf } from './state';
import { sectionsOf } from './sections';

/**
 * Brings the search index of a space up to its current revision: pages whose version or path changed
 * are re-split into sections, pages gone are dropped, the rest is left alone. Runs inside the caller's
 * transaction.
 */
export function syncSearchIndex(core: Core, spaceId: string): void {
  const space = core.get<{ revision_id: string }>('SELECT revision_id FROM spaces WHERE id = ?', [spaceId]);
  if (!space) return;
  const state = loadState(core, space.revision_id);
  const paths = pathsOf(core, state);
  const indexed = new Map(
    core.all<{ page_id: string; version_id: string; path: string }>('SELECT page_id, version_id, path FROM search_pages WHERE space_id = ?', [spaceId])
      .map((row) => [row.page_id, row]),
  );
  for (const pageId of indexed.keys()) if (!state.pages.has(pageId)) forgetPage(core, spaceId, pageId);
  for (const page of state.pages.values()) {
    const was = indexed.get(page.id);
    if (was && was.version_id === page.versionId && was.path === paths.get(page.id)) continue;
    if (was) forgetPage(core, spaceId, page.id);
    const data = pageData(core, page.versionId);
    // Groups and links have no text of their own, but are found by their titles.
    const sections = data.type === 'document' ? sectionsOf(data.markdown, data.title) : [{ anchor: '', title: data.title, body: '' }];
    sections.forEach((s, position) =>
      core.run('INSERT INTO search_sections (space_id, page_id, anchor, position, section_title, body, page_title) VALUES (?, ?, ?, ?, ?, ?, ?)', [
        spaceId, page.id, s.anchor, position, s.title, s.body, data.title,
      ]),
    );
    core.run('INSERT INTO search_pages (space_id, page_id, version_id, path) VALUES (?, ?, ?, ?)', [spaceId, page.id, page.versionId, paths.get(page.id) ?? '']);
  }
  core.run('INSERT INTO search_spaces (space_id, revision_id) VALUES (?, ?) ON CONFLICT (space_id) DO UPDATE SET revision_id = excluded.revision_id', [
    spaceId, space.revision_id,
  ]);
}

function forgetPage(core: Core, spaceId: string, pageId: string): void {
  core.run('DELETE FROM search_sections WHERE space_id = ? AND page_id = ?', [spaceId, pageId]);
  core.run('DELETE FROM search_pages WHERE space_id = ? AND page_id = ?', [spaceId, pageId]);
}

/**
 * Spaces of an organization whose index lags their content (created before the index existed, or
 * changed by a path that bypassed `setSpaceRevision`): the searches sync them first, so results never
 * describe old content.
 */
export function staleSpaces(core: Core, organizationId: string, spaceId?: string): string[] {
  return core.all<{ id: string }>(
    `SELECT s.id FROM spaces s LEFT JOIN search_spaces x ON x.space_id = s.id
     WHERE s.organization_id = ? AND s.deleted_at IS NULL ${spaceId ? 'AND s.id = ?' : ''} AND (x.revision_id IS NULL OR x.revision_id != s.revision_id)`,
    spaceId ? [organizationId, spaceId] : [organizationId],
  ).map((r) => r.id);
}
