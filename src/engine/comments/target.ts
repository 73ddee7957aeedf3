import type { Core } from '../core';
import { pageData } from '../content/state';

interface PageInRevision {
  versionId: string;
  createdAt: string;
  updatedAt: string;
  path: string;
}

/**
 * A page of a revision with its path, found by walking up its ancestors rather than laying out the
 * whole tree: a list of comments asks this for each comment. Revisions never change, so the answer
 * is remembered (until the next write clears the memo).
 */
export async function pageInRevision(core: Core, revisionId: string, pageId: string): Promise<PageInRevision | undefined> {
  return await core.remember(`comment-page:${revisionId}:${pageId}`, async () => {
    const find = async (id: string) =>
      await core.get<{ version_id: string; parent_page_id: string | null; created_at: string; updated_at: string }>(
        'SELECT version_id, parent_page_id, created_at, updated_at FROM revision_pages WHERE revision_id = ? AND page_id = ?',
        [revisionId, id],
      );
    const page = await find(pageId);
    if (!page) return undefined;
    const slugs = [(await pageData(core, page.version_id)).slug];
    const seen = new Set([pageId]);
    for (let parent = page.parent_page_id; parent && !seen.has(parent); ) {
      seen.add(parent);
      const up = await find(parent);
      if (!up) break;
      slugs.unshift((await pageData(core, up.version_id)).slug);
      parent = up.parent_page_id;
    }
    return { versionId: page.version_id, createdAt: page.created_at, updatedAt: page.updated_at, path: slugs.join('/') };
  });
}

export interface CommentedPage {
  id: string;
  title: string;
  emoji?: string;
  createdAt: string;
  updatedAt: string;
  path: string;
  outdated: boolean;
}

/**
 * The page a comment is about, as it is in the root's current content. `outdated` is true when the
 * page's content is no longer the version the comment was posted on, or the page is gone (it is then
 * described as it was when the comment was posted).
 */
export async function commentedPage(core: Core, currentRevision: string, postedRevision: string, pageId: string, postedVersion: string | null): Promise<CommentedPage> {
  const current = await pageInRevision(core, currentRevision, pageId);
  const shown = current ?? await pageInRevision(core, postedRevision, pageId);
  if (!shown) return { id: pageId, title: '', createdAt: '', updatedAt: '', path: '', outdated: true };
  const data = await pageData(core, shown.versionId);
  return {
    id: pageId,
    title: data.title,
    ...(data.emoji ? { emoji: data.emoji } : {}),
    createdAt: shown.createdAt,
    updatedAt: shown.updatedAt,
    path: shown.path,
    outdated: !current || current.versionId !== postedVersion,
  };
}
