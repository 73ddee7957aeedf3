import { describe, expect, it } from 'vitest';
import { threeWayMerge } from '../../src/engine/content/merge';
import type { FileEntry, PageEntry, ReusableEntry, RevisionState } from '../../src/engine/content/state';

/** A page entry: `v` is its content version, `parent` where it hangs, `position` its index there. */
const page = (id: string, v: string, parent: string | null = null, position = 0): PageEntry => ({
  id, versionId: v, parent, position, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
});
const file = (id: string): FileEntry => ({ id, name: `${id}.png`, contentType: 'image/png', blobId: `blob-${id}`, width: 1, height: 1, gitPath: null });

/** A reusable content: `text` is its markdown (its title and file are given apart when they matter). */
const reusable = (id: string, text: string, title = 'Restart', gitPath: string | null = null): ReusableEntry => ({
  id, title, markdown: text, gitPath, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
});

function state(pages: PageEntry[], files: FileEntry[] = [], reusables: ReusableEntry[] = []): RevisionState {
  return { pages: new Map(pages.map((p) => [p.id, p])), files: new Map(files.map((f) => [f.id, f])), reusables: new Map(reusables.map((r) => [r.id, r])) };
}

/** Each reusable content as `id:markdown`, sorted. */
const reusables = (s: RevisionState | undefined) => [...s!.reusables.values()].map((r) => `${r.id}:${r.markdown}`).sort();

/** Each page as `id:version@parent#position`, sorted, for compact comparisons. */
const summary = (s: RevisionState | undefined) =>
  [...s!.pages.values()].map((p) => `${p.id}:${p.versionId}@${p.parent ?? 'root'}#${p.position}`).sort();

const base = () => state([page('a', 'a0', null, 0), page('b', 'b0', null, 1), page('c', 'c0', null, 2)]);

describe('threeWayMerge', () => {
  it('keeps everything when nothing changed', () => {
    const result = threeWayMerge(base(), base(), base());
    expect(result.conflicts).toEqual([]);
    expect(summary(result.state)).toEqual(['a:a0@root#0', 'b:b0@root#1', 'c:c0@root#2']);
  });

  it('takes a page changed on one side only from that side', () => {
    const ours = state([page('a', 'a1', null, 0), page('b', 'b0', null, 1), page('c', 'c0', null, 2)]);
    const theirs = state([page('a', 'a0', null, 0), page('b', 'b1', null, 1), page('c', 'c0', null, 2)]);
    const result = threeWayMerge(base(), ours, theirs);
    expect(result.conflicts).toEqual([]);
    expect(summary(result.state)).toEqual(['a:a1@root#0', 'b:b1@root#1', 'c:c0@root#2']);
  });

  it('applies deletions from either side, and deletions on both', () => {
    const ours = state([page('b', 'b0', null, 0), page('c', 'c0', null, 1)]); // deleted a
    const theirs = state([page('a', 'a0', null, 0), page('b', 'b0', null, 1)]); // deleted c
    expect(summary(threeWayMerge(base(), ours, theirs).state)).toEqual(['b:b0@root#0']);
    const both = state([page('b', 'b0', null, 0), page('c', 'c0', null, 1)]);
    const result = threeWayMerge(base(), both, both);
    expect(result.conflicts).toEqual([]);
    expect(summary(result.state)).toEqual(['b:b0@root#0', 'c:c0@root#1']);
  });

  it('keeps pages added on both sides', () => {
    const ours = state([...base().pages.values(), page('x', 'x0', null, 3)]);
    const theirs = state([...base().pages.values(), page('y', 'y0', 'a', 0)]);
    const result = threeWayMerge(base(), ours, theirs);
    expect(result.conflicts).toEqual([]);
    expect(summary(result.state)).toEqual(['a:a0@root#0', 'b:b0@root#1', 'c:c0@root#2', 'x:x0@root#3', 'y:y0@a#0']);
  });

  it('reports a page edited differently on both sides as a conflict and merges nothing', () => {
    const ours = state([page('a', 'a1', null, 0), page('b', 'b1', null, 1), page('c', 'c0', null, 2)]);
    const theirs = state([page('a', 'a2', null, 0), page('b', 'b0', null, 1), page('c', 'c0', null, 2)]);
    const result = threeWayMerge(base(), ours, theirs);
    expect(result).toEqual({ conflicts: ['a'] });
    expect(result.state).toBeUndefined();
  });

  it('reports a page edited on one side and deleted on the other as a conflict, either way round', () => {
    const edited = state([page('a', 'a1', null, 0), page('b', 'b0', null, 1), page('c', 'c0', null, 2)]);
    const deleted = state([page('b', 'b0', null, 0), page('c', 'c0', null, 1)]);
    expect(threeWayMerge(base(), edited, deleted)).toEqual({ conflicts: ['a'] });
    expect(threeWayMerge(base(), deleted, edited)).toEqual({ conflicts: ['a'] });
  });

  it('lists every conflicting page', () => {
    const ours = state([page('a', 'a1', null, 0), page('b', 'b1', null, 1), page('c', 'c1', null, 2)]);
    const theirs = state([page('a', 'a2', null, 0), page('b', 'b1', null, 1)]);
    expect(threeWayMerge(base(), ours, theirs).conflicts.sort()).toEqual(['a', 'c']);
  });

  it('accepts the same edit made on both sides', () => {
    const ours = state([page('a', 'a1', null, 0), page('b', 'b0', null, 1), page('c', 'c0', null, 2)]);
    const theirs = state([page('a', 'a1', null, 0), page('b', 'b0', null, 1), page('c', 'c0', null, 2)]);
    const result = threeWayMerge(base(), ours, theirs);
    expect(result.conflicts).toEqual([]);
    expect(summary(result.state)).toEqual(['a:a1@root#0', 'b:b0@root#1', 'c:c0@root#2']);
  });

  it('counts a move to another parent as a change, but not a new index among the same siblings', () => {
    // theirs moved c under a: taken.
    const moved = state([page('a', 'a0', null, 0), page('b', 'b0', null, 1), page('c', 'c0', 'a', 0)]);
    expect(summary(threeWayMerge(base(), base(), moved).state)).toEqual(['a:a0@root#0', 'b:b0@root#1', 'c:c0@a#0']);
    // ours moved c, theirs edited it: a conflict.
    const edited = state([page('a', 'a0', null, 0), page('b', 'b0', null, 1), page('c', 'c1', null, 2)]);
    expect(threeWayMerge(base(), moved, edited)).toEqual({ conflicts: ['c'] });
    // theirs only reordered c, ours edited it: no conflict, ours' content in theirs' order.
    const reordered = state([page('a', 'a0', null, 1), page('b', 'b0', null, 2), page('c', 'c0', null, 0)]);
    const result = threeWayMerge(base(), edited, reordered);
    expect(result.conflicts).toEqual([]);
    expect(summary(result.state)).toEqual(['a:a0@root#1', 'b:b0@root#2', 'c:c1@root#0']);
  });

  it('takes the order of siblings from the side that reordered them', () => {
    const reordered = state([page('a', 'a0', null, 1), page('b', 'b0', null, 2), page('c', 'c0', null, 0)]);
    expect(summary(threeWayMerge(base(), base(), reordered).state)).toEqual(['a:a0@root#1', 'b:b0@root#2', 'c:c0@root#0']);
    expect(summary(threeWayMerge(base(), reordered, base()).state)).toEqual(['a:a0@root#1', 'b:b0@root#2', 'c:c0@root#0']);
    // Both reordered: ours wins, without conflict.
    const other = state([page('a', 'a0', null, 0), page('b', 'b0', null, 2), page('c', 'c0', null, 1)]);
    const result = threeWayMerge(base(), reordered, other);
    expect(result.conflicts).toEqual([]);
    expect(summary(result.state)).toEqual(['a:a0@root#1', 'b:b0@root#2', 'c:c0@root#0']);
  });

  it('moves a page whose parent was deleted on the other side to the root', () => {
    const b = state([page('p', 'p0', null, 0), page('q', 'q0', null, 1)]);
    const ours = state([page('q', 'q0', null, 0)]); // deleted p
    const theirs = state([page('p', 'p0', null, 0), page('q', 'q0', null, 1), page('child', 'k0', 'p', 0)]); // added a child of p
    const result = threeWayMerge(b, ours, theirs);
    expect(result.conflicts).toEqual([]);
    const pages = [...result.state!.pages.values()];
    expect(pages.map((p) => [p.id, p.parent]).sort()).toEqual([['child', null], ['q', null]]);
    expect(pages.map((p) => p.position).sort()).toEqual([0, 1]);
  });

  it('renumbers every parent’s children 0..n-1', () => {
    const b = state([page('a', 'a0', null, 0), page('b', 'b0', null, 1), page('c', 'c0', null, 2), page('k1', 'k', 'a', 0), page('k2', 'k', 'a', 1)]);
    const theirs = state([page('a', 'a0', null, 0), page('b', 'b0', null, 1), page('c', 'c0', null, 2), page('k2', 'k', 'a', 1)]); // deleted k1, b stays
    const oursWithoutB = state([page('a', 'a0', null, 0), page('c', 'c0', null, 2), page('k1', 'k', 'a', 0), page('k2', 'k', 'a', 1)]); // deleted b
    const result = threeWayMerge(b, oursWithoutB, theirs);
    expect(result.conflicts).toEqual([]);
    expect(summary(result.state)).toEqual(['a:a0@root#0', 'c:c0@root#1', 'k2:k@a#0']);
  });

  it('keeps the files of both sides', () => {
    const b = state([], [file('f0')]);
    const result = threeWayMerge(b, state([], [file('f0'), file('f1')]), state([], [file('f0'), file('f2')]));
    expect([...result.state!.files.keys()].sort()).toEqual(['f0', 'f1', 'f2']);
    expect(result.state!.files.get('f2')).toEqual(file('f2'));
  });

  it('drops a file either side deleted', () => {
    const b = state([], [file('f0'), file('f1'), file('f2')]);
    const result = threeWayMerge(b, state([], [file('f0'), file('f2')]), state([], [file('f0'), file('f1'), file('f3')]));
    expect([...result.state!.files.keys()].sort()).toEqual(['f0', 'f3']);
  });

  it('leaves its inputs untouched', () => {
    const b = base();
    const ours = state([page('b', 'b0', null, 1), page('c', 'c0', null, 2)]);
    const theirs = state([page('a', 'a0', null, 0), page('b', 'b0', null, 1), page('c', 'c0', null, 2), page('x', 'x0', null, 3)], [file('f')]);
    const snapshot = (s: RevisionState) => JSON.stringify([[...s.pages], [...s.files]]);
    const before = [snapshot(b), snapshot(ours), snapshot(theirs)];
    const result = threeWayMerge(b, ours, theirs);
    expect(summary(result.state)).toEqual(['b:b0@root#0', 'c:c0@root#1', 'x:x0@root#2']);
    expect([snapshot(b), snapshot(ours), snapshot(theirs)]).toEqual(before);
  });
});

describe('threeWayMerge of reusable contents', () => {
  const base3 = () => state([], [], [reusable('r1', 'one'), reusable('r2', 'two'), reusable('r3', 'three')]);

  it('takes one changed on one side only from that side, and keeps those added on either side', () => {
    const ours = state([], [], [reusable('r1', 'one, ours'), reusable('r2', 'two'), reusable('r3', 'three'), reusable('n1', 'new ours')]);
    const theirs = state([], [], [reusable('r1', 'one'), reusable('r2', 'two, theirs'), reusable('r3', 'three'), reusable('n2', 'new theirs')]);
    const result = threeWayMerge(base3(), ours, theirs);
    expect(result.conflicts).toEqual([]);
    expect(result.reusableConflicts).toBeUndefined();
    expect(reusables(result.state)).toEqual(['n1:new ours', 'n2:new theirs', 'r1:one, ours', 'r2:two, theirs', 'r3:three']);
  });

  it('counts a new title or a new file as a change', () => {
    const retitled = state([], [], [reusable('r1', 'one', 'Restart the app'), reusable('r2', 'two'), reusable('r3', 'three', 'Restart', 'includes/three.md')]);
    const result = threeWayMerge(base3(), base3(), retitled);
    expect(result.state!.reusables.get('r1')!.title).toBe('Restart the app');
    expect(result.state!.reusables.get('r3')!.gitPath).toBe('includes/three.md');
    const other = state([], [], [reusable('r1', 'one', 'Restart now'), reusable('r2', 'two'), reusable('r3', 'three')]);
    expect(threeWayMerge(base3(), retitled, other)).toEqual({ conflicts: [], reusableConflicts: ['r1'] });
  });

  it('deletes one deleted on one side and unchanged on the other, either way round', () => {
    const deleted = state([], [], [reusable('r2', 'two'), reusable('r3', 'three')]);
    expect(reusables(threeWayMerge(base3(), deleted, base3()).state)).toEqual(['r2:two', 'r3:three']);
    expect(reusables(threeWayMerge(base3(), base3(), deleted).state)).toEqual(['r2:two', 'r3:three']);
    expect(reusables(threeWayMerge(base3(), deleted, deleted).state)).toEqual(['r2:two', 'r3:three']);
  });

  it('accepts the same change made on both sides', () => {
    const changed = () => state([], [], [reusable('r1', 'one, again'), reusable('r2', 'two'), reusable('r3', 'three')]);
    const result = threeWayMerge(base3(), changed(), changed());
    expect(result.conflicts).toEqual([]);
    expect(reusables(result.state)).toEqual(['r1:one, again', 'r2:two', 'r3:three']);
  });

  it('reports one changed differently on both sides (or changed on one, deleted on the other) as a conflict, and merges nothing', () => {
    const ours = state([page('a', 'a1')], [], [reusable('r1', 'one, ours'), reusable('r2', 'two, ours'), reusable('r3', 'three')]);
    const theirs = state([page('a', 'a0')], [], [reusable('r1', 'one, theirs'), reusable('r3', 'three')]);
    const result = threeWayMerge(state([page('a', 'a0')], [], [...base3().reusables.values()]), ours, theirs);
    expect(result).toEqual({ conflicts: [], reusableConflicts: ['r1', 'r2'] });
    expect(result.state).toBeUndefined();
  });

  it('reports conflicting pages and reusable contents together', () => {
    const b = state([page('a', 'a0')], [], [reusable('r1', 'one')]);
    const result = threeWayMerge(b, state([page('a', 'a1')], [], [reusable('r1', 'ours')]), state([page('a', 'a2')], [], [reusable('r1', 'theirs')]));
    expect(result).toEqual({ conflicts: ['a'], reusableConflicts: ['r1'] });
  });
});
