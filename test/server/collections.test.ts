import { describe, expect, it } from 'vitest';
import { testEngine, addMember, otherOrganization, standardUsers } from '../helpers/engine';
import { testApp, expectOk, expectError, type CallResult } from '../helpers/app';
import { siblingsOf } from '../../src/engine/positions';

/** An organization with an admin, a `read` member, a `create` member and a guest, plus the app. */
function setup() {
  const t = testEngine();
  const api = testApp(t.engine);
  const { reader, creator, guest } = standardUsers(t);
  const collections = `/v1/orgs/${t.orgId}/collections`;
  const createCollection = (title: string, parent?: string, orgId = t.orgId, as = t.adminId): string => {
    const res = api.request('POST', `/v1/orgs/${orgId}/collections`, { as, body: parent ? { title, parent } : { title } });
    expectOk(res, 'createCollection');
    return res.body.id as string;
  };
  const createSpace = (title: string, parent?: string, orgId = t.orgId, as = t.adminId): string => {
    const res = api.request('POST', `/v1/orgs/${orgId}/spaces`, { as, body: parent ? { title, parent } : { title } });
    expectOk(res, 'createSpace');
    return res.body.id as string;
  };
  /** Mixed order of the items under `parent` (null: the root), as `type:id`. */
  const order = (parent: string | null, orgId = t.orgId) =>
    siblingsOf(t.engine.core, orgId, parent).map((s) => `${s.type}:${s.id}`);
  const collectionCount = () => t.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM collections WHERE organization_id = ?', [t.orgId])!.n;
  return { ...t, api, reader, creator, guest, collections, createCollection, createSpace, order, collectionCount };
}

const ids = (res: CallResult) => res.body.items.map((item: { id: string }) => item.id);

describe('POST /v1/orgs/{organizationId}/collections (create)', () => {
  it('creates a collection that GET and the list then return', () => {
    const s = setup();
    const res = s.api.request('POST', s.collections, { as: s.adminId, body: { title: 'Guides' } });
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
    const got = s.api.request('GET', `/v1/collections/${id}`, { as: s.adminId });
    expectOk(got, 'getCollectionById');
    expect(got.body).toEqual(res.body);
    const list = s.api.request('GET', s.collections, { as: s.adminId });
    expectOk(list, 'listCollections');
    expect(list.body).toEqual({ count: 1, items: [res.body] });
  });

  it('nests a collection under a parent of the same organization', () => {
    const s = setup();
    const parent = s.createCollection('Parent');
    const res = s.api.request('POST', s.collections, { as: s.adminId, body: { title: 'Child', parent } });
    expectOk(res, 'createCollection');
    expect(res.body.parent).toBe(parent);
    const got = s.api.request('GET', `/v1/collections/${res.body.id}`, { as: s.adminId });
    expect(got.body.parent).toBe(parent);
  });

  it('defaults the title to Untitled and lets create members create', () => {
    const s = setup();
    const res = s.api.request('POST', s.collections, { as: s.creator, body: {} });
    expectOk(res, 'createCollection');
    expect(res.body.title).toBe('Untitled');
    expect(res.body.permissions).toEqual({ view: true, admin: false, viewInviteLinks: false, create: true });
  });

  it('accepts a title of 50 characters and rejects 51, naming title', () => {
    const s = setup();
    const ok = s.api.request('POST', s.collections, { as: s.adminId, body: { title: 'x'.repeat(50) } });
    expectOk(ok, 'createCollection');
    expect(ok.body.title).toBe('x'.repeat(50));
    expectError(s.api.request('POST', s.collections, { as: s.adminId, body: { title: 'y'.repeat(51) } }), 400, /^title: must be at most 50 characters$/);
    expect(s.collectionCount()).toBe(1);
  });

  it.each([
    ['an empty title', { title: '' }, /^title: must not be empty$/],
    ['a title of the wrong type', { title: 5 }, /^title: must be of type string$/],
    ['an empty parent', { title: 'T', parent: '' }, /^parent: must not be empty$/],
    ['an unknown field', { title: 'T', description: 'd' }, /^description: is not a known field$/],
  ])('rejects %s with 400', (_, body, message) => {
    const s = setup();
    expectError(s.api.request('POST', s.collections, { as: s.adminId, body }), 400, message);
    expect(s.collectionCount()).toBe(0);
  });

  it('rejects a parent that is unknown or belongs to another organization', () => {
    const s = setup();
    const other = otherOrganization(s.engine);
    const theirs = s.engine.collections.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    expectError(s.api.request('POST', s.collections, { as: s.adminId, body: { title: 'T', parent: 'nope' } }), 400, /^parent: no collection nope/);
    expectError(s.api.request('POST', s.collections, { as: s.adminId, body: { title: 'T', parent: theirs.id } }), 400, /^parent: /);
    expect(s.collectionCount()).toBe(0);
  });

  it('forbids read members and guests', () => {
    const s = setup();
    expectError(s.api.request('POST', s.collections, { as: s.reader, body: { title: 'T' } }), 403, /create role or higher/);
    expectError(s.api.request('POST', s.collections, { as: s.guest, body: { title: 'T' } }), 403);
    expect(s.collectionCount()).toBe(0);
  });

  it('answers 404 for an organization the caller is not in', () => {
    const s = setup();
    const other = otherOrganization(s.engine);
    expectError(s.api.request('POST', `/v1/orgs/${other.orgId}/collections`, { as: s.adminId, body: { title: 'T' } }), 404);
    expectError(s.api.request('POST', '/v1/orgs/nope/collections', { as: s.adminId, body: { title: 'T' } }), 404);
    expect(s.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM collections')!.n).toBe(0);
  });
});

describe('GET /v1/orgs/{organizationId}/collections (list)', () => {
  it('lists nested collections by default and only the top level with nested=false', () => {
    const s = setup();
    const a = s.createCollection('A');
    const b = s.createCollection('B');
    const a1 = s.createCollection('A1', a);
    const a1x = s.createCollection('A1x', a1);
    const all = s.api.request('GET', s.collections, { as: s.reader });
    expectOk(all, 'listCollections');
    expect(all.body.count).toBe(4);
    expect(ids(all).sort()).toEqual([a, b, a1, a1x].sort());
    const explicit = s.api.request('GET', `${s.collections}?nested=true`, { as: s.reader });
    expectOk(explicit, 'listCollections');
    expect(explicit.body.count).toBe(4);
    const top = s.api.request('GET', `${s.collections}?nested=false`, { as: s.reader });
    expectOk(top, 'listCollections');
    expect(top.body.count).toBe(2);
    expect(ids(top)).toEqual([a, b]);
  });

  it('pages with limit and cursor, in order', () => {
    const s = setup();
    const made = ['C1', 'C2', 'C3', 'C4', 'C5'].map((title) => s.createCollection(title));
    const seen: string[] = [];
    let url = `${s.collections}?limit=2`;
    for (let i = 0; i < 3; i++) {
      const res = s.api.request('GET', url, { as: s.adminId });
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
  ])('rejects %s with 400', (_, query, message) => {
    const s = setup();
    expectError(s.api.request('GET', `${s.collections}${query}`, { as: s.adminId }), 400, message);
  });

  it('hides other organizations and their collections', () => {
    const s = setup();
    const other = otherOrganization(s.engine);
    s.engine.collections.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    expectError(s.api.request('GET', `/v1/orgs/${other.orgId}/collections`, { as: s.adminId }), 404);
    const ours = s.api.request('GET', s.collections, { as: s.adminId });
    expectOk(ours, 'listCollections');
    expect(ours.body).toEqual({ count: 0, items: [] });
  });
});

describe('GET /v1/collections/{collectionId}', () => {
  it('computes the permissions for the caller', () => {
    const s = setup();
    const id = s.createCollection('Docs');
    const asReader = s.api.request('GET', `/v1/collections/${id}`, { as: s.reader });
    expectOk(asReader, 'getCollectionById');
    expect(asReader.body.permissions).toEqual({ view: true, admin: false, viewInviteLinks: false, create: false });
  });

  it('answers 404 for unknown collections and collections of another organization', () => {
    const s = setup();
    const other = otherOrganization(s.engine);
    const theirs = s.engine.collections.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    expectError(s.api.request('GET', '/v1/collections/nope', { as: s.adminId }), 404, /collection nope not found/);
    expectError(s.api.request('GET', `/v1/collections/${theirs.id}`, { as: s.adminId }), 404);
  });
});

describe('PATCH /v1/collections/{collectionId}', () => {
  it('updates title, description and defaultLevel, and clears defaultLevel with null', () => {
    const s = setup();
    const id = s.createCollection('Old');
    s.clock.advance(60_000);
    const res = s.api.request('PATCH', `/v1/collections/${id}`, { as: s.adminId, body: { title: 'New', description: 'About it', defaultLevel: 'comment' } });
    expectOk(res, 'updateCollectionById');
    expect(res.body).toMatchObject({ id, title: 'New', description: 'About it', defaultLevel: 'comment', updatedAt: '2026-03-01T10:01:00.000Z' });
    const got = s.api.request('GET', `/v1/collections/${id}`, { as: s.adminId });
    expect(got.body).toMatchObject({ title: 'New', description: 'About it', defaultLevel: 'comment' });
    const cleared = s.api.request('PATCH', `/v1/collections/${id}`, { as: s.adminId, body: { defaultLevel: null } });
    expectOk(cleared, 'updateCollectionById');
    expect(cleared.body).toMatchObject({ title: 'New', description: 'About it', defaultLevel: null });
  });

  it('gives members the collection defaultLevel on its spaces', () => {
    const s = setup();
    const id = s.createCollection('Docs');
    const space = s.createSpace('Inside', id);
    expectError(s.api.request('GET', `/v1/spaces/${space}`, { as: s.reader }), 404);
    expectOk(s.api.request('PATCH', `/v1/collections/${id}`, { as: s.adminId, body: { defaultLevel: 'read' } }), 'updateCollectionById');
    const got = s.api.request('GET', `/v1/spaces/${space}`, { as: s.reader });
    expectOk(got, 'getSpaceById');
    expect(got.body.permissions).toMatchObject({ view: true, edit: false });
  });

  it('enforces the limits of title and description, the role enum and known fields', () => {
    const s = setup();
    const id = s.createCollection('Docs');
    const url = `/v1/collections/${id}`;
    expectOk(s.api.request('PATCH', url, { as: s.adminId, body: { title: 't'.repeat(50), description: 'd'.repeat(100) } }), 'updateCollectionById');
    expectError(s.api.request('PATCH', url, { as: s.adminId, body: { title: 't'.repeat(51) } }), 400, /^title: must be at most 50 characters$/);
    expectError(s.api.request('PATCH', url, { as: s.adminId, body: { description: 'd'.repeat(101) } }), 400, /^description: must be at most 100 characters$/);
    expectError(s.api.request('PATCH', url, { as: s.adminId, body: { defaultLevel: 'owner' } }), 400, /^defaultLevel: must be one of: "admin"/);
    expectError(s.api.request('PATCH', url, { as: s.adminId, body: { title: '' } }), 400, /^title: must not be empty$/);
    expectError(s.api.request('PATCH', url, { as: s.adminId, body: { title: 'X', parent: null } }), 400, /^parent: is not a known field$/);
    const got = s.api.request('GET', url, { as: s.adminId });
    expect(got.body).toMatchObject({ title: 't'.repeat(50), description: 'd'.repeat(100), defaultLevel: null });
  });

  it('forbids members without the admin role', () => {
    const s = setup();
    const id = s.createCollection('Docs');
    expectError(s.api.request('PATCH', `/v1/collections/${id}`, { as: s.creator, body: { title: 'X' } }), 403, /admin role required/);
    expectError(s.api.request('PATCH', `/v1/collections/${id}`, { as: s.reader, body: { title: 'X' } }), 403);
    expect(s.api.request('GET', `/v1/collections/${id}`, { as: s.adminId }).body.title).toBe('Docs');
  });

  it('answers 404 for unknown collections and other organizations', () => {
    const s = setup();
    const other = otherOrganization(s.engine);
    const theirs = s.engine.collections.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    expectError(s.api.request('PATCH', '/v1/collections/nope', { as: s.adminId, body: { title: 'X' } }), 404);
    expectError(s.api.request('PATCH', `/v1/collections/${theirs.id}`, { as: s.adminId, body: { title: 'X' } }), 404);
    expect(s.engine.collections.get({ userId: other.adminId }, theirs.id).title).toBe('Theirs');
  });
});

describe('DELETE /v1/collections/{collectionId}', () => {
  it('deletes an empty collection (205)', () => {
    const s = setup();
    const id = s.createCollection('Empty');
    const kept = s.createCollection('Kept');
    const res = s.api.request('DELETE', `/v1/collections/${id}`, { as: s.adminId });
    expectOk(res, 'deleteCollectionById');
    expect(res.body).toBeUndefined();
    expectError(s.api.request('GET', `/v1/collections/${id}`, { as: s.adminId }), 404);
    expect(ids(s.api.request('GET', s.collections, { as: s.adminId }))).toEqual([kept]);
    expectError(s.api.request('DELETE', `/v1/collections/${id}`, { as: s.adminId }), 404);
  });

  it('refuses a collection that holds spaces or collections (409), saying how many', () => {
    const s = setup();
    const withSpaces = s.createCollection('Spaces');
    s.createSpace('S1', withSpaces);
    s.createSpace('S2', withSpaces);
    expectError(s.api.request('DELETE', `/v1/collections/${withSpaces}`, { as: s.adminId }), 409, /still holds 2 spaces(?! and)/);

    const withChild = s.createCollection('Child holder');
    s.createCollection('Child', withChild);
    expectError(s.api.request('DELETE', `/v1/collections/${withChild}`, { as: s.adminId }), 409, /still holds 1 collection(?!s)/);

    const both = s.createCollection('Both');
    s.createSpace('S', both);
    s.createCollection('C1', both);
    s.createCollection('C2', both);
    expectError(s.api.request('DELETE', `/v1/collections/${both}`, { as: s.adminId }), 409, /still holds 1 space and 2 collections/);

    for (const id of [withSpaces, withChild, both]) expectOk(s.api.request('GET', `/v1/collections/${id}`, { as: s.adminId }), 'getCollectionById');
  });

  it('does not count deleted spaces; they come back at the root when restored', () => {
    const s = setup();
    const id = s.createCollection('Docs');
    const space = s.createSpace('Gone', id);
    expectOk(s.api.request('DELETE', `/v1/spaces/${space}`, { as: s.adminId }), 'deleteSpaceById');
    expectOk(s.api.request('DELETE', `/v1/collections/${id}`, { as: s.adminId }), 'deleteCollectionById');
    const restored = s.api.request('POST', `/v1/spaces/${space}/restore`, { as: s.adminId });
    expectOk(restored, 'restoreSpace');
    expect(restored.body.parent).toBeUndefined();
  });

  it('forbids members without the admin role and hides other organizations', () => {
    const s = setup();
    const id = s.createCollection('Docs');
    const other = otherOrganization(s.engine);
    const theirs = s.engine.collections.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    expectError(s.api.request('DELETE', `/v1/collections/${id}`, { as: s.creator }), 403, /admin role required/);
    expectError(s.api.request('DELETE', `/v1/collections/${id}`, { as: s.guest }), 403);
    expectError(s.api.request('DELETE', `/v1/collections/${theirs.id}`, { as: s.adminId }), 404);
    expectError(s.api.request('DELETE', '/v1/collections/nope', { as: s.adminId }), 404);
    expect(s.collectionCount()).toBe(1);
    expect(s.engine.collections.get({ userId: other.adminId }, theirs.id).id).toBe(theirs.id);
  });
});

describe('GET /v1/collections/{collectionId}/spaces', () => {
  it('lists the live spaces directly in the collection, in order, with paging', () => {
    const s = setup();
    const id = s.createCollection('Docs');
    const sub = s.createCollection('Sub', id);
    const a = s.createSpace('A', id);
    const b = s.createSpace('B', id);
    const c = s.createSpace('C', id);
    const gone = s.createSpace('Gone', id);
    s.createSpace('Deeper', sub);
    s.createSpace('Root');
    expectOk(s.api.request('DELETE', `/v1/spaces/${gone}`, { as: s.adminId }), 'deleteSpaceById');

    const all = s.api.request('GET', `/v1/collections/${id}/spaces`, { as: s.adminId });
    expectOk(all, 'listSpacesInCollectionById');
    expect(all.body.count).toBe(3);
    expect(ids(all)).toEqual([a, b, c]);

    const first = s.api.request('GET', `/v1/collections/${id}/spaces?limit=2`, { as: s.adminId });
    expectOk(first, 'listSpacesInCollectionById');
    expect(ids(first)).toEqual([a, b]);
    const second = s.api.request('GET', `/v1/collections/${id}/spaces?limit=2&page=${encodeURIComponent(first.body.next.page)}`, { as: s.adminId });
    expectOk(second, 'listSpacesInCollectionById');
    expect(ids(second)).toEqual([c]);
    expect(second.body.next).toBeUndefined();
  });

  it('shows a member only the spaces they can access', () => {
    const s = setup();
    const id = s.createCollection('Docs');
    const open = s.createSpace('Open', id);
    s.createSpace('Closed', id);
    expectOk(s.api.request('PATCH', `/v1/spaces/${open}`, { as: s.adminId, body: { defaultLevel: 'read' } }), 'updateSpaceById');
    const res = s.api.request('GET', `/v1/collections/${id}/spaces`, { as: s.reader });
    expectOk(res, 'listSpacesInCollectionById');
    expect(res.body.count).toBe(1);
    expect(ids(res)).toEqual([open]);
  });

  it('answers 404 for unknown collections and other organizations, 400 for bad paging', () => {
    const s = setup();
    const other = otherOrganization(s.engine);
    const theirs = s.engine.collections.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    s.engine.spaces.create({ userId: other.adminId }, other.orgId, { title: 'Secret', parent: theirs.id });
    expectError(s.api.request('GET', `/v1/collections/${theirs.id}/spaces`, { as: s.adminId }), 404);
    expectError(s.api.request('GET', '/v1/collections/nope/spaces', { as: s.adminId }), 404);
    const id = s.createCollection('Docs');
    expectError(s.api.request('GET', `/v1/collections/${id}/spaces?limit=0`, { as: s.adminId }), 400, /^limit: /);
  });
});

describe('POST /v1/collections/{collectionId}/move', () => {
  it('moves a collection into another one and back to the top level', () => {
    const s = setup();
    const a = s.createCollection('A');
    const b = s.createCollection('B');
    const res = s.api.request('POST', `/v1/collections/${b}/move`, { as: s.adminId, body: { parent: a } });
    expectOk(res, 'moveCollection');
    expect(res.body).toMatchObject({ id: b, parent: a });
    expect(s.api.request('GET', `/v1/collections/${b}`, { as: s.adminId }).body.parent).toBe(a);
    expect(ids(s.api.request('GET', `${s.collections}?nested=false`, { as: s.adminId }))).toEqual([a]);
    expect(s.order(a)).toEqual([`collection:${b}`]);

    const back = s.api.request('POST', `/v1/collections/${b}/move`, { as: s.adminId, body: { parent: null } });
    expectOk(back, 'moveCollection');
    expect(back.body.parent).toBeUndefined();
    expect(ids(s.api.request('GET', `${s.collections}?nested=false`, { as: s.adminId }))).toEqual([a, b]);
  });

  it('refuses to move a collection into itself or one of its descendants (400)', () => {
    const s = setup();
    const a = s.createCollection('A');
    const child = s.createCollection('Child', a);
    const grandchild = s.createCollection('Grandchild', child);
    expectError(s.api.request('POST', `/v1/collections/${a}/move`, { as: s.adminId, body: { parent: a } }), 400, /^parent: cannot move a collection into itself/);
    expectError(s.api.request('POST', `/v1/collections/${a}/move`, { as: s.adminId, body: { parent: child } }), 400, /^parent: .*sub-collections/);
    expectError(s.api.request('POST', `/v1/collections/${a}/move`, { as: s.adminId, body: { parent: grandchild } }), 400, /^parent: .*sub-collections/);
    expectError(s.api.request('POST', `/v1/collections/${child}/move`, { as: s.adminId, body: { parent: grandchild } }), 400, /^parent: /);
    // Nothing moved.
    expect(s.api.request('GET', `/v1/collections/${a}`, { as: s.adminId }).body.parent).toBeUndefined();
    expect(s.api.request('GET', `/v1/collections/${child}`, { as: s.adminId }).body.parent).toBe(a);
    expect(s.api.request('GET', `/v1/collections/${grandchild}`, { as: s.adminId }).body.parent).toBe(child);
    // Moving a descendant up is fine.
    expectOk(s.api.request('POST', `/v1/collections/${grandchild}/move`, { as: s.adminId, body: { parent: a } }), 'moveCollection');
  });

  it('refuses an unknown parent or one of another organization', () => {
    const s = setup();
    const a = s.createCollection('A');
    const other = otherOrganization(s.engine);
    const theirs = s.engine.collections.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    expectError(s.api.request('POST', `/v1/collections/${a}/move`, { as: s.adminId, body: { parent: 'nope' } }), 400, /^parent: no collection nope/);
    expectError(s.api.request('POST', `/v1/collections/${a}/move`, { as: s.adminId, body: { parent: theirs.id } }), 400, /^parent: /);
    expect(s.api.request('GET', `/v1/collections/${a}`, { as: s.adminId }).body.parent).toBeUndefined();
  });

  it('places collections and spaces exactly before or after a sibling of either kind', () => {
    const s = setup();
    const p = s.createCollection('P');
    const x = s.createCollection('X', p);
    const a = s.createSpace('A', p);
    const y = s.createCollection('Y', p);
    const b = s.createSpace('B', p);
    const c = s.createSpace('C', p);
    expect(s.order(p)).toEqual([`collection:${x}`, `space:${a}`, `collection:${y}`, `space:${b}`, `space:${c}`]);

    // A collection before a space.
    const moved = s.api.request('POST', `/v1/collections/${y}/move`, { as: s.adminId, body: { position: { before: { type: 'space', space: a } } } });
    expectOk(moved, 'moveCollection');
    expect(moved.body.parent).toBe(p);
    expect(s.order(p)).toEqual([`collection:${x}`, `collection:${y}`, `space:${a}`, `space:${b}`, `space:${c}`]);

    // A collection after a space.
    expectOk(s.api.request('POST', `/v1/collections/${x}/move`, { as: s.adminId, body: { position: { after: { type: 'space', space: c } } } }), 'moveCollection');
    expect(s.order(p)).toEqual([`collection:${y}`, `space:${a}`, `space:${b}`, `space:${c}`, `collection:${x}`]);

    // A space before a collection, and after a collection.
    expectOk(s.api.request('POST', `/v1/spaces/${c}/move`, { as: s.adminId, body: { position: { before: { type: 'collection', collection: y } } } }), 'moveSpace');
    expect(s.order(p)).toEqual([`space:${c}`, `collection:${y}`, `space:${a}`, `space:${b}`, `collection:${x}`]);
    expectOk(s.api.request('POST', `/v1/spaces/${a}/move`, { as: s.adminId, body: { position: { after: { type: 'collection', collection: x } } } }), 'moveSpace');
    expect(s.order(p)).toEqual([`space:${c}`, `collection:${y}`, `space:${b}`, `collection:${x}`, `space:${a}`]);

    // A collection after a collection.
    expectOk(s.api.request('POST', `/v1/collections/${y}/move`, { as: s.adminId, body: { position: { after: { type: 'collection', collection: x } } } }), 'moveCollection');
    expect(s.order(p)).toEqual([`space:${c}`, `space:${b}`, `collection:${x}`, `collection:${y}`, `space:${a}`]);

    // The lists come back in that order.
    const spaces = s.api.request('GET', `/v1/collections/${p}/spaces`, { as: s.adminId });
    expectOk(spaces, 'listSpacesInCollectionById');
    expect(ids(spaces)).toEqual([c, b, a]);
    const nested = s.api.request('GET', s.collections, { as: s.adminId });
    expectOk(nested, 'listCollections');
    expect(nested.body.items.filter((col: { parent?: string }) => col.parent === p).map((col: { id: string }) => col.id)).toEqual([x, y]);
  });

  it('orders the top level as moved, which nested=false lists in that order', () => {
    const s = setup();
    const c1 = s.createCollection('C1');
    const s1 = s.createSpace('S1');
    const c2 = s.createCollection('C2');
    const c3 = s.createCollection('C3');
    expectOk(s.api.request('POST', `/v1/collections/${c3}/move`, { as: s.adminId, body: { position: { before: { type: 'collection', collection: c1 } } } }), 'moveCollection');
    expectOk(s.api.request('POST', `/v1/collections/${c1}/move`, { as: s.adminId, body: { position: { after: { type: 'space', space: s1 } } } }), 'moveCollection');
    expect(s.order(null)).toEqual([`collection:${c3}`, `space:${s1}`, `collection:${c1}`, `collection:${c2}`]);
    const top = s.api.request('GET', `${s.collections}?nested=false`, { as: s.adminId });
    expectOk(top, 'listCollections');
    expect(ids(top)).toEqual([c3, c1, c2]);
  });

  it('moves into another parent at an exact place', () => {
    const s = setup();
    const p = s.createCollection('P');
    const a = s.createSpace('A', p);
    const b = s.createSpace('B', p);
    const loose = s.createCollection('Loose');
    const res = s.api.request('POST', `/v1/collections/${loose}/move`, { as: s.adminId, body: { parent: p, position: { after: { type: 'space', space: a } } } });
    expectOk(res, 'moveCollection');
    expect(res.body.parent).toBe(p);
    expect(s.order(p)).toEqual([`space:${a}`, `collection:${loose}`, `space:${b}`]);
    expect(s.order(null)).toEqual([`collection:${p}`]);
  });

  it('refuses a ref to an item of another parent, to itself or without its id (400), and changes nothing', () => {
    const s = setup();
    const p = s.createCollection('P');
    const q = s.createCollection('Q');
    const inP = s.createSpace('In P', p);
    const inQ = s.createSpace('In Q', q);
    const qChild = s.createCollection('Q child', q);
    const mover = s.createCollection('Mover', p);
    const before = s.order(p);
    const url = `/v1/collections/${mover}/move`;
    expectError(s.api.request('POST', url, { as: s.adminId, body: { position: { before: { type: 'space', space: inQ } } } }), 400,
      /^position\.before: space .* is not an item of the same parent/);
    expectError(s.api.request('POST', url, { as: s.adminId, body: { position: { after: { type: 'collection', collection: qChild } } } }), 400,
      /^position\.after: collection .* is not an item of the same parent/);
    // With a new parent, a ref to an item of the old parent is refused too, and the parent does not change.
    expectError(s.api.request('POST', url, { as: s.adminId, body: { parent: q, position: { before: { type: 'space', space: inP } } } }), 400, /not an item of the same parent/);
    expectError(s.api.request('POST', url, { as: s.adminId, body: { position: { before: { type: 'collection', collection: mover } } } }), 400, /^position\.before: cannot place an item relative to itself/);
    expectError(s.api.request('POST', url, { as: s.adminId, body: { position: { before: { type: 'space' } } } }), 400, /^position\.before\.space: is required/);
    expectError(s.api.request('POST', url, { as: s.adminId, body: { position: { before: { type: 'page', page: 'x' } } } }), 400, /^position\.before\./);
    expectError(s.api.request('POST', url, { as: s.adminId, body: { place: 'first' } }), 400, /^place: is not a known field$/);
    expect(s.api.request('GET', `/v1/collections/${mover}`, { as: s.adminId }).body.parent).toBe(p);
    expect(s.order(p)).toEqual(before);
  });

  it('forbids members without the admin role and hides other organizations', () => {
    const s = setup();
    const a = s.createCollection('A');
    const b = s.createCollection('B');
    const other = otherOrganization(s.engine);
    const theirs = s.engine.collections.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    expectError(s.api.request('POST', `/v1/collections/${b}/move`, { as: s.creator, body: { parent: a } }), 403, /admin role required/);
    expectError(s.api.request('POST', `/v1/collections/${theirs.id}/move`, { as: s.adminId, body: { parent: null } }), 404);
    expectError(s.api.request('POST', '/v1/collections/nope/move', { as: s.adminId, body: { parent: null } }), 404);
    expect(s.api.request('GET', `/v1/collections/${b}`, { as: s.adminId }).body.parent).toBeUndefined();
  });
});

describe('POST /v1/collections/{collectionId}/transfer', () => {
  /** Our admin is an admin of the other organization too. */
  function twoOrgs() {
    const s = setup();
    const other = otherOrganization(s.engine);
    addMember(s.engine, other.orgId, 'admin@acme.test', 'admin');
    return { ...s, other };
  }

  it('moves the collection with its sub-collections and their spaces, keeping ids', () => {
    const s = twoOrgs();
    const parent = s.createCollection('Parent');
    const c = s.createCollection('Moving', parent);
    const d = s.createCollection('Sub', c);
    const s1 = s.createSpace('S1', c);
    const s2 = s.createSpace('S2', d);
    const stays = s.createSpace('Stays', parent);
    s.createCollection('Theirs first', undefined, s.other.orgId);

    const res = s.api.request('POST', `/v1/collections/${c}/transfer`, { as: s.adminId, body: { organization: s.other.orgId } });
    expectOk(res, 'transferCollection');
    expect(res.body).toMatchObject({ id: c, organization: s.other.orgId, title: 'Moving' });
    expect(res.body.parent).toBeUndefined();

    const sub = s.api.request('GET', `/v1/collections/${d}`, { as: s.adminId });
    expect(sub.body).toMatchObject({ id: d, organization: s.other.orgId, parent: c });
    for (const [space, parentId] of [[s1, c], [s2, d]]) {
      const got = s.api.request('GET', `/v1/spaces/${space}`, { as: s.adminId });
      expectOk(got, 'getSpaceById');
      expect(got.body).toMatchObject({ id: space, organization: s.other.orgId, parent: parentId });
    }
    expect(ids(s.api.request('GET', `/v1/collections/${c}/spaces`, { as: s.adminId }))).toEqual([s1]);
    // Gone from the source, at the end of the target's top level.
    expect(ids(s.api.request('GET', s.collections, { as: s.adminId }))).toEqual([parent]);
    expect(ids(s.api.request('GET', `/v1/orgs/${s.orgId}/spaces`, { as: s.adminId }))).toEqual([stays]);
    const target = s.api.request('GET', `/v1/orgs/${s.other.orgId}/collections?nested=false`, { as: s.adminId });
    expect(target.body.items.map((col: { title: string }) => col.title)).toEqual(['Theirs first', 'Moving']);
    expect(ids(s.api.request('GET', `/v1/orgs/${s.other.orgId}/collections`, { as: s.adminId })).sort()).toEqual(
      [c, d, target.body.items[0].id].sort(),
    );
    // The original owner of the target sees them as its admin.
    expect(s.engine.spaces.get({ userId: s.other.adminId }, s2).organization).toBe(s.other.orgId);
  });

  it('keeps user permissions of members of the target and drops the others and team permissions', () => {
    const s = twoOrgs();
    const c = s.createCollection('Moving');
    const space = s.createSpace('S', c);
    const both = addMember(s.engine, s.orgId, 'both@acme.test', 'read');
    addMember(s.engine, s.other.orgId, 'both@acme.test', null);
    const team = s.engine.teams.create({ userId: s.adminId }, s.orgId, { title: 'Team', members: [s.creator] });
    s.engine.spacePermissions.grant({ userId: s.adminId }, space, { role: 'edit', users: [both, s.reader] });
    s.engine.spacePermissions.grant({ userId: s.adminId }, space, { role: 'comment', teams: [team.id] });

    expectOk(s.api.request('POST', `/v1/collections/${c}/transfer`, { as: s.adminId, body: { organization: s.other.orgId } }), 'transferCollection');
    const users = s.api.request('GET', `/v1/spaces/${space}/permissions/users`, { as: s.adminId });
    expectOk(users, 'listSpaceUserPermissions');
    expect(users.body.items.map((p: { user: { id: string }; role: string }) => [p.user.id, p.role])).toEqual([[both, 'edit']]);
    const teams = s.api.request('GET', `/v1/spaces/${space}/permissions/teams`, { as: s.adminId });
    expectOk(teams, 'listSpaceTeamPermissions');
    expect(teams.body.count).toBe(0);
    // The kept permission still works: a guest of the target reads the space through it.
    const got = s.api.request('GET', `/v1/spaces/${space}`, { as: both });
    expectOk(got, 'getSpaceById');
    expect(got.body.permissions.edit).toBe(true);
  });

  it('requires the admin role in both organizations', () => {
    const s = setup();
    const other = otherOrganization(s.engine);
    const c = s.createCollection('Moving');
    const url = `/v1/collections/${c}/transfer`;
    // Not a member of the target.
    expectError(s.api.request('POST', url, { as: s.adminId, body: { organization: other.orgId } }), 404);
    // A member of the target without admin.
    addMember(s.engine, other.orgId, 'admin@acme.test', 'create');
    expectError(s.api.request('POST', url, { as: s.adminId, body: { organization: other.orgId } }), 403, /admin role required/);
    // Admin of the target but not of the source.
    addMember(s.engine, other.orgId, 'creator@acme.test', 'admin');
    expectError(s.api.request('POST', url, { as: s.creator, body: { organization: other.orgId } }), 403, /admin role required/);
    expectError(s.api.request('POST', url, { as: s.adminId, body: { organization: 'nope' } }), 404);
    expect(s.api.request('GET', `/v1/collections/${c}`, { as: s.adminId }).body.organization).toBe(s.orgId);
  });

  it('is a no-op to the same organization and validates its body', () => {
    const s = setup();
    const p = s.createCollection('P');
    const c = s.createCollection('C', p);
    const url = `/v1/collections/${c}/transfer`;
    const same = s.api.request('POST', url, { as: s.adminId, body: { organization: s.orgId } });
    expectOk(same, 'transferCollection');
    expect(same.body).toMatchObject({ id: c, organization: s.orgId, parent: p });
    expectError(s.api.request('POST', url, { as: s.adminId, body: {} }), 400, /^organization: is required$/);
    expectError(s.api.request('POST', url, { as: s.adminId, body: { organization: s.orgId, keep: true } }), 400, /^keep: is not a known field$/);
  });

  it('answers 404 for collections of another organization', () => {
    const s = setup();
    const other = otherOrganization(s.engine);
    const theirs = s.engine.collections.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    expectError(s.api.request('POST', `/v1/collections/${theirs.id}/transfer`, { as: s.adminId, body: { organization: s.orgId } }), 404);
    expect(s.engine.collections.get({ userId: other.adminId }, theirs.id).organization).toBe(other.orgId);
  });
});

describe('authentication on collection routes', () => {
  it('answers 401 without a token or with an unknown one, and changes nothing', () => {
    const s = setup();
    const id = s.createCollection('Docs');
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
      expectError(s.api.request(method, url, { as: null, body }), 401, /authentication required/);
      expectError(s.api.request(method, url, { token: 'dct_unknown', body }), 401, /unknown or revoked/);
    }
    expect(s.collectionCount()).toBe(1);
    expect(s.api.request('GET', `/v1/collections/${id}`, { as: s.adminId }).body.title).toBe('Docs');
  });
});

describe('nested collection listing order', () => {
  it('lists top-level collections first, then each collection\'s children in their order', () => {
    const t = testEngine();
    const api = testApp(t.engine);
    const as = { userId: t.adminId };
    const one = t.engine.collections.create(as, t.orgId, { title: 'One' });
    const two = t.engine.collections.create(as, t.orgId, { title: 'Two' });
    t.engine.collections.create(as, t.orgId, { title: 'One A', parent: one.id });
    t.engine.collections.create(as, t.orgId, { title: 'Two A', parent: two.id });
    t.engine.collections.create(as, t.orgId, { title: 'One B', parent: one.id });
    const list = api.request('GET', `/v1/orgs/${t.orgId}/collections`, { as: t.adminId });
    const titles = list.body.items.map((c: { title: string }) => c.title);
    expect(titles.slice(0, 2)).toEqual(['One', 'Two']);
    expect(titles.indexOf('One A')).toBeLessThan(titles.indexOf('One B'));
    expect(new Set(titles)).toEqual(new Set(['One', 'Two', 'One A', 'One B', 'Two A']));
  });
});

describe('deleting a collection that held deleted spaces', () => {
  it('sends them to the end of the root, private, so a restore puts them there', () => {
    const t = testEngine();
    const api = testApp(t.engine);
    const as = { userId: t.adminId };
    const rootSpace = t.engine.spaces.create(as, t.orgId, { title: 'Root' });
    const box = t.engine.collections.create(as, t.orgId, { title: 'Box' });
    const inside = t.engine.spaces.create(as, t.orgId, { title: 'Inside', parent: box.id });
    t.engine.spaces.remove(as, inside.id);
    expect(api.request('DELETE', `/v1/collections/${box.id}`, { as: t.adminId }).status).toBe(205);
    const restored = api.request('POST', `/v1/spaces/${inside.id}/restore`, { as: t.adminId });
    expect(restored.status).toBe(200);
    expect(restored.body.parent).toBeUndefined();
    expect(restored.body.visibility).toBe('private');
    const order = api.request('GET', `/v1/orgs/${t.orgId}/spaces`, { as: t.adminId }).body.items.map((s: { id: string }) => s.id);
    expect(order).toEqual([rootSpace.id, inside.id]);
  });
});
