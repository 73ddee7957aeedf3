import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testEngine, otherOrganization, standardUsers } from '../helpers/engine';
import { testApp, expectOk, expectError, type CallResult } from '../helpers/app';
import { openEngine, type Engine } from '../../src/engine/index';
import { manualClock } from '../../src/engine/clock';
import { RETENTION_DAYS } from '../../src/engine/spaces';
import { mapInOrder } from '../../src/engine/in-order';

const DAY = 86_400_000;

/** An organization with an admin, a `read` member, a `create` member and a guest, plus helpers. */
async function setup() {
  const t = await testEngine();
  const api = testApp(t.engine);
  const admin = { userId: t.adminId };
  const { reader, creator, guest } = await standardUsers(t);
  const orgSpaces = `/v1/orgs/${t.orgId}/spaces`;
  const space = (id: string) => `/v1/spaces/${id}`;
  const createSpace = async (body: Record<string, unknown> = {}): Promise<string> => {
    const res = await api.request('POST', orgSpaces, { as: t.adminId, body });
    expectOk(res, 'createSpace');
    return res.body.id as string;
  };
  const createCollection = async (title: string): Promise<string> => {
    const res = await api.request('POST', `/v1/orgs/${t.orgId}/collections`, { as: t.adminId, body: { title } });
    expectOk(res, 'createCollection');
    return res.body.id as string;
  };
  const remove = async (id: string, as = t.adminId) => expectOk(await api.request('DELETE', space(id), { as }), 'deleteSpaceById');
  const restore = async (id: string, as = t.adminId) => await api.request('POST', `${space(id)}/restore`, { as });
  const get = async (id: string, as = t.adminId) => await api.request('GET', space(id), { as });
  const list = async (query = '', as = t.adminId) => await api.request('GET', `${orgSpaces}${query}`, { as });
  const deleted = async (query = '', as = t.adminId) => await api.request('GET', `${orgSpaces}?deleted=true${query}`, { as });
  const inCollection = async (collectionId: string) => await api.request('GET', `/v1/collections/${collectionId}/spaces`, { as: t.adminId });
  const count = async (sql: string, args: unknown[] = []) => (await t.engine.core.get<{ n: number }>(sql, args))!.n;
  const exists = async (id: string) => await count('SELECT COUNT(*) AS n FROM spaces WHERE id = ?', [id]) === 1;
  const owned = async (id: string) => ({
    permissions: await count('SELECT COUNT(*) AS n FROM space_permissions WHERE space_id = ?', [id]),
    values: await count('SELECT COUNT(*) AS n FROM space_field_values WHERE space_id = ?', [id]),
  });
  return {
    ...t, api, admin, reader, creator, guest, orgSpaces, space,
    createSpace, createCollection, remove, restore, get, list, deleted, inCollection, exists, owned,
  };
}

const ids = (res: CallResult): string[] => res.body.items.map((s: { id: string }) => s.id);

it('keeps deleted spaces for 7 days', () => {
  expect(RETENTION_DAYS).toBe(7);
});

describe('deleted spaces', () => {
  it('leave every listing and GET, and show in deleted=true newest first with deletedAt and deletedBy', async () => {
    const s = await setup();
    const docs = await s.createCollection('Docs');
    const a = await s.createSpace({ title: 'A' });
    const b = await s.createSpace({ title: 'B', parent: docs });
    const c = await s.createSpace({ title: 'C' });
    const kept = await s.createSpace({ title: 'Kept' });
    await s.engine.spacePermissions.grant(s.admin, c, { role: 'admin', users: [s.reader] });
    await s.remove(a);
    s.clock.advance(3_600_000);
    await s.remove(c, s.reader);
    s.clock.advance(3_600_000);
    await s.remove(b);

    expect(ids(await s.list())).toEqual([kept]);
    expect((await s.list()).body.count).toBe(1);
    expect((await s.inCollection(docs)).body).toEqual({ count: 0, items: [] });
    for (const id of [a, b, c]) expectError(await s.get(id), 404);

    const res = await s.deleted();
    expectOk(res, 'listSpaces');
    expect(res.body.count).toBe(3);
    expect(ids(res)).toEqual([b, c, a]);
    expect(res.body.items.map((i: { deletedAt: string }) => i.deletedAt)).toEqual([
      '2026-03-01T12:00:00.000Z', '2026-03-01T11:00:00.000Z', '2026-03-01T10:00:00.000Z',
    ]);
    expect(res.body.items[0]).toMatchObject({ id: b, title: 'B', parent: docs, visibility: 'in-collection' });
    expect(res.body.items[0].deletedBy).toMatchObject({ object: 'user', id: s.adminId, displayName: 'Admin', email: 'admin@acme.test' });
    expect(res.body.items[2].deletedBy).toMatchObject({ object: 'user', id: s.adminId });
    expect(res.body.items[1].deletedBy).toMatchObject({ object: 'user', id: s.reader, displayName: 'Reader', email: 'reader@acme.test' });

    // pages newest first too
    const first = await s.deleted('&limit=2');
    expectOk(first, 'listSpaces');
    expect(ids(first)).toEqual([b, c]);
    const second = await s.deleted(`&limit=2&page=${encodeURIComponent(first.body.next.page)}`);
    expectOk(second, 'listSpaces');
    expect(ids(second)).toEqual([a]);
    expect(second.body.next).toBeUndefined();
  });

  it('are listed to organization admins only (403 for others, 404 for strangers)', async () => {
    const s = await setup();
    const a = await s.createSpace();
    await s.engine.spacePermissions.grant(s.admin, a, { role: 'admin', users: [s.reader, s.creator, s.guest] });
    await s.remove(a);
    for (const who of [s.reader, s.creator, s.guest]) {
      expectError(await s.deleted('', who), 403, /admin role required/);
    }
    const other = await otherOrganization(s.engine);
    expectError(await s.deleted('', other.adminId), 404);
    expectError(await s.api.request('GET', `${s.orgSpaces}?deleted=true`, { as: null }), 401);
    // another organization's deleted spaces are not in ours
    const theirs = (await s.engine.spaces.create({ userId: other.adminId }, other.orgId, {})).id;
    await s.engine.spaces.remove({ userId: other.adminId }, theirs);
    expect(ids(await s.deleted())).toEqual([a]);
  });

  it('are restored within 7 days exactly as they were (day 6)', async () => {
    const s = await setup();
    const docs = await s.createCollection('Docs');
    const a = await s.createSpace({ title: 'A' });
    const b = await s.createSpace({ title: 'Settings', emoji: '⚙️', editMode: 'locked' });
    const c = await s.createSpace({ title: 'C' });
    const x = await s.createSpace({ title: 'X', parent: docs });
    const y = await s.createSpace({ title: 'Y', parent: docs });
    const z = await s.createSpace({ title: 'Z', parent: docs });
    expectOk(await s.api.request('PATCH', s.space(b), { as: s.adminId, body: { defaultLevel: 'comment', visibility: 'unlisted' } }), 'updateSpaceById');
    const team = (await s.engine.teams.create(s.admin, s.orgId, { title: 'Writers', members: [s.guest] })).id;
    await s.engine.spacePermissions.grant(s.admin, b, { role: 'edit', users: [s.reader] });
    await s.engine.spacePermissions.grant(s.admin, b, { role: 'review', teams: [team] });
    await s.engine.customFields.create(s.admin, s.orgId, { name: 'owner', type: 'text' });
    await s.engine.customFields.setValues(s.admin, b, { owner: { value: 'ops' } });
    const before = (await s.get(b)).body;
    const beforeY = (await s.get(y)).body;
    const order = ids(await s.list());
    expect(order).toEqual([a, b, c, x, y, z]);

    await s.remove(b);
    await s.remove(y);
    s.clock.advance(6 * DAY);
    const later = await s.createSpace({ title: 'Later' });

    const res = await s.restore(b);
    expectOk(res, 'restoreSpace');
    // docsctl's `restored`: this call brought it back.
    expect(res.body).toEqual({ ...before, restored: true });
    expect(res.body).not.toHaveProperty('deletedAt');
    expect(res.body).not.toHaveProperty('deletedBy');
    expect((await s.get(b)).body).toEqual(before);
    const edit = { view: true, access: true, comment: true, edit: true, triggerGitSync: true, merge: false, review: false, admin: false, viewInviteLinks: false, installIntegration: false };
    expect((await s.get(b, s.reader)).body.permissions).toEqual(edit);
    expect((await s.get(b, s.guest)).body.permissions).toEqual({ ...edit, merge: true, review: true });
    expect(await s.owned(b)).toEqual({ permissions: 2, values: 1 });
    expect((await s.engine.customFields.valuesOf(s.admin, b)).map((v) => [v.customField.name, v.value])).toEqual([['owner', 'ops']]);

    const restoredY = await s.restore(y);
    expectOk(restoredY, 'restoreSpace');
    expect(restoredY.body).toEqual({ ...beforeY, restored: true });
    // back in their places
    expect(ids(await s.list())).toEqual([a, b, c, later, x, y, z]);
    expect(ids(await s.inCollection(docs))).toEqual([x, y, z]);
    expect((await s.deleted()).body).toEqual({ count: 0, items: [] });
  });

  it('are restorable up to the last millisecond before 7 days', async () => {
    const s = await setup();
    const a = await s.createSpace({ title: 'A' });
    await s.remove(a);
    s.clock.advance(7 * DAY - 1);
    expect(ids(await s.deleted())).toEqual([a]);
    expectOk(await s.restore(a), 'restoreSpace');
    expect(ids(await s.list())).toEqual([a]);
  });

  it('are gone at exactly 7 days: not listed, restore 404, purged', async () => {
    const s = await setup();
    const a = await s.createSpace({ title: 'A' });
    await s.remove(a);
    s.clock.advance(7 * DAY);
    expect((await s.deleted()).body).toEqual({ count: 0, items: [] });
    expectError(await s.restore(a), 404, /not found/);
    expect(await s.exists(a)).toBe(false);
  });

  it('are purged with everything they own once restore is tried after 7 days (day 8: 404)', async () => {
    const s = await setup();
    const a = await s.createSpace({ title: 'A' });
    const b = await s.createSpace({ title: 'B' });
    await s.engine.spacePermissions.grant(s.admin, a, { role: 'edit', users: [s.reader] });
    await s.engine.customFields.create(s.admin, s.orgId, { name: 'owner', type: 'text' });
    await s.engine.customFields.setValues(s.admin, a, { owner: { value: 'ops' } });
    await s.remove(a);
    s.clock.advance(8 * DAY);
    // past retention the deleted listing no longer shows it, even before a purge ran
    expect((await s.deleted()).body).toEqual({ count: 0, items: [] });
    expect(await s.exists(a)).toBe(true);
    expectError(await s.restore(a), 404, /not found/);
    expect(await s.exists(a)).toBe(false);
    expect(await s.owned(a)).toEqual({ permissions: 0, values: 0 });
    // still 404 afterwards, everywhere
    expectError(await s.restore(a), 404);
    expectError(await s.get(a), 404);
    expect(ids(await s.list())).toEqual([b]);
    expect(await s.exists(b)).toBe(true);
  });

  it('are purged by purge(), which returns how many went and never touches live spaces', async () => {
    const s = await setup();
    const [a, b, c, live] = await mapInOrder(['A', 'B', 'C', 'Live'], async (title) => await s.createSpace({ title }));
    await s.engine.spacePermissions.grant(s.admin, a, { role: 'read', users: [s.reader] });
    await s.remove(a);
    s.clock.advance(2 * DAY);
    await s.remove(b);
    s.clock.advance(3 * DAY);
    await s.remove(c);
    expect(await s.engine.spaces.purge()).toBe(0);
    s.clock.advance(3 * DAY); // a: 8 days, b: 6, c: 3
    expect(await s.engine.spaces.purge()).toBe(1);
    expect(await mapInOrder([a, b, c, live], s.exists)).toEqual([false, true, true, true]);
    expect((await s.owned(a)).permissions).toBe(0);
    expect(await s.engine.spaces.purge()).toBe(0);
    expect(ids(await s.deleted())).toEqual([c, b]);
    expectError(await s.restore(a), 404);
    s.clock.advance(5 * DAY); // b: 11 days, c: 8
    expect(await s.engine.spaces.purge()).toBe(2);
    expect(await mapInOrder([a, b, c, live], s.exists)).toEqual([false, false, false, true]);
    expect(ids(await s.list())).toEqual([live]);
    s.clock.advance(365 * DAY);
    expect(await s.engine.spaces.purge()).toBe(0);
    expect(await s.exists(live)).toBe(true);
  });

  it('restoring an active space is a no-op 200 saying restored: false, also after a delete-restore cycle', async () => {
    const s = await setup();
    const a = await s.createSpace({ title: 'A' });
    const before = (await s.get(a)).body;
    await s.remove(a);
    s.clock.advance(DAY);
    const first = await s.restore(a);
    expectOk(first, 'restoreSpace');
    expect(first.body.restored).toBe(true);
    s.clock.advance(10 * DAY);
    const again = await s.restore(a);
    expectOk(again, 'restoreSpace');
    expect(again.body).toEqual({ ...before, restored: false });
    expect(await s.engine.spaces.purge()).toBe(0);
    expect(await s.exists(a)).toBe(true);
  });

  it('cannot be changed, duplicated, moved or transferred while deleted (404)', async () => {
    const s = await setup();
    const a = await s.createSpace({ title: 'A' });
    await s.remove(a);
    expectError(await s.api.request('PATCH', s.space(a), { as: s.adminId, body: { title: 'X' } }), 404);
    expectError(await s.api.request('POST', `${s.space(a)}/duplicate`, { as: s.adminId }), 404);
    expectError(await s.api.request('POST', `${s.space(a)}/move`, { as: s.adminId, body: {} }), 404);
    expectError(await s.api.request('POST', `${s.space(a)}/transfer`, { as: s.adminId, body: { organization: s.orgId } }), 404);
    expectOk(await s.restore(a), 'restoreSpace');
    expect((await s.get(a)).body.title).toBe('A');
  });
});

describe('purging when the engine opens', () => {
  const dirs: string[] = [];
  const engines: Engine[] = [];
  afterEach(async () => {
    for (const e of engines.splice(0)) {
      try { await e.close(); } catch { /* already closed */ }
    }
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('removes spaces deleted more than 7 days ago and keeps the others', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docsctl-retention-'));
    dirs.push(dir);
    const file = join(dir, 'docsctl.db');
    const clock = manualClock('2026-03-01T10:00:00.000Z');
    const open = async () => {
      const e = await openEngine(file, { clock });
      engines.push(e);
      return e;
    };
    const spaceIds = async (e: Engine) => (await e.core.all<{ id: string }>('SELECT id FROM spaces ORDER BY title')).map((r) => r.id);

    let engine = await open();
    const { organizationId, userId } = await engine.install({ organizationTitle: 'Acme', adminEmail: 'admin@acme.test', adminName: 'Admin' });
    const actor = { userId };
    const old = (await engine.spaces.create(actor, organizationId, { title: '1 Old' })).id;
    const recent = (await engine.spaces.create(actor, organizationId, { title: '2 Recent' })).id;
    const live = (await engine.spaces.create(actor, organizationId, { title: '3 Live' })).id;
    await engine.spacePermissions.grant(actor, old, { role: 'read', users: [userId] });
    await engine.spaces.remove(actor, old);
    clock.advance(2 * DAY);
    await engine.spaces.remove(actor, recent);
    await engine.close();

    // day 6 after the first deletion: nothing is old enough
    clock.advance(4 * DAY);
    engine = await open();
    expect(await spaceIds(engine)).toEqual([old, recent, live]);
    await engine.close();

    // day 8: the first deletion goes when the engine opens, with what it owned
    clock.advance(2 * DAY);
    engine = await open();
    expect(await spaceIds(engine)).toEqual([recent, live]);
    expect((await engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM space_permissions WHERE space_id = ?', [old]))!.n).toBe(0);
    expect((await engine.spaces.list(actor, organizationId, { deleted: true })).items.map((s) => s.id)).toEqual([recent]);
    await expect(engine.spaces.restore(actor, old)).rejects.toThrow(/not found/);
    await engine.close();

    // day 10: the second one too; the live space stays
    clock.advance(2 * DAY);
    engine = await open();
    expect(await spaceIds(engine)).toEqual([live]);
    await expect(engine.spaces.restore(actor, recent)).rejects.toThrow(/not found/);
    expect((await engine.spaces.get(actor, live)).title).toBe('3 Live');
  });
});
