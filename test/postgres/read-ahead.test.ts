import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresStore } from '../../src/engine/store/postgres-store';
import { startLatencyProxy, type LatencyProxy } from '../helpers/pg-latency-proxy';
import { freshDatabase } from './database';

/** `TransactionOptions.readAhead` on PostgreSQL: reads sent with the BEGIN (issue 59). */
describe('reads ahead of a PostgreSQL write', () => {
  let proxy: LatencyProxy;
  let store: PostgresStore;
  beforeAll(async () => {
    proxy = await startLatencyProxy(await freshDatabase('read_ahead'), { delayMs: 0, record: true });
    store = await PostgresStore.open(proxy.url);
    await store.run("INSERT INTO meta (key, value) VALUES ('k', 'before'), ('quote', 'it''s')");
  });
  afterAll(async () => {
    await store.close();
    await proxy.close();
  });
  const read = { sql: 'SELECT value FROM meta WHERE key = ?', args: ['k'] };

  it('answers each read ahead from the BEGIN\'s round trip, each time, with rows of its own', async () => {
    const trips = await proxy.count(async () => await store.transaction(async () => {
      const first = await store.get<{ value: string }>(read.sql, read.args);
      first!.value = 'changed by its caller';
      expect(await store.get(read.sql, read.args)).toEqual({ value: 'before' });
      expect(await store.get(read.sql, ['quote'])).toEqual({ value: 'it\'s' });
    }, ['org'], { readAhead: [read, { sql: read.sql, args: ['quote'] }] }));
    // The BEGIN with both reads, and the COMMIT.
    expect(trips).toBe(2);
  });

  it('runs a read again once the transaction wrote: it may read what the write changed', async () => {
    await store.transaction(async () => {
      expect(await store.get(read.sql, read.args)).toEqual({ value: 'before' });
      await store.run("UPDATE meta SET value = 'after' WHERE key = 'k'");
      expect(await store.get(read.sql, read.args)).toEqual({ value: 'after' });
    }, ['org'], { readAhead: [read] });
  });

  it('answers reads ahead after a statement sent with the COMMIT, which has not run yet', async () => {
    const trips = await proxy.count(async () => await store.transaction(async () => {
      await store.runAtCommit("UPDATE meta SET value = 'at commit' WHERE key = 'quote'");
      expect(await store.get(read.sql, ['quote'])).toEqual({ value: 'it\'s' });
    }, ['org'], { readAhead: [{ sql: read.sql, args: ['quote'] }] }));
    // The BEGIN with the read, and the UPDATE with the COMMIT.
    expect(trips).toBe(2);
    expect(await store.get(read.sql, ['quote'])).toEqual({ value: 'at commit' });
  });

  it('sends the statements of runMany in one round trip inside a write, stops at the first that fails, and falls back to one each', async () => {
    const insert = 'INSERT INTO meta (key, value) VALUES (?, ?), (?, ?)';
    const trips = await proxy.count(async () => await store.transaction(async () => {
      expect(await store.runMany([{ sql: insert, args: ['m1', 'it\'s', 'm2', '$1'] }, { sql: insert, args: ['m3', 'c', 'm4', 'd'] }])).toBe(4);
    }, ['org']));
    // The BEGIN, the two statements, the COMMIT.
    expect(trips).toBe(3);
    expect((await store.all<{ value: string }>("SELECT value FROM meta WHERE key LIKE 'm%' ORDER BY key")).map((r) => r.value)).toEqual(['it\'s', '$1', 'c', 'd']);
    await expect(store.transaction(async () => await store.runMany([{ sql: insert, args: ['m5', 'e', 'm6', 'f'] }, { sql: insert, args: ['m1', 'again', 'm7', 'g'] }]))).rejects.toThrow(/duplicate key/);
    expect(await store.get("SELECT 1 FROM meta WHERE key IN ('m5', 'm7')")).toBeUndefined();
    // A value the simple protocol cannot take (bytes): one statement at a time, as `run` would.
    const bytes = await proxy.count(async () => await store.transaction(async () => {
      await store.runMany([{ sql: 'INSERT INTO meta (key, value) VALUES (?, ?)', args: ['m8', 'h'] }, { sql: 'SELECT length(?::bytea) AS n', args: [Buffer.from('k')] }]);
    }, ['org']));
    expect(bytes).toBe(4);
  });

  it('prepares a read ahead and a statement at the commit once on their connection, then EXECUTEs them, as the driver does its own', async () => {
    const one = await PostgresStore.open(proxy.url, { max: 1 });
    try {
      await one.run("INSERT INTO meta (key, value) VALUES ('prepared', 'it''s'), ('back', '')");
      const value = 'SELECT value, ? AS n, ? AS yes, ? AS none FROM meta WHERE key = ?';
      const write = 'UPDATE meta SET value = ? WHERE key = ? AND ? > 0';
      const sent = async (text: string) => {
        proxy.reset();
        await one.transaction(async () => {
          expect(await one.get(value, [2.5, true, null, 'prepared'])).toEqual({ value: 'it\'s', n: '2.5', yes: 'true', none: null });
          await one.runAtCommit(write, [text, 'back', 1]);
        }, ['org'], { readAhead: [{ sql: value, args: [2.5, true, null, 'prepared'] }] });
        const commit = proxy.log().flat().find((s) => s.endsWith('COMMIT'));
        expect(await one.get<{ value: string }>("SELECT value FROM meta WHERE key = 'back'")).toEqual({ value: text });
        return commit;
      };
      // Each prepared statement on the connection, with how many times it ran.
      const prepared = async () => Object.fromEntries((await one.all<{ statement: string; runs: number }>(
        "SELECT substring(statement from '(SELECT|UPDATE) (value,|meta)') AS statement, generic_plans + custom_plans AS runs FROM pg_prepared_statements WHERE statement ~ '(SELECT value,|UPDATE meta)'",
      )).map((p) => [p.statement, p.runs]));
      expect(await sent('it\'s \\ $1')).toMatch(/^PREPARE docsctl_\d+ AS UPDATE meta .*; EXECUTE docsctl_\d+\( E'it''s \\\\ \$1', 'back', '1'\); COMMIT$/);
      expect(await prepared()).toEqual({ SELECT: 1, UPDATE: 1 });
      // The second time: each its EXECUTE, not planned again.
      expect(await sent('again')).toMatch(/^EXECUTE docsctl_\d+\('again', 'back', '1'\); COMMIT$/);
      expect(await prepared()).toEqual({ SELECT: 2, UPDATE: 2 });
      // The driver runs the same statements with its parameters, on the same connection, with no second PREPARE.
      expect(await one.get(value, [1, false, 'x', 'prepared'])).toEqual({ value: 'it\'s', n: '1', yes: 'false', none: 'x' });
      await one.transaction(async () => { await one.run(write, ['driver', 'back', 1]); });
      expect(await one.get<{ value: string }>("SELECT value FROM meta WHERE key = 'back'")).toEqual({ value: 'driver' });
      expect(await prepared()).toEqual({ SELECT: 3, UPDATE: 3 });
    } finally {
      await one.close();
    }
  });

  it('drops the connection of a write that failed after PREPAREs of its own: the next statement is prepared anew on another', async () => {
    const one = await PostgresStore.open(proxy.url, { max: 1 });
    try {
      const insert = 'INSERT INTO meta (key, value) VALUES (?, ?)';
      await one.run("INSERT INTO meta (key, value) VALUES ('taken', 'x')");
      // The first INSERT is PREPAREd, the second fails: which ran is not the driver's to know.
      await expect(one.transaction(async () => {
        await one.runAtCommit(insert, ['free', 'y']);
        await one.runAtCommit('INSERT INTO meta (key, value) SELECT ?, ?', ['taken', 'z']);
      }, ['org'])).rejects.toThrow(/duplicate key/);
      proxy.reset();
      await one.transaction(async () => await one.runAtCommit(insert, ['free', 'y']), ['org']);
      // A new connection, where the INSERT is PREPAREd again (on the old one it would exist already).
      expect(proxy.connections()).toBe(1);
      expect(proxy.log().flat().join('\n')).toMatch(/PREPARE docsctl_\d+ AS INSERT INTO meta/);
      expect(await one.get("SELECT value FROM meta WHERE key = 'free'")).toEqual({ value: 'y' });
    } finally {
      await one.close();
    }
  });

  it('runs a read whose values it cannot write into a statement itself, and one with other values', async () => {
    const trips = await proxy.count(async () => await store.transaction(async () => {
      expect(await store.get(read.sql, ['none'])).toBeUndefined();
    }, undefined, { readAhead: [{ sql: read.sql, args: [Buffer.from('k')] }] }));
    expect(trips).toBe(3);
  });
});
