import type { Core } from './core';

/**
 * Rows one INSERT holds at most: on PostgreSQL each statement is a round trip (a merge of 10,000 pages
 * made 25,000 of them for its revision's pages alone), and 256 rows of 8 columns stay far under both
 * backends' parameter limits (SQLite 32,766, PostgreSQL 65,535).
 */
export const ROWS_PER_INSERT = 256;

/**
 * Inserts rows with as few statements as it can: `head` is the INSERT up to its VALUES (`INSERT INTO t
 * (a, b)`), each row the values of its columns in order, `tail` what follows the VALUES (an ON CONFLICT
 * clause). Full statements of ROWS_PER_INSERT rows, the rest in parts of a power of two, so each
 * backend's statement cache holds a handful of shapes an insert, not one a count.
 */
export async function insertRows(core: Core, head: string, rows: readonly (readonly unknown[])[], tail = ''): Promise<void> {
  for (let at = 0; at < rows.length;) {
    const left = rows.length - at;
    const size = left >= ROWS_PER_INSERT ? ROWS_PER_INSERT : 2 ** Math.floor(Math.log2(left));
    const batch = rows.slice(at, at + size);
    const row = `(${batch[0].map(() => '?').join(', ')})`;
    await core.run(`${head} VALUES ${new Array(size).fill(row).join(', ')}${tail}`, batch.flat());
    at += size;
  }
}

/**
 * Rows gathered for one INSERT shape and written ROWS_PER_INSERT at a time as they come (`add`), the
 * rest on `flush`: what a loop over thousands of pages writes, without holding all of it.
 */
export function rowWriter(core: Core, head: string, tail = '') {
  const rows: unknown[][] = [];
  return {
    async add(row: unknown[]): Promise<void> {
      rows.push(row);
      if (rows.length >= ROWS_PER_INSERT) await insertRows(core, head, rows.splice(0), tail);
    },
    async flush(): Promise<void> {
      await insertRows(core, head, rows.splice(0), tail);
    },
  };
}
