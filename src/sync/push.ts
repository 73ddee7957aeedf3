import { posix } from 'node:path';
import type { Change } from '../engine/content/batch';
import type { LocalTree } from './local-tree';
import type { RemotePage } from './remote-tree';

/**
 * The changes a push sends: the pages in one batch, parents before their sub-pages. A new page is
 * labelled with its path (`ref`), so a sub-page inserted in the same batch names its parent by it.
 */
export interface PushPlan {
  changes: Change[];
  deletes: Change[];
  uploads: { file: string; base64: string }[];
  summary: { inserted: number; updated: number; deleted: number; uploaded: number };
}

const depthOf = (path: string) => path.split('/').length - 1;
const depthOfChange = (change: Change) => (change.operation === 'insert_page' && change.ref ? depthOf(change.ref) : 0);

/** Rewrites relative links to local files into `/files/<id>` references. */
export function rewriteLinks(markdown: string, pageFile: string, fileIds: Map<string, string>): string {
  const dir = posix.dirname(pageFile);
  return markdown.replace(/(\]\()([^)\s#]+)(\))/g, (whole, open: string, target: string, close: string) => {
    if (/^[a-z]+:|^\//i.test(target)) return whole;
    const id = fileIds.get(posix.normalize(posix.join(dir === '.' ? '' : dir, decodeURI(target))));
    return id ? `${open}/files/${id}${close}` : whole;
  });
}

/**
 * Compares a local folder with the space's pages by path: new paths are inserted, changed markdown,
 * title or place is updated, paths that are gone are deleted. Asset files not in the space (by name and
 * size) are uploaded first. Returns an empty plan when nothing differs.
 */
export function planPush(local: LocalTree, remote: RemotePage[], remoteFiles: Map<string, { id: string; size: number }>): PushPlan {
  const uploads = planUploads(local, remoteFiles);
  const pages = planPages(local, remote);
  return { ...pages, uploads, summary: { ...pages.summary, uploaded: uploads.length } };
}

/** Asset files the space does not have yet (by name and size). */
export function planUploads(local: LocalTree, remoteFiles: Map<string, { id: string; size: number }>): PushPlan['uploads'] {
  return local.assets
    .filter((a) => remoteFiles.get(a.file)?.size !== a.bytes.length)
    .map((a) => ({ file: a.file, base64: a.bytes.toString('base64') }));
}

/** The page changes alone: inserts and updates (parents first), and deletes. */
export function planPages(local: LocalTree, remote: RemotePage[]): Omit<PushPlan, 'uploads'> {
  const byPath = new Map(remote.map((p) => [p.path, p]));
  const localPaths = new Set(local.pages.map((p) => p.path));
  const changes: Change[] = [];
  const intoOf = (parentPath: string | null) => (parentPath === null ? undefined : (byPath.get(parentPath)?.id ?? parentPath));
  const siblingIndex = new Map<string, number>();
  let inserted = 0;
  let updated = 0;
  for (const page of local.pages) {
    const parentKey = page.parentPath ?? '';
    const at = siblingIndex.get(parentKey) ?? 0;
    siblingIndex.set(parentKey, at + 1);
    const existing = byPath.get(page.path);
    if (!existing) {
      const into = intoOf(page.parentPath);
      changes.push({
        operation: 'insert_page',
        document: { markdown: page.markdown },
        title: page.title,
        slug: page.slug,
        ...(page.group ? { type: 'group' as const } : {}),
        ref: page.path,
        ...(into ? { into } : {}),
        at,
      });
      inserted++;
      continue;
    }
    const moved = existing.position !== at;
    const changed = existing.markdown !== page.markdown || existing.title !== page.title;
    if (moved || changed) {
      changes.push({
        operation: 'update_page',
        page: existing.id,
        ...(changed ? { document: { markdown: page.markdown }, title: page.title } : {}),
        ...(moved ? { at } : {}),
      });
      updated++;
    }
  }
  // Delete only the top-most page of each removed subtree: its sub-pages go with it.
  const deletes: Change[] = remote
    .filter((p) => !localPaths.has(p.path))
    .filter((p) => !remote.some((q) => q.id === p.parentId && !localPaths.has(q.path)))
    .map((p) => ({ operation: 'delete_page' as const, page: p.id }));
  return {
    // Parents first: a sub-page's `into` must name a page that exists when it is applied.
    changes: changes.sort((a, b) => depthOfChange(a) - depthOfChange(b)),
    deletes,
    summary: { inserted, updated, deleted: deletes.length, uploaded: 0 },
  };
}

export function isEmpty(plan: PushPlan): boolean {
  return !plan.changes.length && !plan.deletes.length && !plan.uploads.length;
}
