import { createHash } from 'node:crypto';
import { invalid } from './errors';
import { mapInOrder } from './in-order';

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

/*
 * A cursor is short enough to copy from one line of an 80-column terminal (`--page CURSOR`): base64url
 * of 4 bytes naming its listing (the start of the listing's SHA-256) and the key, each value a tag
 * byte and its bytes. Times and ids, most of the keys, take 7 and 16 bytes: a members cursor is 36
 * characters (as JSON it was 110).
 */
const TAG_BYTES = 4;
const enum Kind {
  Null = 0,
  /** An ISO time to the millisecond: 6 bytes of milliseconds since 1970. */
  Time = 1,
  /** 20 characters of base64url's alphabet (the engine's ids): their 15 bytes. */
  Id = 2,
  /** Any other number: 8 bytes of float64. */
  Number = 3,
  /** Any other string: its UTF-8 length (varint) and bytes. */
  Text = 4,
  /** A whole number from 0 to 2^53: a varint. */
  Count = 5,
}
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const ID = /^[A-Za-z0-9_-]{20}$/;

const listingTag = (listing: string) => createHash('sha256').update(listing).digest().subarray(0, TAG_BYTES);

function varint(n: number): number[] {
  const bytes: number[] = [];
  for (; n >= 0x80; n = Math.floor(n / 0x80)) bytes.push((n % 0x80) | 0x80);
  bytes.push(n);
  return bytes;
}

/** The bytes of a key (exported for tests that forge cursors). */
export function packKey(key: Key): Buffer {
  const parts: Buffer[] = [];
  for (const value of key) {
    if (value === null || (typeof value === 'number' && !Number.isFinite(value))) parts.push(Buffer.from([Kind.Null]));
    else if (typeof value === 'number') {
      if (Number.isSafeInteger(value) && value >= 0) parts.push(Buffer.from([Kind.Count, ...varint(value)]));
      else {
        const bytes = Buffer.alloc(9);
        bytes[0] = Kind.Number;
        bytes.writeDoubleBE(value, 1);
        parts.push(bytes);
      }
    } else if (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value)) && Date.parse(value) >= 0 && new Date(value).toISOString() === value) {
      const bytes = Buffer.alloc(7);
      bytes[0] = Kind.Time;
      bytes.writeUIntBE(Date.parse(value), 1, 6);
      parts.push(bytes);
    } else if (ID.test(value)) {
      parts.push(Buffer.from([Kind.Id]), Buffer.from(value, 'base64url'));
    } else {
      const text = Buffer.from(String(value), 'utf8');
      parts.push(Buffer.from([Kind.Text, ...varint(text.length)]), text);
    }
  }
  return Buffer.concat(parts);
}

/** The key in `bytes`, or undefined when they are not one. */
function unpackKey(bytes: Buffer): Key | undefined {
  const key: Key = [];
  let at = 0;
  const readVarint = (): number | undefined => {
    let n = 0;
    for (let shift = 1; at < bytes.length; shift *= 0x80) {
      const byte = bytes[at++];
      n += (byte & 0x7f) * shift;
      if (!(byte & 0x80)) return Number.isSafeInteger(n) ? n : undefined;
      if (shift > 2 ** 49) return undefined;
    }
    return undefined;
  };
  const take = (length: number): Buffer | undefined => (at + length <= bytes.length ? bytes.subarray(at, (at += length)) : undefined);
  while (at < bytes.length) {
    const kind = bytes[at++];
    if (kind === Kind.Null) key.push(null);
    else if (kind === Kind.Time) {
      const ms = take(6)?.readUIntBE(0, 6);
      if (ms === undefined || ms > 8.64e15) return undefined;
      key.push(new Date(ms).toISOString());
    } else if (kind === Kind.Id) {
      const id = take(15);
      if (!id) return undefined;
      key.push(id.toString('base64url'));
    } else if (kind === Kind.Number) {
      const value = take(8)?.readDoubleBE(0);
      if (value === undefined || !Number.isFinite(value)) return undefined;
      key.push(value);
    } else if (kind === Kind.Count) {
      const value = readVarint();
      if (value === undefined) return undefined;
      key.push(value);
    } else if (kind === Kind.Text) {
      const length = readVarint();
      const text = length === undefined ? undefined : take(length);
      if (!text) return undefined;
      key.push(text.toString('utf8'));
    } else return undefined;
  }
  return key;
}

/** Opaque keyset cursor: which listing it belongs to and the sort key of the last row returned. */
export function encodeCursor(listing: string, key: Key): string {
  return Buffer.concat([listingTag(listing), packKey(key)]).toString('base64url');
}

export function decodeCursor(listing: string, page: string, width: number): Key {
  const bytes = /^[A-Za-z0-9_-]*$/.test(page) ? Buffer.from(page, 'base64url') : undefined;
  if (!bytes || bytes.length < TAG_BYTES) throw invalid('page: is not a valid page cursor');
  if (!bytes.subarray(0, TAG_BYTES).equals(listingTag(listing))) throw invalid('page: is not a valid page cursor for this list');
  const key = unpackKey(bytes.subarray(TAG_BYTES));
  if (!key) throw invalid('page: is not a valid page cursor');
  if (key.length !== width) throw invalid('page: is not a valid page cursor for this list');
  return key;
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
  /** The page's rows presented at once, when a presenter reads for all of them in one query (members' space counts). */
  presentPage?(rows: Row[]): Promise<Awaited<Item>[]>;
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
  const countArgs = [...args];
  if (req.page) {
    const key = decodeCursor(q.listing, req.page, q.orderBy.length);
    const op = q.direction === 'desc' ? '<' : '>';
    where.push(`(${q.orderBy.join(', ')}) ${op} (${key.map(() => '?').join(', ')})`);
    args.push(...key);
  }
  const dir = q.direction === 'desc' ? 'DESC' : 'ASC';
  // The count rides on each row of the page (evaluated once: it does not depend on the row), so a page
  // costs one round trip on PostgreSQL; read alone only when the page is empty past a cursor.
  const sql =
    `SELECT (${countSql}) AS ${COUNT_COLUMN}, ${q.columns} FROM ${q.from}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}` +
    ` ORDER BY ${q.orderBy.map((c) => `${c} ${dir}`).join(', ')} LIMIT ?`;
  const rows = await db.all(sql, [...countArgs, ...(q.columnArgs ?? []), ...args, limit + 1]) as (Row & { [COUNT_COLUMN]?: number })[];
  const count = rows.length ? Number(rows[0][COUNT_COLUMN]) : req.page ? (await db.get(countSql, countArgs) as { n: number }).n : 0;
  for (const row of rows) delete row[COUNT_COLUMN];
  const more = rows.length > limit;
  if (more) rows.pop();
  // One after the other: a presenter may read the database, and the order of the page is the order of the rows.
  const items = q.presentPage ? await q.presentPage(rows) : await mapInOrder(rows, async (row): Promise<Awaited<Item>> => await q.present(row));
  return more ? { next: { page: encodeCursor(q.listing, q.keyOf(rows[rows.length - 1])) }, count, items } : { count, items };
}

/** The column of a page's rows that carries the list's count (`keysetPage`), taken off before they are presented. */
const COUNT_COLUMN = 'docsctl_list_count';

/** Escapes LIKE wildcards so user input matches literally (used with `ESCAPE '\\'`). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
