import { table, tsv, verticalTable, type Column, type Writer } from './render';

export interface OutputOptions {
  stdout: Writer;
  stderr: Writer;
  /** stdout is a terminal: tables with headers. Otherwise tab-separated rows without headers. */
  tty: boolean;
  /** `--json`: print API objects exactly as the API returned them. */
  json: boolean;
}

/** Data to stdout, everything else to stderr; the format follows --json and the terminal. */
export function createOutput(options: OutputOptions) {
  const { stdout, stderr, tty, json } = options;
  return {
    json,
    tty,
    /** A list envelope (or a plain array) of API objects. */
    async list<T>(result: { items: T[]; next?: { page: string }; count?: number } | T[], columns: Column<T>[]): Promise<void> {
      const items = Array.isArray(result) ? result : result.items;
      if (json) {
        stdout.write(`${JSON.stringify(result, null, 2)}\n`);
        return;
      }
      if (tty) {
        stdout.write(items.length ? await table(items, columns) : '');
        if (!items.length) stderr.write('No results.\n');
      } else {
        stdout.write(tsv(items, columns));
      }
      if (!Array.isArray(result) && result.next) {
        stderr.write(`Showing ${items.length} of ${result.count ?? '?'}; next page: --page ${result.next.page}\n`);
      }
    },
    /** One API object. */
    async object<T>(item: T, columns: Column<T>[]): Promise<void> {
      if (json) stdout.write(`${JSON.stringify(item, null, 2)}\n`);
      else if (tty) stdout.write(await verticalTable(item, columns));
      else stdout.write(tsv([item], columns));
    },
    /** Any JSON value, always as JSON (for `docsctl api` and machine answers). */
    raw(value: unknown): void {
      stdout.write(`${JSON.stringify(value, null, 2)}\n`);
    },
    /** A line of data text. */
    text(line: string): void {
      stdout.write(`${line}\n`);
    },
    /** Progress, confirmations, hints: never data. */
    message(line: string): void {
      stderr.write(`${line}\n`);
    },
  };
}

export type Output = ReturnType<typeof createOutput>;
export type { Column };
