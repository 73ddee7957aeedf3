import { describe, expect, it } from 'vitest';
import { ANALYZE_AFTER_ROWS, PostgresStore } from '../../src/engine/store/postgres-store';
import { SCHEMA_VERSION } from '../../src/engine/store/db';
import { freshDatabase } from './database';

describe('PostgresStore shared by several servers', () => {
  it('migrates once when several servers open a new database together', async () => {
    const url = await freshDatabase('store');
    const stores = await Promise.all([1, 2, 3, 4].map(() => PostgresStore.open(url)));
    for (const store of stores) expect(await store.schemaVersion()).toBe(SCHEMA_VERSION);
    // Every migration ran once: a second run would have failed on the tables it creates.
    expect((await stores[0].get<{ n: number }>('SELECT COUNT(*) AS n FROM docsctl_schema'))!.n).toBe(1);
    await Promise.all(stores.map((s) => s.close()));
  });

  it('runs a background job on one server at a time: the others skip it while it runs', async () => {
    const url = await freshDatabase('store');
    const [a, b] = [await PostgresStore.open(url), await PostgresStore.open(url)];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const runs: string[] = [];
    const first = a.exclusively('purge', async () => {
      runs.push('a');
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await b.exclusively('purge', async () => void runs.push('b'))).toBe(false);
    expect(await b.exclusively('other job', async () => void runs.push('b other'))).toBe(true);
    release();
    expect(await first).toBe(true);
    expect(await b.exclusively('purge', async () => void runs.push('b again'))).toBe(true);
    expect(runs).toEqual(['a', 'b other', 'b again']);
    await Promise.all([a.close(), b.close()]);
  });

  it('sends statements run at commit with the COMMIT: values exact, undone with their savepoint, a failing one rolls back all', async () => {
    const url = await freshDatabase('store');
    const store = await PostgresStore.open(url);
    const tricky = ["it's", 'back\\slash \\\' end', '$1 and $2', 'ünïcødé ✓', '', "'; DROP TABLE meta; --"];
    await store.transaction(async () => {
      for (const [i, value] of tricky.entries()) await store.runAtCommit('INSERT INTO meta (key, value) VALUES (?, ?)', [`k${i}`, value]);
      // Not sent yet: the transaction does not read them back.
      expect(await store.get("SELECT 1 FROM meta WHERE key = 'k0'")).toBeUndefined();
      await store.transaction(async () => await store.runAtCommit("INSERT INTO meta (key, value) VALUES ('kept', 'y')"));
      await store.transaction(async () => {
        await store.runAtCommit("INSERT INTO meta (key, value) VALUES ('undone', 'x')");
        throw new Error('undo this savepoint');
      }).catch(() => undefined);
    });
    const rows = await store.all<{ key: string; value: string }>("SELECT key, value FROM meta WHERE key LIKE 'k%' OR key = 'undone' ORDER BY key");
    expect(rows.filter((r) => /^k\d$/.test(r.key)).map((r) => r.value)).toEqual(tricky);
    expect(rows.map((r) => r.key)).toContain('kept');
    expect(rows.map((r) => r.key)).not.toContain('undone');
    // A NULL value breaks meta's NOT NULL: the whole transaction is undone, its other statements too.
    await expect(store.transaction(async () => {
      await store.run("INSERT INTO meta (key, value) VALUES ('before', 'x')");
      await store.runAtCommit('INSERT INTO meta (key, value) VALUES (?, ?)', ['null value', null]);
    })).rejects.toThrow(/null/i);
    expect(await store.get("SELECT 1 FROM meta WHERE key IN ('before', 'null value')")).toBeUndefined();
    await store.close();
  });

  it('sees a change committed by another server at its next read of the change version', async () => {
    const url = await freshDatabase('store');
    const [a, b] = [await PostgresStore.open(url), await PostgresStore.open(url)];
    const before = await b.changeVersion();
    await a.transaction(() => a.run("INSERT INTO meta (key, value) VALUES ('k', 'v')"));
    expect(await b.changeVersion()).toBeGreaterThan(before);
    await Promise.all([a.close(), b.close()]);
  });

  it('calls what waits for a commit once another server can read the change, never what a rollback undid', async () => {
    const url = await freshDatabase('store');
    const [a, b] = [await PostgresStore.open(url), await PostgresStore.open(url)];
    const told: string[] = [];
    let seen: Promise<unknown> | undefined;
    await a.transaction(async () => {
      await a.run("INSERT INTO meta (key, value) VALUES ('after-commit', 'v')");
      a.afterCommit(() => {
        told.push('outer');
        seen = b.get("SELECT value FROM meta WHERE key = 'after-commit'");
      });
      await a.transaction(async () => a.afterCommit(() => told.push('kept savepoint')));
      await a.transaction(async () => {
        a.afterCommit(() => told.push('undone savepoint'));
        throw new Error('no');
      }).catch(() => undefined);
      expect(told).toEqual([]);
    });
    expect(told).toEqual(['outer', 'kept savepoint']);
    expect(await seen).toEqual({ value: 'v' });
    await a.transaction(async () => {
      a.afterCommit(() => told.push('rolled back'));
      throw new Error('no');
    }).catch(() => undefined);
    a.afterCommit(() => told.push('outside'));
    expect(told).toEqual(['outer', 'kept savepoint', 'outside']);
    await Promise.all([a.close(), b.close()]);
  });

  it('runs bookkeeping while another server holds the write lock, and moves no change version', async () => {
    const url = await freshDatabase('store');
    const [a, b] = [await PostgresStore.open(url), await PostgresStore.open(url)];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const writing = a.transaction(async () => {
      await a.run("INSERT INTO meta (key, value) VALUES ('write', 'v')");
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = await b.changeVersion();
    await b.bookkeeping(async () => b.run("INSERT INTO meta (key, value) VALUES ('bookkeeping', 'v')"));
    expect(await b.get("SELECT value FROM meta WHERE key = 'bookkeeping'")).toEqual({ value: 'v' });
    expect(await b.changeVersion()).toBe(before);
    // A write of the other server still waits for the lock.
    let wrote = false;
    const second = b.transaction(async () => { wrote = true; });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(wrote).toBe(false);
    release();
    await Promise.all([writing, second]);
    expect(wrote).toBe(true);
    await Promise.all([a.close(), b.close()]);
  });

  it('runs the first transaction inside one that wrote nothing without a savepoint when told the whole is undone if it fails', async () => {
    const url = await freshDatabase('store');
    const store = await PostgresStore.open(url);
    const statements: string[] = [];
    const traced = async <T>(fn: () => Promise<T>) => {
      const client = await (store as unknown as { pool: { connect(): Promise<{ query: (...a: unknown[]) => unknown; release(): void }> } }).pool.connect();
      const proto = Object.getPrototypeOf(client) as { query: (...a: unknown[]) => unknown };
      client.release();
      const query = proto.query;
      proto.query = function (this: unknown, ...args: unknown[]) {
        statements.push(String(typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text));
        return query.apply(this, args);
      };
      try { return await fn(); } finally { proto.query = query; }
    };
    const value = (key: string) => store.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', [key]);
    const whole = { undoneWholeIfFirstFails: true };
    // Succeeds: no savepoint, committed.
    await traced(() => store.transaction(async () => {
      await store.get('SELECT 1');
      await store.transaction(async () => { await store.run("INSERT INTO meta (key, value) VALUES ('first', 'v')"); });
      await store.runAtCommit("INSERT INTO meta (key, value) VALUES ('audit', 'v')");
    }, undefined, whole));
    expect(statements.some((s) => s.startsWith('SAVEPOINT'))).toBe(false);
    expect(await value('first')).toEqual({ value: 'v' });
    expect(await value('audit')).toEqual({ value: 'v' });
    // Fails: the caller returns, and the whole transaction is undone.
    const answered = await store.transaction(async () => {
      try {
        await store.transaction(async () => {
          await store.run("INSERT INTO meta (key, value) VALUES ('doomed', 'v')");
          throw new Error('the operation fails after writing');
        });
      } catch {
        return 'failed';
      }
      return 'done';
    }, undefined, whole);
    expect(answered).toBe('failed');
    expect(await value('doomed')).toBeUndefined();
    // A statement after the failure is refused, not silently undone.
    await expect(store.transaction(async () => {
      await store.transaction(async () => { throw new Error('first fails'); }).catch(() => undefined);
      await store.run("INSERT INTO meta (key, value) VALUES ('after', 'v')");
    }, undefined, whole)).rejects.toThrow(/undone whole/);
    expect(await value('after')).toBeUndefined();
    // Once something was written, the next one inside has its savepoint: what came before stays.
    statements.length = 0;
    await traced(() => store.transaction(async () => {
      await store.transaction(async () => { await store.run("INSERT INTO meta (key, value) VALUES ('kept', 'v')"); });
      await store.transaction(async () => {
        await store.run("INSERT INTO meta (key, value) VALUES ('undone', 'v')");
        throw new Error('the second fails');
      }).catch(() => undefined);
    }, undefined, whole));
    expect(statements.filter((s) => s.startsWith('SAVEPOINT'))).toHaveLength(1);
    expect(await value('kept')).toEqual({ value: 'v' });
    expect(await value('undone')).toBeUndefined();
    // Without the option, the first inside has its savepoint as always.
    statements.length = 0;
    await traced(() => store.transaction(async () => { await store.transaction(async () => { await store.get('SELECT 1'); }); }));
    expect(statements.filter((s) => s.startsWith('SAVEPOINT'))).toHaveLength(1);
    await store.close();
  });
  it('prepares each statement once on its connection, and a statement that fails to parse leaves the others prepared', async () => {
    const url = await freshDatabase('store');
    const store = await PostgresStore.open(url);
    const prepared = async () => await store.all<{ name: string; statement: string }>("SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'docsctl_%'");
    await store.transaction(async () => {
      expect(await store.get('SELECT ? AS x', ['a'])).toEqual({ x: 'a' });
      await expect(store.get('SELECT FROM WHERE ?', ['b'])).rejects.toThrow(/syntax error/);
    }).catch(() => undefined);
    await store.transaction(async () => {
      expect(await store.get('SELECT ? AS x', ['c'])).toEqual({ x: 'c' });
      const named = await prepared();
      expect(named.filter((p) => p.statement === 'SELECT $1 AS x')).toHaveLength(1);
      expect(named.some((p) => p.statement.startsWith('SELECT FROM'))).toBe(false);
    });
    await store.close();
  });

  it('refreshes the statistics of a table written in bulk once the write commits, not for a few rows, not for an undone write', async () => {
    const url = await freshDatabase('store');
    const store = await PostgresStore.open(url);
    const analyzed = async () => (await store.all<{ attname: string }>(
      "SELECT attname FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'search_pages' ORDER BY attname",
    )).map((r) => r.attname);
    const write = async (from: number, rows: number) => {
      await store.run(`INSERT INTO search_pages (space_id, page_id, version_id, path) SELECT 's', 'p' || i, 'v', '' FROM generate_series(${from}, ${from + rows - 1}) i`);
      await store.wroteMany('search_pages', ['space_id', 'page_id'], rows);
    };
    // A few rows: autovacuum's to refresh.
    await store.transaction(async () => await write(0, ANALYZE_AFTER_ROWS - 1));
    expect(await analyzed()).toEqual([]);
    // Many, undone: nothing to refresh.
    await store.transaction(async () => {
      await write(ANALYZE_AFTER_ROWS, ANALYZE_AFTER_ROWS);
      throw new Error('undo it');
    }).catch(() => undefined);
    expect(await analyzed()).toEqual([]);
    // Many, inside the transaction: not yet; once it commits, the columns named.
    await store.transaction(async () => {
      await write(ANALYZE_AFTER_ROWS, ANALYZE_AFTER_ROWS);
      expect(await analyzed()).toEqual([]);
    });
    expect(await analyzed()).toEqual(['page_id', 'space_id']);
    expect(Number((await store.get<{ n: number }>("SELECT reltuples AS n FROM pg_class WHERE relname = 'search_pages'"))!.n)).toBe(2 * ANALYZE_AFTER_ROWS - 1);
    await store.close();
  });
});
