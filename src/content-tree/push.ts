import type { Change } from '../domain/content-change';
import type { LocalPage, LocalTree } from './local-tree';
import { defaultFileOf } from './gitbook-config';
import type { RemotePage } from './space-page';

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

/**
 * The folder path of each asset, and of each file with the same bytes as one, to the space file's
 * name; `idOf` then answers the id of a folder path's file from the ids by name.
 */
export function fileIdsByPath(local: LocalTree, idsByName: Map<string, string>): (path: string) => string | undefined {
  const nameOf = new Map(local.assets.map((a) => [a.file, a.name ?? a.file]));
  return (path) => {
    const name = nameOf.get(local.aliases?.get(path) ?? path);
    return name === undefined ? undefined : idsByName.get(name);
  };
}

/**
 * Compares a local folder with the space's pages and returns the changes that make the space match.
 * Asset files not in the space (by name and size) are uploaded first. Returns an empty plan when
 * nothing differs.
 */
export function planPush(local: LocalTree, remote: RemotePage[], remoteFiles: Map<string, { id: string; size: number }>): PushPlan {
  const uploads = planUploads(local, remoteFiles);
  const pages = planPages(local, remote);
  return { ...pages, uploads, summary: { ...pages.summary, uploaded: uploads.length } };
}

/** Asset files the space does not have yet (by name and size). */
export function planUploads(local: LocalTree, remoteFiles: Map<string, { id: string; size: number }>): PushPlan['uploads'] {
  return local.assets
    .filter((a) => remoteFiles.get(a.name ?? a.file)?.size !== a.bytes.length)
    .map((a) => ({ file: a.name ?? a.file, base64: a.bytes.toString('base64') }));
}

const kindOf = (page: { group?: boolean; type?: string; href?: string }) => (page.href !== undefined || page.type === 'link' ? 'link' : page.group || page.type === 'group' ? 'group' : 'document');

/**
 * Which space page each local page is: the one kept in the same file, else the one at the same path;
 * never a page of another kind (a document where a group now is is deleted, the group inserted).
 */
function matchPages(local: LocalPage[], remote: RemotePage[]): Map<LocalPage, RemotePage> {
  const matched = new Map<LocalPage, RemotePage>();
  const taken = new Set<RemotePage>();
  const byGit = new Map(remote.filter((p) => p.git).map((p) => [p.git!.toLowerCase(), p]));
  const byPath = new Map(remote.map((p) => [p.path, p]));
  const take = (page: LocalPage, candidate: RemotePage | undefined) => {
    if (!candidate || taken.has(candidate) || kindOf(candidate) !== kindOf(page) || (candidate.href ?? '') !== (page.href ?? '')) return;
    matched.set(page, candidate);
    taken.add(candidate);
  };
  for (const page of local) if (page.git) take(page, byGit.get(page.git.toLowerCase()));
  for (const page of local) if (!matched.has(page)) take(page, byPath.get(page.path));
  return matched;
}

/**
 * The page changes alone: inserts, updates and moves (parents first, siblings in order), and
 * deletes. A new page is labelled with its path (`ref`), so a sub-page inserted or moved in the same
 * batch names its parent by it.
 */
export function planPages(local: LocalTree, remote: RemotePage[]): Omit<PushPlan, 'uploads'> {
  const matched = matchPages(local.pages, remote);
  const localByPath = new Map(local.pages.map((p) => [p.path, p]));
  const kept = new Set(matched.values());
  /** Where a local page's parent is in the space: its id, or its ref when it is inserted by this batch. */
  const parentOf = (parentPath: string | null) => {
    if (parentPath === null) return null;
    const parent = localByPath.get(parentPath)!;
    return matched.get(parent)?.id ?? parentPath;
  };
  const parents = new Set(local.pages.map((p) => p.parentPath));
  const defaultFile = (page: LocalPage) => defaultFileOf(page.path, parents.has(page.path));
  const changes: { depth: number; change: Change }[] = [];
  const siblingIndex = new Map<string, number>();
  let inserted = 0;
  let updated = 0;
  for (const page of local.pages) {
    const parentKey = page.parentPath ?? '';
    const at = siblingIndex.get(parentKey) ?? 0;
    siblingIndex.set(parentKey, at + 1);
    const depth = depthOf(page.path);
    const into = parentOf(page.parentPath);
    const existing = matched.get(page);
    if (!existing) {
      const kind = kindOf(page);
      changes.push({
        depth,
        change: {
          operation: 'insert_page',
          document: { markdown: page.markdown },
          title: page.title,
          slug: page.slug,
          ...(kind !== 'document' ? { type: kind } : {}),
          ...(page.href !== undefined ? { href: page.href } : {}),
          ...(page.git ? { git: { path: page.git } } : {}),
          ref: page.path,
          ...(into ? { into } : {}),
          at,
        },
      });
      inserted++;
      continue;
    }
    const moved = existing.parentId !== into;
    const reordered = moved || existing.position !== at;
    const changed = existing.markdown !== page.markdown || existing.title !== page.title;
    // A page without a file (made in the app, or pushed before pages kept theirs) is pulled into its
    // default file: finding it there is no change.
    const refiled = kindOf(page) === 'document' && (existing.git ?? defaultFile(page)) !== (page.git ?? '');
    const renamed = existing.slug !== page.slug;
    if (reordered || changed || refiled || renamed) {
      changes.push({
        depth,
        change: {
          operation: 'update_page',
          page: existing.id,
          ...(changed ? { document: { markdown: page.markdown }, title: page.title } : {}),
          ...(refiled ? { git: page.git ? { path: page.git } : null } : {}),
          ...(renamed ? { slug: page.slug } : {}),
          ...(moved ? { into } : {}),
          ...(reordered ? { at } : {}),
        },
      });
      updated++;
    }
  }
  // Delete only the top-most page of each removed subtree: its sub-pages go with it (those kept were moved out first).
  const byId = new Map(remote.map((p) => [p.id, p]));
  const gone = (p: RemotePage) => !kept.has(p);
  const deletes: Change[] = remote
    .filter((p) => gone(p) && !(p.parentId !== null && byId.has(p.parentId) && gone(byId.get(p.parentId)!)))
    .map((p) => ({ operation: 'delete_page' as const, page: p.id }));
  return {
    // Parents first: a sub-page's `into` must name a page that exists when it is applied (a stable sort keeps sibling order).
    changes: changes.sort((a, b) => a.depth - b.depth).map((c) => c.change),
    deletes,
    summary: { inserted, updated, deleted: deletes.length, uploaded: 0 },
  };
}

/** Files one `insert_files` change takes (the API's limit). */
const FILES_PER_CHANGE = 100;
/** Base64 bytes one upload request carries at most: well inside the 16 MiB a content write may be. */
const UPLOAD_REQUEST_BYTES = 12 * 1024 * 1024;

/**
 * The uploads as write requests: each at most UPLOAD_REQUEST_BYTES of base64 (a single larger file
 * goes alone), as `insert_files` changes of at most FILES_PER_CHANGE files.
 */
export function uploadRequests(uploads: PushPlan['uploads']): PushPlan['uploads'][][] {
  const requests: PushPlan['uploads'][][] = [];
  let changes: PushPlan['uploads'][] = [];
  let bytes = 0;
  for (const upload of uploads) {
    if (changes.length && bytes + upload.base64.length > UPLOAD_REQUEST_BYTES) {
      requests.push(changes);
      changes = [];
      bytes = 0;
    }
    const last = changes[changes.length - 1];
    if (last && last.length < FILES_PER_CHANGE) last.push(upload);
    else changes.push([upload]);
    bytes += upload.base64.length;
  }
  if (changes.length) requests.push(changes);
  return requests;
}

export function isEmpty(plan: PushPlan): boolean {
  return !plan.changes.length && !plan.deletes.length && !plan.uploads.length;
}
