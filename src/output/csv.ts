import { cell, type Column } from './render';

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (cells: string[]) => `${cells.map(csvField).join(',')}\n`;

/** The header row: the table's column names. */
export function csvHeader<T>(columns: Column<T>[]): string {
  return line(columns.map((c) => c.header));
}

/** Data rows, same columns and cell text as the table. */
export function csvRows<T>(rows: T[], columns: Column<T>[]): string {
  return rows.map((row) => line(columns.map((c) => cell(c.value(row))))).join('');
}
