import { describe, expect, it } from 'vitest';
import { testEngine, addMember, addUser, otherOrganization } from '../helpers/engine';
import { testApp, expectOk, expectError } from '../helpers/app';

function setup() {
  const t = testEngine();
  return { ...t, api: testApp(t.engine) };
}

describe('GET /v1/user', () => {
  it('returns the user the token belongs to', () => {
    const t = setup();
    const res = t.api.request('GET', '/v1/user', { as: t.adminId });
    expectOk(res, 'getAuthenticatedUser');
    expect(res.body).toEqual({
      object: 'user',
      id: t.adminId,
      displayName: 'Admin',
      email: 'admin@acme.test',
      urls: { location: `http://docs.test/v1/users/${t.adminId}` },
    });
    const ada = addMember(t.engine, t.orgId, 'ada@acme.test', 'read', 'Ada');
    const other = t.api.request('GET', '/v1/user', { as: ada });
    expectOk(other, 'getAuthenticatedUser');
    expect(other.body).toMatchObject({ id: ada, displayName: 'Ada', email: 'ada@acme.test' });
  });

  it('works for a user who belongs to no organization', () => {
    const t = setup();
    const loner = addUser(t.engine, 'loner@nowhere.test');
    const res = t.api.request('GET', '/v1/user', { as: loner });
    expectOk(res, 'getAuthenticatedUser');
    expect(res.body.id).toBe(loner);
  });

  it('answers 401 without a token, with an unknown token and with a revoked token', () => {
    const t = setup();
    const revoked = t.engine.tokens.create({ user: t.adminId, name: 'old' });
    t.engine.tokens.revoke(revoked.id);
    expectError(t.api.request('GET', '/v1/user'), 401, /authentication required/);
    expectError(t.api.request('GET', '/v1/user', { token: 'dct_unknown' }), 401, /unknown or revoked/);
    expectError(t.api.request('GET', '/v1/user', { token: revoked.token }), 401, /unknown or revoked/);
  });
});

describe('GET /v1/users/{userId}', () => {
  it('shows the caller themselves', () => {
    const t = setup();
    const loner = addUser(t.engine, 'loner@nowhere.test');
    const res = t.api.request('GET', `/v1/users/${loner}`, { as: loner });
    expectOk(res, 'getUserById');
    expect(res.body).toMatchObject({ object: 'user', id: loner, email: 'loner@nowhere.test' });
  });

  it('shows a user who shares an organization with the caller, whatever their roles', () => {
    const t = setup();
    const ada = addMember(t.engine, t.orgId, 'ada@acme.test', 'read', 'Ada');
    const guest = addMember(t.engine, t.orgId, 'guest@acme.test', null, 'Guest');
    const res = t.api.request('GET', `/v1/users/${ada}`, { as: guest });
    expectOk(res, 'getUserById');
    expect(res.body).toEqual({
      object: 'user', id: ada, displayName: 'Ada', email: 'ada@acme.test', urls: { location: `http://docs.test/v1/users/${ada}` },
    });
    expectOk(t.api.request('GET', `/v1/users/${guest}`, { as: ada }), 'getUserById');
    expectOk(t.api.request('GET', `/v1/users/${t.adminId}`, { as: ada }), 'getUserById');
  });

  it('shows a user met through a second organization', () => {
    const t = setup();
    const other = otherOrganization(t.engine);
    addMember(t.engine, other.orgId, 'admin@acme.test', 'read');
    const res = t.api.request('GET', `/v1/users/${other.adminId}`, { as: t.adminId });
    expectOk(res, 'getUserById');
    expect(res.body.email).toBe('boss@other.test');
  });

  it('answers 404 for a user who shares no organization with the caller, and for an unknown id', () => {
    const t = setup();
    const other = otherOrganization(t.engine);
    const loner = addUser(t.engine, 'loner@nowhere.test');
    expectError(t.api.request('GET', `/v1/users/${other.adminId}`, { as: t.adminId }), 404, /not found/);
    expectError(t.api.request('GET', `/v1/users/${t.adminId}`, { as: other.adminId }), 404, /not found/);
    expectError(t.api.request('GET', `/v1/users/${loner}`, { as: t.adminId }), 404, /not found/);
    expectError(t.api.request('GET', `/v1/users/${t.adminId}`, { as: loner }), 404, /not found/);
    expectError(t.api.request('GET', '/v1/users/no-such-user', { as: t.adminId }), 404, /not found/);
  });

  it('stops showing a user once they leave the only organization shared with the caller', () => {
    const t = setup();
    const ada = addMember(t.engine, t.orgId, 'ada@acme.test', 'read');
    expectOk(t.api.request('GET', `/v1/users/${ada}`, { as: t.adminId }), 'getUserById');
    expectOk(t.api.request('DELETE', `/v1/orgs/${t.orgId}/members/${ada}`, { as: ada }), 'removeMemberFromOrganizationById');
    expectError(t.api.request('GET', `/v1/users/${ada}`, { as: t.adminId }), 404, /not found/);
  });

  it('answers 401 without a token, with an unknown token and with a revoked token', () => {
    const t = setup();
    const revoked = t.engine.tokens.create({ user: t.adminId, name: 'old' });
    t.engine.tokens.revoke(revoked.id);
    const url = `/v1/users/${t.adminId}`;
    expectError(t.api.request('GET', url), 401, /authentication required/);
    expectError(t.api.request('GET', url, { token: 'dct_unknown' }), 401, /unknown or revoked/);
    expectError(t.api.request('GET', url, { token: revoked.token }), 401, /unknown or revoked/);
  });
});
