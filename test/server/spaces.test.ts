import { describe, expect, it } from 'vitest';
import { testEngine, addMember, otherOrganization, PUBLIC_URL, standardUsers } from '../helpers/engine';
import { testApp, expectOk, expectError, type CallResult } from '../helpers/app';
import type { Role } from '../../src/domain/roles';
import { mapInOrder } from '../../src/engine/in-order';

/**
 * An organization with an admin, a `read` member, a `create` member and a guest, plus the app and
 * helpers that create spaces and collections through the API and read rows back from the database.
 */
async function setup() {
  const t = await testEngine();
  const api = testApp(t.engine);
  const admin = { userId: t.adminId };
  const { reader, creator, guest } = await standardUsers(t);
  const orgSpaces = `/v1/orgs/${t.orgId}/spaces`;
  const space = (id: string) => `/v1/spaces/${id}`;

  const createSpace = async (body: Record<string, unknown> = {}, as = t.adminId): Promise<string> => {
    const res = await api.request('POST', orgSpaces, { as, body });
    expectOk(res, 'createSpace');
    return res.body.id as string;
  };
  const createCollection = async (title: string, parent?: string): Promise<string> => {
    const res = await api.request('POST', `/v1/orgs/${t.orgId}/collections`, { as: t.adminId, body: parent ? { title, parent } : { title } });
    expectOk(res, 'createCollection');
    return res.body.id as string;
  };
  const setCollectionLevel = async (collectionId: string, defaultLevel: Role | null) =>
    expectOk(await api.request('PATCH', `/v1/collections/${collectionId}`, { as: t.adminId, body: { defaultLevel } }), 'updateCollectionById');
  const patch = async (id: string, body: unknown, as = t.adminId) => await api.request('PATCH', space(id), { as, body });
  const get = async (id: string, as = t.adminId) => await api.request('GET', space(id), { as });
  const list = async (as = t.adminId, query = '') => await api.request('GET', `${orgSpaces}${query}`, { as });
  const inCollection = async (collectionId: string, as = t.adminId, query = '') =>
    await api.request('GET', `/v1/collections/${collectionId}/spaces${query}`, { as });
  const grant = async (spaceId: string, role: Role, users: string[] = [], teams: string[] = []) =>
    await t.engine.spacePermissions.grant(admin, spaceId, { role, users, teams });
  const row = async (id: string) =>
    await t.engine.core.get<{ organization_id: string; parent_id: string | null; title: string; position: number; deleted_at: string | null }>(
      'SELECT * FROM spaces WHERE id = ?', [id],
    );
  const spaceCount = async () => (await t.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM spaces'))!.n;
  const permissionsOf = async (id: string) =>
    await t.engine.core.all<{ principal_type: string; principal_id: string; role: string }>(
      'SELECT principal_type, principal_id, role FROM space_permissions WHERE space_id = ? ORDER BY principal_type, principal_id', [id],
    );
  return {
    ...t, api, admin, reader, creator, guest, orgSpaces, space,
    createSpace, createCollection, setCollectionLevel, patch, get, list, inCollection, grant, row, spaceCount, permissionsOf,
  };
}

type Setup = Awaited<ReturnType<typeof setup>>;

const ids = (res: CallResult): string[] => res.body.items.map((s: { id: string }) => s.id);

const NONE = { view: false, access: false, admin: false, viewInviteLinks: false, edit: false, triggerGitSync: false, comment: false, merge: false, review: false, installIntegration: false };
const READ = { ...NONE, view: true, access: true };
const COMMENT = { ...READ, comment: true };
const EDIT = { ...COMMENT, edit: true, triggerGitSync: true };
const REVIEW = { ...EDIT, merge: true, review: true };
const CREATE = REVIEW;
const ADMIN = { ...REVIEW, admin: true, viewInviteLinks: true };

describe('POST /v1/orgs/{organizationId}/spaces (create)', () => {
  it('creates a private live root space with defaults that GET and the list then return', async () => {
    const s = await setup();
    const res = await s.api.request('POST', s.orgSpaces, { as: s.adminId, body: {} });
    expectOk(res, 'createSpace');
    const id = res.body.id;
    expect(res.body).toEqual({
      object: 'space',
      id,
      title: 'Untitled',
      emoji: '',
      visibility: 'private',
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-01T10:00:00.000Z',
      editMode: 'live',
      urls: {
        location: `${PUBLIC_URL}/v1/spaces/${id}`,
        app: `${PUBLIC_URL}/app/s/${id}`,
        published: `${PUBLIC_URL}/o/${s.orgId}/s/${id}`,
        public: `${PUBLIC_URL}/o/${s.orgId}/s/${id}`,
        icon: `${PUBLIC_URL}/icons/spaces/${id}`,
      },
      organization: s.orgId,
      revision: expect.any(String),
      defaultLevel: null,
      comments: 0,
      changeRequests: 0,
      changeRequestsOpen: 0,
      changeRequestsDraft: 0,
      // The platform's merge rules: a space follows its organization's (none).
      mergeRules: { type: 'inherit' },
      permissions: ADMIN,
    });
    expect(res.body.revision).not.toBe(id);
    expect(res.body).not.toHaveProperty('parent');
    expect(res.body).not.toHaveProperty('deletedAt');
    const got = await s.get(id);
    expectOk(got, 'getSpaceById');
    expect(got.body).toEqual(res.body);
    const listed = await s.list();
    expectOk(listed, 'listSpaces');
    expect(listed.body).toEqual({ count: 1, items: [res.body] });
  });

  it('stores title, emoji, editMode locked and a parent collection (visibility in-collection)', async () => {
    const s = await setup();
    const docs = await s.createCollection('Docs');
    const res = await s.api.request('POST', s.orgSpaces, { as: s.adminId, body: { title: 'Handbook', emoji: '📘', editMode: 'locked', parent: docs } });
    expectOk(res, 'createSpace');
    expect(res.body).toMatchObject({ title: 'Handbook', emoji: '📘', editMode: 'locked', parent: docs, visibility: 'in-collection' });
    expect((await s.get(res.body.id)).body).toEqual(res.body);
    const listed = await s.inCollection(docs);
    expectOk(listed, 'listSpacesInCollectionById');
    expect(ids(listed)).toEqual([res.body.id]);
    expect(await s.row(res.body.id)).toMatchObject({ parent_id: docs, title: 'Handbook' });
  });

  it('places new spaces after their siblings', async () => {
    const s = await setup();
    const a = await s.createSpace({ title: 'A' });
    const b = await s.createSpace({ title: 'B' });
    const c = await s.createSpace({ title: 'C' });
    expect(ids(await s.list())).toEqual([a, b, c]);
  });

  it('lets a member with the create role create a space they then administer, hidden from others', async () => {
    const s = await setup();
    const res = await s.api.request('POST', s.orgSpaces, { as: s.creator, body: { title: 'Mine' } });
    expectOk(res, 'createSpace');
    expect(res.body.title).toBe('Mine');
    expect(res.body.permissions).toEqual(ADMIN);
    expect(await s.row(res.body.id)).toBeDefined();
    expectOk(await s.get(res.body.id, s.creator), 'getSpaceById');
    expect(ids(await s.list(s.creator))).toEqual([res.body.id]);
    // private, no default level: a reader does not see it; the organization admin does.
    expectError(await s.get(res.body.id, s.reader), 404);
    expect(ids(await s.list(s.reader))).toEqual([]);
    expect((await s.get(res.body.id)).body.permissions).toEqual(ADMIN);
    // and the creator may administer it (delete).
    expectOk(await s.api.request('DELETE', s.space(res.body.id), { as: s.creator }), 'deleteSpaceById');
  });

  it('accepts a title and an emoji of 50 characters and rejects 51, naming the field', async () => {
    const s = await setup();
    const ok = await s.api.request('POST', s.orgSpaces, { as: s.adminId, body: { title: 't'.repeat(50), emoji: 'e'.repeat(50) } });
    expectOk(ok, 'createSpace');
    expect(ok.body).toMatchObject({ title: 't'.repeat(50), emoji: 'e'.repeat(50) });
    expectError(await s.api.request('POST', s.orgSpaces, { as: s.adminId, body: { title: 't'.repeat(51) } }), 400, /^title: must be at most 50 characters$/);
    expectError(await s.api.request('POST', s.orgSpaces, { as: s.adminId, body: { emoji: 'e'.repeat(51) } }), 400, /^emoji: must be at most 50 characters$/);
    expect(await s.spaceCount()).toBe(1);
  });

  it.each([
    ['an empty title', { title: '' }, /^title: must not be empty$/],
    ['a title of the wrong type', { title: 7 }, /^title: must be of type string$/],
    ['an emoji of the wrong type', { emoji: true }, /^emoji: must be of type string$/],
    ['an unknown editMode', { editMode: 'frozen' }, /^editMode: must be one of: "live", "locked"$/],
    ['an unknown field', { title: 'T', visibility: 'public' }, /^visibility: is not a known field$/],
    ['another unknown field', { title: 'T', color: 'red' }, /^color: is not a known field$/],
    ['an empty parent', { parent: '' }, /^parent: must not be empty$/],
    ['an unknown parent', { parent: 'no-such-collection' }, /^parent: no collection no-such-collection in this organization$/],
  ])('rejects %s with 400 and creates nothing', async (_, body, message) => {
    const s = await setup();
    expectError(await s.api.request('POST', s.orgSpaces, { as: s.adminId, body }), 400, message);
    expect(await s.spaceCount()).toBe(0);
  });

  it("rejects another organization's collection as parent", async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const theirs = (await s.engine.collections.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' })).id;
    expectError(await s.api.request('POST', s.orgSpaces, { as: s.adminId, body: { parent: theirs } }), 400, /^parent: no collection/);
    expect(await s.spaceCount()).toBe(0);
  });

  it('rejects malformed JSON with 400', async () => {
    const s = await setup();
    expectError(await s.api.request('POST', s.orgSpaces, { as: s.adminId, rawBody: '{"title":' }), 400, /^body: is not valid JSON/);
    expect(await s.spaceCount()).toBe(0);
  });

  it('answers 401 without a token or with an unknown one', async () => {
    const s = await setup();
    expectError(await s.api.request('POST', s.orgSpaces, { as: null, body: { title: 'X' } }), 401);
    expectError(await s.api.request('POST', s.orgSpaces, { token: 'nope', body: { title: 'X' } }), 401);
    expect(await s.spaceCount()).toBe(0);
  });

  it('forbids members below the create role and guests (403)', async () => {
    const s = await setup();
    const editor = await addMember(s.engine, s.orgId, 'editor@acme.test', 'edit');
    for (const who of [s.reader, editor, s.guest]) {
      expectError(await s.api.request('POST', s.orgSpaces, { as: who, body: { title: 'X' } }), 403, /create role or higher required/);
    }
    expect(await s.spaceCount()).toBe(0);
  });

  it('answers 404 for an unknown organization and one the caller is not a member of', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    expectError(await s.api.request('POST', `/v1/orgs/${other.orgId}/spaces`, { as: s.adminId, body: {} }), 404);
    expectError(await s.api.request('POST', '/v1/orgs/nope/spaces', { as: s.adminId, body: {} }), 404);
    expect(await s.spaceCount()).toBe(0);
  });
});

describe('GET /v1/orgs/{organizationId}/spaces (list)', () => {
  it('lists root spaces first, then each collection’s, each in its order', async () => {
    const s = await setup();
    const docs = await s.createCollection('Docs');
    const inDocs1 = await s.createSpace({ title: 'D1', parent: docs });
    const root1 = await s.createSpace({ title: 'R1' });
    const inDocs2 = await s.createSpace({ title: 'D2', parent: docs });
    const root2 = await s.createSpace({ title: 'R2' });
    const res = await s.list();
    expectOk(res, 'listSpaces');
    expect(res.body.count).toBe(4);
    expect(ids(res)).toEqual([root1, root2, inDocs1, inDocs2]);
    expect(res.body.next).toBeUndefined();
  });

  it('shows members only the spaces they can access, each with their permissions', async () => {
    const s = await setup();
    const hidden = await s.createSpace({ title: 'Hidden' });
    const open = await s.createSpace({ title: 'Open' });
    await s.patch(open, { defaultLevel: 'comment' });
    const res = await s.list(s.reader);
    expectOk(res, 'listSpaces');
    expect(res.body.count).toBe(1);
    expect(ids(res)).toEqual([open]);
    expect(res.body.items[0].permissions).toEqual(COMMENT);
    expect(ids(await s.list())).toEqual([hidden, open]);
    // a guest does not get default levels
    expect((await s.list(s.guest)).body).toEqual({ count: 0, items: [] });
  });

  it('pages with limit and the next cursor, for admins and members alike', async () => {
    const s = await setup();
    const all = await mapInOrder(['A', 'B', 'C', 'D', 'E'], async (title) => await s.createSpace({ title }));
    for (const id of all) await s.patch(id, { defaultLevel: 'read' });
    const hidden = await s.createSpace({ title: 'F' });
    for (const [who, expected] of [[s.adminId, [...all, hidden]], [s.reader, all]] as const) {
      const seen: string[] = [];
      let query = '?limit=2';
      for (let pages = 0; ; pages++) {
        const res = await s.list(who, query);
        expectOk(res, 'listSpaces');
        expect(res.body.count).toBe(expected.length);
        expect(res.body.items.length).toBeLessThanOrEqual(2);
        seen.push(...ids(res));
        if (!res.body.next) break;
        expect(pages).toBeLessThan(5);
        query = `?limit=2&page=${encodeURIComponent(res.body.next.page)}`;
      }
      expect(seen).toEqual(expected);
    }
    const first = await s.list(s.adminId, '?limit=6');
    expect(ids(first)).toEqual([...all, hidden]);
    expect(first.body.next).toBeUndefined();
  });

  it.each([
    ['?limit=0', /^limit: must be at least 1$/],
    ['?limit=1001', /^limit: must be at most 1000$/],
    ['?limit=two', /^limit: must be a whole number$/],
    ['?page=garbage', /^page: is not a valid page cursor/],
    ['?deleted=yes', /^deleted: must be true or false$/],
    ['?deleted=1', /^deleted: must be true or false$/],
    ['?nested=true', /^nested: is not a known field$/],
  ])('rejects the query %s with 400', async (query, message) => {
    const s = await setup();
    await s.createSpace();
    expectError(await s.list(s.adminId, query), 400, message);
  });

  it('rejects a cursor of another listing', async () => {
    const s = await setup();
    await s.createSpace();
    await s.createCollection('X');
    await s.createCollection('Y');
    const collections = await s.api.request('GET', `/v1/orgs/${s.orgId}/collections?limit=1`, { as: s.adminId });
    expectOk(collections, 'listCollections');
    const next = collections.body.next.page;
    expectError(await s.list(s.adminId, `?page=${encodeURIComponent(next)}`), 400, /^page: is not a valid page cursor for this list$/);
  });

  it('accepts deleted=false as the ordinary listing', async () => {
    const s = await setup();
    const a = await s.createSpace();
    const res = await s.list(s.adminId, '?deleted=false');
    expectOk(res, 'listSpaces');
    expect(ids(res)).toEqual([a]);
  });

  it('answers 401 without a token and 404 for an organization the caller is not in', async () => {
    const s = await setup();
    expectError(await s.api.request('GET', s.orgSpaces, { as: null }), 401);
    const other = await otherOrganization(s.engine);
    expectError(await s.api.request('GET', `/v1/orgs/${other.orgId}/spaces`, { as: s.adminId }), 404);
    expectError(await s.api.request('GET', '/v1/orgs/nope/spaces', { as: s.adminId }), 404);
  });
});

describe('GET /v1/spaces/{spaceId}', () => {
  it('returns the space, accepting a shareKey query', async () => {
    const s = await setup();
    const id = await s.createSpace({ title: 'Guide' });
    const res = await s.api.request('GET', `${s.space(id)}?shareKey=abc`, { as: s.adminId });
    expectOk(res, 'getSpaceById');
    expect(res.body).toMatchObject({ id, title: 'Guide' });
    expectError(await s.api.request('GET', `${s.space(id)}?foo=1`, { as: s.adminId }), 400, /^foo: is not a known field$/);
  });

  it('answers 404 for an unknown space, another organization’s, one the caller cannot see, and a deleted one', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const theirs = (await s.engine.spaces.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' })).id;
    const hidden = await s.createSpace({ title: 'Hidden' });
    const gone = await s.createSpace({ title: 'Gone' });
    // Readable by the reader before it is deleted, so the reader's 404 below is for the deletion.
    expectOk(await s.patch(gone, { defaultLevel: 'read' }), 'updateSpaceById');
    expectOk(await s.get(gone, s.reader), 'getSpaceById');
    expectOk(await s.api.request('DELETE', s.space(gone), { as: s.adminId }), 'deleteSpaceById');
    expectError(await s.get('no-such-space'), 404, /not found/);
    expectError(await s.get(theirs), 404, /not found/);
    expectError(await s.get(hidden, s.reader), 404, /not found/);
    expectError(await s.get(hidden, s.guest), 404, /not found/);
    expectError(await s.get(gone), 404, /not found/);
    expectError(await s.get(gone, s.reader), 404, /not found/);
  });

  it('answers 401 without a token', async () => {
    const s = await setup();
    const id = await s.createSpace();
    expectError(await s.api.request('GET', s.space(id), { as: null }), 401);
  });
});

describe('PATCH /v1/spaces/{spaceId}', () => {
  it('stores title, emoji, editMode, defaultLevel and visibility, moving updatedAt only', async () => {
    const s = await setup();
    const id = await s.createSpace({ title: 'Before' });
    s.clock.advance(60_000);
    const res = await s.patch(id, { title: 'After', emoji: '🚀', editMode: 'locked', defaultLevel: 'edit', visibility: 'unlisted' });
    expectOk(res, 'updateSpaceById');
    expect(res.body).toMatchObject({
      id, title: 'After', emoji: '🚀', editMode: 'locked', defaultLevel: 'edit', visibility: 'unlisted',
      createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:01:00.000Z',
    });
    expect((await s.get(id)).body).toEqual(res.body);
    // the default level now gives the reader edit access
    expect((await s.get(id, s.reader)).body.permissions).toEqual(EDIT);
    // back to live, and defaultLevel null removes the access again
    const back = await s.patch(id, { editMode: 'live', defaultLevel: null });
    expectOk(back, 'updateSpaceById');
    expect(back.body).toMatchObject({ editMode: 'live', defaultLevel: null, title: 'After', visibility: 'unlisted' });
    expectError(await s.get(id, s.reader), 404);
  });

  it('accepts every visibility of api.md for a space in a collection', async () => {
    const s = await setup();
    const docs = await s.createCollection('Docs');
    const id = await s.createSpace({ parent: docs });
    for (const visibility of ['public', 'unlisted', 'share-link', 'visitor-auth', 'private', 'in-collection']) {
      const res = await s.patch(id, { visibility });
      expectOk(res, 'updateSpaceById');
      expect(res.body.visibility).toBe(visibility);
      expect((await s.get(id)).body.visibility).toBe(visibility);
    }
  });

  it('rejects in-collection for a root space with 400 and changes nothing', async () => {
    const s = await setup();
    const id = await s.createSpace();
    expectError(await s.patch(id, { visibility: 'in-collection', title: 'New' }), 400, /^visibility: "in-collection" is only for spaces in a collection$/);
    expect((await s.get(id)).body).toMatchObject({ visibility: 'private', title: 'Untitled' });
  });

  it('accepts a 50-character title and rejects 51, naming title', async () => {
    const s = await setup();
    const id = await s.createSpace({ title: 'Keep' });
    expectOk(await s.patch(id, { title: 'x'.repeat(50) }), 'updateSpaceById');
    expect((await s.get(id)).body.title).toBe('x'.repeat(50));
    expectError(await s.patch(id, { title: 'y'.repeat(51) }), 400, /^title: must be at most 50 characters$/);
    expect((await s.get(id)).body.title).toBe('x'.repeat(50));
  });

  it.each([
    ['an empty title', { title: '' }, /^title: must not be empty$/],
    ['a 51-character emoji', { emoji: 'e'.repeat(51) }, /^emoji: must be at most 50 characters$/],
    ['an unknown editMode', { editMode: 'readonly' }, /^editMode: must be one of: "live", "locked"$/],
    ['an unknown visibility', { visibility: 'secret' }, /^visibility: must be one of: "public", "unlisted", "share-link", "visitor-auth", "in-collection", "private"$/],
    ['an unknown defaultLevel', { defaultLevel: 'owner' }, /^defaultLevel: must be one of: "admin", "create", "review", "edit", "comment", "read"$/],
    ['an unknown field', { title: 'T', parent: 'x' }, /^parent: is not a known field$/],
  ])('rejects %s with 400 and changes nothing', async (_, body, message) => {
    const s = await setup();
    const id = await s.createSpace({ title: 'Same' });
    const before = (await s.get(id)).body;
    s.clock.advance(1000);
    expectError(await s.patch(id, body), 400, message);
    expect((await s.get(id)).body).toEqual(before);
  });

  it('lets edit rank change title and emoji but only space admins change settings (403)', async () => {
    const s = await setup();
    const id = await s.createSpace({ title: 'Shared' });
    const editor = await addMember(s.engine, s.orgId, 'editor@acme.test', 'read');
    await s.grant(id, 'edit', [editor]);
    await s.grant(id, 'create', [s.creator]);
    await s.patch(id, { defaultLevel: 'read' });
    expectOk(await s.patch(id, { title: 'Renamed', emoji: '✏️' }, editor), 'updateSpaceById');
    expect((await s.get(id)).body).toMatchObject({ title: 'Renamed', emoji: '✏️' });
    for (const who of [editor, s.creator]) {
      for (const body of [{ editMode: 'locked' }, { defaultLevel: 'admin' }, { visibility: 'public' }, { title: 'X', editMode: 'live' }]) {
        expectError(await s.patch(id, body, who), 403, /admin role on the space required/);
      }
    }
    expectError(await s.patch(id, { title: 'Nope' }, s.reader), 403, /edit role on the space required/);
    expect((await s.get(id)).body).toMatchObject({ title: 'Renamed', editMode: 'live', defaultLevel: 'read', visibility: 'private' });
  });

  it('answers 404 for unknown, foreign, invisible and deleted spaces, and 401 without a token', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const theirs = (await s.engine.spaces.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' })).id;
    const hidden = await s.createSpace();
    const gone = await s.createSpace();
    await s.api.request('DELETE', s.space(gone), { as: s.adminId });
    expectError(await s.patch('nope', { title: 'X' }), 404);
    expectError(await s.patch(theirs, { title: 'X' }), 404);
    expectError(await s.patch(hidden, { title: 'X' }, s.reader), 404);
    expectError(await s.patch(gone, { title: 'X' }), 404);
    expectError(await s.api.request('PATCH', s.space(hidden), { as: null, body: { title: 'X' } }), 401);
    expect((await s.row(theirs))!.title).toBe('Theirs');
    expect((await s.row(hidden))!.title).toBe('Untitled');
    expect((await s.row(gone))!.title).toBe('Untitled');
  });
});

describe('DELETE /v1/spaces/{spaceId}', () => {
  it('answers 205 with no body and soft-deletes the space', async () => {
    const s = await setup();
    const docs = await s.createCollection('Docs');
    const a = await s.createSpace({ title: 'A', parent: docs });
    const b = await s.createSpace({ title: 'B', parent: docs });
    s.clock.advance(5000);
    const res = await s.api.request('DELETE', s.space(a), { as: s.adminId });
    expectOk(res, 'deleteSpaceById');
    expect(res.status).toBe(205);
    expect(await s.row(a)).toMatchObject({ deleted_at: '2026-03-01T10:00:05.000Z', parent_id: docs });
    expectError(await s.get(a), 404);
    expect(ids(await s.list())).toEqual([b]);
    expect((await s.list()).body.count).toBe(1);
    expect(ids(await s.inCollection(docs))).toEqual([b]);
    expect((await s.inCollection(docs)).body.count).toBe(1);
  });

  it('forbids members without the admin role on the space (403)', async () => {
    const s = await setup();
    const id = await s.createSpace();
    await s.patch(id, { defaultLevel: 'read' });
    await s.grant(id, 'create', [s.creator]);
    expectError(await s.api.request('DELETE', s.space(id), { as: s.reader }), 403, /admin role on the space required/);
    expectError(await s.api.request('DELETE', s.space(id), { as: s.creator }), 403, /admin role on the space required/);
    expect((await s.row(id))!.deleted_at).toBeNull();
  });

  it('lets a space admin who is not an organization admin delete', async () => {
    const s = await setup();
    const id = await s.createSpace();
    await s.grant(id, 'admin', [s.reader]);
    expectOk(await s.api.request('DELETE', s.space(id), { as: s.reader }), 'deleteSpaceById');
    expect((await s.row(id))!.deleted_at).not.toBeNull();
  });

  it('answers 404 for unknown, foreign, invisible and already deleted spaces, and 401 without a token', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const theirs = (await s.engine.spaces.create({ userId: other.adminId }, other.orgId, {})).id;
    const hidden = await s.createSpace();
    expectError(await s.api.request('DELETE', s.space('nope'), { as: s.adminId }), 404);
    expectError(await s.api.request('DELETE', s.space(theirs), { as: s.adminId }), 404);
    expectError(await s.api.request('DELETE', s.space(hidden), { as: s.reader }), 404);
    expectError(await s.api.request('DELETE', s.space(hidden), { as: null }), 401);
    expectOk(await s.api.request('DELETE', s.space(hidden), { as: s.adminId }), 'deleteSpaceById');
    const deletedAt = (await s.row(hidden))!.deleted_at;
    s.clock.advance(1000);
    expectError(await s.api.request('DELETE', s.space(hidden), { as: s.adminId }), 404);
    expect((await s.row(hidden))!.deleted_at).toBe(deletedAt);
    expect((await s.row(theirs))!.deleted_at).toBeNull();
  });
});

describe('POST /v1/spaces/{spaceId}/restore (active spaces and access)', () => {
  it('is a no-op 200 for an active space, saying so with docsctl\'s restored: false (true when it brings one back)', async () => {
    const s = await setup();
    const id = await s.createSpace({ title: 'Active' });
    const before = (await s.get(id)).body;
    s.clock.advance(60_000);
    const res = await s.api.request('POST', `${s.space(id)}/restore`, { as: s.adminId });
    expectOk(res, 'restoreSpace');
    expect(res.body).toEqual({ ...before, restored: false });
    expect((await s.get(id)).body).toEqual(before);
    expectOk(await s.api.request('DELETE', s.space(id), { as: s.adminId }), 'deleteSpaceById');
    const back = await s.api.request('POST', `${s.space(id)}/restore`, { as: s.adminId });
    expectOk(back, 'restoreSpace');
    expect(back.body).toEqual({ ...before, restored: true });
    // A live space is still refused to whoever may not restore it: the answer tells nothing more.
    await s.patch(id, { defaultLevel: 'edit' });
    expectError(await s.api.request('POST', `${s.space(id)}/restore`, { as: s.reader }), 403, /admin role on the space required/);
    expectError(await s.api.request('POST', `${s.space('nope')}/restore`, { as: s.adminId }), 404);
  });

  it('forbids non-admins of the space (403), hides it from those who cannot see it (404), and needs a token (401)', async () => {
    const s = await setup();
    const id = await s.createSpace();
    await s.patch(id, { defaultLevel: 'edit' });
    expectOk(await s.api.request('DELETE', s.space(id), { as: s.adminId }), 'deleteSpaceById');
    expectError(await s.api.request('POST', `${s.space(id)}/restore`, { as: s.reader }), 403, /admin role on the space required/);
    expectError(await s.api.request('POST', `${s.space(id)}/restore`, { as: s.guest }), 404);
    expectError(await s.api.request('POST', `${s.space(id)}/restore`, { as: null }), 401);
    expectError(await s.api.request('POST', `${s.space('nope')}/restore`, { as: s.adminId }), 404);
    const other = await otherOrganization(s.engine);
    expectError(await s.api.request('POST', `${s.space(id)}/restore`, { as: other.adminId }), 404);
    expect((await s.row(id))!.deleted_at).not.toBeNull();
  });
});

describe('POST /v1/spaces/{spaceId}/duplicate', () => {
  async function withSettings(s: Setup, title = 'Handbook') {
    const id = await s.createSpace({ title, emoji: '📘', editMode: 'locked' });
    expectOk(await s.patch(id, { defaultLevel: 'comment', visibility: 'unlisted' }), 'updateSpaceById');
    await s.engine.customFields.create(s.admin, s.orgId, { name: 'owner', type: 'text' });
    await s.engine.customFields.create(s.admin, s.orgId, { name: 'tier', type: 'select:single', options: ['gold', 'silver'] });
    await s.engine.customFields.create(s.admin, s.orgId, { name: 'unused', type: 'number' });
    await s.engine.customFields.setValues(s.admin, id, { owner: { value: 'docs team' }, tier: { value: 'gold' } });
    const team = (await s.engine.teams.create(s.admin, s.orgId, { title: 'Writers', members: [s.guest] })).id;
    await s.grant(id, 'edit', [s.reader]);
    await s.grant(id, 'review', [], [team]);
    return { id, team };
  }

  it('copies settings, custom field values and permissions under a new id titled "<title> (copy)"', async () => {
    const s = await setup();
    const { id, team } = await withSettings(s);
    const original = (await s.get(id)).body;
    s.clock.advance(60_000);
    const res = await s.api.request('POST', `${s.space(id)}/duplicate`, { as: s.adminId });
    expectOk(res, 'duplicateSpace');
    const copy = res.body.id;
    expect(copy).not.toBe(id);
    expect(res.body.revision).not.toBe(original.revision);
    expect(res.body).toMatchObject({
      title: 'Handbook (copy)', emoji: '📘', editMode: 'locked', defaultLevel: 'comment', visibility: 'unlisted',
      organization: s.orgId, createdAt: '2026-03-01T10:01:00.000Z', updatedAt: '2026-03-01T10:01:00.000Z',
      comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0,
    });
    expect((await s.get(copy)).body).toEqual(res.body);
    const values = async (spaceId: string) =>
      (await s.engine.customFields.valuesOf(s.admin, spaceId)).map((v) => [v.customField.name, v.value]);
    expect(await values(copy)).toEqual([['owner', 'docs team'], ['tier', 'gold']]);
    expect(await s.permissionsOf(copy)).toEqual([
      { principal_type: 'team', principal_id: team, role: 'review' },
      { principal_type: 'user', principal_id: s.reader, role: 'edit' },
    ]);
    // the grants work on the copy: the guest through the team, the reader directly
    expect((await s.get(copy, s.guest)).body.permissions).toEqual(REVIEW);
    expect((await s.get(copy, s.reader)).body.permissions).toEqual(EDIT);
    // the original is unchanged
    expect((await s.get(id)).body).toEqual(original);
    expect(await values(id)).toEqual([['owner', 'docs team'], ['tier', 'gold']]);
    // the copy is independent: changing it leaves the original alone
    await s.engine.customFields.setValues(s.admin, copy, { owner: { value: 'changed' } });
    expect(await values(id)).toEqual([['owner', 'docs team'], ['tier', 'gold']]);
  });

  it('places the copy right after the original, at the root and in a collection', async () => {
    const s = await setup();
    const a = await s.createSpace({ title: 'A' });
    const b = await s.createSpace({ title: 'B' });
    const c = await s.createSpace({ title: 'C' });
    const rootCopy = (await s.api.request('POST', `${s.space(b)}/duplicate`, { as: s.adminId })).body.id;
    expect(ids(await s.list())).toEqual([a, b, rootCopy, c]);
    // a second copy goes right after the original too, before the first copy
    const second = (await s.api.request('POST', `${s.space(b)}/duplicate`, { as: s.adminId })).body.id;
    expect(ids(await s.list())).toEqual([a, b, second, rootCopy, c]);
    expectOk(await s.api.request('DELETE', s.space(second), { as: s.adminId }), 'deleteSpaceById');
    const docs = await s.createCollection('Docs');
    const x = await s.createSpace({ title: 'X', parent: docs });
    const y = await s.createSpace({ title: 'Y', parent: docs });
    const res = await s.api.request('POST', `${s.space(x)}/duplicate`, { as: s.adminId });
    expectOk(res, 'duplicateSpace');
    expect(res.body).toMatchObject({ parent: docs, visibility: 'in-collection', title: 'X (copy)' });
    expect(ids(await s.inCollection(docs))).toEqual([x, res.body.id, y]);
    expect(ids(await s.list())).toEqual([a, b, rootCopy, c, x, res.body.id, y]);
  });

  it('cuts the copy title to 50 characters', async () => {
    const s = await setup();
    const long = 'L'.repeat(48);
    const id = await s.createSpace({ title: long });
    const res = await s.api.request('POST', `${s.space(id)}/duplicate`, { as: s.adminId });
    expectOk(res, 'duplicateSpace');
    expect(res.body.title).toBe(`${long} (`);
    expect(res.body.title).toHaveLength(50);
    const full = await s.createSpace({ title: 'F'.repeat(50) });
    expect((await s.api.request('POST', `${s.space(full)}/duplicate`, { as: s.adminId })).body.title).toBe('F'.repeat(50));
  });

  it('lets a create member duplicate a space they can see, and forbids a reader (403)', async () => {
    const s = await setup();
    const id = await s.createSpace({ title: 'Readable' });
    await s.patch(id, { defaultLevel: 'read' });
    const before = await s.spaceCount();
    expectError(await s.api.request('POST', `${s.space(id)}/duplicate`, { as: s.reader }), 403, /create role or higher required/);
    expect(await s.spaceCount()).toBe(before);
    const res = await s.api.request('POST', `${s.space(id)}/duplicate`, { as: s.creator });
    expectOk(res, 'duplicateSpace');
    expect(res.body.title).toBe('Readable (copy)');
    expect(await s.spaceCount()).toBe(before + 1);
  });

  it('answers 404 for unknown, foreign, invisible and deleted spaces, and 401 without a token', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const theirs = (await s.engine.spaces.create({ userId: other.adminId }, other.orgId, {})).id;
    const hidden = await s.createSpace();
    const gone = await s.createSpace();
    await s.api.request('DELETE', s.space(gone), { as: s.adminId });
    const before = await s.spaceCount();
    expectError(await s.api.request('POST', `${s.space('nope')}/duplicate`, { as: s.adminId }), 404);
    expectError(await s.api.request('POST', `${s.space(theirs)}/duplicate`, { as: s.adminId }), 404);
    expectError(await s.api.request('POST', `${s.space(hidden)}/duplicate`, { as: s.creator }), 404);
    expectError(await s.api.request('POST', `${s.space(gone)}/duplicate`, { as: s.adminId }), 404);
    expectError(await s.api.request('POST', `${s.space(hidden)}/duplicate`, { as: null }), 401);
    expect(await s.spaceCount()).toBe(before);
  });
});

describe('POST /v1/spaces/{spaceId}/move', () => {
  const move = async (s: Setup, id: string, body: unknown, as = s.adminId) => await s.api.request('POST', `${s.space(id)}/move`, { as, body });
  const ref = (space: string) => ({ type: 'space', space });

  it('reorders root spaces with before and after', async () => {
    const s = await setup();
    const [a, b, c, d] = await mapInOrder(['A', 'B', 'C', 'D'], async (title) => await s.createSpace({ title }));
    const res = await move(s, d, { position: { before: ref(b) } });
    expectOk(res, 'moveSpace');
    expect(res.body.id).toBe(d);
    expect(ids(await s.list())).toEqual([a, d, b, c]);
    expectOk(await move(s, a, { position: { after: ref(c) } }), 'moveSpace');
    expect(ids(await s.list())).toEqual([d, b, c, a]);
    expectOk(await move(s, c, { position: { before: ref(d) } }), 'moveSpace');
    expect(ids(await s.list())).toEqual([c, d, b, a]);
    // without a position it goes last
    expectOk(await move(s, c, {}), 'moveSpace');
    expect(ids(await s.list())).toEqual([d, b, a, c]);
  });

  it('moves a space into a collection at a position, and back to the root with a null parent', async () => {
    const s = await setup();
    const docs = await s.createCollection('Docs');
    const [a, b] = await mapInOrder(['A', 'B'], async (title) => await s.createSpace({ title }));
    const [x, y] = await mapInOrder(['X', 'Y'], async (title) => await s.createSpace({ title, parent: docs }));
    const res = await move(s, a, { parent: docs, position: { after: ref(x) } });
    expectOk(res, 'moveSpace');
    expect(res.body).toMatchObject({ id: a, parent: docs, visibility: 'private' });
    expect(ids(await s.inCollection(docs))).toEqual([x, a, y]);
    expect(ids(await s.list())).toEqual([b, x, a, y]);
    expectOk(await move(s, b, { parent: docs, position: { before: ref(x) } }), 'moveSpace');
    expect(ids(await s.inCollection(docs))).toEqual([b, x, a, y]);
    // y (in-collection) back to the root: no parent, and no longer in-collection
    const back = await move(s, y, { parent: null });
    expectOk(back, 'moveSpace');
    expect(back.body).not.toHaveProperty('parent');
    expect(back.body.visibility).toBe('private');
    expect((await s.row(y))!.parent_id).toBeNull();
    expect(ids(await s.inCollection(docs))).toEqual([b, x, a]);
    expect(ids(await s.list())).toEqual([y, b, x, a]);
    // root with a position
    expectOk(await move(s, a, { parent: null, position: { before: ref(y) } }), 'moveSpace');
    expect(ids(await s.list())).toEqual([a, y, b, x]);
  });

  it('moves into a sub-collection', async () => {
    const s = await setup();
    const docs = await s.createCollection('Docs');
    const api = await s.createCollection('API', docs);
    const a = await s.createSpace();
    expectOk(await move(s, a, { parent: api }), 'moveSpace');
    expect(ids(await s.inCollection(api))).toEqual([a]);
    expect(ids(await s.inCollection(docs))).toEqual([]);
  });

  it('rejects a ref to an item of another parent with 400 and changes nothing', async () => {
    const s = await setup();
    const docs = await s.createCollection('Docs');
    const [a, b] = await mapInOrder(['A', 'B'], async (title) => await s.createSpace({ title }));
    const x = await s.createSpace({ title: 'X', parent: docs });
    expectError(await move(s, a, { position: { before: ref(x) } }), 400, /^position\.before: space .* is not an item of the same parent$/);
    expectError(await move(s, a, { parent: docs, position: { after: ref(b) } }), 400, /^position\.after: space .* is not an item of the same parent$/);
    expectError(await move(s, a, { position: { after: ref('nope') } }), 400, /not an item of the same parent/);
    expectError(await move(s, a, { position: { before: ref(a) } }), 400, /^position\.before: cannot place an item relative to itself$/);
    expect((await s.row(a))!.parent_id).toBeNull();
    expect(ids(await s.list())).toEqual([a, b, x]);
    expect(ids(await s.inCollection(docs))).toEqual([x]);
  });

  it.each([
    ['an unknown parent', { parent: 'nope' }, /^parent: no collection nope in this organization$/],
    ['a parent of the wrong type', { parent: 5 }, /^parent: must be of type string$/],
    ['a ref of an unknown type', { position: { before: { type: 'page', space: 'x' } } }, /^position\.before\.type: must be one of: "space", "collection"$/],
    ['a ref without its key', { position: { after: { type: 'space' } } }, /^position\.after\.space: is required$/],
    ['an unknown position field', { position: { first: true } }, /^position\.first: is not a known field$/],
    ['an unknown field', { index: 1 }, /^index: is not a known field$/],
  ])('rejects %s with 400', async (_, body, message) => {
    const s = await setup();
    const a = await s.createSpace();
    const b = await s.createSpace();
    expectError(await move(s, b, body), 400, message);
    expect(ids(await s.list())).toEqual([a, b]);
  });

  it("rejects another organization's collection as parent", async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const theirs = (await s.engine.collections.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' })).id;
    const a = await s.createSpace();
    expectError(await move(s, a, { parent: theirs }), 400, /^parent: no collection/);
    expect((await s.row(a))!.parent_id).toBeNull();
  });

  it('forbids members without the admin role on the space (403), 404 for invisible or deleted ones, 401 without a token', async () => {
    const s = await setup();
    const a = await s.createSpace();
    const b = await s.createSpace();
    await s.patch(a, { defaultLevel: 'create' });
    expectError(await move(s, a, { position: { after: ref(b) } }, s.reader), 403, /admin role on the space required/);
    expectError(await move(s, b, { position: { before: ref(a) } }, s.reader), 404);
    expectError(await move(s, 'nope', {}), 404);
    expectError(await s.api.request('POST', `${s.space(a)}/move`, { as: null, body: {} }), 401);
    await s.api.request('DELETE', s.space(b), { as: s.adminId });
    expectError(await move(s, b, {}), 404);
    expect(ids(await s.list())).toEqual([a]);
  });
});

describe('POST /v1/spaces/{spaceId}/transfer', () => {
  /** Acme's admin is an admin of another organization too; `shared` is a member of both. */
  async function twoOrgs() {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    await addMember(s.engine, other.orgId, 'admin@acme.test', 'admin');
    const shared = await addMember(s.engine, s.orgId, 'shared@acme.test', 'read');
    await addMember(s.engine, other.orgId, 'shared@acme.test', 'read');
    const transfer = async (id: string, organization: unknown, as = s.adminId) =>
      await s.api.request('POST', `${s.space(id)}/transfer`, { as, body: { organization } });
    return { ...s, other, shared, transfer };
  }

  it('moves the space keeping its id, settings, member permissions and matching custom field values', async () => {
    const s = await twoOrgs();
    const docs = await s.createCollection('Docs');
    const id = await s.createSpace({ title: 'Moving', emoji: '🚚', editMode: 'locked', parent: docs });
    await s.patch(id, { defaultLevel: 'read' });
    const team = (await s.engine.teams.create(s.admin, s.orgId, { title: 'Writers', members: [s.reader] })).id;
    await s.grant(id, 'edit', [s.shared, s.reader, s.adminId]);
    await s.grant(id, 'comment', [], [team]);
    const theirAdmin = { userId: s.other.adminId };
    await s.engine.customFields.create(s.admin, s.orgId, { name: 'owner', type: 'text' });
    await s.engine.customFields.create(s.admin, s.orgId, { name: 'score', type: 'number' });
    await s.engine.customFields.create(s.admin, s.orgId, { name: 'local', type: 'boolean' });
    await s.engine.customFields.create(theirAdmin, s.other.orgId, { name: 'owner', type: 'text' });
    await s.engine.customFields.create(theirAdmin, s.other.orgId, { name: 'score', type: 'text' });
    await s.engine.customFields.setValues(s.admin, id, { owner: { value: 'ops' }, score: { value: 3 }, local: { value: true } });
    const before = (await s.get(id)).body;
    // another space already at the target's root, to see where the transferred one lands
    const existing = (await s.engine.spaces.create(theirAdmin, s.other.orgId, { title: 'Theirs' })).id;
    s.clock.advance(60_000);

    const res = await s.transfer(id, s.other.orgId);
    expectOk(res, 'transferSpace');
    expect(res.body).toMatchObject({
      id, organization: s.other.orgId, title: 'Moving', emoji: '🚚', editMode: 'locked', defaultLevel: 'read',
      revision: before.revision, createdAt: before.createdAt, visibility: 'private', updatedAt: '2026-03-01T10:01:00.000Z',
    });
    expect(res.body).not.toHaveProperty('parent');
    expect(res.body.urls.published).toBe(`${PUBLIC_URL}/o/${s.other.orgId}/s/${id}`);
    expect(await s.row(id)).toMatchObject({ organization_id: s.other.orgId, parent_id: null });

    // gone from the source, present in the target after its existing spaces
    expect(ids(await s.list())).toEqual([]);
    expect(ids(await s.inCollection(docs))).toEqual([]);
    expect(ids(await s.api.request('GET', `/v1/orgs/${s.other.orgId}/spaces`, { as: s.other.adminId }))).toEqual([existing, id]);

    // user permissions only for members of the target; team permissions dropped
    expect(await s.permissionsOf(id)).toEqual([
      { principal_type: 'user', principal_id: s.adminId, role: 'edit' },
      { principal_type: 'user', principal_id: s.shared, role: 'edit' },
    ]);
    expect((await s.get(id, s.shared)).body.permissions).toEqual(EDIT);
    expectError(await s.get(id, s.reader), 404);
    const teamRes = await s.api.request('GET', `/v1/orgs/${s.orgId}/teams/${team}`, { as: s.adminId });
    expect(teamRes.body.spaces).toBe(0);

    // only the value whose field exists in the target with the same name and type stays
    const values = (await s.engine.customFields.valuesOf(theirAdmin, id)).map((v) => [v.customField.name, v.value]);
    expect(values).toEqual([['owner', 'ops']]);
    const fieldOrgs = await s.engine.core.all<{ organization_id: string }>(
      'SELECT f.organization_id FROM space_field_values v JOIN custom_fields f ON f.id = v.field_id WHERE v.space_id = ?', [id],
    );
    expect(fieldOrgs).toEqual([{ organization_id: s.other.orgId }]);
  });

  it('is a no-op 200 when the target is the current organization', async () => {
    const s = await twoOrgs();
    const id = await s.createSpace({ title: 'Stay' });
    const before = (await s.get(id)).body;
    s.clock.advance(1000);
    const res = await s.transfer(id, s.orgId);
    expectOk(res, 'transferSpace');
    expect(res.body).toEqual(before);
  });

  it('requires admin in both organizations (403) and a target the caller belongs to (404)', async () => {
    const s = await twoOrgs();
    const id = await s.createSpace();
    // admin of the source, only `create` in the target
    const third = await otherOrganization(s.engine, 'boss@third.test');
    await addMember(s.engine, third.orgId, 'admin@acme.test', 'create');
    expectError(await s.transfer(id, third.orgId), 403, /admin role required/);
    // admin of the space (granted) and of the target, but not of the source
    const spaceAdmin = await addMember(s.engine, s.orgId, 'spaceadmin@acme.test', 'create');
    await addMember(s.engine, s.other.orgId, 'spaceadmin@acme.test', 'admin');
    await s.grant(id, 'admin', [spaceAdmin]);
    expectError(await s.transfer(id, s.other.orgId, spaceAdmin), 403, /admin role required/);
    // a read member of the source
    await s.patch(id, { defaultLevel: 'read' });
    expectError(await s.transfer(id, s.other.orgId, s.reader), 403);
    // not a member of the target, or no such organization
    const stranger = await otherOrganization(s.engine, 'boss@stranger.test');
    expectError(await s.transfer(id, stranger.orgId), 404);
    expectError(await s.transfer(id, 'no-such-org'), 404);
    expect((await s.row(id))!.organization_id).toBe(s.orgId);
    expect(await s.permissionsOf(id)).toEqual([{ principal_type: 'user', principal_id: spaceAdmin, role: 'admin' }]);
  });

  it.each([
    ['a missing organization', {}, /^organization: is required$/],
    ['an empty organization', { organization: '' }, /^organization: must not be empty$/],
    ['an unknown field', { organization: 'x', keepTeams: true }, /^keepTeams: is not a known field$/],
  ])('rejects %s with 400', async (_, body, message) => {
    const s = await twoOrgs();
    const id = await s.createSpace();
    expectError(await s.api.request('POST', `${s.space(id)}/transfer`, { as: s.adminId, body }), 400, message);
    expect((await s.row(id))!.organization_id).toBe(s.orgId);
  });

  it('answers 404 for unknown, invisible and deleted spaces, and 401 without a token', async () => {
    const s = await twoOrgs();
    const id = await s.createSpace();
    expectError(await s.transfer('nope', s.other.orgId), 404);
    expectError(await s.transfer(id, s.other.orgId, s.reader), 404);
    expectError(await s.api.request('POST', `${s.space(id)}/transfer`, { as: null, body: { organization: s.other.orgId } }), 401);
    await s.api.request('DELETE', s.space(id), { as: s.adminId });
    expectError(await s.transfer(id, s.other.orgId), 404);
    expect((await s.row(id))!.organization_id).toBe(s.orgId);
  });
});

describe('space permissions computed for the caller', () => {
  it('maps each role to its permissions object, org admins getting admin everywhere', async () => {
    const s = await setup();
    const id = await s.createSpace();
    const expected: [Role, typeof NONE][] = [['read', READ], ['comment', COMMENT], ['edit', EDIT], ['review', REVIEW], ['create', CREATE], ['admin', ADMIN]];
    for (const [role, permissions] of expected) {
      const user = await addMember(s.engine, s.orgId, `${role}-granted@acme.test`, 'read');
      await s.grant(id, role, [user]);
      const res = await s.get(id, user);
      expectOk(res, 'getSpaceById');
      expect(res.body.permissions, role).toEqual(permissions);
      expect((await s.list(user)).body.items[0].permissions, role).toEqual(permissions);
    }
    expect((await s.get(id)).body.permissions).toEqual(ADMIN);
    // an organization role alone gives no access to a private space without a default level
    const orgCreate = await addMember(s.engine, s.orgId, 'org-create@acme.test', 'create');
    expectError(await s.get(id, orgCreate), 404);
  });

  it('shows guests only the spaces granted to them or their teams, never through default levels', async () => {
    const s = await setup();
    const docs = await s.createCollection('Docs');
    await s.setCollectionLevel(docs, 'edit');
    const open = await s.createSpace({ title: 'Open' });
    await s.patch(open, { defaultLevel: 'admin' });
    const inDocs = await s.createSpace({ title: 'In docs', parent: docs });
    const direct = await s.createSpace({ title: 'Direct' });
    const viaTeam = await s.createSpace({ title: 'Team' });
    await s.grant(direct, 'comment', [s.guest]);
    const team = (await s.engine.teams.create(s.admin, s.orgId, { title: 'Guests', members: [s.guest] })).id;
    await s.grant(viaTeam, 'read', [], [team]);
    const res = await s.list(s.guest);
    expectOk(res, 'listSpaces');
    expect(ids(res)).toEqual([direct, viaTeam]);
    expect(res.body.items.map((i: { permissions: unknown }) => i.permissions)).toEqual([COMMENT, READ]);
    expectError(await s.get(open, s.guest), 404);
    expectError(await s.get(inDocs, s.guest), 404);
    expectOk(await s.get(direct, s.guest), 'getSpaceById');
    expect((await s.inCollection(docs, s.guest)).body).toEqual({ count: 0, items: [] });
    // the reader, a member with a role, gets the default levels
    expect(ids(await s.list(s.reader))).toEqual([open, inDocs]);
  });

  it('gives members the highest of the space default level and those of its collection and ancestors', async () => {
    const s = await setup();
    const top = await s.createCollection('Top');
    const mid = await s.createCollection('Mid', top);
    const leaf = await s.createCollection('Leaf', mid);
    const id = await s.createSpace({ parent: leaf });
    expectError(await s.get(id, s.reader), 404);
    await s.setCollectionLevel(top, 'comment');
    expect((await s.get(id, s.reader)).body.permissions).toEqual(COMMENT);
    expect(ids(await s.inCollection(leaf, s.reader))).toEqual([id]);
    await s.setCollectionLevel(mid, 'review');
    expect((await s.get(id, s.reader)).body.permissions).toEqual(REVIEW);
    // the space's own lower level does not lower what the collections give
    await s.patch(id, { defaultLevel: 'read' });
    expect((await s.get(id, s.reader)).body.permissions).toEqual(REVIEW);
    await s.patch(id, { defaultLevel: 'admin' });
    expect((await s.get(id, s.reader)).body.permissions).toEqual(ADMIN);
    await s.patch(id, { defaultLevel: null });
    await s.setCollectionLevel(mid, null);
    await s.setCollectionLevel(top, null);
    await s.setCollectionLevel(leaf, 'edit');
    expect((await s.get(id, s.reader)).body.permissions).toEqual(EDIT);
    await s.setCollectionLevel(leaf, null);
    expectError(await s.get(id, s.reader), 404);
    // a sibling collection's level does not leak
    const sibling = await s.createCollection('Sibling', top);
    await s.setCollectionLevel(sibling, 'admin');
    expectError(await s.get(id, s.reader), 404);
  });

  it('counts team grants and takes the highest of user, team and default levels', async () => {
    const s = await setup();
    const id = await s.createSpace();
    const a = (await s.engine.teams.create(s.admin, s.orgId, { title: 'A', members: [s.reader] })).id;
    const b = (await s.engine.teams.create(s.admin, s.orgId, { title: 'B', members: [s.reader] })).id;
    await s.grant(id, 'comment', [], [a]);
    expect((await s.get(id, s.reader)).body.permissions).toEqual(COMMENT);
    await s.grant(id, 'review', [], [b]);
    expect((await s.get(id, s.reader)).body.permissions).toEqual(REVIEW);
    await s.grant(id, 'read', [s.reader]);
    expect((await s.get(id, s.reader)).body.permissions).toEqual(REVIEW);
    await s.patch(id, { defaultLevel: 'admin' });
    expect((await s.get(id, s.reader)).body.permissions).toEqual(ADMIN);
    // leaving the teams keeps only what is granted directly
    await s.patch(id, { defaultLevel: null });
    await s.engine.teams.removeMember(s.admin, s.orgId, a, s.reader);
    await s.engine.teams.removeMember(s.admin, s.orgId, b, s.reader);
    expect((await s.get(id, s.reader)).body.permissions).toEqual(READ);
  });
});

describe('member and team space counts, and GET /v1/orgs/{organizationId}/members/{userId}/spaces', () => {
  const memberSpaces = async (s: Setup, userId: string, query = '', as = s.adminId) =>
    await s.api.request('GET', `/v1/orgs/${s.orgId}/members/${userId}/spaces${query}`, { as });
  const pairs = (res: CallResult) => res.body.items.map((i: { permission: string; space: { id: string } }) => [i.space.id, i.permission]);

  async function withSpaces() {
    const s = await setup();
    const docs = await s.createCollection('Docs');
    await s.setCollectionLevel(docs, 'comment');
    const a = await s.createSpace({ title: 'A' });
    const b = await s.createSpace({ title: 'B' });
    const c = await s.createSpace({ title: 'C' });
    const d = await s.createSpace({ title: 'D', parent: docs });
    await s.patch(a, { defaultLevel: 'read' });
    const team = (await s.engine.teams.create(s.admin, s.orgId, { title: 'Writers', members: [s.reader, s.guest] })).id;
    await s.grant(b, 'edit', [], [team]);
    await s.grant(c, 'admin', [s.guest]);
    return { ...s, docs, a, b, c, d, team };
  }

  it("lists the member's spaces with the member's role on each", async () => {
    const s = await withSpaces();
    const res = await memberSpaces(s, s.reader, '?order=asc');
    expectOk(res, 'listSpacesForMemberInOrganization');
    expect(res.body.count).toBe(3);
    // positions: a 1, b 2, c 3 at the root (docs is 0); d is 0 in docs
    expect(pairs(res)).toEqual([[s.d, 'comment'], [s.a, 'read'], [s.b, 'edit']]);
    expect(res.body.items[1].space).toMatchObject({ object: 'space', id: s.a, title: 'A' });
    expect(pairs(await memberSpaces(s, s.guest, '?order=asc'))).toEqual([[s.b, 'edit'], [s.c, 'admin']]);
    expect(pairs(await memberSpaces(s, s.adminId, '?order=asc'))).toEqual([[s.d, 'admin'], [s.a, 'admin'], [s.b, 'admin'], [s.c, 'admin']]);
    // the space objects carry the caller's permissions, not the member's
    expect((await memberSpaces(s, s.guest, '?order=asc')).body.items[1].space.permissions).toEqual(ADMIN);
    expect((await memberSpaces(s, s.adminId, '?order=asc', s.reader)).body.items[1].space.permissions).toEqual(READ);
  });

  it('orders by asc or desc, desc by default as api.md says, and pages', async () => {
    const s = await withSpaces();
    const asc = pairs(await memberSpaces(s, s.adminId, '?order=asc'));
    const desc = await memberSpaces(s, s.adminId, '?order=desc');
    expectOk(desc, 'listSpacesForMemberInOrganization');
    expect(pairs(desc)).toEqual([...asc].reverse());
    expect(pairs(await memberSpaces(s, s.adminId))).toEqual(pairs(desc));
    for (const order of ['asc', 'desc']) {
      const seen: string[][] = [];
      let query = `?order=${order}&limit=3`;
      for (;;) {
        const res = await memberSpaces(s, s.adminId, query);
        expectOk(res, 'listSpacesForMemberInOrganization');
        expect(res.body.count).toBe(4);
        seen.push(...pairs(res));
        if (!res.body.next) break;
        query = `?order=${order}&limit=3&page=${encodeURIComponent(res.body.next.page)}`;
      }
      expect(seen).toEqual(order === 'asc' ? asc : [...asc].reverse());
    }
    // a cursor of one order is not valid for the other
    const next = (await memberSpaces(s, s.adminId, '?order=asc&limit=1')).body.next.page;
    expectError(await memberSpaces(s, s.adminId, `?order=desc&limit=1&page=${encodeURIComponent(next)}`), 400, /page: is not a valid page cursor/);
  });

  it('leaves out deleted spaces and spaces the caller cannot see', async () => {
    const s = await withSpaces();
    await s.api.request('DELETE', s.space(s.b), { as: s.adminId });
    expect(pairs(await memberSpaces(s, s.guest, '?order=asc'))).toEqual([[s.c, 'admin']]);
    // the reader may list members, but c is private to the guest: not revealed to the reader
    const res = await memberSpaces(s, s.guest, '?order=asc', s.reader);
    expectOk(res, 'listSpacesForMemberInOrganization');
    expect(res.body).toEqual({ count: 0, items: [] });
    // the admin's spaces as the reader sees them: only those the reader can access
    const admins = await memberSpaces(s, s.adminId, '?order=asc', s.reader);
    expect(admins.body.count).toBe(2);
    expect(pairs(admins)).toEqual([[s.d, 'admin'], [s.a, 'admin']]);
  });

  it('answers 404 for a member of another organization and 401 without a token', async () => {
    const s = await withSpaces();
    const other = await otherOrganization(s.engine);
    expectError(await memberSpaces(s, other.adminId), 404);
    expectError(await s.api.request('GET', `/v1/orgs/${s.orgId}/members/${s.reader}/spaces`, { as: null }), 401);
  });

  it('counts accessible live spaces on members and granted live spaces on teams', async () => {
    const s = await withSpaces();
    const member = async (userId: string) => {
      const res = await s.api.request('GET', `/v1/orgs/${s.orgId}/members/${userId}`, { as: s.adminId });
      expectOk(res, 'getMemberInOrganizationById');
      return res.body.spaces as number;
    };
    const team = async () => {
      const res = await s.api.request('GET', `/v1/orgs/${s.orgId}/teams/${s.team}`, { as: s.adminId });
      expectOk(res, 'getTeamInOrganizationById');
      return res.body.spaces as number;
    };
    expect(await member(s.adminId)).toBe(4);
    expect(await member(s.reader)).toBe(3);
    expect(await member(s.guest)).toBe(2);
    expect(await member(s.creator)).toBe(2);
    expect(await team()).toBe(1);
    const listed = await s.api.request('GET', `/v1/orgs/${s.orgId}/members`, { as: s.adminId });
    const counts = Object.fromEntries(listed.body.items.map((m: { id: string; spaces: number }) => [m.id, m.spaces]));
    expect(counts).toEqual({ [s.adminId]: 4, [s.reader]: 3, [s.guest]: 2, [s.creator]: 2 });
    // deleting b lowers the team's and its members' counts; restoring brings them back
    await s.api.request('DELETE', s.space(s.b), { as: s.adminId });
    expect([await member(s.adminId), await member(s.reader), await member(s.guest), await team()]).toEqual([3, 2, 1, 0]);
    await s.api.request('POST', `${s.space(s.b)}/restore`, { as: s.adminId });
    expect([await member(s.adminId), await member(s.reader), await member(s.guest), await team()]).toEqual([4, 3, 2, 1]);
    // a second team grant counts for the team
    await s.grant(s.c, 'read', [], [s.team]);
    expect([await member(s.reader), await team()]).toEqual([4, 2]);
  });
});
