/**
 * A unified diff of two texts, line by line (what `diff -u` and `git diff` print): Myers' O(ND)
 * algorithm on what lies between the common first and last lines, hunks with three lines of context.
 */

export interface UnifiedDiff {
  /** The hunks (`@@ -a,b +c,d @@` and their lines), without file headers; empty when the texts are equal. */
  hunks: string;
  added: number;
  removed: number;
  /**
   * False when the texts differ in more than `maxEdits` lines: the diff then replaces the whole part that
   * differs (every line between the common first and last lines removed, then added), which is correct but
   * not the shortest.
   */
  minimal: boolean;
}

export interface DiffOptions {
  context?: number;
  /** The most lines added plus removed Myers' search goes to before it gives up (its time and memory grow with it). */
  maxEdits?: number;
}

export const DEFAULT_CONTEXT = 3;
export const DEFAULT_MAX_EDITS = 2000;

/** The lines of a text, each with its line end (the last may have none). */
export function linesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

type Op = { kind: ' ' | '-' | '+'; line: string };

/**
 * The shortest edit script from `a` to `b` (Myers 1986), or undefined past `maxEdits`. Keeps, for each
 * number of edits d, the furthest x reached on each diagonal k in [-d, d]: memory grows with d², not with
 * the texts' length.
 */
function myers(a: string[], b: string[], maxEdits: number): Op[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, maxEdits);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    // What step d reads: the furthest x of step d-1, on the diagonals -(d-1)..(d-1).
    trace.push(v.slice(offset - d, offset + d + 1));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  if (found < 0) return undefined;
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = found; d >= 0; d--) {
    const snapshot = trace[d];
    const at = (k: number) => snapshot[k + d];
    const k = x - y;
    let prevK: number;
    if (d === 0) prevK = 0;
    else prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push({ kind: ' ', line: a[--x] });
      y--;
    }
    if (d > 0) {
      if (x === prevX) ops.push({ kind: '+', line: b[--y] });
      else ops.push({ kind: '-', line: a[--x] });
    }
  }
  return ops.reverse();
}

/** A hunk's range: `start,count`, the count left out when it is 1, the start the line before when it is 0. */
function range(start: number, count: number): string {
  if (count === 1) return `${start + 1}`;
  return `${count === 0 ? start : start + 1},${count}`;
}

function printed(op: Op): string {
  const ends = op.line.endsWith('\n');
  return `${op.kind}${ends ? op.line : `${op.line}\n\\ No newline at end of file\n`}`;
}

/** The unified diff of two texts (hunks only: the caller writes the `---`/`+++` headers it wants). */
export function unifiedDiff(before: string, after: string, options: DiffOptions = {}): UnifiedDiff {
  const context = options.context ?? DEFAULT_CONTEXT;
  const a = linesOf(before);
  const b = linesOf(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  let middle = myers(midA, midB, options.maxEdits ?? DEFAULT_MAX_EDITS);
  const minimal = middle !== undefined;
  middle ??= [...midA.map((line): Op => ({ kind: '-', line })), ...midB.map((line): Op => ({ kind: '+', line }))];
  const ops: Op[] = [
    ...a.slice(0, head).map((line): Op => ({ kind: ' ', line })),
    ...middle,
    ...a.slice(a.length - tail).map((line): Op => ({ kind: ' ', line })),
  ];

  let added = 0;
  let removed = 0;
  const changes: number[] = [];
  ops.forEach((op, i) => {
    if (op.kind === '+') added++;
    if (op.kind === '-') removed++;
    if (op.kind !== ' ') changes.push(i);
  });
  if (!changes.length) return { hunks: '', added: 0, removed: 0, minimal: true };

  // Line numbers before each op, in a and in b.
  const aAt = new Int32Array(ops.length + 1);
  const bAt = new Int32Array(ops.length + 1);
  ops.forEach((op, i) => {
    aAt[i + 1] = aAt[i] + (op.kind === '+' ? 0 : 1);
    bAt[i + 1] = bAt[i] + (op.kind === '-' ? 0 : 1);
  });
  let out = '';
  let c = 0;
  while (c < changes.length) {
    const start = Math.max(0, changes[c] - context);
    let last = changes[c];
    // Changes closer than twice the context share a hunk.
    while (c + 1 < changes.length && changes[c + 1] - last <= 2 * context) last = changes[++c];
    c++;
    const end = Math.min(ops.length, last + context + 1);
    out += `@@ -${range(aAt[start], aAt[end] - aAt[start])} +${range(bAt[start], bAt[end] - bAt[start])} @@\n`;
    for (let i = start; i < end; i++) out += printed(ops[i]);
  }
  return { hunks: out, added, removed, minimal };
}
