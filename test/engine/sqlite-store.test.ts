import { describe, expect, it } from 'vitest';
import { openDb } from '../../src/engine/store/db';
import { SqliteStore } from '../../src/engine/store/sqlite-store';
import { addMember, testEngine } from '../helpers/engine';
import { testApp } from '../helpers/app';

/** A store on a fresh in-memory database with one table of numbers. */
async function numbers(): Promise<SqliteStore> {
  const store = new SqliteStore(openDb(':memory:'));
  await store.run('CREATE TABLE n (v INTEGER NOT NULL)');
  return store;
}

const count = async (store: SqliteStore) => (await store.get<{ c: number }>('SELECT COUNT(*) AS c FROM n'))!.c;
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('SqliteStore: one connection, transactions that own it', () => {
  it('calls what waits for a commit once it committed, never what a rollback undid, and at once outside a transaction', async () => {
    const store = await numbers();
    const told: string[] = [];
    await store.transaction(async () => {
      await store.run('INSERT INTO n (v) VALUES (1)');
      store.afterCommit(() => told.push(`outer, ${store.inTransaction() ? 'inside' : 'after'}`));
      await store.transaction(async () => store.afterCommit(() => told.push('kept savepoint')));
      await store.transaction(async () => {
        store.afterCommit(() => told.push('undone savepoint'));
        throw new Error('no');
      }).catch(() => undefined);
      expect(told).toEqual([]);
    });
    expect(told).toEqual(['outer, after', 'kept savepoint']);
    await store.transaction(async () => {
      store.afterCommit(() => told.push('rolled back'));
      throw new Error('no');
    }).catch(() => undefined);
    store.afterCommit(() => told.push('outside'));
    expect(told).toEqual(['outer, after', 'kept savepoint', 'outside']);
  });

  it('makes a read from another caller wait for an open transaction instead of seeing its rows', async () => {
    const store = await numbers();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const writing = store.transaction(async () => {
      await store.run('INSERT INTO n (v) VALUES (1)');
      await gate; // the transaction waits on something else, as a real one may
      throw new Error('changed my mind');
    });
    await tick();
    expect(store.inTransaction()).toBe(false); // this caller is not inside it
    const reading = count(store);
    let read: number | undefined;
    void reading.then((c) => (read = c));
    await tick();
    expect(read).toBeUndefined(); // still waiting: the row is uncommitted
    release();
    await expect(writing).rejects.toThrow('changed my mind');
    expect(await reading).toBe(0); // and it was rolled back
  });

  it('runs two transactions begun together one after the other, never one inside the other', async () => {
    const store = await numbers();
    const order: string[] = [];
    const job = (name: string, value: number) =>
      store.transaction(async () => {
        order.push(`${name} begins`);
        await store.run('INSERT INTO n (v) VALUES (?)', [value]);
        await tick();
        order.push(`${name} ends`);
        if (name === 'b') throw new Error('b fails');
        return value;
      });
    const [a, b] = await Promise.allSettled([job('a', 1), job('b', 2)]);
    expect(a).toEqual({ status: 'fulfilled', value: 1 });
    expect(b.status).toBe('rejected');
    expect(order).toEqual(['a begins', 'a ends', 'b begins', 'b ends']);
    expect(await store.all('SELECT v FROM n')).toEqual([{ v: 1 }]);
  });

  it('makes a transaction begun inside another a savepoint: undone alone when it fails', async () => {
    const store = await numbers();
    await store.transaction(async () => {
      await store.run('INSERT INTO n (v) VALUES (1)');
      expect(store.inTransaction()).toBe(true);
      await expect(store.transaction(async () => {
        await store.run('INSERT INTO n (v) VALUES (2)');
        throw new Error('inner');
      })).rejects.toThrow('inner');
      await store.transaction(() => store.run('INSERT INTO n (v) VALUES (3)'));
    });
    expect(await store.all('SELECT v FROM n ORDER BY v')).toEqual([{ v: 1 }, { v: 3 }]);
  });

  it('keeps the statements of a transaction in it across awaits of other work', async () => {
    const store = await numbers();
    const inside = store.transaction(async () => {
      await store.run('INSERT INTO n (v) VALUES (1)');
      await new Promise((resolve) => setTimeout(resolve, 5));
      // Still this transaction's: it sees its own uncommitted row.
      return count(store);
    });
    const outside = store.transaction(async () => count(store));
    expect(await inside).toBe(1);
    expect(await outside).toBe(1);
  });
});

describe('concurrent requests through the app', () => {
  it('answers many writes sent at once as if sent one by one: every team created, one audit record each', async () => {
    const t = await testEngine();
    const api = testApp(t.engine);
    const token = await api.tokenFor(t.adminId);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.app.handleAsync({ method: 'PUT', url: `/v1/orgs/${t.orgId}/teams`, headers, body: JSON.stringify({ title: `Team ${i}` }) }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const teams = (await t.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM teams WHERE organization_id = ?', [t.orgId]))!.n;
    const audited = (await t.engine.core.get<{ n: number }>("SELECT COUNT(*) AS n FROM audit_log WHERE operation_id = 'createOrganizationTeam'"))!.n;
    expect({ teams, audited }).toEqual({ teams: 20, audited: 20 });
  });

  it('keeps the last admin when two demotions of the only two admins arrive together', async () => {
    const t = await testEngine();
    const api = testApp(t.engine);
    const second = await addMember(t.engine, t.orgId, 'second@acme.test', 'admin');
    // Each admin steps down at once: one of them must stay.
    const demote = (userId: string) => api.request('PATCH', `/v1/orgs/${t.orgId}/members/${userId}`, { as: userId, body: { role: 'read' } });
    const [a, b] = await Promise.all([demote(t.adminId), demote(second)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const admins = (await t.engine.core.get<{ n: number }>("SELECT COUNT(*) AS n FROM members WHERE organization_id = ? AND role = 'admin'", [t.orgId]))!.n;
    expect(admins).toBe(1);
  });
});
