import { describe, expect, it } from 'vitest';
import { otherOrganization, PUBLIC_URL } from '../helpers/engine';
import { expectOk, expectError, type CallResult } from '../helpers/app';
import { contentSetup } from '../helpers/content';
import { mapInOrder } from '../../src/engine/in-order';

const numbers = (res: CallResult): number[] => res.body.items.map((c: { number: number }) => c.number);

describe('POST /v1/spaces/{spaceId}/change-requests (create)', () => {
  it('opens a change request from the current revision of the space, with its own revision', async () => {
    const s = await contentSetup();
    const spaceRevision = await s.spaceRevision();
    s.clock.advance(60_000);
    const res = await s.api.request('POST', s.crs(), { as: s.editor, body: { subject: 'Fix typos' } });
    expectOk(res, 'createChangeRequest');
    const id = res.body.id;
    expect(res.body).toEqual({
      object: 'change-request',
      id,
      number: 1,
      status: 'open',
      subject: 'Fix typos',
      space: s.spaceId,
      createdBy: expect.objectContaining({ object: 'user', id: s.editor, email: 'editor@acme.test', displayName: 'Editor' }),
      createdAt: '2026-03-01T10:01:00.000Z',
      updatedAt: '2026-03-01T10:01:00.000Z',
      revision: expect.any(String),
      revisionInitial: spaceRevision,
      comments: 0,
      outdated: false,
      urls: { app: expect.any(String), location: `${PUBLIC_URL}/v1/spaces/${s.spaceId}/change-requests/${id}` },
    });
    expect(res.body.revision).not.toBe(spaceRevision);
    expect(res.body.revisionMerged).toBeUndefined();
    // The space itself did not move.
    expect(await s.spaceRevision()).toBe(spaceRevision);
  });

  it('starts with the content of the space', async () => {
    const s = await contentSetup();
    const [intro] = await s.seed(['# Intro\n\nHello']);
    const cr = await s.createCr();
    expect(await s.titles(cr.id)).toEqual(['Intro']);
    expect(await s.markdownOf(intro, cr.id)).toBe('# Intro\n\nHello');
  });

  it('defaults the subject to empty, and rejects a subject over 100 characters or an unknown field', async () => {
    const s = await contentSetup();
    expect((await s.createCr()).subject).toBe('');
    expectOk(await s.api.request('POST', s.crs(), { as: s.adminId, body: { subject: 's'.repeat(100) } }), 'createChangeRequest');
    expectError(await s.api.request('POST', s.crs(), { as: s.adminId, body: { subject: 's'.repeat(101) } }), 400, /^subject: must be at most 100 characters$/);
    expectError(await s.api.request('POST', s.crs(), { as: s.adminId, body: { title: 'x' } }), 400, /title: is not a known field/);
  });

  it('numbers change requests incrementally within each space', async () => {
    const s = await contentSetup();
    const other = await s.createSpace('Other');
    expect([(await s.createCr()).number, (await s.createCr()).number, (await s.createCr()).number]).toEqual([1, 2, 3]);
    expect((await s.createCr({}, s.adminId, other)).number).toBe(1);
    expect((await s.createCr()).number).toBe(4);
    expect((await s.createCr({}, s.adminId, other)).number).toBe(2);
  });

  it('is refused on a locked space (423)', async () => {
    const s = await contentSetup();
    expectOk(await s.api.request('PATCH', `/v1/spaces/${s.spaceId}`, { as: s.adminId, body: { editMode: 'locked' } }), 'updateSpaceById');
    expectError(await s.api.request('POST', s.crs(), { as: s.adminId, body: {} }), 423, /locked/);
    expect(await s.count('SELECT COUNT(*) AS n FROM change_requests')).toBe(0);
  });
});

describe('GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}', () => {
  it('finds a change request by id and by its number in the space', async () => {
    const s = await contentSetup();
    const first = await s.createCr({ subject: 'first' });
    const second = await s.createCr({ subject: 'second' });
    expect(await s.getCr(second.id)).toEqual(second);
    expect(await s.getCr(2)).toEqual(second);
    expect((await s.getCr(1)).id).toBe(first.id);
    expect((await s.getCr(1, s.reader)).subject).toBe('first');
  });

  it('answers 404 for an unknown id or number, and for a change request of another space', async () => {
    const s = await contentSetup();
    const other = await s.createSpace('Other');
    const cr = await s.createCr();
    expectError(await s.api.request('GET', s.crUrl('nope'), { as: s.adminId }), 404, /change request nope not found/);
    expectError(await s.api.request('GET', s.crUrl(2), { as: s.adminId }), 404, /change request 2 not found/);
    expectError(await s.api.request('GET', s.crUrl(cr.id, other), { as: s.adminId }), 404, /not found/);
    expectError(await s.api.request('GET', s.crUrl(1, other), { as: s.adminId }), 404, /not found/);
  });
});

describe('GET /v1/spaces/{spaceId}/change-requests (list)', () => {
  async function withEveryStatus() {
    const s = await contentSetup();
    const crs = await mapInOrder([1, 2, 3, 4, 5], async (n) => await s.createCr({ subject: `cr ${n}` }));
    expectOk(await s.patchCr(crs[1].id, { status: 'draft' }), 'updateChangeRequest');
    expectOk(await s.patchCr(crs[2].id, { status: 'archived' }), 'updateChangeRequest');
    expectOk(await s.merge(crs[3].id), 'mergeChangeRequest');
    return { s, crs };
  }

  it('lists open change requests by default, newest number first', async () => {
    const { s } = await withEveryStatus();
    const res = await s.api.request('GET', s.crs(), { as: s.reader });
    expectOk(res, 'listChangeRequests');
    expect(numbers(res)).toEqual([5, 1]);
    expect(res.body.items.every((c: { status: string }) => c.status === 'open')).toBe(true);
    expect(res.body.next).toBeUndefined();
  });

  it('filters on each other status', async () => {
    const { s } = await withEveryStatus();
    const by = async (status: string) => {
      const res = await s.api.request('GET', `${s.crs()}?status=${status}`, { as: s.adminId });
      expectOk(res, 'listChangeRequests');
      expect(res.body.items.every((c: { status: string }) => c.status === status)).toBe(true);
      return numbers(res);
    };
    expect(await by('open')).toEqual([5, 1]);
    expect(await by('draft')).toEqual([2]);
    expect(await by('archived')).toEqual([3]);
    expect(await by('merged')).toEqual([4]);
    expectError(await s.api.request('GET', `${s.crs()}?status=closed`, { as: s.adminId }), 400, /^status: must be one of/);
  });

  it('only lists the change requests of that space', async () => {
    const s = await contentSetup();
    const other = await s.createSpace('Other');
    await s.createCr();
    await s.createCr({}, s.adminId, other);
    const res = await s.api.request('GET', s.crs(other), { as: s.adminId });
    expectOk(res, 'listChangeRequests');
    expect(res.body.items.map((c: { id: string }) => c.id)).toEqual([(await s.getCr(1, s.adminId, other)).id]);
  });

  it('filters on a contributor: the author or anyone who wrote to it', async () => {
    const s = await contentSetup();
    const byEditor = await s.createCr({ subject: 'by editor' }, s.editor);
    const writtenByEditor = await s.createCr({ subject: 'by admin, written by editor' });
    await s.writeOk(writtenByEditor.id, [{ operation: 'insert_page', document: { markdown: '# New' } }], s.editor);
    await s.createCr({ subject: 'admin only' });
    const list = async (user: string) => {
      const res = await s.api.request('GET', `${s.crs()}?contributor=${user}`, { as: s.adminId });
      expectOk(res, 'listChangeRequests');
      return numbers(res);
    };
    expect(byEditor.number).toBe(1);
    expect(await list(s.editor)).toEqual([2, 1]);
    expect(await list(s.adminId)).toEqual([3, 2]);
    expect(await list(s.reviewer)).toEqual([]);
  });

  it('pages with limit and the next cursor', async () => {
    const s = await contentSetup();
    for (let i = 0; i < 5; i++) await s.createCr();
    const seen: number[] = [];
    let query = '?limit=2';
    for (let round = 0; round < 5; round++) {
      const res = await s.api.request('GET', `${s.crs()}${query}`, { as: s.adminId });
      expectOk(res, 'listChangeRequests');
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...numbers(res));
      if (!res.body.next) break;
      query = `?limit=2&page=${encodeURIComponent(res.body.next.page)}`;
    }
    expect(seen).toEqual([5, 4, 3, 2, 1]);
    expectError(await s.api.request('GET', `${s.crs()}?limit=1001`, { as: s.adminId }), 400, /^limit: /);
  });
});

describe('PATCH /v1/spaces/{spaceId}/change-requests/{changeRequestId}', () => {
  it('changes the subject (up to 100 characters) and the status, by id or number', async () => {
    const s = await contentSetup();
    const cr = await s.createCr({ subject: 'before' });
    s.clock.advance(1000);
    let res = await s.patchCr(cr.id, { subject: 'a'.repeat(100) }, s.editor);
    expectOk(res, 'updateChangeRequest');
    expect(res.body.subject).toBe('a'.repeat(100));
    expect(res.body.updatedAt).toBe('2026-03-01T10:00:01.000Z');
    expect(res.body.createdAt).toBe('2026-03-01T10:00:00.000Z');
    res = await s.patchCr('1', { status: 'draft' });
    expectOk(res, 'updateChangeRequest');
    expect(res.body.status).toBe('draft');
    expect(res.body.subject).toBe('a'.repeat(100));
    res = await s.patchCr(cr.id, { status: 'archived', subject: 'gone' });
    expectOk(res, 'updateChangeRequest');
    expect(await s.getCr(cr.id)).toMatchObject({ status: 'archived', subject: 'gone' });
    res = await s.patchCr(cr.id, { status: 'open' });
    expectOk(res, 'updateChangeRequest');
    expect((await s.getCr(1)).status).toBe('open');
  });

  it('rejects a subject of 101 characters, the merged status, unknown statuses and fields (400), changing nothing', async () => {
    const s = await contentSetup();
    const cr = await s.createCr({ subject: 'keep' });
    expectError(await s.patchCr(cr.id, { subject: 'a'.repeat(101) }), 400, /^subject: must be at most 100 characters$/);
    expectError(await s.patchCr(cr.id, { status: 'merged' }), 400, /^status: must be one of: "draft", "open", "archived"$/);
    expectError(await s.patchCr(cr.id, { status: 'closed' }), 400, /^status: must be one of/);
    expectError(await s.patchCr(cr.id, { number: 7 }), 400, /number: is not a known field/);
    expect(await s.getCr(cr.id)).toMatchObject({ subject: 'keep', status: 'open', number: 1 });
  });

  it('refuses to change the status of a merged change request (409)', async () => {
    const s = await contentSetup();
    const cr = await s.createCr();
    expectOk(await s.merge(cr.id), 'mergeChangeRequest');
    for (const status of ['open', 'draft', 'archived']) {
      expectError(await s.patchCr(cr.id, { status }), 409, /merged/);
    }
    expect((await s.getCr(cr.id)).status).toBe('merged');
  });
});

describe('POST .../merge and .../update (routes)', () => {
  it('merges: the answer names the new revision, which the space and the change request then show', async () => {
    const s = await contentSetup();
    const cr = await s.createCr();
    await s.writeOk(cr.id, [{ operation: 'insert_page', document: { markdown: '# Hello' } }]);
    const before = await s.spaceRevision();
    const res = await s.merge(cr.id, s.reviewer);
    expectOk(res, 'mergeChangeRequest');
    expect(res.body).toEqual({ revision: expect.any(String), result: 'merge' });
    expect(res.body.revision).not.toBe(before);
    expect(await s.spaceRevision()).toBe(res.body.revision);
    expect(await s.getCr(cr.id)).toMatchObject({ status: 'merged', revisionMerged: res.body.revision, outdated: false });
    expect(await s.titles()).toEqual(['Hello']);
  });

  it('updates: an up-to-date change request keeps its revision', async () => {
    const s = await contentSetup();
    const cr = await s.createCr();
    const res = await s.update(cr.id, s.editor);
    expectOk(res, 'updateChangeRequestFromMain');
    expect(res.body).toEqual({ revision: cr.revision, result: 'update' });
    expect(await s.getCr(cr.id)).toMatchObject({ revision: cr.revision, outdated: false, status: 'open' });
  });
});

describe('space counters of change requests', () => {
  it('counts all change requests, the open ones and the drafts', async () => {
    const s = await contentSetup();
    expect(await s.spaceOf()).toMatchObject({ changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 });
    const crs = await mapInOrder([1, 2, 3, 4, 5], async () => await s.createCr());
    expect(await s.spaceOf()).toMatchObject({ changeRequests: 5, changeRequestsOpen: 5, changeRequestsDraft: 0 });
    expectOk(await s.patchCr(crs[0].id, { status: 'draft' }), 'updateChangeRequest');
    expectOk(await s.patchCr(crs[1].id, { status: 'draft' }), 'updateChangeRequest');
    expectOk(await s.patchCr(crs[2].id, { status: 'archived' }), 'updateChangeRequest');
    expectOk(await s.merge(crs[3].id), 'mergeChangeRequest');
    expect(await s.spaceOf()).toMatchObject({ changeRequests: 5, changeRequestsOpen: 1, changeRequestsDraft: 2 });
    // Another space's change requests do not count.
    const other = await s.createSpace('Other');
    await s.createCr({}, s.adminId, other);
    expect(await s.spaceOf()).toMatchObject({ changeRequests: 5, changeRequestsOpen: 1, changeRequestsDraft: 2 });
    expect(await s.spaceOf(other)).toMatchObject({ changeRequests: 1, changeRequestsOpen: 1, changeRequestsDraft: 0 });
  });
});

describe('access to change requests', () => {
  it('answers 401 on every route without a token', async () => {
    const s = await contentSetup();
    const cr = await s.createCr();
    const calls: [string, string, unknown?][] = [
      ['GET', s.crs()],
      ['POST', s.crs(), {}],
      ['GET', s.crUrl(cr.id)],
      ['PATCH', s.crUrl(cr.id), { subject: 'x' }],
      ['POST', `${s.crUrl(cr.id)}/merge`],
      ['POST', `${s.crUrl(cr.id)}/update`],
      ['POST', `${s.crUrl(cr.id)}/content`, { changes: [{ operation: 'delete_page', page: 'p' }] }],
    ];
    for (const [method, url, body] of calls) expectError(await s.api.request(method, url, { as: null, body }), 401);
    expect(await s.getCr(cr.id)).toMatchObject({ status: 'open', subject: '', revision: cr.revision });
  });

  it('lets a read member see change requests but not create, change, write or update them (403)', async () => {
    const s = await contentSetup();
    const cr = await s.createCr();
    expectOk(await s.api.request('GET', s.crs(), { as: s.reader }), 'listChangeRequests');
    expectOk(await s.api.request('GET', s.crUrl(cr.id), { as: s.reader }), 'getChangeRequest');
    expectError(await s.api.request('POST', s.crs(), { as: s.reader, body: {} }), 403, /edit role on the space required/);
    expectError(await s.patchCr(cr.id, { subject: 'x' }, s.reader), 403, /edit role/);
    expectError(await s.write(cr.id, [{ operation: 'insert_page', document: { markdown: '# X' } }], s.reader), 403, /edit role/);
    expectError(await s.update(cr.id, s.reader), 403, /edit role/);
    expectError(await s.merge(cr.id, s.reader), 403, /review role/);
    expect(await s.count('SELECT COUNT(*) AS n FROM change_requests')).toBe(1);
    expect(await s.getCr(cr.id)).toMatchObject({ subject: '', revision: cr.revision, status: 'open' });
  });

  it('lets an edit member create and write but not merge (403); a review member merges', async () => {
    const s = await contentSetup();
    const cr = await s.createCr({}, s.editor);
    await s.writeOk(cr.id, [{ operation: 'insert_page', document: { markdown: '# Page' } }], s.editor);
    const before = await s.spaceRevision();
    expectError(await s.merge(cr.id, s.editor), 403, /review role on the space required/);
    expect(await s.spaceRevision()).toBe(before);
    expect((await s.getCr(cr.id)).status).toBe('open');
    expectOk(await s.merge(cr.id, s.reviewer), 'mergeChangeRequest');
    expect((await s.getCr(cr.id)).status).toBe('merged');
  });

  it('answers 404 to a member without access, and for another organization’s space', async () => {
    const s = await contentSetup();
    const cr = await s.createCr();
    expectError(await s.api.request('GET', s.crs(), { as: s.stranger }), 404, /space .* not found/);
    expectError(await s.api.request('GET', s.crUrl(cr.id), { as: s.stranger }), 404, /not found/);
    expectError(await s.api.request('POST', s.crs(), { as: s.stranger, body: {} }), 404, /not found/);
    const other = await otherOrganization(s.engine);
    for (const [method, url] of [['GET', s.crs()], ['POST', s.crs()], ['GET', s.crUrl(cr.id)], ['POST', `${s.crUrl(cr.id)}/merge`]]) {
      expectError(await s.api.request(method, url, { as: other.adminId, body: method === 'POST' && url === s.crs() ? {} : undefined }), 404, /space .* not found/);
    }
    expectError(await s.api.request('GET', `/v1/spaces/nope/change-requests`, { as: s.adminId }), 404, /space nope not found/);
    expect((await s.getCr(cr.id)).status).toBe('open');
  });

  it('answers 404 for an unknown change request on every route', async () => {
    const s = await contentSetup();
    expectError(await s.patchCr('42', { subject: 'x' }), 404, /change request 42 not found/);
    expectError(await s.merge('42'), 404, /change request 42 not found/);
    expectError(await s.update('nope'), 404, /change request nope not found/);
    expectError(await s.write('nope', [{ operation: 'insert_page', document: { markdown: '# X' } }]), 404, /change request nope not found/);
  });
});
