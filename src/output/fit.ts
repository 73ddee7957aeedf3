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
}

/** Spaces between two columns. */
export const GAP = 2;

/**
 * The narrowest a column gets before a less important one is dropped instead: the header, and enough
 * of a cell to recognize it (more for the most important columns).
 */
function comfortable(c: Sizing): number {
  if (c.whole) return c.natural;
  return Math.min(c.natural, Math.max(c.header, c.priority === 1 ? 24 : 12));
}

const total = (widths: number[]) => widths.reduce((a, b) => a + b, 0) + GAP * Math.max(0, widths.length - 1);

/**
 * Answers the width of each column, `undefined` for a dropped one. Columns go, least important first
 * (rightmost among equals, never the first), until the rest fit at a comfortable width. Then cells are
 * cut a column at a time: first from the column furthest above its comfortable width (so an e-mail of
 * a detail column gives way before a title), then from the widest, down to its header; ids only
 * when nothing else is left to cut.
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
  const shrink = (floor: (i: number) => number): void => {
    let over = total([...widths.values()]) - width;
    while (over > 0) {
      const shrinkable = kept.filter((i) => widths.get(i)! > floor(i));
      if (!shrinkable.length) return;
      const most = shrinkable.reduce((a, b) => (widths.get(b)! - floor(b) > widths.get(a)! - floor(a) ? b : a));
      widths.set(most, widths.get(most)! - 1);
      over--;
    }
  };
  shrink((i) => comfortable(columns[i]));
  shrink((i) => (columns[i].whole ? columns[i].natural : Math.min(columns[i].natural, columns[i].header)));
  shrink(() => 1);
  return columns.map((_, i) => widths.get(i));
}
