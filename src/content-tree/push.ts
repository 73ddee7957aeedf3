import type { Change } from '../domain/content-change';
import type { LocalAsset, LocalInclude, LocalPage, LocalTree } from './local-tree';
import { GITBOOK_ASSETS, defaultFileOf } from './gitbook-config';
import { defaultIncludeFile } from './includes';
import { slugify } from '../markdown/markdown';
import type { RemotePage } from './space-page';

/**
 * The changes a push sends: the pages in one batch, parents before their sub-pages. A new page is
 * labelled with its path (`ref`), so a sub-page inserted in the same batch names its parent by it.
 */
export interface PushPlan {
  changes: Change[];
  deletes: Change[];
  /** The local page each insert or update stands for (messages name its file). */
  origins: Map<Change, LocalPage>;
  /** Each page the push adds, changes, moves or deletes, as a person reviews it (`push --dry-run`). */
  listing: PlannedPage[];
  files: FilePlan;
  summary: { inserted: number; updated: number; deleted: number; uploaded: number };
}

/**
 * A page a push adds, changes, moves or deletes, as `content push --dry-run` lists it (its `--json`
 * `pages`; docs/cli.md). `changed`: its content, title or file changes (and it may move too); `moved`:
 * only where it lies changes (another parent, another slug, or its index among its siblings).
 */
export interface PlannedPage {
  change: 'added' | 'changed' | 'moved' | 'deleted';
  /** The space's page (not for an added one). */
  id?: string;
  /** Where the page is after the push (a deleted one: where it is now). */
  path: string;
  /** Its title after the push (a deleted one: its title now). */
  title: string;
  type: 'document' | 'group' | 'link';
  /** The path it has now, when the push gives it another (a new parent or slug). */
  from?: string;
  /** Its index among the same parent's pages (from 0), when that alone of its place changes. */
  position?: { from: number; to: number };
  /** Its title now, when the push changes it. */
  titleBefore?: string;
  /** Its markdown changes. */
  content?: true;
  /** The Git Sync file it is kept in changes (null: none). */
  file?: { from: string | null; to: string | null };
  /** A deleted sub-page: the path of the deleted page it goes with. */
  deletedWith?: string;
}

/** A file a push adds, changes (another file's bytes at the same path) or deletes, by its path in the folder. */
export interface PlannedFile {
  change: 'added' | 'changed' | 'deleted';
  path: string;
  /** The space's file it replaces or deletes. */
  id?: string;
  /** Bytes of the file uploaded (added, changed). */
  size?: number;
}

/** A file of the space as push compares it: its id, name, size, digest and the path Git Sync keeps it at. */
export interface RemoteFile {
  id: string;
  name: string;
  size: number;
  /** SHA-256 of its bytes (hex); an instance that does not say is compared by size. */
  sha256?: string;
  /** Where it lies in the folder, relative to the content root (`.gitbook.yaml` for the configuration). */
  git?: string;
}

/** Where a space file lies in a folder: its Git Sync path, else under `.gitbook/assets/` by its name. */
export const folderPathOf = (file: Pick<RemoteFile, 'name' | 'git'>) => file.git ?? `${GITBOOK_ASSETS}/${file.name}`;

/** What a push does with files: which local files to upload, which space files to delete, and the ids of those kept. */
export interface FilePlan {
  uploads: LocalAsset[];
  /** Ids of space files no local file is any more (or whose file changed). */
  deletes: string[];
  /** The id of each local file the space already has as it is, by its path in the folder. */
  kept: Map<string, string>;
  /** The files added, changed and deleted, as a person reviews them (`push --dry-run`). */
  listing: PlannedFile[];
}

/** The local files a push sends: the assets, and the Git Sync configuration (kept by the space so `pull` gives it back). */
export const filesOf = (local: LocalTree & { config?: LocalAsset }): LocalAsset[] => (local.config ? [...local.assets, local.config] : local.assets);

const sameBytes = (asset: LocalAsset, file: RemoteFile) => (file.sha256 !== undefined ? file.sha256 === asset.sha256 : file.size === asset.size);

/**
 * Compares the folder's files with the space's, each by where it lies: a file the space has at the
 * same path, name and bytes is kept; any other is uploaded, and a space file no local file is any
 * more is deleted. A file made in the app (no Git Sync path) lies under `.gitbook/assets/` by name.
 */
export function planFiles(local: LocalAsset[], remote: RemoteFile[]): FilePlan {
  const byPath = new Map<string, RemoteFile[]>();
  for (const file of remote) {
    const path = folderPathOf(file);
    const there = byPath.get(path);
    if (there) there.push(file);
    else byPath.set(path, [file]);
  }
  const uploads: LocalAsset[] = [];
  const kept = new Map<string, string>();
  const keptIds = new Set<string>();
  for (const asset of local) {
    const same = byPath.get(asset.file)?.find((f) => !keptIds.has(f.id) && f.name === (asset.name ?? asset.file) && sameBytes(asset, f));
    if (same) {
      kept.set(asset.file, same.id);
      keptIds.add(same.id);
    } else uploads.push(asset);
  }
  const deleted = remote.filter((f) => !keptIds.has(f.id));
  // A file uploaded where the space deletes one is that file changed.
  const replaced = new Set<RemoteFile>();
  const listing: PlannedFile[] = uploads.map((a) => {
    const old = deleted.find((f) => !replaced.has(f) && folderPathOf(f) === a.file);
    if (!old) return { change: 'added', path: a.file, size: a.size };
    replaced.add(old);
    return { change: 'changed', path: a.file, id: old.id, size: a.size };
  });
  for (const f of deleted) if (!replaced.has(f)) listing.push({ change: 'deleted', path: folderPathOf(f), id: f.id });
  return { uploads, kept, deletes: deleted.map((f) => f.id), listing };
}

/** A reusable content of the space as push compares it. */
export interface RemoteReusable {
  id: string;
  title: string;
  markdown: string;
  /** Where Git Sync keeps it, relative to the content root. */
  git?: string;
}

/** Where a reusable content lies in a folder: its Git Sync path, else under `.gitbook/includes/` by its title. */
export const includePathOf = (reusable: Pick<RemoteReusable, 'title' | 'git'>) => reusable.git ?? defaultIncludeFile(slugify(reusable.title));

/** What a push does with reusable content: inserts and updates (an insert labelled with its path), deletes, and the ids known by path. */
export interface ReusablePlan {
  changes: Change[];
  deletes: Change[];
  /** The id of each included file the space already has (changed or not), by its path. */
  kept: Map<string, string>;
  /** The reusable contents added, changed and deleted, as a person reviews them (`push --dry-run`). */
  listing: PlannedInclude[];
}

/** A reusable content (an included file) a push adds, changes or deletes, by its path in the folder. */
export interface PlannedInclude {
  change: 'added' | 'changed' | 'deleted';
  path: string;
  title: string;
  /** The space's reusable content (not for an added one). */
  id?: string;
  /** Its title now, when the push changes it. */
  titleBefore?: string;
}

/** Compares the files the pages include with the space's reusable content, each by where it lies. */
export function planReusables(local: LocalInclude[], remote: RemoteReusable[]): ReusablePlan {
  const byPath = new Map(remote.map((r) => [includePathOf(r), r]));
  const kept = new Map<string, string>();
  const changes: Change[] = [];
  const listing: PlannedInclude[] = [];
  for (const include of local) {
    const existing = byPath.get(include.file);
    if (!existing || kept.has(include.file)) {
      changes.push({ operation: 'insert_reusable_content', title: include.title, document: { markdown: include.markdown }, git: { path: include.file }, ref: include.file });
      listing.push({ change: 'added', path: include.file, title: include.title });
      continue;
    }
    kept.set(include.file, existing.id);
    const changed = existing.markdown !== include.markdown || existing.title !== include.title;
    if (changed || existing.git !== include.file) {
      listing.push({ change: 'changed', path: include.file, title: include.title, id: existing.id, ...(existing.title !== include.title ? { titleBefore: existing.title } : {}) });
      changes.push({
        operation: 'update_reusable_content',
        reusableContent: existing.id,
        ...(changed ? { title: include.title, document: { markdown: include.markdown } } : {}),
        ...(existing.git !== include.file ? { git: { path: include.file } } : {}),
      });
    }
  }
  const keptIds = new Set(kept.values());
  const gone = remote.filter((r) => !keptIds.has(r.id));
  for (const r of gone) listing.push({ change: 'deleted', path: includePathOf(r), title: r.title, id: r.id });
  const deletes: Change[] = gone.map((r) => ({ operation: 'delete_reusable_content', reusableContent: r.id }));
  return { changes, deletes, kept, listing };
}

/**
 * Compares a local folder with the space's pages and files and returns the changes that make the
 * space match. Returns an empty plan when nothing differs.
 */
export function planPush(local: LocalTree, remote: RemotePage[], remoteFiles: RemoteFile[]): PushPlan {
  const files = planFiles(filesOf(local), remoteFiles);
  const pages = planPages(local, remote);
  return { ...pages, files, summary: { ...pages.summary, uploaded: files.uploads.length } };
}

const depthOf = (path: string) => path.split('/').length - 1;

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
 * The pages with the slugs the space has: a page it holds by the slug the ASCII-only rule gave (the same
 * file, or the same place) keeps that slug, and its sub-pages' paths follow; new pages take today's rule.
 */
function withSpaceSlugs(pages: LocalPage[], remote: RemotePage[]): LocalPage[] {
  if (!pages.some((p) => p.legacySlug)) return pages;
  const byGit = new Map(remote.filter((p) => p.git).map((p) => [p.git!.toLowerCase(), p]));
  const remotePaths = new Set(remote.map((p) => p.path));
  const moved = new Map<string, string>();
  return pages.map((page) => {
    const parentPath = page.parentPath === null ? null : (moved.get(page.parentPath) ?? page.parentPath);
    const under = (slug: string) => (parentPath ? `${parentPath}/${slug}` : slug);
    const existing = page.git ? byGit.get(page.git.toLowerCase()) : undefined;
    const legacy = page.legacySlug;
    // The same file under the old rule's slug, or that slug numbered as a second sibling took it (`ota-2`).
    const kept = legacy === undefined ? undefined
      : existing ? (existing.slug === legacy || new RegExp(`^${legacy.replace(/[.]/g, '\\.')}-[0-9]+$`).test(existing.slug) ? existing.slug : undefined)
      : remotePaths.has(under(legacy)) ? legacy : undefined;
    const slug = kept ?? page.slug;
    const path = under(slug);
    if (path === page.path && parentPath === page.parentPath) return page;
    moved.set(page.path, path);
    return { ...page, slug, path, parentPath };
  });
}

/**
 * The page changes alone: inserts, updates and moves (parents first, siblings in order), and
 * deletes. A new page is labelled with its path (`ref`), so a sub-page inserted or moved in the same
 * batch names its parent by it.
 */
export function planPages(local: Pick<LocalTree, 'pages'>, remote: RemotePage[]): Omit<PushPlan, 'files'> {
  const pages = withSpaceSlugs(local.pages, remote);
  const matched = matchPages(pages, remote);
  const localByPath = new Map(pages.map((p) => [p.path, p]));
  const kept = new Set(matched.values());
  /** Where a local page's parent is in the space: its id, or its ref when it is inserted by this batch. */
  const parentOf = (parentPath: string | null) => {
    if (parentPath === null) return null;
    const parent = localByPath.get(parentPath)!;
    return matched.get(parent)?.id ?? parentPath;
  };
  const parents = new Set(pages.map((p) => p.parentPath));
  const defaultFile = (page: LocalPage) => defaultFileOf(page.path, parents.has(page.path));
  const planned: { depth: number; change: Change }[] = [];
  const origins = new Map<Change, LocalPage>();
  const plan = (page: LocalPage, depth: number, change: Change) => {
    planned.push({ depth, change });
    origins.set(change, page);
  };
  const siblingIndex = new Map<string, number>();
  const listing: PlannedPage[] = [];
  let inserted = 0;
  let updated = 0;
  for (const page of pages) {
    const parentKey = page.parentPath ?? '';
    const at = siblingIndex.get(parentKey) ?? 0;
    siblingIndex.set(parentKey, at + 1);
    const depth = depthOf(page.path);
    const into = parentOf(page.parentPath);
    const existing = matched.get(page);
    if (!existing) {
      const kind = kindOf(page);
      plan(page, depth, {
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
      });
      listing.push({ change: 'added', path: page.path, title: page.title, type: kind });
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
      plan(page, depth, {
        operation: 'update_page',
        page: existing.id,
        ...(changed ? { document: { markdown: page.markdown }, title: page.title } : {}),
        ...(refiled ? { git: page.git ? { path: page.git } : null } : {}),
        ...(renamed ? { slug: page.slug } : {}),
        ...(moved ? { into } : {}),
        ...(reordered ? { at } : {}),
      });
      const content = existing.markdown !== page.markdown;
      const titled = existing.title !== page.title;
      listing.push({
        change: content || titled || refiled ? 'changed' : 'moved',
        id: existing.id,
        path: page.path,
        title: page.title,
        type: kindOf(page),
        ...(existing.path !== page.path ? { from: existing.path } : {}),
        ...(!moved && existing.position !== at ? { position: { from: existing.position, to: at } } : {}),
        ...(titled ? { titleBefore: existing.title } : {}),
        ...(content ? { content: true as const } : {}),
        ...(refiled ? { file: { from: existing.git ?? null, to: page.git ?? null } } : {}),
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
  /** The top-most deleted page a deleted sub-page goes with. */
  const deletedWith = (p: RemotePage): RemotePage | undefined => {
    let top: RemotePage | undefined;
    for (let parent = p.parentId === null ? undefined : byId.get(p.parentId); parent && gone(parent); parent = parent.parentId === null ? undefined : byId.get(parent.parentId)) top = parent;
    return top;
  };
  for (const p of remote.filter(gone)) {
    const top = deletedWith(p);
    listing.push({ change: 'deleted', id: p.id, path: p.path, title: p.title, type: kindOf(p), ...(top ? { deletedWith: top.path } : {}) });
  }
  return {
    listing,
    // Parents first: a sub-page's `into` must name a page that exists when it is applied (a stable sort keeps sibling order).
    changes: planned.sort((a, b) => a.depth - b.depth).map((c) => c.change),
    deletes,
    origins,
    summary: { inserted, updated, deleted: deletes.length, uploaded: 0 },
  };
}

export function isEmpty(plan: PushPlan): boolean {
  return !plan.changes.length && !plan.deletes.length && !plan.files.uploads.length && !plan.files.deletes.length;
}
