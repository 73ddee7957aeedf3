import { cloneState, renumber, type FileEntry, type PageEntry, type ReusableEntry, type RevisionState } from './state';

export interface MergeResult {
  state?: RevisionState;
  /** Pages changed on both sides in different ways; nothing is merged when there is any. */
  conflicts: string[];
  /** Reusable contents changed on both sides in different ways (only when there is any); nothing is merged then either. */
  reusableConflicts?: string[];
}

/** What counts as a change of a reusable content: its title, its text or its file. */
const sameReusable = (a: ReusableEntry | undefined, b: ReusableEntry | undefined) =>
  a === b || (a !== undefined && b !== undefined && a.title === b.title && a.markdown === b.markdown && a.gitPath === b.gitPath);

/** What counts as a change of a page: its content or where it hangs (not its index among siblings). */
const same = (a: PageEntry | undefined, b: PageEntry | undefined) =>
  a === b || (a !== undefined && b !== undefined && a.versionId === b.versionId && a.parent === b.parent);

/**
 * Three-way merge at page level. For each page, the side that changed it since `base` wins; a page
 * changed on both sides the same way is fine; changed differently (edited on both, or edited on one and
 * deleted on the other) is a conflict; reusable contents merge the same way. Files never change: both sides' new files are kept, and a file either side deleted is gone.
 */
export function threeWayMerge(base: RevisionState, ours: RevisionState, theirs: RevisionState): MergeResult {
  const result = cloneState(ours);
  const conflicts: string[] = [];
  const ids = new Set([...base.pages.keys(), ...ours.pages.keys(), ...theirs.pages.keys()]);
  for (const id of ids) {
    const b = base.pages.get(id);
    const o = ours.pages.get(id);
    const t = theirs.pages.get(id);
    if (same(t, b) || same(o, t)) {
      // Theirs did not change it, or both made the same change: keep ours. A new index among the same
      // siblings is not a change that conflicts, but when only theirs reordered it, the order is theirs.
      const kept = result.pages.get(id);
      if (kept && b && t && b.parent === kept.parent && t.parent === kept.parent && kept.position === b.position && t.position !== b.position) {
        kept.position = t.position;
      }
      continue;
    }
    if (same(o, b)) {
      // Only theirs changed it: take theirs (or its deletion).
      if (t) result.pages.set(id, { ...t });
      else result.pages.delete(id);
      continue;
    }
    conflicts.push(id);
  }
  // Reusable contents as pages, by their content: the side that changed one wins; both changing it differently is a conflict.
  const reusableConflicts: string[] = [];
  for (const id of new Set([...base.reusables.keys(), ...ours.reusables.keys(), ...theirs.reusables.keys()])) {
    const [b, o, t] = [base.reusables.get(id), ours.reusables.get(id), theirs.reusables.get(id)];
    if (sameReusable(t, b) || sameReusable(o, t)) continue;
    if (sameReusable(o, b)) {
      if (t) result.reusables.set(id, { ...t });
      else result.reusables.delete(id);
      continue;
    }
    reusableConflicts.push(id);
  }
  if (conflicts.length || reusableConflicts.length) return { conflicts, ...(reusableConflicts.length ? { reusableConflicts } : {}) };
  // A page whose parent is gone (deleted on the other side) moves to the root rather than vanishing.
  for (const page of result.pages.values()) if (page.parent && !result.pages.has(page.parent)) page.parent = null;
  const parents = new Set([...result.pages.values()].map((p) => p.parent));
  for (const parent of parents) renumber(result, parent);
  for (const [id, file] of theirs.files) if (!base.files.has(id) && !result.files.has(id)) result.files.set(id, { ...(file as FileEntry) });
  // A file the other side deleted goes (files never change, so a deletion cannot conflict).
  for (const id of base.files.keys()) if (!theirs.files.has(id)) result.files.delete(id);
  return { state: result, conflicts };
}
