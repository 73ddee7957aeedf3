import type { Core } from '../core';
import { invalid } from '../errors';
import { childrenIndex, loadState, pageData, storePage, type PageEntry, type RevisionState } from './state';
import { linkCache } from './link-analysis';
import type { Siblings } from './siblings';

/** The slugs a batch keeps per parent (batch.ts's slug book). */
export interface SlugBook {
  free(parent: string | null, slug: string, self?: string): Promise<string>;
  take(parent: string | null, slug: string, id: string): void;
  release(parent: string | null, slug: string, id: string): void;
}

/** The state of a revision of `spaceId` named by a change, or 400 naming the field. */
export async function revisionOfSpace(core: Core, spaceId: string, revisionId: string, field: string): Promise<RevisionState> {
  if (!await core.get('SELECT 1 FROM revisions WHERE id = ? AND space_id = ?', [revisionId, spaceId])) {
    throw invalid(`${field}: no revision ${revisionId} in this space`);
  }
  return await loadState(core, revisionId);
}

/** `restore_content`: the content becomes the revision's, whole (its own copies: the state is changed in place later). */
export function restoreContent(state: RevisionState, old: RevisionState): void {
  state.pages.clear();
  state.files.clear();
  state.reusables.clear();
  for (const [id, page] of old.pages) state.pages.set(id, { ...page });
  for (const [id, file] of old.files) state.files.set(id, { ...file });
  for (const [id, entry] of old.reusables) state.reusables.set(id, { ...entry });
}

/**
 * `restore_page`: the page as it was in `old` (same id, same data, so the same markdown), under its parent
 * there when the content still has it (and it is not now one of the page's own sub-pages), else at the
 * end of the root; among its siblings right after the nearest one that preceded it there and is still
 * there, else first. Then every sub-page it had there that the content lacks now, under its parent there,
 * in the same way. Then the files and reusable contents those pages reference in `old` that the content
 * lacks now, with their ids and bytes. A slug taken meanwhile under the parent gets a suffix (`-2`), as an
 * inserted page's would. Answers the pages and the files it brought back.
 */
export async function restorePage(
  core: Core, state: RevisionState, old: RevisionState, revisionId: string, pageId: string, field: string, slugs: SlugBook, siblings: Siblings,
): Promise<{ pages: string[]; files: string[] }> {
  const entry = old.pages.get(pageId);
  if (!entry) throw invalid(`${field}.page: no page ${pageId} in revision ${revisionId}`);
  const oldChildren = childrenIndex(old);
  const now = core.now();
  const restored: string[] = [];

  /** Where among `parent`'s children a page goes: after its nearest earlier sibling in `old` still there. */
  const indexFor = (page: PageEntry, parent: string | null): number => {
    const before = oldChildren.get(page.parent) ?? [];
    const current = siblings.of(parent).filter((p) => p.id !== page.id);
    if (parent !== page.parent) return current.length;
    for (let i = before.findIndex((p) => p.id === page.id) - 1; i >= 0; i--) {
      const at = current.findIndex((p) => p.id === before[i].id);
      if (at >= 0) return at + 1;
    }
    return 0;
  };

  const bringBack = async (page: PageEntry, parent: string | null) => {
    const data = await pageData(core, page.versionId);
    const existing = state.pages.get(page.id);
    if (existing) slugs.release(existing.parent, (await pageData(core, existing.versionId)).slug, existing.id);
    const slug = await slugs.free(parent, data.slug, page.id);
    const versionId = slug === data.slug ? page.versionId : await storePage(core, { ...data, slug });
    const target: PageEntry = existing ?? { ...page, parent, position: 0 };
    if (existing && existing.versionId !== versionId) {
      existing.versionId = versionId;
      existing.updatedAt = now;
    }
    if (!existing) {
      target.versionId = versionId;
      state.pages.set(page.id, target);
    }
    slugs.take(parent, slug, page.id);
    siblings.place(target, parent, indexFor(page, parent));
    restored.push(page.id);
  };

  const oldParent = entry.parent;
  const parentHere = oldParent !== null && state.pages.has(oldParent) && !(state.pages.has(pageId) && siblings.descendants(pageId).includes(oldParent));
  const formerParent = state.pages.get(pageId)?.parent;
  await bringBack(entry, parentHere ? oldParent : null);
  if (formerParent !== undefined && formerParent !== state.pages.get(pageId)!.parent) siblings.renumber(formerParent);

  // Sub-pages it had there that the content lacks now, top down (each one's parent is then in the content).
  const walk = async (id: string) => {
    for (const child of oldChildren.get(id) ?? []) {
      if (!state.pages.has(child.id)) await bringBack(child, id);
      await walk(child.id);
    }
  };
  await walk(pageId);

  // The files and reusable contents they reference there and the content lacks now.
  const links = await linkCache(core).revision(revisionId);
  const files: string[] = [];
  for (const id of restored) {
    for (const target of links.byPage.get(id) ?? []) {
      if (target.kind === 'file' && target.file && !state.files.has(target.file) && old.files.has(target.file)) {
        state.files.set(target.file, { ...old.files.get(target.file)! });
        files.push(target.file);
      }
      if (target.kind === 'reusable-content' && target.reusableContent && !state.reusables.has(target.reusableContent) && old.reusables.has(target.reusableContent)) {
        state.reusables.set(target.reusableContent, { ...old.reusables.get(target.reusableContent)! });
      }
    }
  }
  return { pages: restored, files };
}
