import { posix } from 'node:path';
import type { Change } from '../engine/content/batch';
import type { LocalTree } from './local-tree';
import type { RemotePage } from './remote-tree';

/** The changes a push sends, in batches: one per tree level, since a new page's id is known only once it exists. */
export interface PushPlan {
  levels: { depth: number; changes: (Change & { localPath?: string })[] }[];
  deletes: Change[];
  uploads: { file: string; base64: string }[];
  summary: { inserted: number; updated: number; deleted: number; uploaded: number };
}

const depthOf = (path: string) => path.split('/').length - 1;

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
  const byPath = new Map(remote.map((p) => [p.path, p]));
  const localPaths = new Set(local.pages.map((p) => p.path));
  const uploads = local.assets
    .filter((a) => remoteFiles.get(a.file)?.size !== a.bytes.length)
    .map((a) => ({ file: a.file, base64: a.bytes.toString('base64') }));

  const levels = new Map<number, (Change & { localPath?: string })[]>();
  const siblingIndex = new Map<string, number>();
  let inserted = 0;
  let updated = 0;
  for (const page of local.pages) {
    const parentKey = page.parentPath ?? '';
    const at = siblingIndex.get(parentKey) ?? 0;
    siblingIndex.set(parentKey, at + 1);
    const existing = byPath.get(page.path);
    const list = levels.get(depthOf(page.path)) ?? [];
    levels.set(depthOf(page.path), list);
    if (!existing) {
      list.push({ operation: 'insert_page', document: { markdown: page.markdown }, title: page.title, slug: page.slug, at, localPath: page.path });
      inserted++;
      continue;
    }
    const moved = existing.position !== at;
    const changed = existing.markdown !== page.markdown || existing.title !== page.title;
    if (moved || changed) {
      list.push({
        operation: 'update_page',
        page: existing.id,
        ...(changed ? { document: { markdown: page.markdown }, title: page.title } : {}),
        ...(moved ? { at } : {}),
        localPath: page.path,
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
    levels: [...levels].sort(([a], [b]) => a - b).map(([depth, changes]) => ({ depth, changes })).filter((l) => l.changes.length),
    deletes,
    uploads,
    summary: { inserted, updated, deleted: deletes.length, uploaded: uploads.length },
  };
}

export function isEmpty(plan: PushPlan): boolean {
  return !plan.levels.length && !plan.deletes.length && !plan.uploads.length;
}
