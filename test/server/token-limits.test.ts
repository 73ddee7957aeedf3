import { describe, expect, it } from 'vitest';
import { standardUsers, testEngine } from '../helpers/engine';
import { expectError, testApp } from '../helpers/app';

describe('tokens that expire and tokens with a scope', () => {
  async function setup() {
    const t = await testEngine();
    const api = testApp(t.engine);
    const call = async (token: string, method: string, url: string, body?: unknown) => await api.request(method, url, { token, body });
    const mint = async (scope?: 'read' | 'write' | 'admin', expiresAt?: string, user = t.adminId) =>
      (await t.engine.tokens.create({ user, name: scope ?? 'default', ...(scope ? { scope } : {}), ...(expiresAt ? { expiresAt } : {}) })).token;
    return { t, call, mint };
  }

  it('an expired token gets 401 saying it expired; until then it works', async () => {
    const { t, call, mint } = await setup();
    const token = await mint(undefined, '2026-03-01T11:00:00.000Z');
    expect((await call(token, 'GET', '/v1/orgs')).status).toBe(200);
    t.clock.advance(60 * 60 * 1000);
    expectError(await call(token, 'GET', '/v1/orgs'), 401, /^the token expired at 2026-03-01T11:00:00\.000Z: create a new one/);
    expectError(await call('dct_nonsense', 'GET', '/v1/orgs'), 401, /the token is unknown or revoked/);
  });

  it('read: reads only; write: writes but not organization administration; admin: all its user may', async () => {
    const { t, call, mint } = await setup();
    const [read, write, admin] = [await mint('read'), await mint('write'), await mint('admin')];
    const org = `/v1/orgs/${t.orgId}`;
    for (const token of [read, write, admin]) expect((await call(token, 'GET', `${org}/members`)).status).toBe(200);
    expectError(await call(read, 'POST', `${org}/spaces`, { title: 'No' }), 403, /this token's scope is read: it may only read \(GET\)/);
    expect((await call(write, 'POST', `${org}/spaces`, { title: 'Yes' })).status).toBe(201);
    expectError(await call(write, 'PATCH', org, { title: 'Renamed' }), 403, /this token's scope is write: changing organizations is organization administration, which needs a token of scope admin/);
    expectError(await call(write, 'PUT', `${org}/teams`, { title: 'Team' }), 403, /changing teams is organization administration/);
    expect((await call(admin, 'PATCH', org, { title: 'Renamed' })).status).toBe(200);
  });

  it('never lets a token do more than its user', async () => {
    const { t, call, mint } = await setup();
    const { reader } = await standardUsers(t);
    const token = await mint('admin', undefined, reader);
    expect((await call(token, 'PATCH', `/v1/orgs/${t.orgId}`, { title: 'Mine now' })).status).toBe(403);
  });

  it('refuses an expiry in the past and an unknown scope', async () => {
    const { t } = await setup();
    await expect(t.engine.tokens.create({ user: t.adminId, expiresAt: '2026-03-01T09:00:00.000Z' })).rejects.toThrow(/expiresAt: must be a time in the future/);
    await expect(t.engine.tokens.create({ user: t.adminId, scope: 'root' as never })).rejects.toThrow(/scope: must be one of read, write, admin/);
  });
});
