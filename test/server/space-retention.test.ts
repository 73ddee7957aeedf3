import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testEngine, otherOrganization, standardUsers } from '../helpers/engine';
import { testApp, expectOk, expectError, type CallResult } from '../helpers/app';
import { openEngine, type Engine } from '../../src/engine/index';
import { manualClock } from '../../src/engine/clock';
import { RETENTION_DAYS } from '../../src/engine/spaces';

const DAY = 86_400_000;

/** An organization with an admin, a `read` member, a `create` member and a guest, plus helpers. */
function setup() {
  const t = testEngine();
  const api = testApp(t.engine);
  const admin = { userId: t.adminId };
  const { reader, creator, guest } = standardUsers(t);
  const orgSpaces = `/v1/orgs/${t.orgId}/spaces`;
  const space = (id: string) => `/v1/spaces/${id}`;
  const createSpace = (body: Record<string, unknown> = {}): string => {
    const res = api.request('POST', orgSpaces, { as: t.adminId, body });
    expectOk(res, 'createSpace');
    return res.body.id as string;
  };
  const createCollection = (title: string): string => {
    const res = api.request('POST', `/v1/orgs/${t.orgId}/collections`, { as: t.adminId, body: { title } });
    expectOk(res, 'createCollection');
    return res.body.id as string;
  };
  const remove = (id: string, as = t.adminId) => expectOk(api.request('DELETE', space(id), { as }), 'deleteSpaceById');
  const restore = (id: string, as = t.adminId) => api.request('POST', `${space(id)}/restore`, { as });
  const get = (id: string, as = t.adminId) => api.request('GET', space(id), { as });
  const list = (query = '', as = t.adminId) => api.request('GET', `${orgSpaces}${query}`, { as });
  const deleted = (query = '', as = t.adminId) => api.request('GET', `${orgSpaces}?deleted=true${query}`, { as });
  const inCollection = (collectionId: string) => api.request('GET', `/v1/collections/${collectionId}/spaces`, { as: t.adminId });
  const count = (sql: string, args: unknown[] = []) => t.engine.core.get<{ n: number }>(sql, args)!.n;
  const exists = (id: string) => count('SELECT COUNT(*) AS n FROM spaces WHERE id = ?', [id]) === 1;
  const owned = (id: string) => ({
    permissions: count('SELECT COUNT(*) AS n FROM space_permissions WHERE space_id = ?', [id]),
    values: count('SELECT COUNT(*) AS n FROM space_field_values WHERE space_id = ?', [id]),
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
  it('leave every listing and GET, and show in deleted=true newest first with deletedAt and deletedBy', () => {
    const s = setup();
    const docs = s.createCollection('Docs');
    const a = s.createSpace({ title: 'A' });
    const b = s.createSpace({ title: 'B', parent: docs });
    const c = s.createSpace({ title: 'C' });
    const kept = s.createSpace({ title: 'Kept' });
    s.engine.spacePermissions.grant(s.admin, c, { role: 'admin', users: [s.reader] });
    s.remove(a);
    s.clock.advance(3_600_000);
    s.remove(c, s.reader);
    s.clock.advance(3_600_000);
    s.remove(b);

    expect(ids(s.list())).toEqual([kept]);
    expect(s.list().body.count).toBe(1);
    expect(s.inCollection(docs).body).toEqual({ count: 0, items: [] });
    for (const id of [a, b, c]) expectError(s.get(id), 404);

    const res = s.deleted();
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
    const first = s.deleted('&limit=2');
    expectOk(first, 'listSpaces');
    expect(ids(first)).toEqual([b, c]);
    const second = s.deleted(`&limit=2&page=${encodeURIComponent(first.body.next.page)}`);
    expectOk(second, 'listSpaces');
    expect(ids(second)).toEqual([a]);
    expect(second.body.next).toBeUndefined();
  });

  it('are listed to organization admins only (403 for others, 404 for strangers)', () => {
    const s = setup();
    const a = s.createSpace();
    s.engine.spacePermissions.grant(s.admin, a, { role: 'admin', users: [s.reader, s.creator, s.guest] });
    s.remove(a);
    for (const who of [s.reader, s.creator, s.guest]) {
      expectError(s.deleted('', who), 403, /admin role required/);
    }
    const other = otherOrganization(s.engine);
    expectError(s.deleted('', other.adminId), 404);
    expectError(s.api.request('GET', `${s.orgSpaces}?deleted=true`, { as: null }), 401);
    // another organization's deleted spaces are not in ours
    const theirs = s.engine.spaces.create({ userId: other.adminId }, other.orgId, {}).id;
    s.engine.spaces.remove({ userId: other.adminId }, theirs);
    expect(ids(s.deleted())).toEqual([a]);
  });

  it('are restored within 7 days exactly as they were (day 6)', () => {
    const s = setup();
    const docs = s.createCollection('Docs');
    const a = s.createSpace({ title: 'A' });
    const b = s.createSpace({ title: 'Settings', emoji: '⚙️', editMode: 'locked' });
    const c = s.createSpace({ title: 'C' });
    const x = s.createSpace({ title: 'X', parent: docs });
    const y = s.createSpace({ title: 'Y', parent: docs });
    const z = s.createSpace({ title: 'Z', parent: docs });
    expectOk(s.api.request('PATCH', s.space(b), { as: s.adminId, body: { defaultLevel: 'comment', visibility: 'unlisted' } }), 'updateSpaceById');
    const team = s.engine.teams.create(s.admin, s.orgId, { title: 'Writers', members: [s.guest] }).id;
    s.engine.spacePermissions.grant(s.admin, b, { role: 'edit', users: [s.reader] });
    s.engine.spacePermissions.grant(s.admin, b, { role: 'review', teams: [team] });
    s.engine.customFields.create(s.admin, s.orgId, { name: 'owner', type: 'text' });
    s.engine.customFields.setValues(s.admin, b, { owner: { value: 'ops' } });
    const before = s.get(b).body;
    const beforeY = s.get(y).body;
    const order = ids(s.list());
    expect(order).toEqual([a, b, c, x, y, z]);

    s.remove(b);
    s.remove(y);
    s.clock.advance(6 * DAY);
    const later = s.createSpace({ title: 'Later' });

    const res = s.restore(b);
    expectOk(res, 'restoreSpace');
    expect(res.body).toEqual(before);
    expect(res.body).not.toHaveProperty('deletedAt');
    expect(res.body).not.toHaveProperty('deletedBy');
    expect(s.get(b).body).toEqual(before);
    const edit = { view: true, access: true, comment: true, edit: true, triggerGitSync: true, merge: false, review: false, admin: false, viewInviteLinks: false };
    expect(s.get(b, s.reader).body.permissions).toEqual(edit);
    expect(s.get(b, s.guest).body.permissions).toEqual({ ...edit, merge: true, review: true });
    expect(s.owned(b)).toEqual({ permissions: 2, values: 1 });
    expect(s.engine.customFields.valuesOf(s.admin, b).map((v) => [v.customField.name, v.value])).toEqual([['owner', 'ops']]);

    const restoredY = s.restore(y);
    expectOk(restoredY, 'restoreSpace');
    expect(restoredY.body).toEqual(beforeY);
    // back in their places
    expect(ids(s.list())).toEqual([a, b, c, later, x, y, z]);
    expect(ids(s.inCollection(docs))).toEqual([x, y, z]);
    expect(s.deleted().body).toEqual({ count: 0, items: [] });
  });

  it('are restorable up to the last millisecond before 7 days', () => {
    const s = setup();
    const a = s.createSpace({ title: 'A' });
    s.remove(a);
    s.clock.advance(7 * DAY - 1);
    expect(ids(s.deleted())).toEqual([a]);
    expectOk(s.restore(a), 'restoreSpace');
    expect(ids(s.list())).toEqual([a]);
  });

  it('are gone at exactly 7 days: not listed, restore 404, purged', () => {
    const s = setup();
    const a = s.createSpace({ title: 'A' });
    s.remove(a);
    s.clock.advance(7 * DAY);
    expect(s.deleted().body).toEqual({ count: 0, items: [] });
    expectError(s.restore(a), 404, /not found/);
    expect(s.exists(a)).toBe(false);
  });

  it('are purged with everything they own once restore is tried after 7 days (day 8: 404)', () => {
    const s = setup();
    const a = s.createSpace({ title: 'A' });
    const b = s.createSpace({ title: 'B' });
    s.engine.spacePermissions.grant(s.admin, a, { role: 'edit', users: [s.reader] });
    s.engine.customFields.create(s.admin, s.orgId, { name: 'owner', type: 'text' });
    s.engine.customFields.setValues(s.admin, a, { owner: { value: 'ops' } });
    s.remove(a);
    s.clock.advance(8 * DAY);
    // past retention the deleted listing no longer shows it, even before a purge ran
    expect(s.deleted().body).toEqual({ count: 0, items: [] });
    expect(s.exists(a)).toBe(true);
    expectError(s.restore(a), 404, /not found/);
    expect(s.exists(a)).toBe(false);
    expect(s.owned(a)).toEqual({ permissions: 0, values: 0 });
    // still 404 afterwards, everywhere
    expectError(s.restore(a), 404);
    expectError(s.get(a), 404);
    expect(ids(s.list())).toEqual([b]);
    expect(s.exists(b)).toBe(true);
  });

  it('are purged by purge(), which returns how many went and never touches live spaces', () => {
    const s = setup();
    const [a, b, c, live] = ['A', 'B', 'C', 'Live'].map((title) => s.createSpace({ title }));
    s.engine.spacePermissions.grant(s.admin, a, { role: 'read', users: [s.reader] });
    s.remove(a);
    s.clock.advance(2 * DAY);
    s.remove(b);
    s.clock.advance(3 * DAY);
    s.remove(c);
    expect(s.engine.spaces.purge()).toBe(0);
    s.clock.advance(3 * DAY); // a: 8 days, b: 6, c: 3
    expect(s.engine.spaces.purge()).toBe(1);
    expect([a, b, c, live].map(s.exists)).toEqual([false, true, true, true]);
    expect(s.owned(a).permissions).toBe(0);
    expect(s.engine.spaces.purge()).toBe(0);
    expect(ids(s.deleted())).toEqual([c, b]);
    expectError(s.restore(a), 404);
    s.clock.advance(5 * DAY); // b: 11 days, c: 8
    expect(s.engine.spaces.purge()).toBe(2);
    expect([a, b, c, live].map(s.exists)).toEqual([false, false, false, true]);
    expect(ids(s.list())).toEqual([live]);
    s.clock.advance(365 * DAY);
    expect(s.engine.spaces.purge()).toBe(0);
    expect(s.exists(live)).toBe(true);
  });

  it('restoring an active space is a no-op 200, also after a delete-restore cycle', () => {
    const s = setup();
    const a = s.createSpace({ title: 'A' });
    const before = s.get(a).body;
    s.remove(a);
    s.clock.advance(DAY);
    expectOk(s.restore(a), 'restoreSpace');
    s.clock.advance(10 * DAY);
    const again = s.restore(a);
    expectOk(again, 'restoreSpace');
    expect(again.body).toEqual(before);
    expect(s.engine.spaces.purge()).toBe(0);
    expect(s.exists(a)).toBe(true);
  });

  it('cannot be changed, duplicated, moved or transferred while deleted (404)', () => {
    const s = setup();
    const a = s.createSpace({ title: 'A' });
    s.remove(a);
    expectError(s.api.request('PATCH', s.space(a), { as: s.adminId, body: { title: 'X' } }), 404);
    expectError(s.api.request('POST', `${s.space(a)}/duplicate`, { as: s.adminId }), 404);
    expectError(s.api.request('POST', `${s.space(a)}/move`, { as: s.adminId, body: {} }), 404);
    expectError(s.api.request('POST', `${s.space(a)}/transfer`, { as: s.adminId, body: { organization: s.orgId } }), 404);
    expectOk(s.restore(a), 'restoreSpace');
    expect(s.get(a).body.title).toBe('A');
  });
});

describe('purging when the engine opens', () => {
  const dirs: string[] = [];
  const engines: Engine[] = [];
  afterEach(() => {
    for (const e of engines.splice(0)) {
      try { e.close(); } catch { /* already closed */ }
    }
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('removes spaces deleted more than 7 days ago and keeps the others', () => {
    const dir = mkdtempSync(join(tmpdir(), 'docsctl-retention-'));
    dirs.push(dir);
    const file = join(dir, 'docsctl.db');
    const clock = manualClock('2026-03-01T10:00:00.000Z');
    const open = () => {
      const e = openEngine(file, { clock });
      engines.push(e);
      return e;
    };
    const spaceIds = (e: Engine) => e.core.all<{ id: string }>('SELECT id FROM spaces ORDER BY title').map((r) => r.id);

    let engine = open();
    const { organizationId, userId } = engine.install({ organizationTitle: 'Acme', adminEmail: 'admin@acme.test', adminName: 'Admin' });
    const actor = { userId };
    const old = engine.spaces.create(actor, organizationId, { title: '1 Old' }).id;
    const recent = engine.spaces.create(actor, organizationId, { title: '2 Recent' }).id;
    const live = engine.spaces.create(actor, organizationId, { title: '3 Live' }).id;
    engine.spacePermissions.grant(actor, old, { role: 'read', users: [userId] });
    engine.spaces.remove(actor, old);
    clock.advance(2 * DAY);
    engine.spaces.remove(actor, recent);
    engine.close();

    // day 6 after the first deletion: nothing is old enough
    clock.advance(4 * DAY);
    engine = open();
    expect(spaceIds(engine)).toEqual([old, recent, live]);
    engine.close();

    // day 8: the first deletion goes when the engine opens, with what it owned
    clock.advance(2 * DAY);
    engine = open();
    expect(spaceIds(engine)).toEqual([recent, live]);
    expect(engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM space_permissions WHERE space_id = ?', [old])!.n).toBe(0);
    expect(engine.spaces.list(actor, organizationId, { deleted: true }).items.map((s) => s.id)).toEqual([recent]);
    expect(() => engine.spaces.restore(actor, old)).toThrow(/not found/);
    engine.close();

    // day 10: the second one too; the live space stays
    clock.advance(2 * DAY);
    engine = open();
    expect(spaceIds(engine)).toEqual([live]);
    expect(() => engine.spaces.restore(actor, recent)).toThrow(/not found/);
    expect(engine.spaces.get(actor, live).title).toBe('3 Live');
  });
});
