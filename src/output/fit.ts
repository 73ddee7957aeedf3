/** Column widths that fit a terminal: which columns to keep and how wide each may be. */

/** What fitting needs to know of a column. */
export interface Sizing {
  /** Widest cell, header included. */
  natural: number;
  header: number;
  /** 1 (ids, names: kept longest) to 3 (dropped first). */
  priority: number;
  /** Never cut (an id cut with … cannot be pasted back), unless nothing else fits. */
  whole: boolean;
  /**
   * What a cell wider than its column becomes: cut with … (the default), wrapped onto the lines below
   * within its column, or moved to a line of its own below the row. Neither of the last two loses text,
   * so such columns give way before any column is cut: `line` first, then `wrap`.
   */
  overflow?: 'cut' | 'wrap' | 'line';
  /** `wrap`: the narrowest it wraps at without breaking a word (its longest word, say). */
  floor?: number;
}

/** Spaces between two columns. */
export const GAP = 2;

/** How narrow a wrapped column gets before the others are cut: then it gives way down to its floor. */
const WRAP_COMFORTABLE = 24;

/** The narrowest a wrapped column gets before the others are cut to their headers: words stay whole down to here. */
const wrapFloor = (c: Sizing) => Math.min(c.natural, Math.max(c.header, c.floor ?? 0, 8));

/**
 * The narrowest a column gets before a less important one is dropped instead: the header, and enough
 * of a cell to recognize it (more for the most important columns); for a column that wraps, its
 * longest word.
 */
function comfortable(c: Sizing): number {
  if (c.whole) return c.natural;
  if (c.overflow === 'wrap') return wrapFloor(c);
  return Math.min(c.natural, Math.max(c.header, c.priority === 1 ? 24 : 12));
}

const total = (widths: number[]) => widths.reduce((a, b) => a + b, 0) + GAP * Math.max(0, widths.length - 1);

/**
 * Answers the width of each column, `undefined` for a dropped one. Columns go, least important first
 * (rightmost among equals, never the first), until the rest fit at a comfortable width. Then columns
 * narrow, those that lose least first: the columns whose cells move to a line below the row (down to
 * their header); the wrapped ones (down to 24 columns); the cut ones, to a comfortable width, first
 * the one furthest above it (so an e-mail of a detail column gives way before a title); the wrapped
 * ones again, down to their longest word; then the widest, down to its header. Ids, and the words of
 * wrapped columns, are cut only when nothing else is left to cut.
 */
export function fitColumns(columns: Sizing[], width: number): (number | undefined)[] {
  const kept = columns.map((_, i) => i);
  while (total(kept.map((i) => comfortable(columns[i]))) > width && kept.length > 1) {
    const candidates = kept.slice(1);
    const worst = Math.max(...candidates.map((i) => columns[i].priority));
    const drop = candidates.filter((i) => columns[i].priority === worst).pop()!;
    kept.splice(kept.indexOf(drop), 1);
  }
  const widths = new Map(kept.map((i) => [i, columns[i].natural]));
  const shrink = (floor: (i: number) => number, among: number[] = kept): void => {
    let over = total([...widths.values()]) - width;
    while (over > 0) {
      const shrinkable = among.filter((i) => widths.get(i)! > floor(i));
      if (!shrinkable.length) return;
      const most = shrinkable.reduce((a, b) => (widths.get(b)! - floor(b) > widths.get(a)! - floor(a) ? b : a));
      widths.set(most, widths.get(most)! - 1);
      over--;
    }
  };
  shrink((i) => Math.min(columns[i].natural, columns[i].header), kept.filter((i) => columns[i].overflow === 'line'));
  const wrapped = kept.filter((i) => columns[i].overflow === 'wrap');
  shrink((i) => Math.min(columns[i].natural, Math.max(wrapFloor(columns[i]), WRAP_COMFORTABLE)), wrapped);
  shrink((i) => (columns[i].overflow === 'wrap' ? widths.get(i)! : comfortable(columns[i])));
  shrink((i) => comfortable(columns[i]), wrapped);
  shrink((i) => (columns[i].whole ? columns[i].natural : columns[i].overflow === 'wrap' ? wrapFloor(columns[i]) : Math.min(columns[i].natural, columns[i].header)));
  shrink(() => 1);
  return columns.map((_, i) => widths.get(i));
}
