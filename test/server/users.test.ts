import { describe, expect, it } from 'vitest';
import { testEngine, addMember, addUser, otherOrganization } from '../helpers/engine';
import { testApp, expectOk, expectError } from '../helpers/app';

async function setup() {
  const t = await testEngine();
  return { ...t, api: testApp(t.engine) };
}

describe('GET /v1/user', () => {
  it('returns the user the token belongs to', async () => {
    const t = await setup();
    const res = await t.api.request('GET', '/v1/user', { as: t.adminId });
    expectOk(res, 'getAuthenticatedUser');
    expect(res.body).toEqual({
      object: 'user',
      id: t.adminId,
      displayName: 'Admin',
      email: 'admin@acme.test',
      urls: { location: `http://docs.test/v1/users/${t.adminId}` },
    });
    const ada = await addMember(t.engine, t.orgId, 'ada@acme.test', 'read', 'Ada');
    const other = await t.api.request('GET', '/v1/user', { as: ada });
    expectOk(other, 'getAuthenticatedUser');
    expect(other.body).toMatchObject({ id: ada, displayName: 'Ada', email: 'ada@acme.test' });
  });

  it('works for a user who belongs to no organization', async () => {
    const t = await setup();
    const loner = await addUser(t.engine, 'loner@nowhere.test');
    const res = await t.api.request('GET', '/v1/user', { as: loner });
    expectOk(res, 'getAuthenticatedUser');
    expect(res.body.id).toBe(loner);
  });

  it('answers 401 without a token, with an unknown token and with a revoked token', async () => {
    const t = await setup();
    const revoked = await t.engine.tokens.create({ user: t.adminId, name: 'old' });
    await t.engine.tokens.revoke(revoked.id);
    expectError(await t.api.request('GET', '/v1/user'), 401, /authentication required/);
    expectError(await t.api.request('GET', '/v1/user', { token: 'dct_unknown' }), 401, /unknown or revoked/);
    expectError(await t.api.request('GET', '/v1/user', { token: revoked.token }), 401, /unknown or revoked/);
  });
});

describe('GET /v1/users/{userId}', () => {
  it('shows the caller themselves', async () => {
    const t = await setup();
    const loner = await addUser(t.engine, 'loner@nowhere.test');
    const res = await t.api.request('GET', `/v1/users/${loner}`, { as: loner });
    expectOk(res, 'getUserById');
    expect(res.body).toMatchObject({ object: 'user', id: loner, email: 'loner@nowhere.test' });
  });

  it('shows a user who shares an organization with the caller, whatever their roles', async () => {
    const t = await setup();
    const ada = await addMember(t.engine, t.orgId, 'ada@acme.test', 'read', 'Ada');
    const guest = await addMember(t.engine, t.orgId, 'guest@acme.test', null, 'Guest');
    const res = await t.api.request('GET', `/v1/users/${ada}`, { as: guest });
    expectOk(res, 'getUserById');
    expect(res.body).toEqual({
      object: 'user', id: ada, displayName: 'Ada', email: 'ada@acme.test', urls: { location: `http://docs.test/v1/users/${ada}` },
    });
    expectOk(await t.api.request('GET', `/v1/users/${guest}`, { as: ada }), 'getUserById');
    expectOk(await t.api.request('GET', `/v1/users/${t.adminId}`, { as: ada }), 'getUserById');
  });

  it('shows a user met through a second organization', async () => {
    const t = await setup();
    const other = await otherOrganization(t.engine);
    await addMember(t.engine, other.orgId, 'admin@acme.test', 'read');
    const res = await t.api.request('GET', `/v1/users/${other.adminId}`, { as: t.adminId });
    expectOk(res, 'getUserById');
    expect(res.body.email).toBe('boss@other.test');
  });

  it('answers 404 for a user who shares no organization with the caller, and for an unknown id', async () => {
    const t = await setup();
    const other = await otherOrganization(t.engine);
    const loner = await addUser(t.engine, 'loner@nowhere.test');
    expectError(await t.api.request('GET', `/v1/users/${other.adminId}`, { as: t.adminId }), 404, /not found/);
    expectError(await t.api.request('GET', `/v1/users/${t.adminId}`, { as: other.adminId }), 404, /not found/);
    expectError(await t.api.request('GET', `/v1/users/${loner}`, { as: t.adminId }), 404, /not found/);
    expectError(await t.api.request('GET', `/v1/users/${t.adminId}`, { as: loner }), 404, /not found/);
    expectError(await t.api.request('GET', '/v1/users/no-such-user', { as: t.adminId }), 404, /not found/);
  });

  it('stops showing a user once they leave the only organization shared with the caller', async () => {
    const t = await setup();
    const ada = await addMember(t.engine, t.orgId, 'ada@acme.test', 'read');
    expectOk(await t.api.request('GET', `/v1/users/${ada}`, { as: t.adminId }), 'getUserById');
    expectOk(await t.api.request('DELETE', `/v1/orgs/${t.orgId}/members/${ada}`, { as: ada }), 'removeMemberFromOrganizationById');
    expectError(await t.api.request('GET', `/v1/users/${ada}`, { as: t.adminId }), 404, /not found/);
  });

  it('answers 401 without a token, with an unknown token and with a revoked token', async () => {
    const t = await setup();
    const revoked = await t.engine.tokens.create({ user: t.adminId, name: 'old' });
    await t.engine.tokens.revoke(revoked.id);
    const url = `/v1/users/${t.adminId}`;
    expectError(await t.api.request('GET', url), 401, /authentication required/);
    expectError(await t.api.request('GET', url, { token: 'dct_unknown' }), 401, /unknown or revoked/);
    expectError(await t.api.request('GET', url, { token: revoked.token }), 401, /unknown or revoked/);
  });
});
