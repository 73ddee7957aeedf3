import { invalid } from './errors';

export interface ListEnvelope<T> {
  next?: { page: string };
  count: number;
  items: T[];
}

export interface PageRequest {
  page?: string;
  limit?: number;
}

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

type Key = (string | number | null)[];

/** Opaque keyset cursor: which listing it belongs to and the sort key of the last row returned. */
export function encodeCursor(listing: string, key: Key): string {
  return Buffer.from(JSON.stringify([listing, key])).toString('base64url');
}

export function decodeCursor(listing: string, page: string, width: number): Key {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'));
  } catch {
    throw invalid('page: is not a valid page cursor');
  }
  if (
    !Array.isArray(parsed) || parsed[0] !== listing || !Array.isArray(parsed[1]) || parsed[1].length !== width ||
    !parsed[1].every((v: unknown) => v === null || typeof v === 'string' || typeof v === 'number')
  ) {
    throw invalid('page: is not a valid page cursor for this list');
  }
  return parsed[1] as Key;
}

export interface KeysetQuery<Row, Item> {
  /** Identifies the listing (and its sort) so a cursor cannot be replayed on another one. */
  listing: string;
  /** `FROM ... JOIN ...` part. */
  from: string;
  columns: string;
  /** Values for `?` placeholders in `columns` (only the row query has them). */
  columnArgs?: unknown[];
  where: string[];
  /** Values for `?` placeholders in `from`, then in `where`. */
  args: unknown[];
  /** Sort expressions, the last one unique (usually the id). All sorted in `direction`. */
  orderBy: string[];
  direction: 'asc' | 'desc';
  keyOf(row: Row): Key;
  present(row: Row): Item | Promise<Item>;
}

export interface Statements {
  all(sql: string, args: unknown[]): Promise<unknown[]>;
  get(sql: string, args: unknown[]): Promise<unknown>;
}

/**
 * Keyset pagination: the cursor holds the sort key of the last row, so page 1,000 costs what page 1
 * costs (`(a, b) < (?, ?)` rides the index) instead of an OFFSET scan.
 */
export async function keysetPage<Row, Item>(db: Statements, q: KeysetQuery<Row, Item>, req: PageRequest): Promise<ListEnvelope<Awaited<Item>>> {
  const limit = req.limit ?? DEFAULT_LIMIT;
  const where = [...q.where];
  const args = [...q.args];
  const countSql = `SELECT COUNT(*) AS n FROM ${q.from}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
  const count = (await db.get(countSql, args) as { n: number }).n;
  if (req.page) {
    const key = decodeCursor(q.listing, req.page, q.orderBy.length);
    const op = q.direction === 'desc' ? '<' : '>';
    where.push(`(${q.orderBy.join(', ')}) ${op} (${key.map(() => '?').join(', ')})`);
    args.push(...key);
  }
  const dir = q.direction === 'desc' ? 'DESC' : 'ASC';
  const sql =
    `SELECT ${q.columns} FROM ${q.from}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}` +
    ` ORDER BY ${q.orderBy.map((c) => `${c} ${dir}`).join(', ')} LIMIT ?`;
  const rows = await db.all(sql, [...(q.columnArgs ?? []), ...args, limit + 1]) as Row[];
  const more = rows.length > limit;
  if (more) rows.pop();
  // One after the other: a presenter may read the database, and the order of the page is the order of the rows.
  const items: Awaited<Item>[] = [];
  for (const row of rows) items.push(await q.present(row));
  return more ? { next: { page: encodeCursor(q.listing, q.keyOf(rows[rows.length - 1])) }, count, items } : { count, items };
}

/** Escapes LIKE wildcards so user input matches literally (used with `ESCAPE '\\'`). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
