import { describe, expect, it } from 'vitest';
import { testEngine, addMember, otherOrganization, standardUsers } from '../helpers/engine';
import { testApp, expectOk, expectError, type CallResult } from '../helpers/app';
import { siblingsOf } from '../../src/engine/positions';
import { mapInOrder } from '../../src/engine/in-order';

/** An organization with an admin, a `read` member, a `create` member and a guest, plus the app. */
async function setup() {
  const t = await testEngine();
  const api = testApp(t.engine);
  const { reader, creator, guest } = await standardUsers(t);
  const collections = `/v1/orgs/${t.orgId}/collections`;
  const createCollection = async (title: string, parent?: string, orgId = t.orgId, as = t.adminId): Promise<string> => {
    const res = await api.request('POST', `/v1/orgs/${orgId}/collections`, { as, body: parent ? { title, parent } : { title } });
    expectOk(res, 'createCollection');
    return res.body.id as string;
  };
  const createSpace = async (title: string, parent?: string, orgId = t.orgId, as = t.adminId): Promise<string> => {
    const res = await api.request('POST', `/v1/orgs/${orgId}/spaces`, { as, body: parent ? { title, parent } : { title } });
    expectOk(res, 'createSpace');
    return res.body.id as string;
  };
  /** Mixed order of the items under `parent` (null: the root), as `type:id`. */
  const order = async (parent: string | null, orgId = t.orgId) =>
    (await siblingsOf(t.engine.core, orgId, parent)).map((s) => `${s.type}:${s.id}`);
  const collectionCount = async () => (await t.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM collections WHERE organization_id = ?', [t.orgId]))!.n;
  return { ...t, api, reader, creator, guest, collections, createCollection, createSpace, order, collectionCount };
}

const ids = (res: CallResult) => res.body.items.map((item: { id: string }) => item.id);

describe('POST /v1/orgs/{organizationId}/collections (create)', () => {
  it('creates a collection that GET and the list then return', async () => {
    const s = await setup();
    const res = await s.api.request('POST', s.collections, { as: s.adminId, body: { title: 'Guides' } });
    expectOk(res, 'createCollection');
    const id = res.body.id;
    expect(res.body).toEqual({
      object: 'collection',
      id,
      title: 'Guides',
      organization: s.orgId,
      defaultLevel: null,
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-01T10:00:00.000Z',
      urls: { location: `http://docs.test/v1/collections/${id}`, app: expect.any(String) },
      permissions: { view: true, admin: true, viewInviteLinks: true, create: true },
    });
    const got = await s.api.request('GET', `/v1/collections/${id}`, { as: s.adminId });
    expectOk(got, 'getCollectionById');
    expect(got.body).toEqual(res.body);
    const list = await s.api.request('GET', s.collections, { as: s.adminId });
    expectOk(list, 'listCollections');
    expect(list.body).toEqual({ count: 1, items: [res.body] });
  });

  it('nests a collection under a parent of the same organization', async () => {
    const s = await setup();
    const parent = await s.createCollection('Parent');
    const res = await s.api.request('POST', s.collections, { as: s.adminId, body: { title: 'Child', parent } });
    expectOk(res, 'createCollection');
    expect(res.body.parent).toBe(parent);
    const got = await s.api.request('GET', `/v1/collections/${res.body.id}`, { as: s.adminId });
    expect(got.body.parent).toBe(parent);
  });

  it('defaults the title to Untitled and lets create members create', async () => {
    const s = await setup();
    const res = await s.api.request('POST', s.collections, { as: s.creator, body: {} });
    expectOk(res, 'createCollection');
    expect(res.body.title).toBe('Untitled');
    expect(res.body.permissions).toEqual({ view: true, admin: false, viewInviteLinks: false, create: true });
  });

  it('accepts a title of 50 characters and rejects 51, naming title', async () => {
    const s = await setup();
    const ok = await s.api.request('POST', s.collections, { as: s.adminId, body: { title: 'x'.repeat(50) } });
    expectOk(ok, 'createCollection');
    expect(ok.body.title).toBe('x'.repeat(50));
    expectError(await s.api.request('POST', s.collections, { as: s.adminId, body: { title: 'y'.repeat(51) } }), 400, /^title: must be at most 50 characters$/);
    expect(await s.collectionCount()).toBe(1);
  });

  it.each([
    ['an empty title', { title: '' }, /^title: must not be empty$/],
    ['a title of the wrong type', { title: 5 }, /^title: must be of type string$/],
    ['an empty parent', { title: 'T', parent: '' }, /^parent: must not be empty$/],
    ['an unknown field', { title: 'T', description: 'd' }, /^description: is not a known field$/],
  ])('rejects %s with 400', async (_, body, message) => {
    const s = await setup();
    expectError(await s.api.request('POST', s.collections, { as: s.adminId, body }), 400, message);
    expect(await s.collectionCount()).toBe(0);
  });

  it('rejects a parent that is unknown or belongs to another organization', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const theirs = await s.engine.collections.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    expectError(await s.api.request('POST', s.collections, { as: s.adminId, body: { title: 'T', parent: 'nope' } }), 400, /^parent: no collection nope/);
    expectError(await s.api.request('POST', s.collections, { as: s.adminId, body: { title: 'T', parent: theirs.id } }), 400, /^parent: /);
    expect(await s.collectionCount()).toBe(0);
  });

  it('forbids read members and guests', async () => {
    const s = await setup();
    expectError(await s.api.request('POST', s.collections, { as: s.reader, body: { title: 'T' } }), 403, /create role or higher/);
    expectError(await s.api.request('POST', s.collections, { as: s.guest, body: { title: 'T' } }), 403);
    expect(await s.collectionCount()).toBe(0);
  });

  it('answers 404 for an organization the caller is not in', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    expectError(await s.api.request('POST', `/v1/orgs/${other.orgId}/collections`, { as: s.adminId, body: { title: 'T' } }), 404);
    expectError(await s.api.request('POST', '/v1/orgs/nope/collections', { as: s.adminId, body: { title: 'T' } }), 404);
    expect((await s.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM collections'))!.n).toBe(0);
  });
});

describe('GET /v1/orgs/{organizationId}/collections (list)', () => {
  it('lists nested collections by default and only the top level with nested=false', async () => {
    const s = await setup();
    const a = await s.createCollection('A');
    const b = await s.createCollection('B');
    const a1 = await s.createCollection('A1', a);
    const a1x = await s.createCollection('A1x', a1);
    const all = await s.api.request('GET', s.collections, { as: s.reader });
    expectOk(all, 'listCollections');
    expect(all.body.count).toBe(4);
    expect(ids(all).sort()).toEqual([a, b, a1, a1x].sort());
    const explicit = await s.api.request('GET', `${s.collections}?nested=true`, { as: s.reader });
    expectOk(explicit, 'listCollections');
    expect(explicit.body.count).toBe(4);
    const top = await s.api.request('GET', `${s.collections}?nested=false`, { as: s.reader });
    expectOk(top, 'listCollections');
    expect(top.body.count).toBe(2);
    expect(ids(top)).toEqual([a, b]);
  });

  it('pages with limit and cursor, in order', async () => {
    const s = await setup();
    const made = await mapInOrder(['C1', 'C2', 'C3', 'C4', 'C5'], async (title) => await s.createCollection(title));
    const seen: string[] = [];
    let url = `${s.collections}?limit=2`;
    for (let i = 0; i < 3; i++) {
      const res = await s.api.request('GET', url, { as: s.adminId });
      expectOk(res, 'listCollections');
      expect(res.body.count).toBe(5);
      seen.push(...ids(res));
      if (i < 2) url = `${s.collections}?limit=2&page=${encodeURIComponent(res.body.next.page)}`;
      else expect(res.body.next).toBeUndefined();
    }
    expect(seen).toEqual(made);
  });

  it.each([
    ['a nested value that is not a boolean', '?nested=yes', /^nested: must be true or false$/],
    ['limit 1001', '?limit=1001', /^limit: /],
    ['an unknown query parameter', '?parent=x', /^parent: is not a known field$/],
    ['a bad cursor', '?page=garbage', /^page: /],
  ])('rejects %s with 400', async (_, query, message) => {
    const s = await setup();
    expectError(await s.api.request('GET', `${s.collections}${query}`, { as: s.adminId }), 400, message);
  });

  it('hides other organizations and their collections', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    await s.engine.collections.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    expectError(await s.api.request('GET', `/v1/orgs/${other.orgId}/collections`, { as: s.adminId }), 404);
    const ours = await s.api.request('GET', s.collections, { as: s.adminId });
    expectOk(ours, 'listCollections');
    expect(ours.body).toEqual({ count: 0, items: [] });
  });
});

describe('GET /v1/collections/{collectionId}', () => {
  it('computes the permissions for the caller', async () => {
    const s = await setup();
    const id = await s.createCollection('Docs');
    const asReader = await s.api.request('GET', `/v1/collections/${id}`, { as: s.reader });
    expectOk(asReader, 'getCollectionById');
    expect(asReader.body.permissions).toEqual({ view: true, admin: false, viewInviteLinks: false, create: false });
  });

  it('answers 404 for unknown collections and collections of another organization', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const theirs = await s.engine.collections.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    expectError(await s.api.request('GET', '/v1/collections/nope', { as: s.adminId }), 404, /collection nope not found/);
    expectError(await s.api.request('GET', `/v1/collections/${theirs.id}`, { as: s.adminId }), 404);
  });
});

describe('PATCH /v1/collections/{collectionId}', () => {
  it('updates title, description and defaultLevel, and clears defaultLevel with null', async () => {
    const s = await setup();
    const id = await s.createCollection('Old');
    s.clock.advance(60_000);
    const res = await s.api.request('PATCH', `/v1/collections/${id}`, { as: s.adminId, body: { title: 'New', description: 'About it', defaultLevel: 'comment' } });
    expectOk(res, 'updateCollectionById');
    expect(res.body).toMatchObject({ id, title: 'New', description: 'About it', defaultLevel: 'comment', updatedAt: '2026-03-01T10:01:00.000Z' });
    const got = await s.api.request('GET', `/v1/collections/${id}`, { as: s.adminId });
    expect(got.body).toMatchObject({ title: 'New', description: 'About it', defaultLevel: 'comment' });
    const cleared = await s.api.request('PATCH', `/v1/collections/${id}`, { as: s.adminId, body: { defaultLevel: null } });
    expectOk(cleared, 'updateCollectionById');
    expect(cleared.body).toMatchObject({ title: 'New', description: 'About it', defaultLevel: null });
  });

  it('gives members the collection defaultLevel on its spaces', async () => {
    const s = await setup();
    const id = await s.createCollection('Docs');
    const space = await s.createSpace('Inside', id);
    expectError(await s.api.request('GET', `/v1/spaces/${space}`, { as: s.reader }), 404);
    expectOk(await s.api.request('PATCH', `/v1/collections/${id}`, { as: s.adminId, body: { defaultLevel: 'read' } }), 'updateCollectionById');
    const got = await s.api.request('GET', `/v1/spaces/${space}`, { as: s.reader });
    expectOk(got, 'getSpaceById');
    expect(got.body.permissions).toMatchObject({ view: true, edit: false });
  });

  it('enforces the limits of title and description, the role enum and known fields', async () => {
    const s = await setup();
    const id = await s.createCollection('Docs');
    const url = `/v1/collections/${id}`;
    expectOk(await s.api.request('PATCH', url, { as: s.adminId, body: { title: 't'.repeat(50), description: 'd'.repeat(100) } }), 'updateCollectionById');
    expectError(await s.api.request('PATCH', url, { as: s.adminId, body: { title: 't'.repeat(51) } }), 400, /^title: must be at most 50 characters$/);
    expectError(await s.api.request('PATCH', url, { as: s.adminId, body: { description: 'd'.repeat(101) } }), 400, /^description: must be at most 100 characters$/);
    expectError(await s.api.request('PATCH', url, { as: s.adminId, body: { defaultLevel: 'owner' } }), 400, /^defaultLevel: must be one of: "admin"/);
    expectError(await s.api.request('PATCH', url, { as: s.adminId, body: { title: '' } }), 400, /^title: must not be empty$/);
    expectError(await s.api.request('PATCH', url, { as: s.adminId, body: { title: 'X', parent: null } }), 400, /^parent: is not a known field$/);
    const got = await s.api.request('GET', url, { as: s.adminId });
    expect(got.body).toMatchObject({ title: 't'.repeat(50), description: 'd'.repeat(100), defaultLevel: null });
  });

  it('forbids members without the admin role', async () => {
    const s = await setup();
    const id = await s.createCollection('Docs');
    expectError(await s.api.request('PATCH', `/v1/collections/${id}`, { as: s.creator, body: { title: 'X' } }), 403, /admin role required/);
    expectError(await s.api.request('PATCH', `/v1/collections/${id}`, { as: s.reader, body: { title: 'X' } }), 403);
    expect((await s.api.request('GET', `/v1/collections/${id}`, { as: s.adminId })).body.title).toBe('Docs');
  });

  it('answers 404 for unknown collections and other organizations', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const theirs = await s.engine.collections.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    expectError(await s.api.request('PATCH', '/v1/collections/nope', { as: s.adminId, body: { title: 'X' } }), 404);
    expectError(await s.api.request('PATCH', `/v1/collections/${theirs.id}`, { as: s.adminId, body: { title: 'X' } }), 404);
    expect((await s.engine.collections.get({ userId: other.adminId }, theirs.id)).title).toBe('Theirs');
  });
});

describe('DELETE /v1/collections/{collectionId}', () => {
  it('deletes an empty collection (205)', async () => {
    const s = await setup();
    const id = await s.createCollection('Empty');
    const kept = await s.createCollection('Kept');
    const res = await s.api.request('DELETE', `/v1/collections/${id}`, { as: s.adminId });
    expectOk(res, 'deleteCollectionById');
    expect(res.body).toBeUndefined();
    expectError(await s.api.request('GET', `/v1/collections/${id}`, { as: s.adminId }), 404);
    expect(ids(await s.api.request('GET', s.collections, { as: s.adminId }))).toEqual([kept]);
    expectError(await s.api.request('DELETE', `/v1/collections/${id}`, { as: s.adminId }), 404);
  });

  it('refuses a collection that holds spaces or collections (409), saying how many', async () => {
    const s = await setup();
    const withSpaces = await s.createCollection('Spaces');
    await s.createSpace('S1', withSpaces);
    await s.createSpace('S2', withSpaces);
    expectError(await s.api.request('DELETE', `/v1/collections/${withSpaces}`, { as: s.adminId }), 409, /still holds 2 spaces(?! and)/);

    const withChild = await s.createCollection('Child holder');
    await s.createCollection('Child', withChild);
    expectError(await s.api.request('DELETE', `/v1/collections/${withChild}`, { as: s.adminId }), 409, /still holds 1 collection(?!s)/);

    const both = await s.createCollection('Both');
    await s.createSpace('S', both);
    await s.createCollection('C1', both);
    await s.createCollection('C2', both);
    expectError(await s.api.request('DELETE', `/v1/collections/${both}`, { as: s.adminId }), 409, /still holds 1 space and 2 collections/);

    for (const id of [withSpaces, withChild, both]) expectOk(await s.api.request('GET', `/v1/collections/${id}`, { as: s.adminId }), 'getCollectionById');
  });

  it('does not count deleted spaces; they come back at the root when restored', async () => {
    const s = await setup();
    const id = await s.createCollection('Docs');
    const space = await s.createSpace('Gone', id);
    expectOk(await s.api.request('DELETE', `/v1/spaces/${space}`, { as: s.adminId }), 'deleteSpaceById');
    expectOk(await s.api.request('DELETE', `/v1/collections/${id}`, { as: s.adminId }), 'deleteCollectionById');
    const restored = await s.api.request('POST', `/v1/spaces/${space}/restore`, { as: s.adminId });
    expectOk(restored, 'restoreSpace');
    expect(restored.body.parent).toBeUndefined();
  });

  it('forbids members without the admin role and hides other organizations', async () => {
    const s = await setup();
    const id = await s.createCollection('Docs');
    const other = await otherOrganization(s.engine);
    const theirs = await s.engine.collections.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    expectError(await s.api.request('DELETE', `/v1/collections/${id}`, { as: s.creator }), 403, /admin role required/);
    expectError(await s.api.request('DELETE', `/v1/collections/${id}`, { as: s.guest }), 403);
    expectError(await s.api.request('DELETE', `/v1/collections/${theirs.id}`, { as: s.adminId }), 404);
    expectError(await s.api.request('DELETE', '/v1/collections/nope', { as: s.adminId }), 404);
    expect(await s.collectionCount()).toBe(1);
    expect((await s.engine.collections.get({ userId: other.adminId }, theirs.id)).id).toBe(theirs.id);
  });
});

describe('GET /v1/collections/{collectionId}/spaces', () => {
  it('lists the live spaces directly in the collection, in order, with paging', async () => {
    const s = await setup();
    const id = await s.createCollection('Docs');
    const sub = await s.createCollection('Sub', id);
    const a = await s.createSpace('A', id);
    const b = await s.createSpace('B', id);
    const c = await s.createSpace('C', id);
    const gone = await s.createSpace('Gone', id);
    await s.createSpace('Deeper', sub);
    await s.createSpace('Root');
    expectOk(await s.api.request('DELETE', `/v1/spaces/${gone}`, { as: s.adminId }), 'deleteSpaceById');

    const all = await s.api.request('GET', `/v1/collections/${id}/spaces`, { as: s.adminId });
    expectOk(all, 'listSpacesInCollectionById');
    expect(all.body.count).toBe(3);
    expect(ids(all)).toEqual([a, b, c]);

    const first = await s.api.request('GET', `/v1/collections/${id}/spaces?limit=2`, { as: s.adminId });
    expectOk(first, 'listSpacesInCollectionById');
    expect(ids(first)).toEqual([a, b]);
    const second = await s.api.request('GET', `/v1/collections/${id}/spaces?limit=2&page=${encodeURIComponent(first.body.next.page)}`, { as: s.adminId });
    expectOk(second, 'listSpacesInCollectionById');
    expect(ids(second)).toEqual([c]);
    expect(second.body.next).toBeUndefined();
  });

  it('shows a member only the spaces they can access', async () => {
    const s = await setup();
    const id = await s.createCollection('Docs');
    const open = await s.createSpace('Open', id);
    await s.createSpace('Closed', id);
    expectOk(await s.api.request('PATCH', `/v1/spaces/${open}`, { as: s.adminId, body: { defaultLevel: 'read' } }), 'updateSpaceById');
    const res = await s.api.request('GET', `/v1/collections/${id}/spaces`, { as: s.reader });
    expectOk(res, 'listSpacesInCollectionById');
    expect(res.body.count).toBe(1);
    expect(ids(res)).toEqual([open]);
  });

  it('answers 404 for unknown collections and other organizations, 400 for bad paging', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const theirs = await s.engine.collections.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    await s.engine.spaces.create({ userId: other.adminId }, other.orgId, { title: 'Secret', parent: theirs.id });
    expectError(await s.api.request('GET', `/v1/collections/${theirs.id}/spaces`, { as: s.adminId }), 404);
    expectError(await s.api.request('GET', '/v1/collections/nope/spaces', { as: s.adminId }), 404);
    const id = await s.createCollection('Docs');
    expectError(await s.api.request('GET', `/v1/collections/${id}/spaces?limit=0`, { as: s.adminId }), 400, /^limit: /);
  });
});

describe('POST /v1/collections/{collectionId}/move', () => {
  it('moves a collection into another one and back to the top level', async () => {
    const s = await setup();
    const a = await s.createCollection('A');
    const b = await s.createCollection('B');
    const res = await s.api.request('POST', `/v1/collections/${b}/move`, { as: s.adminId, body: { parent: a } });
    expectOk(res, 'moveCollection');
    expect(res.body).toMatchObject({ id: b, parent: a });
    expect((await s.api.request('GET', `/v1/collections/${b}`, { as: s.adminId })).body.parent).toBe(a);
    expect(ids(await s.api.request('GET', `${s.collections}?nested=false`, { as: s.adminId }))).toEqual([a]);
    expect(await s.order(a)).toEqual([`collection:${b}`]);

    const back = await s.api.request('POST', `/v1/collections/${b}/move`, { as: s.adminId, body: { parent: null } });
    expectOk(back, 'moveCollection');
    expect(back.body.parent).toBeUndefined();
    expect(ids(await s.api.request('GET', `${s.collections}?nested=false`, { as: s.adminId }))).toEqual([a, b]);
  });

  it('refuses to move a collection into itself or one of its descendants (400)', async () => {
    const s = await setup();
    const a = await s.createCollection('A');
    const child = await s.createCollection('Child', a);
    const grandchild = await s.createCollection('Grandchild', child);
    expectError(await s.api.request('POST', `/v1/collections/${a}/move`, { as: s.adminId, body: { parent: a } }), 400, /^parent: cannot move a collection into itself/);
    expectError(await s.api.request('POST', `/v1/collections/${a}/move`, { as: s.adminId, body: { parent: child } }), 400, /^parent: .*sub-collections/);
    expectError(await s.api.request('POST', `/v1/collections/${a}/move`, { as: s.adminId, body: { parent: grandchild } }), 400, /^parent: .*sub-collections/);
    expectError(await s.api.request('POST', `/v1/collections/${child}/move`, { as: s.adminId, body: { parent: grandchild } }), 400, /^parent: /);
    // Nothing moved.
    expect((await s.api.request('GET', `/v1/collections/${a}`, { as: s.adminId })).body.parent).toBeUndefined();
    expect((await s.api.request('GET', `/v1/collections/${child}`, { as: s.adminId })).body.parent).toBe(a);
    expect((await s.api.request('GET', `/v1/collections/${grandchild}`, { as: s.adminId })).body.parent).toBe(child);
    // Moving a descendant up is fine.
    expectOk(await s.api.request('POST', `/v1/collections/${grandchild}/move`, { as: s.adminId, body: { parent: a } }), 'moveCollection');
  });

  it('refuses an unknown parent or one of another organization', async () => {
    const s = await setup();
    const a = await s.createCollection('A');
    const other = await otherOrganization(s.engine);
    const theirs = await s.engine.collections.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    expectError(await s.api.request('POST', `/v1/collections/${a}/move`, { as: s.adminId, body: { parent: 'nope' } }), 400, /^parent: no collection nope/);
    expectError(await s.api.request('POST', `/v1/collections/${a}/move`, { as: s.adminId, body: { parent: theirs.id } }), 400, /^parent: /);
    expect((await s.api.request('GET', `/v1/collections/${a}`, { as: s.adminId })).body.parent).toBeUndefined();
  });

  it('places collections and spaces exactly before or after a sibling of either kind', async () => {
    const s = await setup();
    const p = await s.createCollection('P');
    const x = await s.createCollection('X', p);
    const a = await s.createSpace('A', p);
    const y = await s.createCollection('Y', p);
    const b = await s.createSpace('B', p);
    const c = await s.createSpace('C', p);
    expect(await s.order(p)).toEqual([`collection:${x}`, `space:${a}`, `collection:${y}`, `space:${b}`, `space:${c}`]);

    // A collection before a space.
    const moved = await s.api.request('POST', `/v1/collections/${y}/move`, { as: s.adminId, body: { position: { before: { type: 'space', space: a } } } });
    expectOk(moved, 'moveCollection');
    expect(moved.body.parent).toBe(p);
    expect(await s.order(p)).toEqual([`collection:${x}`, `collection:${y}`, `space:${a}`, `space:${b}`, `space:${c}`]);

    // A collection after a space.
    expectOk(await s.api.request('POST', `/v1/collections/${x}/move`, { as: s.adminId, body: { position: { after: { type: 'space', space: c } } } }), 'moveCollection');
    expect(await s.order(p)).toEqual([`collection:${y}`, `space:${a}`, `space:${b}`, `space:${c}`, `collection:${x}`]);

    // A space before a collection, and after a collection.
    expectOk(await s.api.request('POST', `/v1/spaces/${c}/move`, { as: s.adminId, body: { position: { before: { type: 'collection', collection: y } } } }), 'moveSpace');
    expect(await s.order(p)).toEqual([`space:${c}`, `collection:${y}`, `space:${a}`, `space:${b}`, `collection:${x}`]);
    expectOk(await s.api.request('POST', `/v1/spaces/${a}/move`, { as: s.adminId, body: { position: { after: { type: 'collection', collection: x } } } }), 'moveSpace');
    expect(await s.order(p)).toEqual([`space:${c}`, `collection:${y}`, `space:${b}`, `collection:${x}`, `space:${a}`]);

    // A collection after a collection.
    expectOk(await s.api.request('POST', `/v1/collections/${y}/move`, { as: s.adminId, body: { position: { after: { type: 'collection', collection: x } } } }), 'moveCollection');
    expect(await s.order(p)).toEqual([`space:${c}`, `space:${b}`, `collection:${x}`, `collection:${y}`, `space:${a}`]);

    // The lists come back in that order.
    const spaces = await s.api.request('GET', `/v1/collections/${p}/spaces`, { as: s.adminId });
    expectOk(spaces, 'listSpacesInCollectionById');
    expect(ids(spaces)).toEqual([c, b, a]);
    const nested = await s.api.request('GET', s.collections, { as: s.adminId });
    expectOk(nested, 'listCollections');
    expect(nested.body.items.filter((col: { parent?: string }) => col.parent === p).map((col: { id: string }) => col.id)).toEqual([x, y]);
  });

  it('orders the top level as moved, which nested=false lists in that order', async () => {
    const s = await setup();
    const c1 = await s.createCollection('C1');
    const s1 = await s.createSpace('S1');
    const c2 = await s.createCollection('C2');
    const c3 = await s.createCollection('C3');
    expectOk(await s.api.request('POST', `/v1/collections/${c3}/move`, { as: s.adminId, body: { position: { before: { type: 'collection', collection: c1 } } } }), 'moveCollection');
    expectOk(await s.api.request('POST', `/v1/collections/${c1}/move`, { as: s.adminId, body: { position: { after: { type: 'space', space: s1 } } } }), 'moveCollection');
    expect(await s.order(null)).toEqual([`collection:${c3}`, `space:${s1}`, `collection:${c1}`, `collection:${c2}`]);
    const top = await s.api.request('GET', `${s.collections}?nested=false`, { as: s.adminId });
    expectOk(top, 'listCollections');
    expect(ids(top)).toEqual([c3, c1, c2]);
  });

  it('moves into another parent at an exact place', async () => {
    const s = await setup();
    const p = await s.createCollection('P');
    const a = await s.createSpace('A', p);
    const b = await s.createSpace('B', p);
    const loose = await s.createCollection('Loose');
    const res = await s.api.request('POST', `/v1/collections/${loose}/move`, { as: s.adminId, body: { parent: p, position: { after: { type: 'space', space: a } } } });
    expectOk(res, 'moveCollection');
    expect(res.body.parent).toBe(p);
    expect(await s.order(p)).toEqual([`space:${a}`, `collection:${loose}`, `space:${b}`]);
    expect(await s.order(null)).toEqual([`collection:${p}`]);
  });

  it('refuses a ref to an item of another parent, to itself or without its id (400), and changes nothing', async () => {
    const s = await setup();
    const p = await s.createCollection('P');
    const q = await s.createCollection('Q');
    const inP = await s.createSpace('In P', p);
    const inQ = await s.createSpace('In Q', q);
    const qChild = await s.createCollection('Q child', q);
    const mover = await s.createCollection('Mover', p);
    const before = await s.order(p);
    const url = `/v1/collections/${mover}/move`;
    expectError(await s.api.request('POST', url, { as: s.adminId, body: { position: { before: { type: 'space', space: inQ } } } }), 400,
      /^position\.before: space .* is not an item of the same parent/);
    expectError(await s.api.request('POST', url, { as: s.adminId, body: { position: { after: { type: 'collection', collection: qChild } } } }), 400,
      /^position\.after: collection .* is not an item of the same parent/);
    // With a new parent, a ref to an item of the old parent is refused too, and the parent does not change.
    expectError(await s.api.request('POST', url, { as: s.adminId, body: { parent: q, position: { before: { type: 'space', space: inP } } } }), 400, /not an item of the same parent/);
    expectError(await s.api.request('POST', url, { as: s.adminId, body: { position: { before: { type: 'collection', collection: mover } } } }), 400, /^position\.before: cannot place an item relative to itself/);
    expectError(await s.api.request('POST', url, { as: s.adminId, body: { position: { before: { type: 'space' } } } }), 400, /^position\.before\.space: is required/);
    expectError(await s.api.request('POST', url, { as: s.adminId, body: { position: { before: { type: 'page', page: 'x' } } } }), 400, /^position\.before\./);
    expectError(await s.api.request('POST', url, { as: s.adminId, body: { place: 'first' } }), 400, /^place: is not a known field$/);
    expect((await s.api.request('GET', `/v1/collections/${mover}`, { as: s.adminId })).body.parent).toBe(p);
    expect(await s.order(p)).toEqual(before);
  });

  it('forbids members without the admin role and hides other organizations', async () => {
    const s = await setup();
    const a = await s.createCollection('A');
    const b = await s.createCollection('B');
    const other = await otherOrganization(s.engine);
    const theirs = await s.engine.collections.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    expectError(await s.api.request('POST', `/v1/collections/${b}/move`, { as: s.creator, body: { parent: a } }), 403, /admin role required/);
    expectError(await s.api.request('POST', `/v1/collections/${theirs.id}/move`, { as: s.adminId, body: { parent: null } }), 404);
    expectError(await s.api.request('POST', '/v1/collections/nope/move', { as: s.adminId, body: { parent: null } }), 404);
    expect((await s.api.request('GET', `/v1/collections/${b}`, { as: s.adminId })).body.parent).toBeUndefined();
  });
});

describe('POST /v1/collections/{collectionId}/transfer', () => {
  /** Our admin is an admin of the other organization too. */
  async function twoOrgs() {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    await addMember(s.engine, other.orgId, 'admin@acme.test', 'admin');
    return { ...s, other };
  }

  it('moves the collection with its sub-collections and their spaces, keeping ids', async () => {
    const s = await twoOrgs();
    const parent = await s.createCollection('Parent');
    const c = await s.createCollection('Moving', parent);
    const d = await s.createCollection('Sub', c);
    const s1 = await s.createSpace('S1', c);
    const s2 = await s.createSpace('S2', d);
    const stays = await s.createSpace('Stays', parent);
    await s.createCollection('Theirs first', undefined, s.other.orgId);

    const res = await s.api.request('POST', `/v1/collections/${c}/transfer`, { as: s.adminId, body: { organization: s.other.orgId } });
    expectOk(res, 'transferCollection');
    expect(res.body).toMatchObject({ id: c, organization: s.other.orgId, title: 'Moving' });
    expect(res.body.parent).toBeUndefined();

    const sub = await s.api.request('GET', `/v1/collections/${d}`, { as: s.adminId });
    expect(sub.body).toMatchObject({ id: d, organization: s.other.orgId, parent: c });
    for (const [space, parentId] of [[s1, c], [s2, d]]) {
      const got = await s.api.request('GET', `/v1/spaces/${space}`, { as: s.adminId });
      expectOk(got, 'getSpaceById');
      expect(got.body).toMatchObject({ id: space, organization: s.other.orgId, parent: parentId });
    }
    expect(ids(await s.api.request('GET', `/v1/collections/${c}/spaces`, { as: s.adminId }))).toEqual([s1]);
    // Gone from the source, at the end of the target's top level.
    expect(ids(await s.api.request('GET', s.collections, { as: s.adminId }))).toEqual([parent]);
    expect(ids(await s.api.request('GET', `/v1/orgs/${s.orgId}/spaces`, { as: s.adminId }))).toEqual([stays]);
    const target = await s.api.request('GET', `/v1/orgs/${s.other.orgId}/collections?nested=false`, { as: s.adminId });
    expect(target.body.items.map((col: { title: string }) => col.title)).toEqual(['Theirs first', 'Moving']);
    expect(ids(await s.api.request('GET', `/v1/orgs/${s.other.orgId}/collections`, { as: s.adminId })).sort()).toEqual(
      [c, d, target.body.items[0].id].sort(),
    );
    // The original owner of the target sees them as its admin.
    expect((await s.engine.spaces.get({ userId: s.other.adminId }, s2)).organization).toBe(s.other.orgId);
  });

  it('keeps user permissions of members of the target and drops the others and team permissions', async () => {
    const s = await twoOrgs();
    const c = await s.createCollection('Moving');
    const space = await s.createSpace('S', c);
    const both = await addMember(s.engine, s.orgId, 'both@acme.test', 'read');
    await addMember(s.engine, s.other.orgId, 'both@acme.test', null);
    const team = await s.engine.teams.create({ userId: s.adminId }, s.orgId, { title: 'Team', members: [s.creator] });
    await s.engine.spacePermissions.grant({ userId: s.adminId }, space, { role: 'edit', users: [both, s.reader] });
    await s.engine.spacePermissions.grant({ userId: s.adminId }, space, { role: 'comment', teams: [team.id] });

    expectOk(await s.api.request('POST', `/v1/collections/${c}/transfer`, { as: s.adminId, body: { organization: s.other.orgId } }), 'transferCollection');
    const users = await s.api.request('GET', `/v1/spaces/${space}/permissions/users`, { as: s.adminId });
    expectOk(users, 'listSpaceUserPermissions');
    expect(users.body.items.map((p: { user: { id: string }; role: string }) => [p.user.id, p.role])).toEqual([[both, 'edit']]);
    const teams = await s.api.request('GET', `/v1/spaces/${space}/permissions/teams`, { as: s.adminId });
    expectOk(teams, 'listSpaceTeamPermissions');
    expect(teams.body.count).toBe(0);
    // The kept permission still works: a guest of the target reads the space through it.
    const got = await s.api.request('GET', `/v1/spaces/${space}`, { as: both });
    expectOk(got, 'getSpaceById');
    expect(got.body.permissions.edit).toBe(true);
  });

  it('requires the admin role in both organizations', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const c = await s.createCollection('Moving');
    const url = `/v1/collections/${c}/transfer`;
    // Not a member of the target.
    expectError(await s.api.request('POST', url, { as: s.adminId, body: { organization: other.orgId } }), 404);
    // A member of the target without admin.
    await addMember(s.engine, other.orgId, 'admin@acme.test', 'create');
    expectError(await s.api.request('POST', url, { as: s.adminId, body: { organization: other.orgId } }), 403, /admin role required/);
    // Admin of the target but not of the source.
    await addMember(s.engine, other.orgId, 'creator@acme.test', 'admin');
    expectError(await s.api.request('POST', url, { as: s.creator, body: { organization: other.orgId } }), 403, /admin role required/);
    expectError(await s.api.request('POST', url, { as: s.adminId, body: { organization: 'nope' } }), 404);
    expect((await s.api.request('GET', `/v1/collections/${c}`, { as: s.adminId })).body.organization).toBe(s.orgId);
  });

  it('is a no-op to the same organization and validates its body', async () => {
    const s = await setup();
    const p = await s.createCollection('P');
    const c = await s.createCollection('C', p);
    const url = `/v1/collections/${c}/transfer`;
    const same = await s.api.request('POST', url, { as: s.adminId, body: { organization: s.orgId } });
    expectOk(same, 'transferCollection');
    expect(same.body).toMatchObject({ id: c, organization: s.orgId, parent: p });
    expectError(await s.api.request('POST', url, { as: s.adminId, body: {} }), 400, /^organization: is required$/);
    expectError(await s.api.request('POST', url, { as: s.adminId, body: { organization: s.orgId, keep: true } }), 400, /^keep: is not a known field$/);
  });

  it('answers 404 for collections of another organization', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const theirs = await s.engine.collections.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    expectError(await s.api.request('POST', `/v1/collections/${theirs.id}/transfer`, { as: s.adminId, body: { organization: s.orgId } }), 404);
    expect((await s.engine.collections.get({ userId: other.adminId }, theirs.id)).organization).toBe(other.orgId);
  });
});

describe('authentication on collection routes', () => {
  it('answers 401 without a token or with an unknown one, and changes nothing', async () => {
    const s = await setup();
    const id = await s.createCollection('Docs');
    const routes: [string, string, unknown?][] = [
      ['GET', s.collections],
      ['POST', s.collections, { title: 'X' }],
      ['GET', `/v1/collections/${id}`],
      ['PATCH', `/v1/collections/${id}`, { title: 'X' }],
      ['DELETE', `/v1/collections/${id}`],
      ['GET', `/v1/collections/${id}/spaces`],
      ['POST', `/v1/collections/${id}/move`, { parent: null }],
      ['POST', `/v1/collections/${id}/transfer`, { organization: s.orgId }],
    ];
    for (const [method, url, body] of routes) {
      expectError(await s.api.request(method, url, { as: null, body }), 401, /authentication required/);
      expectError(await s.api.request(method, url, { token: 'dct_unknown', body }), 401, /unknown or revoked/);
    }
    expect(await s.collectionCount()).toBe(1);
    expect((await s.api.request('GET', `/v1/collections/${id}`, { as: s.adminId })).body.title).toBe('Docs');
  });
});

describe('nested collection listing order', () => {
  it('lists top-level collections first, then each collection\'s children in their order', async () => {
    const t = await testEngine();
    const api = testApp(t.engine);
    const as = { userId: t.adminId };
    const one = await t.engine.collections.create(as, t.orgId, { title: 'One' });
    const two = await t.engine.collections.create(as, t.orgId, { title: 'Two' });
    await t.engine.collections.create(as, t.orgId, { title: 'One A', parent: one.id });
    await t.engine.collections.create(as, t.orgId, { title: 'Two A', parent: two.id });
    await t.engine.collections.create(as, t.orgId, { title: 'One B', parent: one.id });
    const list = await api.request('GET', `/v1/orgs/${t.orgId}/collections`, { as: t.adminId });
    const titles = list.body.items.map((c: { title: string }) => c.title);
    expect(titles.slice(0, 2)).toEqual(['One', 'Two']);
    expect(titles.indexOf('One A')).toBeLessThan(titles.indexOf('One B'));
    expect(new Set(titles)).toEqual(new Set(['One', 'Two', 'One A', 'One B', 'Two A']));
  });
});

describe('deleting a collection that held deleted spaces', () => {
  it('sends them to the end of the root, private, so a restore puts them there', async () => {
    const t = await testEngine();
    const api = testApp(t.engine);
    const as = { userId: t.adminId };
    const rootSpace = await t.engine.spaces.create(as, t.orgId, { title: 'Root' });
    const box = await t.engine.collections.create(as, t.orgId, { title: 'Box' });
    const inside = await t.engine.spaces.create(as, t.orgId, { title: 'Inside', parent: box.id });
    await t.engine.spaces.remove(as, inside.id);
    expect((await api.request('DELETE', `/v1/collections/${box.id}`, { as: t.adminId })).status).toBe(205);
    const restored = await api.request('POST', `/v1/spaces/${inside.id}/restore`, { as: t.adminId });
    expect(restored.status).toBe(200);
    expect(restored.body.parent).toBeUndefined();
    expect(restored.body.visibility).toBe('private');
    const order = (await api.request('GET', `/v1/orgs/${t.orgId}/spaces`, { as: t.adminId })).body.items.map((s: { id: string }) => s.id);
    expect(order).toEqual([rootSpace.id, inside.id]);
  });
});
