import { childrenIndex, type FileEntry, type PageEntry, type ReusableEntry, type RevisionState } from '../content/state';

/**
 * What differs between two revision states, by id: pages added, removed, edited (their data: content,
 * title, slug, any metadata) and moved (another parent, or another order among the siblings they had
 * before and still have); files and reusable contents added, removed and changed. Pages are in the tree
 * order of the revision that holds them.
 */
export interface Comparison {
  pages: { added: PageEntry[]; removed: PageEntry[]; edited: { before: PageEntry; after: PageEntry }[]; moved: { before: PageEntry; after: PageEntry }[] };
  files: { added: FileEntry[]; removed: FileEntry[]; changed: { before: FileEntry; after: FileEntry }[] };
  reusables: { added: ReusableEntry[]; removed: ReusableEntry[]; changed: { before: ReusableEntry; after: ReusableEntry }[] };
}

/** A revision's pages in tree order (depth first, siblings by position). */
export function treeOrder(state: RevisionState): PageEntry[] {
  const children = childrenIndex(state);
  const out: PageEntry[] = [];
  const walk = (parent: string | null) => {
    for (const page of children.get(parent) ?? []) {
      out.push(page);
      walk(page.id);
    }
  };
  walk(null);
  return out;
}

/**
 * The pages of `ids` (in their order in `before`) that are not in a longest common subsequence of the two
 * orders: those that changed places. Both are orders of the same pages, so the longest common subsequence
 * is the longest increasing run of their indexes in `after` (patience sorting, n log n).
 */
function reordered(before: string[], after: string[]): Set<string> {
  const indexAfter = new Map(after.map((id, i) => [id, i]));
  const seq = before.map((id) => indexAfter.get(id)!);
  const tails: number[] = [];
  const tailAt: number[] = [];
  const prev = new Int32Array(seq.length).fill(-1);
  seq.forEach((value, i) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tails[mid] < value) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = value;
    tailAt[lo] = i;
    prev[i] = lo > 0 ? tailAt[lo - 1] : -1;
  });
  const kept = new Set<string>();
  for (let i = tails.length ? tailAt[tails.length - 1] : -1; i >= 0; i = prev[i]) kept.add(before[i]);
  return new Set(before.filter((id) => !kept.has(id)));
}

const sameFile = (a: FileEntry, b: FileEntry) => a.name === b.name && a.blobId === b.blobId && a.contentType === b.contentType && a.gitPath === b.gitPath;
const sameReusable = (a: ReusableEntry, b: ReusableEntry) => a.title === b.title && a.markdown === b.markdown && a.gitPath === b.gitPath;

export function compareStates(before: RevisionState, after: RevisionState): Comparison {
  const orderBefore = treeOrder(before);
  const orderAfter = treeOrder(after);
  const added = orderAfter.filter((p) => !before.pages.has(p.id));
  const removed = orderBefore.filter((p) => !after.pages.has(p.id));
  const edited: Comparison['pages']['edited'] = [];
  const moved: Comparison['pages']['moved'] = [];

  // Among the pages under the same parent on both sides, those whose order changed.
  const shifted = new Set<string>();
  const childrenBefore = childrenIndex(before);
  const childrenAfter = childrenIndex(after);
  for (const [parent, kids] of childrenBefore) {
    const stay = (p: PageEntry) => after.pages.get(p.id)?.parent === parent;
    const was = kids.filter(stay).map((p) => p.id);
    if (was.length < 2) continue;
    const staying = new Set(was);
    const now = (childrenAfter.get(parent) ?? []).filter((p) => staying.has(p.id)).map((p) => p.id);
    for (const id of reordered(was, now)) shifted.add(id);
  }
  for (const page of orderAfter) {
    const old = before.pages.get(page.id);
    if (!old) continue;
    if (old.versionId !== page.versionId) edited.push({ before: old, after: page });
    if (old.parent !== page.parent || shifted.has(page.id)) moved.push({ before: old, after: page });
  }

  const files: Comparison['files'] = { added: [], removed: [], changed: [] };
  const byName = (a: FileEntry, b: FileEntry) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1);
  for (const file of [...after.files.values()].sort(byName)) {
    const old = before.files.get(file.id);
    if (!old) files.added.push(file);
    else if (!sameFile(old, file)) files.changed.push({ before: old, after: file });
  }
  files.removed = [...before.files.values()].filter((f) => !after.files.has(f.id)).sort(byName);

  const reusables: Comparison['reusables'] = { added: [], removed: [], changed: [] };
  const byTitle = (a: ReusableEntry, b: ReusableEntry) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id < b.id ? -1 : 1);
  for (const entry of [...after.reusables.values()].sort(byTitle)) {
    const old = before.reusables.get(entry.id);
    if (!old) reusables.added.push(entry);
    else if (!sameReusable(old, entry)) reusables.changed.push({ before: old, after: entry });
  }
  reusables.removed = [...before.reusables.values()].filter((r) => !after.reusables.has(r.id)).sort(byTitle);

  return { pages: { added, removed, edited, moved }, files, reusables };
}

/** The pages a comparison counts: added, changed (edited or moved, each page once) and removed. */
export function pageCounts(c: Comparison): { added: number; changed: number; removed: number } {
  const changed = new Set([...c.pages.edited.map((e) => e.after.id), ...c.pages.moved.map((m) => m.after.id)]);
  return { added: c.pages.added.length, changed: changed.size, removed: c.pages.removed.length };
}

/** An empty revision state (what a revision without parents is compared with). */
export const emptyState = (): RevisionState => ({ pages: new Map(), files: new Map(), reusables: new Map() });
