import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openDb } from '../../src/engine/store/db';
import { migrations } from '../../src/engine/store/migrations/index';
import { openEngine } from '../../src/engine/index';
import { testEngine } from '../helpers/engine';

describe('database', () => {
  it('opens in WAL mode with foreign keys and busy timeout, and runs every migration once', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'docsctl-db-')), 'nested', 'x.db');
    const db = openDb(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    db.close();
    // Re-opening applies nothing twice.
    const again = openDb(file);
    expect(again.pragma('user_version', { simple: true })).toBe(migrations.length);
    again.close();
  });

  it('creates the first organization and admin once, however often it is opened', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'docsctl-db-')), 'x.db');
    const first = await openEngine(file);
    const a = await first.install();
    await first.close();
    const second = await openEngine(file);
    const b = await second.install();
    expect(a.created).toBe(true);
    expect(b).toEqual({ organizationId: a.organizationId, userId: a.userId, created: false });
    const raw = new Database(file, { readonly: true });
    expect(raw.prepare('SELECT COUNT(*) AS n FROM organizations').get()).toEqual({ n: 1 });
    raw.close();
    await second.close();
  });

  it('rolls a failed write back completely', async () => {
    const t = await testEngine();
    const before = (await t.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM teams'))!.n;
    await expect(
      t.engine.core.write(async () => {
        await t.engine.core.run("INSERT INTO teams (id, organization_id, title, created_at) VALUES ('t1', ?, 'X', 'now')", [t.orgId]);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await t.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM teams'))!.n).toBe(before);
  });
});

describe('write scopes (issue 33)', () => {
  it('a write scoped to an organization may not reach past it, on SQLite too: a nested write of another one, a transfer', async () => {
    const t = await testEngine();
    const other = (await t.engine.organizations.create({ userId: t.adminId }, { title: 'Other' })).id;
    const { core } = t.engine;
    await expect(core.write(async () => await core.write(async () => undefined, other), t.orgId)).rejects.toThrow(`a write of organization ${other} inside a write of ${t.orgId} only`);
    // Joining without a scope of its own, or with the same one, is fine; a write of the whole instance covers any.
    expect(await core.write(async () => await core.write(async () => core.store.covers(t.orgId) && !core.store.covers(other), t.orgId), t.orgId)).toBe(true);
    expect(await core.write(async () => await core.write(async () => core.store.covers(other), other))).toBe(true);
    const space = await t.engine.spaces.create({ userId: t.adminId }, t.orgId, { title: 'Moving' });
    await expect(core.write(async () => await t.engine.spaces.transfer({ userId: t.adminId }, space.id, { organization: other }), t.orgId)).rejects.toThrow(/a transfer from .* inside a write scoped to other organizations/);
    expect((await t.engine.spaces.transfer({ userId: t.adminId }, space.id, { organization: other })).organization).toBe(other);
  });
});
