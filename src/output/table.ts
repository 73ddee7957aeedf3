import { shown, type Column, type View } from './render';
import { displayWidth, padEnd, truncate } from './display-width';
import { fitColumns, GAP } from './fit';
import type { Tone } from './palette';

export interface Table {
  text: string;
  /** Headers of the columns left out to fit the width. */
  dropped: string[];
}

/**
 * A table for people: borderless like gh's (a border costs three columns a column), a header line,
 * one line a row, never wider than `width`. Least important columns go first, long cells end in ….
 */
export function table<T>(rows: T[], columns: Column<T>[], view: View & { width: number }): Table {
  const cells = rows.map((row) => columns.map((c) => shown(c, row, view)));
  const sizing = columns.map((c, i) => ({
    natural: Math.max(displayWidth(c.header), ...cells.map((r) => displayWidth(r[i]))),
    header: displayWidth(c.header),
    priority: c.priority ?? 2,
    whole: Boolean(c.whole),
  }));
  const widths = fitColumns(sizing, view.width);
  const kept = columns.flatMap((_, i) => (widths[i] === undefined ? [] : [i]));
  // Pad, then paint: the colour codes take no room, and a cut cell is painted whole.
  const line = (texts: string[], tone: (i: number) => Tone | undefined) =>
    kept
      .map((i, k) => {
        const text = truncate(texts[i], widths[i]!);
        const padded = k === kept.length - 1 ? text : padEnd(text, widths[i]!);
        return view.paint(text, tone(i)) + padded.slice(text.length);
      })
      .join(' '.repeat(GAP))
      .trimEnd();
  const lines = [line(columns.map((c) => c.header), () => undefined), ...rows.map((row, r) => line(cells[r], (i) => columns[i].tone?.(row)))];
  return { text: `${lines.join('\n')}\n`, dropped: columns.filter((_, i) => widths[i] === undefined).map((c) => c.header) };
}

/**
 * A single object as field/value pairs, for `get` on a terminal: the names in a column, each value
 * wrapped to the width left (a `get` shows everything, so nothing is cut).
 */
export function verticalTable<T>(item: T, columns: Column<T>[], view: View & { width: number }): string {
  const nameWidth = Math.max(...columns.map((c) => displayWidth(c.header)));
  const room = Math.max(10, view.width - nameWidth - GAP);
  const lines = columns.flatMap((c) => {
    const pieces = wrap(shown(c, item, view), room);
    const value = (text: string) => view.paint(text, c.tone?.(item));
    return pieces.map((piece, k) => `${padEnd(k ? '' : c.header, nameWidth)}${' '.repeat(GAP)}${value(piece)}`.trimEnd());
  });
  return `${lines.join('\n')}\n`;
}

/** `text` in lines of at most `width` columns, broken at spaces where possible. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let rest = text;
  while (displayWidth(rest) > width) {
    const head = truncate(rest, width + 1).slice(0, -1); // the widest prefix that fits
    const space = head.lastIndexOf(' ');
    const cut = space > 0 ? space : head.length;
    lines.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  return [...lines, rest];
}

