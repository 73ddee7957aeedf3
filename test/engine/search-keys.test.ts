import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { SqliteStore } from '../../src/engine/store/sqlite-store';
import { freeKey, ftsKey, MAX_SECTIONS, pageKeyOf, spaceRange } from '../../src/engine/content/search-keys';

describe('search index keys', () => {
  it('puts space, page and position in one key below 2^53, inside the range of its space', () => {
    const biggest = ftsKey(2 ** 21 - 1, 2 ** 20 - 1, MAX_SECTIONS - 1);
    expect(Number.isSafeInteger(biggest)).toBe(true);
    expect(biggest).toBe(spaceRange(2 ** 21 - 1)[1]);
    const [first, last] = spaceRange(7);
    for (const key of [ftsKey(7, 1, 0), ftsKey(7, 2 ** 20 - 1, MAX_SECTIONS - 1)]) expect(key >= first && key <= last).toBe(true);
    expect(ftsKey(8, 1, 0)).toBeGreaterThan(last);
  });

  it('reads the page key back in SQL', () => {
    const db = new Database(':memory:');
    const pageOf = (key: number) => db.prepare(`SELECT ${pageKeyOf('?')} AS page`).pluck().get(key);
    expect(pageOf(ftsKey(5, 123, 17))).toBe(123);
    expect(pageOf(ftsKey(2 ** 21 - 1, 2 ** 20 - 1, MAX_SECTIONS - 1))).toBe(2 ** 20 - 1);
  });

  it('gives the key after the largest, then the first free one once the largest is reached', async () => {
    const store = new SqliteStore(new Database(':memory:'));
    await store.run('CREATE TABLE t (key INTEGER)');
    const next = () => freeKey(store, 'SELECT key FROM t', [], 4, 'test');
    expect(await next()).toBe(1);
    for (const key of [1, 2, 4]) await store.run('INSERT INTO t VALUES (?)', [key]);
    expect(await next()).toBe(3);
    await store.run('INSERT INTO t VALUES (3)');
    await expect(next()).rejects.toThrow('no free test key (4 in use)');
    await store.run('DELETE FROM t WHERE key = 1');
    expect(await next()).toBe(1);
  });
});
