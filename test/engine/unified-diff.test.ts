import { describe, expect, it } from 'vitest';
import { linesOf, unifiedDiff } from '../../src/engine/history/unified-diff';
import { compareStates, pageCounts } from '../../src/engine/history/compare';
import type { PageEntry, RevisionState } from '../../src/engine/content/state';

/** Applies hunks to a text, as patch(1) would: checks that a diff takes the old text to the new one. */
function apply(before: string, hunks: string): string {
  const old = linesOf(before);
  const out: string[] = [];
  let at = 0;
  const lines = hunks.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const header = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@$/.exec(lines[i]);
    if (!header) continue;
    const start = Number(header[1]) - (header[2] === '0' ? 0 : 1);
    while (at < start) out.push(old[at++]);
    for (i++; i < lines.length && !lines[i].startsWith('@@') && lines[i] !== ''; i++) {
      const noNewline = lines[i + 1] === '\\ No newline at end of file';
      const text = lines[i].slice(1) + (noNewline ? '' : '\n');
      if (lines[i][0] === ' ' || lines[i][0] === '-') {
        expect(old[at]).toBe(text);
        at++;
      }
      if (lines[i][0] === ' ' || lines[i][0] === '+') out.push(text);
      if (noNewline) i++;
    }
    i--;
  }
  while (at < old.length) out.push(old[at++]);
  return out.join('');
}

describe('unifiedDiff', () => {
  it('writes hunks with three lines of context, ranges as diff -u does, and merges close changes', () => {
    const a = 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\n';
    const b = 'a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nM\nn\n';
    expect(unifiedDiff(a, b)).toEqual({
      hunks: '@@ -1,5 +1,5 @@\n a\n-b\n+B\n c\n d\n e\n@@ -10,4 +10,5 @@\n j\n k\n l\n-m\n+M\n+n\n',
      added: 3,
      removed: 2,
      minimal: true,
    });
    // Changes six lines apart or less share a hunk.
    expect(unifiedDiff('1\n2\n3\n4\n5\n6\n7\n8\n', '1\nX\n3\n4\n5\n6\n7\nY\n').hunks).toBe('@@ -1,8 +1,8 @@\n 1\n-2\n+X\n 3\n 4\n 5\n 6\n 7\n-8\n+Y\n');
  });

  it('says when a text has no final newline, and counts a one-line range without its length', () => {
    expect(unifiedDiff('x\ny', 'x\ny\n').hunks).toBe('@@ -1,2 +1,2 @@\n x\n-y\n\\ No newline at end of file\n+y\n');
    expect(unifiedDiff('only', 'other').hunks).toBe('@@ -1 +1 @@\n-only\n\\ No newline at end of file\n+other\n\\ No newline at end of file\n');
    expect(unifiedDiff('', 'new\n').hunks).toBe('@@ -0,0 +1 @@\n+new\n');
    expect(unifiedDiff('same\n', 'same\n')).toEqual({ hunks: '', added: 0, removed: 0, minimal: true });
  });

  it('takes any text to any other (checked by applying it), with the fewest lines changed while minimal', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let n = 0; n < 300; n++) {
      const words = Array.from({ length: Math.floor(random() * 25) }, () => 'abcde'[Math.floor(random() * 5)]);
      const a = words.join('\n') + (random() > 0.5 ? '\n' : '');
      const b = words.filter(() => random() > 0.25).flatMap((w) => (random() > 0.8 ? [w, 'abcde'[Math.floor(random() * 5)]] : [w])).join('\n') + (random() > 0.5 ? '\n' : '');
      const d = unifiedDiff(a, b);
      expect(apply(a, d.hunks), JSON.stringify([a, b])).toBe(b);
      const coarse = unifiedDiff(a, b, { maxEdits: 1 });
      expect(apply(a, coarse.hunks)).toBe(b);
      expect(d.added + d.removed).toBeLessThanOrEqual(coarse.added + coarse.removed);
    }
  });

  it('past maxEdits, replaces what lies between the common first and last lines whole', () => {
    const d = unifiedDiff('head\n1\n2\n3\ntail\n', 'head\n3\n2\n1\ntail\n', { maxEdits: 2 });
    expect(d).toEqual({ hunks: '@@ -1,5 +1,5 @@\n head\n-1\n-2\n-3\n+3\n+2\n+1\n tail\n', added: 3, removed: 3, minimal: false });
  });
});

describe('compareStates', () => {
  const page = (id: string, parent: string | null, position: number, versionId = `v-${id}`): PageEntry => ({ id, versionId, parent, position, createdAt: '', updatedAt: '' });
  const state = (...pages: PageEntry[]): RevisionState => ({ pages: new Map(pages.map((p) => [p.id, p])), files: new Map(), reusables: new Map() });

  it('counts a page inserted among siblings as added, not its shifted siblings as moved', () => {
    const before = state(page('a', null, 0), page('b', null, 1), page('c', null, 2));
    const after = state(page('a', null, 0), page('n', null, 1), page('b', null, 2), page('c', null, 3));
    const c = compareStates(before, after);
    expect(c.pages.added.map((p) => p.id)).toEqual(['n']);
    expect(c.pages.moved).toEqual([]);
    expect(pageCounts(c)).toEqual({ added: 1, changed: 0, removed: 0 });
  });

  it('finds the pages that changed places among their siblings, another parent, edits and removals', () => {
    const before = state(page('a', null, 0), page('b', null, 1), page('c', null, 2), page('d', null, 3), page('e', 'd', 0));
    const after = state(page('b', null, 0), page('c', null, 1), page('a', null, 2), page('d', 'b', 0, 'v-d2'));
    const c = compareStates(before, after);
    expect(c.pages.moved.map((m) => m.after.id)).toEqual(['d', 'a']);
    expect(c.pages.edited.map((e) => e.after.id)).toEqual(['d']);
    expect(c.pages.removed.map((p) => p.id)).toEqual(['e']);
    expect(pageCounts(c)).toEqual({ added: 0, changed: 2, removed: 1 });
  });
});
