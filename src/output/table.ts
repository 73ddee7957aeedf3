import { shown, type Column, type View } from './render';
import { displayWidth, padEnd, truncate } from './display-width';
import { fitColumns, GAP, type Sizing } from './fit';
import type { Tone } from './palette';

export interface Table {
  text: string;
  /** Headers of the columns left out to fit the width. */
  dropped: string[];
}

/** The width a column's cells and header take at most, uncut: what a table sizes it from. */
export function naturalWidth<T>(column: Column<T>, rows: T[], view: View): number {
  return Math.max(displayWidth(column.header), ...rows.map((row) => displayWidth(shown(column, row, view))));
}

/** Lines below a row (a `line` column's cells) start under the second column, or here when they do not fit there. */
const BELOW_INDENT = 2;
/** A text below a row that must wrap wraps under the second column when that leaves this much room. */
const BELOW_ROOM = 40;

/**
 * A table for people: borderless like gh's (a border costs three columns a column), a header line,
 * a line a row, never wider than `width`. Least important columns go first, long cells end in …; a
 * column marked `overflow` keeps its cells whole instead: `wrap` continues a cell on the lines below
 * within its column, `line` moves a cell that does not fit to a line of its own below the row,
 * indented under the second column where it fits there (all the column's cells, and the header, when
 * none fits in the column; a less important column is dropped instead when that lets more of its cells
 * stay beside their rows); a `whole` one of one word wider than the terminal (a long link) goes
 * unbroken from the first column, the one line of a table that may be wider than `width`.
 */
export function table<T>(rows: T[], columns: Column<T>[], view: View & { width: number }): Table {
  const cells = rows.map((row) => columns.map((c) => shown(c, row, view)));
  const sizing: Sizing[] = columns.map((c, i) => ({
    natural: Math.max(displayWidth(c.header), ...cells.map((r) => displayWidth(r[i]))),
    header: displayWidth(c.header),
    priority: c.priority ?? 2,
    whole: Boolean(c.whole),
    overflow: c.overflow,
    floor: c.overflow === 'wrap' ? Math.max(0, ...cells.map((r) => longestWord(r[i]))) : undefined,
  }));
  const hasText = (i: number) => cells.some((r) => r[i] !== '');
  const priority = (i: number) => columns[i].priority ?? 2;
  // `below`: `line` columns none of whose cells fits, out of the table (their cells all go below the
  // rows); `given`: columns dropped to give a more important `line` column room for more of its cells.
  const below = new Set<number>();
  const given = new Set<number>();
  let widths: (number | undefined)[] = [];
  const fit = () => {
    const inTable = columns.map((_, i) => i).filter((i) => !below.has(i) && !given.has(i));
    const fitted = fitColumns(inTable.map((i) => sizing[i]), view.width);
    widths = columns.map((_, i) => (below.has(i) || given.has(i) ? undefined : fitted[inTable.indexOf(i)]));
  };
  const fitting = (i: number) => cells.filter((r) => r[i] !== '' && displayWidth(r[i]) <= (widths[i] ?? -1)).length;
  const lineColumns = columns.flatMap((c, i) => (c.overflow === 'line' && hasText(i) ? [i] : []));
  fit();
  for (let room = true; room; ) {
    room = false;
    for (const l of lineColumns.filter((i) => !below.has(i) && fitting(i) < cells.filter((r) => r[i] !== '').length)) {
      const shown = columns.flatMap((_, i) => (widths[i] === undefined ? [] : [i])).slice(1);
      const worse = shown.filter((i) => i !== l && priority(i) > priority(l));
      if (!worse.length) continue;
      const worst = Math.max(...worse.map(priority));
      const drop = worse.filter((i) => priority(i) === worst).pop()!;
      const before = fitting(l);
      given.add(drop);
      fit();
      if (fitting(l) > before) {
        room = true;
        break;
      }
      given.delete(drop);
      fit();
    }
  }
  for (;;) {
    const homeless = lineColumns.filter((i) => !below.has(i) && fitting(i) === 0);
    if (!homeless.length) break;
    for (const i of homeless) below.add(i);
    fit();
  }
  const kept = columns.flatMap((_, i) => (widths[i] === undefined ? [] : [i]));
  const second = kept.length > 1 ? widths[kept[0]]! + GAP : 0;
  // Under the second column when the text fits there; else nearer the left when it fits there on one
  // line (a link stays one piece); else, wrapped, under the second column if that leaves room enough.
  const indentOf = (text: string) => {
    if (second && displayWidth(text) <= view.width - second) return second;
    if (displayWidth(text) <= view.width - BELOW_INDENT) return BELOW_INDENT;
    return second && view.width - second >= BELOW_ROOM ? second : BELOW_INDENT;
  };
  // Pad, then paint: the colour codes take no room, and a cut cell is painted whole.
  const line = (texts: string[], tone: (i: number) => Tone | undefined) =>
    kept
      .map((i, k) => {
        const text = texts[k];
        const padded = k === kept.length - 1 ? text : padEnd(text, widths[i]!);
        return view.paint(text, tone(i)) + padded.slice(text.length);
      })
      .join(' '.repeat(GAP))
      .trimEnd();
  const rowLines = (row: T, r: number): string[] => {
    const tone = (i: number) => columns[i].tone?.(row);
    const moved = columns.flatMap((_, i) => (below.has(i) && cells[r][i] !== '' ? [i] : []));
    const pieces = kept.map((i) => {
      const text = cells[r][i];
      const width = widths[i]!;
      if (displayWidth(text) <= width) return [text];
      if (columns[i].overflow === 'wrap') return wrap(text, width, true).map((piece) => truncate(piece, width));
      if (columns[i].overflow === 'line') return moved.push(i), [''];
      return [truncate(text, width)];
    });
    const height = Math.max(...pieces.map((p) => p.length));
    const lines = Array.from({ length: height }, (_, n) => line(pieces.map((p) => p[n] ?? ''), tone));
    moved.sort((a, b) => a - b);
    for (const i of moved) {
      const text = cells[r][i];
      // A whole value of one word (a link) wider than the terminal is not broken: alone on its line from
      // the first column, the terminal's own wrapping keeps it one line to copy or click. Words wrap.
      if (columns[i].whole && !/\s/.test(text) && displayWidth(text) > view.width - BELOW_INDENT) {
        lines.push(view.paint(text, tone(i)));
        continue;
      }
      const indent = indentOf(text);
      for (const piece of wrap(text, view.width - indent, true)) lines.push(' '.repeat(indent) + view.paint(truncate(piece, view.width - indent), tone(i)));
    }
    return lines;
  };
  const lines = [line(kept.map((i) => truncate(columns[i].header, widths[i]!)), () => undefined), ...rows.flatMap(rowLines)];
  const dropped = columns.filter((_, i) => widths[i] === undefined && !below.has(i) && !(columns[i].overflow === 'line' && !hasText(i)));
  return { text: `${lines.join('\n')}\n`, dropped: dropped.map((c) => c.header) };
}

/** The widest piece `wrap` keeps whole: a word, or the part of one up to an @ or a /. */
function longestWord(text: string): number {
  return Math.max(0, ...text.split(/\s+|(?<=[@/])/).map(displayWidth));
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

/**
 * `text` in lines of at most `width` columns, broken at spaces where possible; with `inWords`, a word
 * too long for a line breaks after an @ or a / (an e-mail, a path), else after . - , ; or :, before it
 * is cut anywhere.
 */
export function wrap(text: string, width: number, inWords = false): string[] {
  const lines: string[] = [];
  let rest = text;
  while (displayWidth(rest) > width) {
    const head = truncate(rest, width + 1).slice(0, -1); // the widest prefix that fits
    const space = head.lastIndexOf(' ');
    const after = (chars: RegExp) => Math.max(...[...head.slice(1).matchAll(chars)].map((m) => m.index! + 2), 0);
    const cut = space > 0 ? space : (inWords && (after(/[@/]/g) || after(/[.,;:-]/g))) || head.length || String.fromCodePoint(rest.codePointAt(0)!).length;
    lines.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  return [...lines, rest];
}

