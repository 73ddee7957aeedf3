import type { Paint, Tone } from './palette';

/** What a table cell is read against: the clock for relative times, the colours allowed. */
export interface View {
  now: Date;
  paint: Paint;
}

export interface Column<T> {
  header: string;
  /** The value machines get (TSV, CSV): ids, ISO times. */
  value(item: T): unknown;
  /** What a person reads in a table, when it differs from `value`: a relative time, a name for an id. */
  show?(item: T, view: View): string;
  /** 1 (ids, names: kept longest) to 3 (dropped first on a narrow terminal); default 2. */
  priority?: 1 | 2 | 3;
  /** Never cut with …: an id cut short cannot be pasted back. */
  whole?: boolean;
  /**
   * A cell too wide for its column on a terminal, when it must not be cut (the column a person acts on):
   * `wrap` continues it on the lines below, within the column; `line` moves it to a line of its own below
   * the row, indented (all of the column's cells when the column has no room at all). Machine formats
   * never wrap.
   */
  overflow?: 'wrap' | 'line';
  /** What colour says about the cell (a role, a status), when colour is on. */
  tone?(item: T): Tone | undefined;
}

export interface Writer {
  write(text: string): unknown;
}

/** The text of one table, TSV or CSV cell: nested values as JSON. */
export function cell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Tab-separated, no header, one line per row: what scripts read when output is piped. */
export function tsv<T>(rows: T[], columns: Column<T>[]): string {
  return rows.map((row) => columns.map((c) => cell(c.value(row)).replace(/[\t\n]/g, ' ')).join('\t') + '\n').join('');
}

/** A table cell as a person reads it, on one line. */
export function shown<T>(column: Column<T>, item: T, view: View): string {
  const text = column.show ? column.show(item, view) : cell(column.value(item));
  return text.replace(/\s*[\r\n\t]\s*/g, ' ');
}
