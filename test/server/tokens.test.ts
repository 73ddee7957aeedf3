import { describe, expect, it } from 'vitest';
import { testEngine, addMember, otherOrganization } from '../helpers/engine';
import { testApp, expectOk, expectError } from '../helpers/app';

/** docsctl's token routes (issue 30): an organization's admins list, mint and revoke API tokens. */
async function setup() {
  const t = await testEngine();
  const api = testApp(t.engine);
  const reader = await addMember(t.engine, t.orgId, 'reader@acme.test', 'read', 'Reader');
  const creator = await addMember(t.engine, t.orgId, 'creator@acme.test', 'create', 'Creator');
  const url = `/v1/orgs/${t.orgId}/tokens`;
  /** A token made by the operator (the engine), for tests that need a particular one. */
  const mint = async (user: string, options: { scope?: 'read' | 'write' | 'admin'; expiresAt?: string; name?: string } = {}) =>
    await t.engine.tokens.create({ user, name: options.name ?? 'minted', ...options });
  const whoIs = async (token: string) => (await api.request('GET', '/v1/user', { token })).status;
  return { ...t, api, reader, creator, url, mint, whoIs };
}

describe('GET /v1/orgs/{organizationId}/tokens', () => {
  it("lists the tokens of the organization's members, never their values, oldest first, with paging and a user filter", async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const mine = await s.mint(s.adminId, { name: 'ci' });
    const readers = await s.mint(s.reader, { name: 'laptop', scope: 'read', expiresAt: '2026-06-01T00:00:00.000Z' });
    await s.mint(other.adminId, { name: 'elsewhere' });
    // testApp's own token for the admin, made on the first request, is a member's too.
    const res = await s.api.request('GET', s.url, { as: s.adminId });
    expectOk(res, 'listOrganizationTokens');
    expect(res.body.items.map((t: { name: string }) => t.name)).toEqual(['ci', 'laptop', 'test']);
    expect(res.body.items[1]).toEqual({
      object: 'token', id: readers.id, name: 'laptop', user: s.reader, email: 'reader@acme.test', createdAt: '2026-03-01T10:00:00.000Z',
      lastUsedAt: null, revokedAt: null, expiresAt: '2026-06-01T00:00:00.000Z', scope: 'read',
    });
    expect(JSON.stringify(res.body)).not.toContain('dct_');
    const first = await s.api.request('GET', `${s.url}?limit=1`, { as: s.adminId });
    expect(first.body.items.map((t: { id: string }) => t.id)).toEqual([mine.id]);
    const second = await s.api.request('GET', `${s.url}?limit=1&page=${first.body.next.page}`, { as: s.adminId });
    expect(second.body.items.map((t: { id: string }) => t.id)).toEqual([readers.id]);
    for (const user of [s.reader, 'READER@acme.test']) {
      const filtered = await s.api.request('GET', `${s.url}?user=${encodeURIComponent(user)}`, { as: s.adminId });
      expectOk(filtered, 'listOrganizationTokens');
      expect(filtered.body.items.map((t: { id: string }) => t.id)).toEqual([readers.id]);
    }
  });

  it('is for admins: 403 for other members, 404 for another organization; a read-scoped admin token may list', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    expectError(await s.api.request('GET', s.url, { as: s.creator }), 403, /admin role required/);
    expectError(await s.api.request('GET', `/v1/orgs/${other.orgId}/tokens`, { as: s.adminId }), 404);
    const readScope = await s.mint(s.adminId, { scope: 'read' });
    expectOk(await s.api.request('GET', s.url, { token: readScope.token }), 'listOrganizationTokens');
    expectError(await s.api.request('GET', `${s.url}?limit=0`, { as: s.adminId }), 400, /^limit: /);
    expectError(await s.api.request('GET', `${s.url}?colour=red`, { as: s.adminId }), 400, /colour/);
  });
});

describe('POST /v1/orgs/{organizationId}/tokens', () => {
  it('mints a token for the caller, shown once in the answer, that works at once; audited without its value', async () => {
    const s = await setup();
    const res = await s.api.request('POST', s.url, { as: s.adminId, body: { name: 'deploy', scope: 'write', expiresAt: '2026-04-01' } });
    expectOk(res, 'createOrganizationToken');
    expect(res.body).toMatchObject({ object: 'token', name: 'deploy', user: s.adminId, email: 'admin@acme.test', scope: 'write', expiresAt: '2026-04-01T00:00:00.000Z', revokedAt: null });
    expect(res.body.token).toMatch(/^dct_[\w-]{43}$/);
    expect(await s.whoIs(res.body.token)).toBe(200);
    const got = await s.api.request('GET', `${s.url}/${res.body.id}`, { as: s.adminId });
    expectOk(got, 'getOrganizationToken');
    expect(got.body.token).toBeUndefined();
    const audit = await s.api.request('GET', `/v1/orgs/${s.orgId}/audit-log?limit=1`, { as: s.adminId });
    expect(audit.body.items[0]).toMatchObject({ action: 'createOrganizationToken', targets: { organizationId: s.orgId, created: res.body.id } });
    expect(JSON.stringify(audit.body)).not.toContain(res.body.token);
  });

  it('defaults: name docsctl, the calling token\'s scope and expiry', async () => {
    const s = await setup();
    const caller = await s.mint(s.adminId, { expiresAt: '2026-05-01T00:00:00.000Z' });
    const res = await s.api.request('POST', s.url, { token: caller.token, body: {} });
    expectOk(res, 'createOrganizationToken');
    expect(res.body).toMatchObject({ name: 'docsctl', scope: 'admin', expiresAt: '2026-05-01T00:00:00.000Z' });
    const forever = await s.api.request('POST', s.url, { as: s.adminId, body: {} });
    expect(forever.body.expiresAt).toBeNull();
  });

  it('never more than the calling token: no later expiry (400), no wider scope (403)', async () => {
    const s = await setup();
    const caller = await s.mint(s.adminId, { expiresAt: '2026-05-01T00:00:00.000Z' });
    expectError(await s.api.request('POST', s.url, { token: caller.token, body: { expiresAt: '2026-05-02' } }), 400, /^expiresAt: must be at most the expiry of the token making it \(2026-05-01T00:00:00.000Z\)$/);
    expectOk(await s.api.request('POST', s.url, { token: caller.token, body: { expiresAt: '2026-04-02' } }), 'createOrganizationToken');
    // A write- or read-scoped token never reaches the route (organization administration needs admin)…
    for (const scope of ['write', 'read'] as const) {
      const narrow = await s.mint(s.adminId, { scope });
      expectError(await s.api.request('POST', s.url, { token: narrow.token, body: { scope: 'admin' } }), 403, /scope/);
    }
    // …and the engine refuses a wider scope anyway.
    const write = await s.mint(s.adminId, { scope: 'write' });
    await expect(s.engine.tokens.createInOrganization({ userId: s.adminId, tokenId: write.id, scope: 'write' }, s.orgId, { scope: 'admin' })).rejects.toThrow(/^scope: a token of scope write cannot mint one of scope admin$/);
  });

  it('over the API only for the caller; the operator (in-process, no token) mints for any member', async () => {
    const s = await setup();
    expectError(await s.api.request('POST', s.url, { as: s.adminId, body: { user: 'reader@acme.test' } }), 403, /^user: over the API a token is minted only for its caller/);
    expectOk(await s.api.request('POST', s.url, { as: s.adminId, body: { user: 'ADMIN@acme.test' } }), 'createOrganizationToken');
    const local = await s.api.app.handleAsync({ method: 'POST', url: s.url, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user: 'reader@acme.test', scope: 'read' }) }, { actor: { userId: s.adminId } });
    expect(local.status).toBe(201);
    const created = JSON.parse(local.body!.toString());
    expect(created).toMatchObject({ user: s.reader, scope: 'read' });
    expect(await s.whoIs(created.token)).toBe(200);
  });

  it('validates the body: each rule named', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    for (const [body, status, pattern] of [
      [{ name: '' }, 400, /^name: /],
      [{ name: 'x'.repeat(101) }, 400, /^name: /],
      [{ scope: 'root' }, 400, /^scope: /],
      [{ expiresAt: 'soon' }, 400, /^expiresAt: must be an ISO 8601 date or time/],
      [{ expiresAt: '2001-01-01' }, 400, /^expiresAt: must be a time in the future/],
      [{ colour: 'red' }, 400, /^colour: is not a known field$/],
      [{ user: 'nobody@nowhere.test' }, 404, /^user: no member nobody@nowhere.test in this organization$/],
      [{ user: 'boss@other.test' }, 404, /^user: no member boss@other.test in this organization$/],
    ] as const) {
      expectError(await s.api.request('POST', s.url, { as: s.adminId, body }), status, pattern);
    }
    expect(other.orgId).toBeTruthy();
  });

  it('is for admins: 403 for other members, 404 for another organization', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    expectError(await s.api.request('POST', s.url, { as: s.creator, body: {} }), 403, /admin role required/);
    expectError(await s.api.request('POST', `/v1/orgs/${other.orgId}/tokens`, { as: s.adminId, body: {} }), 404);
  });
});

describe('the operator (in-process, without a token) reaches every token of the instance', () => {
  it('lists, gets, mints and revokes tokens of users outside the organization too', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const outsider = await s.mint(other.adminId, { name: 'elsewhere' });
    const local = async (method: string, url: string, body?: unknown) => {
      const res = await s.api.app.handleAsync({ method, url, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }, { actor: { userId: s.adminId } });
      return { status: res.status, body: res.body === undefined ? undefined : JSON.parse(res.body.toString()) };
    };
    expect((await local('GET', s.url)).body.items.map((t: { name: string }) => t.name)).toEqual(['elsewhere']);
    expect((await local('GET', `${s.url}/${outsider.id}`)).status).toBe(200);
    const minted = await local('POST', s.url, { user: 'boss@other.test', name: 'for boss' });
    expect(minted.status).toBe(201);
    expect(minted.body).toMatchObject({ user: other.adminId, name: 'for boss' });
    const revoked = await local('DELETE', `${s.url}/${outsider.id}`);
    expect(revoked.status).toBe(200);
    expect(await s.whoIs(outsider.token)).toBe(401);
    // Over HTTP the same admin sees only the organization's members' tokens.
    const listed = await s.api.request('GET', s.url, { as: s.adminId });
    expect(listed.body.items.map((t: { name: string }) => t.name)).toEqual(['test']);
  });
});

describe('GET and DELETE /v1/orgs/{organizationId}/tokens/{tokenId}', () => {
  it("revokes a member's token: 200 with revokedAt, 401 with it from then on, again changes nothing", async () => {
    const s = await setup();
    const readers = await s.mint(s.reader);
    expect(await s.whoIs(readers.token)).toBe(200);
    const res = await s.api.request('DELETE', `${s.url}/${readers.id}`, { as: s.adminId });
    expectOk(res, 'revokeOrganizationToken');
    expect(res.body).toMatchObject({ object: 'token', id: readers.id, revokedAt: '2026-03-01T10:00:00.000Z' });
    expect(await s.whoIs(readers.token)).toBe(401);
    s.clock.advance(60_000);
    const again = await s.api.request('DELETE', `${s.url}/${readers.id}`, { as: s.adminId });
    expect(again.body.revokedAt).toBe('2026-03-01T10:00:00.000Z');
  });

  it("404 for an unknown token and for a token of someone outside the organization; 403 for non-admins", async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const outsider = await s.mint(other.adminId);
    const readers = await s.mint(s.reader);
    for (const method of ['GET', 'DELETE']) {
      expectError(await s.api.request(method, `${s.url}/nope`, { as: s.adminId }), 404, /^token nope not found in organization /);
      expectError(await s.api.request(method, `${s.url}/${outsider.id}`, { as: s.adminId }), 404);
      expectError(await s.api.request(method, `${s.url}/${readers.id}`, { as: s.creator }), 403, /admin role required/);
    }
    expect(await s.whoIs(outsider.token)).toBe(200);
    expect(await s.whoIs(readers.token)).toBe(200);
  });
});

describe('the token routes in /openapi.json', () => {
  it('are described, from the route table', async () => {
    const s = await setup();
    const res = await s.api.request('GET', '/openapi.json');
    const doc = JSON.parse(typeof res.body === 'string' ? res.body : JSON.stringify(res.body));
    expect(Object.keys(doc.paths['/v1/orgs/{organizationId}/tokens'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/v1/orgs/{organizationId}/tokens/{tokenId}'])).toEqual(expect.arrayContaining(['get', 'delete']));
    expect(doc.paths['/v1/orgs/{organizationId}/tokens'].post.operationId).toBe('createOrganizationToken');
  });
});
