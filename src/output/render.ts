export interface Column<T> {
  header: string;
  value(item: T): unknown;
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

/** A table with headers for people at a terminal. */
export async function table<T>(rows: T[], columns: Column<T>[]): Promise<string> {
  const { default: Table } = await import('cli-table3');
  // No rule between rows: long lists stay readable, the header keeps its rule.
  const t = new Table({ head: columns.map((c) => c.header), style: { head: [], border: [], compact: true } });
  for (const row of rows) t.push(columns.map((c) => cell(c.value(row))));
  return `${t.toString()}\n`;
}

/** A single object as field/value pairs, for `get` on a terminal. */
export async function verticalTable<T>(item: T, columns: Column<T>[]): Promise<string> {
  const { default: Table } = await import('cli-table3');
  const t = new Table({ style: { head: [], border: [] } });
  for (const c of columns) t.push({ [c.header]: cell(c.value(item)) });
  return `${t.toString()}\n`;
}
