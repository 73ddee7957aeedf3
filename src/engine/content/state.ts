import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { Core } from '../core';
import { mapInOrder } from '../in-order';
import { insertRows, ROWS_PER_ROUND_TRIP, TEXT_PER_ROUND_TRIP } from '../insert-rows';

/** What a page holds; a revision points at one of these per page. */
export interface PageData {
  type: 'document' | 'group' | 'link';
  title: string;
  emoji?: string;
  slug: string;
  description?: string;
  markdown: string;
  hidden: boolean;
  href?: string;
  /** Where Git Sync keeps the page: its markdown file, relative to the synced folder (`guides/README.md`). */
  git?: { path: string };
  /** docsctl: the page's content is generated from an OpenAPI spec at read time (see openapi/computed-page.ts). */
  computed?: import('../../domain/content-change').PageComputed;
}

export interface PageEntry {
  id: string;
  versionId: string;
  parent: string | null;
  position: number;
  createdAt: string;
  updatedAt: string;
}

export interface FileEntry {
  id: string;
  name: string;
  contentType: string;
  blobId: string;
  width: number | null;
  height: number | null;
  /** Where Git Sync keeps the file (`content push` records it); null for files made otherwise. */
  gitPath: string | null;
}

/**
 * A reusable content of a revision (Git Sync's `.gitbook/includes/` files, which pages include with
 * `{% include "/reusable-contents/<id>" %}`). The markdown is the whole text as given, frontmatter
 * included, so that `content pull` writes the file back byte for byte.
 */
export interface ReusableEntry {
  id: string;
  title: string;
  markdown: string;
  /** Where Git Sync keeps it (`.gitbook/includes/restart.md`); null for reusable contents made otherwise. */
  gitPath: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A revision's content in memory: pages, files and reusable contents by id. */
export interface RevisionState {
  pages: Map<string, PageEntry>;
  files: Map<string, FileEntry>;
  reusables: Map<string, ReusableEntry>;
}

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

export async function loadState(core: Core, revisionId: string): Promise<RevisionState> {
  const pages = new Map<string, PageEntry>();
  for (const row of await core.all<{ page_id: string; version_id: string; parent_page_id: string | null; position: number; created_at: string; updated_at: string }>(
    'SELECT * FROM revision_pages WHERE revision_id = ?',
    [revisionId],
  )) {
    pages.set(row.page_id, { id: row.page_id, versionId: row.version_id, parent: row.parent_page_id, position: row.position, createdAt: row.created_at, updatedAt: row.updated_at });
  }
  const files = new Map<string, FileEntry>();
  for (const row of await core.all<{ file_id: string; name: string; content_type: string; blob_id: string; width: number | null; height: number | null; git_path: string | null }>(
    'SELECT * FROM revision_files WHERE revision_id = ?',
    [revisionId],
  )) {
    files.set(row.file_id, { id: row.file_id, name: row.name, contentType: row.content_type, blobId: row.blob_id, width: row.width, height: row.height, gitPath: row.git_path ?? null });
  }
  const reusables = new Map<string, ReusableEntry>();
  for (const row of await core.all<ReusableRow>('SELECT * FROM revision_reusable_contents WHERE revision_id = ?', [revisionId])) {
    reusables.set(row.reusable_id, reusableOf(row));
  }
  return { pages, files, reusables };
}

/** A row of `revision_reusable_contents`. */
export interface ReusableRow {
  reusable_id: string;
  title: string;
  markdown: string;
  git_path: string | null;
  created_at: string;
  updated_at: string;
}

export const reusableOf = (row: ReusableRow): ReusableEntry => ({
  id: row.reusable_id, title: row.title, markdown: row.markdown, gitPath: row.git_path ?? null, createdAt: row.created_at, updatedAt: row.updated_at,
});

export function cloneState(state: RevisionState): RevisionState {
  return {
    pages: new Map([...state.pages].map(([id, p]) => [id, { ...p }])),
    files: new Map([...state.files].map(([id, f]) => [id, { ...f }])),
    reusables: new Map([...state.reusables].map(([id, r]) => [id, { ...r }])),
  };
}

/**
 * Page versions a batch stored and has not written yet (`storingPagesInBatches`), in the async context
 * of that batch alone: two writes of two organizations may run at once on PostgreSQL.
 */
const unwritten = new AsyncLocalStorage<Map<string, string>>();

/** The characters of the page versions waiting in each batch's map. */
const waitingText = new WeakMap<Map<string, string>, number>();

const PAGE_VERSION_INSERT = 'INSERT OR IGNORE INTO page_versions (id, data)';

/** Stores page data once (content-addressed) and returns its version id. */
export async function storePage(core: Core, data: PageData): Promise<string> {
  const json = JSON.stringify(data);
  const id = sha256(json);
  const waiting = unwritten.getStore();
  if (!waiting) await core.run(`${PAGE_VERSION_INSERT} VALUES (?, ?)`, [id, json]);
  else {
    const text = (waitingText.get(waiting) ?? 0) + json.length;
    waitingText.set(waiting, text);
    if (waiting.set(id, json).size >= ROWS_PER_ROUND_TRIP || text >= TEXT_PER_ROUND_TRIP) await writePageVersions(core, waiting);
  }
  return id;
}

async function writePageVersions(core: Core, waiting: Map<string, string>): Promise<void> {
  const rows = [...waiting];
  await insertRows(core, PAGE_VERSION_INSERT, rows);
  // Written: pageData reads them from the table from now on.
  for (const [id] of rows) waiting.delete(id);
  waitingText.delete(waiting);
}

/**
 * Runs `fn` (inside a write) with the page versions it stores written many a statement, all of them
 * before it returns: on PostgreSQL each statement is a round trip, and a push of 10,000 pages stored
 * them one at a time. Until then `pageData` finds them here; nothing may name them in another table
 * before `fn` returns (a revision's pages are saved after the batch).
 */
export async function storingPagesInBatches<T>(core: Core, fn: () => Promise<T>): Promise<T> {
  if (unwritten.getStore()) return await fn();
  const waiting = new Map<string, string>();
  batchesRunning++;
  try {
    return await unwritten.run(waiting, async () => {
      const value = await fn();
      await writePageVersions(core, waiting);
      return value;
    });
  } finally {
    // Off once no batch runs: while an AsyncLocalStorage is on, node tracks every promise (SqliteStore).
    if (--batchesRunning === 0) unwritten.disable();
  }
}

let batchesRunning = 0;

const versionKey = (versionId: string) => `page-version:${versionId}`;

export async function pageData(core: Core, versionId: string): Promise<PageData> {
  // A version id is the hash of its data: what it names never changes, even inside a write.
  return await core.immutable(versionKey(versionId), async () =>
    JSON.parse(unwritten.getStore()?.get(versionId) ?? (await core.get<{ data: string }>('SELECT data FROM page_versions WHERE id = ?', [versionId]))!.data) as PageData,
  );
}

/** Page versions read a statement at most by `preloadPageData`. */
const PRELOAD_BATCH = ROWS_PER_ROUND_TRIP;

/**
 * Reads the data of many page versions with a statement per PRELOAD_BATCH (on PostgreSQL each
 * statement is a round trip: a merge of 10,000 pages read them one at a time) into what `pageData`
 * remembers. Only a speed-up: a version it could not keep is read again by `pageData`.
 */
export async function preloadPageData(core: Core, versionIds: Iterable<string>): Promise<void> {
  const missing = [...new Set(versionIds)].filter((id) => !core.holdsImmutable(versionKey(id)));
  for (let at = 0; at < missing.length; at += PRELOAD_BATCH) {
    const rows = await core.all<{ id: string; data: string }>('SELECT id, data FROM page_versions WHERE id IN (SELECT value FROM json_each(?))', [
      JSON.stringify(missing.slice(at, at + PRELOAD_BATCH)),
    ]);
    for (const row of rows) await core.immutable(versionKey(row.id), () => JSON.parse(row.data) as PageData);
  }
}

/** How a revision came to be: its parents, its kind, the change request it belongs to and who made it. */
export interface RevisionOrigin {
  parents: string[];
  type: 'edits' | 'merge' | 'update';
  /** The change request whose revision it is (its edits, its updates from main) or which it merged. */
  changeRequest?: string | null;
  /** The user who made it (a write, a merge, an import); kept as `revisions.created_by`. */
  createdBy: string | null;
}

/** Writes a new immutable revision of a space from a state. Returns its id. */
export async function saveRevision(core: Core, spaceId: string, state: RevisionState, origin: RevisionOrigin): Promise<string> {
  await uniqueSlugs(core, state);
  const id = core.newId();
  await core.run('INSERT INTO revisions (id, space_id, parents, type, change_request_id, created_at, created_by) VALUES (?, ?, ?, ?, ?, ?, ?)', [
    id, spaceId, JSON.stringify(origin.parents), origin.type, origin.changeRequest ?? null, core.now(), origin.createdBy,
  ]);
  // Many rows a statement: on PostgreSQL each statement is a round trip.
  await insertRows(core, 'INSERT INTO revision_pages (revision_id, page_id, version_id, parent_page_id, position, created_at, updated_at)',
    [...state.pages.values()].map((p) => [id, p.id, p.versionId, p.parent, p.position, p.createdAt, p.updatedAt]));
  await insertRows(core, 'INSERT INTO revision_files (revision_id, file_id, name, content_type, blob_id, width, height, git_path)',
    [...state.files.values()].map((f) => [id, f.id, f.name, f.contentType, f.blobId, f.width, f.height, f.gitPath]));
  await insertRows(core, 'INSERT INTO revision_reusable_contents (revision_id, reusable_id, title, markdown, git_path, created_at, updated_at)',
    [...state.reusables.values()].map((r) => [id, r.id, r.title, r.markdown, r.gitPath, r.createdAt, r.updatedAt]));
  // A revision's pages are read by revision and page (a search's ancestors, every read of content).
  await core.store.wroteMany('revision_pages', ['revision_id', 'page_id'], state.pages.size);
  return id;
}

/**
 * Paths are unique within a revision: siblings with the same slug (two sides of a merge each adding a
 * page with the same title, or a page moved to the root when its parent was deleted) are told apart,
 * the page created first keeping the slug and the others taking `slug-2`, `slug-3`...
 */
async function uniqueSlugs(core: Core, state: RevisionState): Promise<void> {
  await preloadPageData(core, [...state.pages.values()].map((p) => p.versionId));
  const byParent = new Map<string | null, PageEntry[]>();
  for (const page of state.pages.values()) {
    const siblings = byParent.get(page.parent);
    if (siblings) siblings.push(page);
    else byParent.set(page.parent, [page]);
  }
  for (const siblings of byParent.values()) {
    const slugs = await mapInOrder(siblings, async (p) => (await pageData(core, p.versionId)).slug);
    if (new Set(slugs).size === slugs.length) continue;
    const taken = new Set<string>();
    const renamed: PageEntry[] = [];
    for (const page of [...siblings].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1))) {
      const slug = (await pageData(core, page.versionId)).slug;
      if (taken.has(slug)) renamed.push(page);
      else taken.add(slug);
    }
    for (const page of renamed) {
      const data = await pageData(core, page.versionId);
      let n = 2;
      while (taken.has(`${data.slug}-${n}`)) n++;
      taken.add(`${data.slug}-${n}`);
      page.versionId = await storePage(core, { ...data, slug: `${data.slug}-${n}` });
    }
  }
}

/** Children of `parent` in order. */
export function childrenOf(state: RevisionState, parent: string | null): PageEntry[] {
  return [...state.pages.values()].filter((p) => p.parent === parent).sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : 1));
}

/** Renumbers the children of `parent` 0..n-1 in their current order. */
export function renumber(state: RevisionState, parent: string | null): void {
  childrenOf(state, parent).forEach((p, i) => {
    p.position = i;
  });
}

/**
 * Every parent's children in order, built in one pass: reading a large tree through `childrenOf` for each
 * page costs the square of its size.
 */
export function childrenIndex(state: RevisionState): Map<string | null, PageEntry[]> {
  const index = new Map<string | null, PageEntry[]>();
  for (const page of state.pages.values()) {
    const siblings = index.get(page.parent);
    if (siblings) siblings.push(page);
    else index.set(page.parent, [page]);
  }
  for (const siblings of index.values()) siblings.sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : 1));
  return index;
}

/** The path of every page: its ancestors' slugs and its own, joined with '/'. */
export async function pathsOf(core: Core, state: RevisionState): Promise<Map<string, string>> {
  const paths = new Map<string, string>();
  const children = childrenIndex(state);
  const walk = async (parent: string | null, prefix: string) => {
    for (const page of children.get(parent) ?? []) {
      const slug = (await pageData(core, page.versionId)).slug;
      const path = prefix ? `${prefix}/${slug}` : slug;
      paths.set(page.id, path);
      await walk(page.id, path);
    }
  };
  await walk(null, '');
  return paths;
}
