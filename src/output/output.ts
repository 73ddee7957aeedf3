import { tsv, type Column, type View, type Writer } from './render';
import { table, verticalTable } from './table';
import { displayWidth } from './display-width';
import { palette } from './palette';
import { csvHeader, csvRows } from './csv';
import { checkFields, itemSchema, pickFields, schemaFields, valueFields } from './fields';
import type { OutputMode } from './format';
import { responseSchemaOf } from '../api/response-schema';

export interface OutputOptions {
  stdout: Writer;
  stderr: Writer;
  /** table, tsv, csv or json (with --json fields and --jq); see `resolveOutputMode`. */
  mode?: OutputMode;
  /** Without `mode`: a table on a terminal, TSV otherwise, or JSON. */
  tty?: boolean;
  json?: boolean;
  /** Colour (bold, …) is allowed on stdout: see `colorEnabled`. */
  color?: boolean;
  /** Columns a table may take (the terminal's width; 80 when it is not known). */
  width?: number;
  /** The clock relative times are read against. */
  now?: () => Date;
  /** stdout is a terminal (whatever the format): a note that rows are left out ends the output there. */
  terminal?: boolean;
}

/** What a table says below itself of the columns it left out for want of room. */
export const hiddenNote = (headers: string[]): string => `Columns hidden: ${headers.join(', ')} (see all: --json or --format tsv)`;

/** The width of a terminal that does not say. */
export const DEFAULT_WIDTH = 80;

/** One page of a list operation, as the API answers it. */
export interface Page<T> {
  items: T[];
  next?: { page: string };
  count?: number;
}

type Kind = 'list' | 'object';

const indent = (text: string, by: number) => text.replace(/\n/g, `\n${' '.repeat(by)}`);
const union = (...lists: string[][]) => [...new Set(lists.flat())];

/** Data to stdout, everything else to stderr; the format follows --format/--json/--jq and the terminal. */
export function createOutput(options: OutputOptions) {
  const { stdout, stderr } = options;
  const mode: OutputMode = options.mode ?? { format: options.json ? 'json' : options.tty ? 'table' : 'tsv' };
  const json = mode.format === 'json';
  let tail: Promise<void> = Promise.resolve();
  let failure: unknown;
  const color = Boolean(options.color) && mode.format === 'table';
  const width = options.width || DEFAULT_WIDTH;
  const view = (): View & { width: number } => ({ now: (options.now ?? (() => new Date()))(), paint: palette(color), width });

  /** --json FIELDS: the selected fields of each item (an array for lists, as gh prints). */
  function select(value: unknown, kind: Kind, schema: unknown): unknown {
    const fields = mode.fields;
    if (!fields) return value;
    if (kind === 'list') {
      const items = Array.isArray(value) ? value : ((value as Page<unknown>).items ?? []);
      checkFields(fields, union(schemaFields(itemSchema(schema)), valueFields(items)));
      return items.map((item) => pickFields(item, fields));
    }
    // An API answer knows its route's schema, so an optional field this answer lacks is still valid.
    checkFields(fields, union(schemaFields(schema ?? responseSchemaOf(value)), valueFields([value])));
    return pickFields(value, fields);
  }

  async function writeJson(value: unknown, kind: Kind, schema?: unknown): Promise<void> {
    const selected = select(value, kind, schema);
    if (mode.jq !== undefined) {
      const { applyJq } = await import('./jq');
      stdout.write(await applyJq(selected, mode.jq));
    } else {
      stdout.write(`${JSON.stringify(selected, null, 2)}\n`);
    }
  }

  /** A list envelope or a plain array: the items, whatever the shape. */
  const itemsOf = <T>(result: Page<T> | T[]) => (Array.isArray(result) ? result : result.items);

  /**
   * That the rows printed are not all of them (`more`): on a terminal, the output's last line, so a
   * person sees it below the rows in every format (a CSV or TSV page ends with it too); piped, on
   * stderr, so the data stays clean. JSON keeps it on stderr everywhere: the document must stay one
   * valid JSON value, and it holds the cursor (`next.page`) already. `lead` says what was printed, `all`
   * how to get everything; the line is `LEAD; next page: --page CURSOR (or ALL)`, unless it is wider than
   * the terminal: then the cursor goes whole on a line of its own, which the terminal does not break.
   */
  function more(lead: string, cursor: string, all: string): void {
    const line = `${lead}; next page: --page ${cursor} (or ${all})`;
    if (!options.terminal || json) stderr.write(`${line}\n`);
    else if (displayWidth(line) <= width) stdout.write(`${line}\n`);
    else stdout.write(`${lead}; next page (or ${all}):\n  --page ${cursor}\n`);
  }

  return {
    json,
    /** Output for a person (a table): the format decides, not only the terminal (`--format tsv` on one is not). */
    tty: mode.format === 'table',
    format: mode.format,
    /** Bold and other emphasis may be written to stdout. */
    color,
    /** Columns a line of table output may take. */
    width,
    /** Paints text in a tone when colour is on. */
    paint: palette(color),
    /**
     * A list envelope (or a plain array) of API objects. `schema` is the route's response schema: with it,
     * `--json FIELDS` accepts every field the API may send, not only those present in this answer.
     */
    async list<T>(result: Page<T> | T[], columns: Column<T>[], schema?: unknown): Promise<void> {
      const items = itemsOf(result);
      if (json) await writeJson(result, 'list', schema);
      else if (mode.format === 'table') {
        if (!items.length) stderr.write('No results.\n');
        else {
          const shown = table(items, columns, view());
          stdout.write(shown.text);
          if (shown.dropped.length) stderr.write(`${hiddenNote(shown.dropped)}\n`);
        }
      } else if (mode.format === 'csv') {
        stdout.write(csvHeader(columns) + csvRows(items, columns));
      } else {
        stdout.write(tsv(items, columns));
      }
      if (!Array.isArray(result) && result.next) {
        more(`Showing ${items.length} of ${result.count ?? '?'}`, result.next.page, '--all for every page');
      }
    },
    /**
     * `--all`: every page, printed as it arrives. TSV and CSV rows and JSON items stream; a table waits for
     * the last page (its column widths need every row). JSON is one document: the list envelope
     * `{ items, count }` (no `next`), or an array with --json FIELDS; --jq filters that whole document.
     * Answers the number of items printed.
     */
    async stream<T>(pages: AsyncIterable<Page<T>>, columns: Column<T>[], schema?: unknown): Promise<number> {
      let count = 0;
      if (mode.format === 'table' || mode.jq !== undefined) {
        const items: T[] = [];
        for await (const page of pages) items.push(...page.items);
        await this.list({ items, count: items.length }, columns, schema);
        return items.length;
      }
      if (mode.format === 'tsv' || mode.format === 'csv') {
        if (mode.format === 'csv') stdout.write(csvHeader(columns));
        for await (const page of pages) {
          stdout.write(mode.format === 'csv' ? csvRows(page.items, columns) : tsv(page.items, columns));
          count += page.items.length;
        }
        return count;
      }
      // JSON, streamed item by item, laid out exactly as JSON.stringify(document, null, 2) would.
      const fields = mode.fields;
      let opened = false;
      for await (const page of pages) {
        if (!opened) {
          if (fields) checkFields(fields, union(schemaFields(itemSchema(schema)), valueFields(page.items)));
          stdout.write(fields ? '[' : '{\n  "items": [');
          opened = true;
        }
        for (const item of page.items) {
          const value = fields ? pickFields(item, fields) : item;
          const at = fields ? 2 : 4;
          stdout.write(`${count ? ',' : ''}\n${' '.repeat(at)}${indent(JSON.stringify(value, null, 2), at)}`);
          count++;
        }
      }
      if (!opened) stdout.write(fields ? '[' : '{\n  "items": [');
      const close = count ? (fields ? '\n' : '\n  ') : '';
      stdout.write(fields ? `${close}]\n` : `${close}],\n  "count": ${count}\n}\n`);
      return count;
    },
    /** One API object; `schema` as for `list`. */
    async object<T>(item: T, columns: Column<T>[], schema?: unknown): Promise<void> {
      if (json) await writeJson(item, 'object', schema);
      else if (mode.format === 'table') stdout.write(verticalTable(item, columns, view()));
      else if (mode.format === 'csv') stdout.write(csvHeader(columns) + csvRows([item], columns));
      else stdout.write(tsv([item], columns));
    },
    /**
     * Any JSON value, always as JSON (for `docsctl api` and machine answers). --json FIELDS picks from each
     * item of a list envelope or array, else from the object; --jq filters it.
     */
    raw(value: unknown): Promise<void> {
      const isList = Array.isArray(value) || (typeof value === 'object' && value !== null && Array.isArray((value as Page<unknown>).items));
      const isObject = typeof value === 'object' && value !== null;
      if (!mode.fields && mode.jq === undefined) {
        stdout.write(`${JSON.stringify(value, null, 2)}\n`);
        return Promise.resolve();
      }
      // jq is asynchronous but many callers print and move on: queue the work, `flush` reports its failure.
      tail = tail.then(() => writeJson(value, isList && isObject ? 'list' : 'object')).catch((error: unknown) => {
        failure ??= error;
      });
      return tail;
    },
    /** Waits for queued output (see `raw`) and throws its first failure, e.g. a bad --jq expression. */
    async flush(): Promise<void> {
      await tail;
      if (failure !== undefined) throw failure;
    },
    /** A line of data text. */
    text(line: string): void {
      stdout.write(`${line}\n`);
    },
    more,
    /** Progress, confirmations, hints: never data. */
    message(line: string): void {
      stderr.write(`${line}\n`);
    },
  };
}

export type Output = ReturnType<typeof createOutput>;
export type { Column };
