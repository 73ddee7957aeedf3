import type { Store } from './store';

/** Why a copy was refused or failed its check: nothing was written to the target. */
export class CopyError extends Error {}

export interface CopyReport {
  tables: { name: string; rows: number }[];
  rows: number;
}

/** Rows of a table whose rows may point at each other (`parent_id`): parents first, so every reference is inserted before it is used. */
function parentsFirst(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  if (!rows.length || !('id' in rows[0]) || !('parent_id' in rows[0])) return rows;
  const ids = new Set(rows.map((r) => r.id));
  const placed = new Set<unknown>();
  const ordered: Record<string, unknown>[] = [];
  let pending = rows;
  while (pending.length) {
    const next = pending.filter((r) => r.parent_id !== null && ids.has(r.parent_id) && !placed.has(r.parent_id));
    const ready = pending.filter((r) => !next.includes(r));
    if (!ready.length) throw new CopyError('rows refer to each other in a cycle (parent_id): the source database is damaged');
    for (const r of ready) (ordered.push(r), placed.add(r.id));
    pending = next;
  }
  return ordered;
}

/**
 * The tables whose rows hold file bytes (up to a mebibyte each), by their key: read a few rows at a
 * time in key order, so a copy never holds more than BYTES_PAGE of them, however many files there are.
 */
const BY_KEY: Record<string, string[]> = { blobs: ['id'], blob_chunks: ['blob_id', 'seq'] };
const BYTES_PAGE = 16;

/** A table's rows, in pages: all at once (parents first), or BYTES_PAGE at a time for the tables of BY_KEY. */
async function* rowsOf(source: Store, table: string, columns: string[]): AsyncGenerator<Record<string, unknown>[]> {
  const key = BY_KEY[table];
  if (!key) {
    yield parentsFirst(await source.all<Record<string, unknown>>(`SELECT ${columns.join(', ')} FROM ${table}`));
    return;
  }
  const select = `SELECT ${columns.join(', ')} FROM ${table}`;
  const order = `ORDER BY ${key.join(', ')} LIMIT ${BYTES_PAGE}`;
  let last: unknown[] | undefined;
  for (;;) {
    const rows = last
      ? await source.all<Record<string, unknown>>(`${select} WHERE (${key.join(', ')}) > (${key.map(() => '?').join(', ')}) ${order}`, last)
      : await source.all<Record<string, unknown>>(`${select} ${order}`);
    if (rows.length) yield rows;
    if (rows.length < BYTES_PAGE) return;
    last = key.map((k) => rows[rows.length - 1][k]);
  }
}

/**
 * Copies a whole instance from one store to another (SQLite or PostgreSQL, either way): every table
 * the target has, in the order they were created (so rows come after what they refer to), inside one
 * transaction on the target, and one on the source so the copy is of one moment. A target that holds
 * any row is refused; at the end every table's row count is compared, and a difference undoes it all.
 */
export async function copyInstance(source: Store, target: Store): Promise<CopyReport> {
  const [from, to] = [await source.schemaVersion(), await target.schemaVersion()];
  if (from !== to) throw new CopyError(`the source's schema is version ${from} and the target's ${to}: open both with this docsctl first`);
  const tables = await target.tables();
  const sourceTables = new Map((await source.tables()).map((t) => [t.name, t]));
  const count = async (store: Store, table: string) => (await store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n;
  for (const table of tables) {
    if ((await count(target, table.name)) > 0) throw new CopyError(`the target is not empty (table ${table.name} has rows): copy into a new database`);
  }
  return await source.transaction(async () =>
    await target.transaction(async () => {
      const report: CopyReport = { tables: [], rows: 0 };
      for (const table of tables) {
        const from = sourceTables.get(table.name);
        if (!from) throw new CopyError(`the source has no table ${table.name}`);
        const columns = table.columns.filter((c) => from.columns.includes(c));
        const insert = `INSERT INTO ${table.name} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
        for await (const rows of rowsOf(source, table.name, columns)) for (const row of rows) await target.run(insert, columns.map((c) => row[c]));
        await target.afterCopy(table);
        const [copied, there] = [await count(target, table.name), await count(source, table.name)];
        if (copied !== there) throw new CopyError(`table ${table.name}: ${there} row(s) in the source, ${copied} in the target: nothing was copied`);
        report.tables.push({ name: table.name, rows: copied });
        report.rows += copied;
      }
      return report;
    }),
  );
}

