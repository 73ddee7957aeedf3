import { describe, expect, it } from 'vitest';
import { standardUsers, testEngine } from '../helpers/engine';
import { expectError, testApp } from '../helpers/app';

describe('tokens that expire and tokens with a scope', () => {
  function setup() {
    const t = testEngine();
    const api = testApp(t.engine);
    const call = (token: string, method: string, url: string, body?: unknown) => api.request(method, url, { token, body });
    const mint = (scope?: 'read' | 'write' | 'admin', expiresAt?: string, user = t.adminId) =>
      t.engine.tokens.create({ user, name: scope ?? 'default', ...(scope ? { scope } : {}), ...(expiresAt ? { expiresAt } : {}) }).token;
    return { t, call, mint };
  }

  it('an expired token gets 401 saying it expired; until then it works', () => {
    const { t, call, mint } = setup();
    const token = mint(undefined, '2026-03-01T11:00:00.000Z');
    expect(call(token, 'GET', '/v1/orgs').status).toBe(200);
    t.clock.advance(60 * 60 * 1000);
    expectError(call(token, 'GET', '/v1/orgs'), 401, /^the token expired at 2026-03-01T11:00:00\.000Z: create a new one/);
    expectError(call('dct_nonsense', 'GET', '/v1/orgs'), 401, /the token is unknown or revoked/);
  });

  it('read: reads only; write: writes but not organization administration; admin: all its user may', () => {
    const { t, call, mint } = setup();
    const [read, write, admin] = [mint('read'), mint('write'), mint('admin')];
    const org = `/v1/orgs/${t.orgId}`;
    for (const token of [read, write, admin]) expect(call(token, 'GET', `${org}/members`).status).toBe(200);
    expectError(call(read, 'POST', `${org}/spaces`, { title: 'No' }), 403, /this token's scope is read: it may only read \(GET\)/);
    expect(call(write, 'POST', `${org}/spaces`, { title: 'Yes' }).status).toBe(201);
    expectError(call(write, 'PATCH', org, { title: 'Renamed' }), 403, /this token's scope is write: changing organizations is organization administration, which needs a token of scope admin/);
    expectError(call(write, 'PUT', `${org}/teams`, { title: 'Team' }), 403, /changing teams is organization administration/);
    expect(call(admin, 'PATCH', org, { title: 'Renamed' }).status).toBe(200);
  });

  it('never lets a token do more than its user', () => {
    const { t, call, mint } = setup();
    const { reader } = standardUsers(t);
    const token = mint('admin', undefined, reader);
    expect(call(token, 'PATCH', `/v1/orgs/${t.orgId}`, { title: 'Mine now' }).status).toBe(403);
  });

  it('refuses an expiry in the past and an unknown scope', () => {
    const { t } = setup();
    expect(() => t.engine.tokens.create({ user: t.adminId, expiresAt: '2026-03-01T09:00:00.000Z' })).toThrow(/expiresAt: must be a time in the future/);
    expect(() => t.engine.tokens.create({ user: t.adminId, scope: 'root' as never })).toThrow(/scope: must be one of read, write, admin/);
  });
});
