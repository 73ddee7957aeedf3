import type { Core } from './core';
import type { Statement } from './store/store';

/**
 * Rows one INSERT holds at most: on PostgreSQL each statement is a round trip (a merge of 10,000 pages
 * made 25,000 of them for its revision's pages alone), and 256 rows of 8 columns stay far under both
 * backends' parameter limits (SQLite 32,766, PostgreSQL 65,535).
 */
export const ROWS_PER_INSERT = 256;

/**
 * Rows a bulk write gathers before it sends them (`rowWriter`, a batch's page versions), and the most
 * one statement reads at once: on PostgreSQL their statements go in one round trip (`Core.runMany`),
 * so a write of 1,000 pages costs the round trips of 10 (issue 59), and one of 10,000 a few more.
 */
export const ROWS_PER_ROUND_TRIP = 4096;
/** And the most text they hold (in characters), so that large pages do not pile up in memory. */
export const TEXT_PER_ROUND_TRIP = 16 * 1024 * 1024;

/** The characters of a row's text values, to weigh it against TEXT_PER_ROUND_TRIP. */
const rowText = (row: readonly unknown[]) => row.reduce<number>((sum, value) => sum + (typeof value === 'string' ? value.length : 8), 0);

/**
 * Inserts rows with as few statements as it can, all sent at once (one round trip on PostgreSQL inside
 * a write): `head` is the INSERT up to its VALUES (`INSERT INTO t (a, b)`), each row the values of its
 * columns in order, `tail` what follows the VALUES (an ON CONFLICT clause). Full statements of
 * ROWS_PER_INSERT rows, the rest in parts of a power of two, so each backend's statement cache holds a
 * handful of shapes an insert, not one a count.
 */
export async function insertRows(core: Core, head: string, rows: readonly (readonly unknown[])[], tail = ''): Promise<void> {
  const statements: Statement[] = [];
  for (let at = 0; at < rows.length;) {
    const left = rows.length - at;
    const size = left >= ROWS_PER_INSERT ? ROWS_PER_INSERT : 2 ** Math.floor(Math.log2(left));
    const batch = rows.slice(at, at + size);
    const row = `(${batch[0].map(() => '?').join(', ')})`;
    statements.push({ sql: `${head} VALUES ${new Array(size).fill(row).join(', ')}${tail}`, args: batch.flat() });
    at += size;
  }
  if (statements.length) await core.runMany(statements);
}

/**
 * Rows gathered for one INSERT shape and written ROWS_PER_ROUND_TRIP (or TEXT_PER_ROUND_TRIP) at a time
 * as they come (`add`), the rest on `flush`: what a loop over thousands of pages writes, without holding
 * all of it.
 */
export function rowWriter(core: Core, head: string, tail = '') {
  const rows: unknown[][] = [];
  let text = 0;
  return {
    async add(row: unknown[]): Promise<void> {
      rows.push(row);
      text += rowText(row);
      if (rows.length >= ROWS_PER_ROUND_TRIP || text >= TEXT_PER_ROUND_TRIP) await this.flush();
    },
    async flush(): Promise<void> {
      text = 0;
      await insertRows(core, head, rows.splice(0), tail);
    },
  };
}
