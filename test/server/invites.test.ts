import { describe, expect, it } from 'vitest';
import { testEngine, addUser, otherOrganization, standardUsers } from '../helpers/engine';
import { testApp, expectOk, expectError } from '../helpers/app';
import type { Role } from '../../src/domain/roles';
import { mapInOrder } from '../../src/engine/in-order';

async function setup() {
  const t = await testEngine();
  const api = testApp(t.engine);
  const { reader, creator, guest } = await standardUsers(t);
  const links = `/v1/orgs/${t.orgId}/link-invites`;
  const invites = `/v1/orgs/${t.orgId}/invites`;
  const patchOrg = async (body: Record<string, unknown>) =>
    expectOk(await api.request('PATCH', `/v1/orgs/${t.orgId}`, { as: t.adminId, body }), 'updateOrganizationById');
  const createLink = async (role: Role): Promise<string> => {
    const res = await api.request('POST', links, { as: t.adminId, body: { role } });
    expectOk(res, 'createOrganizationInvite');
    return res.body.id as string;
  };
  const linkCount = async () => (await t.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM invites WHERE organization_id = ?', [t.orgId]))!.n;
  const member = async (userId: string) => await api.request('GET', `/v1/orgs/${t.orgId}/members/${userId}`, { as: t.adminId });
  const memberCount = async () => (await t.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM members WHERE organization_id = ?', [t.orgId]))!.n;
  const userCount = async () => (await t.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM users'))!.n;
  return { ...t, api, creator, reader, guest, links, invites, patchOrg, createLink, linkCount, member, memberCount, userCount };
}

describe('POST /v1/orgs/{organizationId}/link-invites (create)', () => {
  it('creates an invite link that GET and the list return', async () => {
    const s = await setup();
    const res = await s.api.request('POST', s.links, { as: s.adminId, body: { role: 'edit' } });
    expectOk(res, 'createOrganizationInvite');
    const id = res.body.id;
    expect(res.body).toEqual({
      object: 'invite',
      id,
      role: 'edit',
      redundant: false,
      createdAt: '2026-03-01T10:00:00.000Z',
      urls: { location: `http://docs.test/v1/orgs/${s.orgId}/link-invites/${id}`, app: expect.any(String) },
    });
    const got = await s.api.request('GET', `${s.links}/${id}`, { as: s.adminId });
    expectOk(got, 'getOrganizationInviteById');
    expect(got.body).toEqual(res.body);
    const list = await s.api.request('GET', s.links, { as: s.adminId });
    expectOk(list, 'listOrganizationInvites');
    expect(list.body).toEqual({ count: 1, items: [res.body] });
  });

  it('marks an invite redundant when the organization default role grants at least its role', async () => {
    const s = await setup();
    await s.patchOrg({ defaultRole: 'edit' });
    const make = async (role: Role) => {
      const res = await s.api.request('POST', s.links, { as: s.adminId, body: { role } });
      expectOk(res, 'createOrganizationInvite');
      return res.body.redundant;
    };
    expect(await make('read')).toBe(true);
    expect(await make('comment')).toBe(true);
    expect(await make('edit')).toBe(true);
    expect(await make('review')).toBe(false);
    expect(await make('admin')).toBe(false);
  });

  it('is never redundant when the organization has no default role', async () => {
    const s = await setup();
    await s.patchOrg({ defaultRole: null });
    const res = await s.api.request('POST', s.links, { as: s.adminId, body: { role: 'read' } });
    expectOk(res, 'createOrganizationInvite');
    expect(res.body.redundant).toBe(false);
  });

  it('answers 409 when invite links are disabled, and creates nothing', async () => {
    const s = await setup();
    await s.patchOrg({ inviteLinks: false });
    expectError(await s.api.request('POST', s.links, { as: s.adminId, body: { role: 'read' } }), 409, /invite links are disabled/);
    expect(await s.linkCount()).toBe(0);
    await s.patchOrg({ inviteLinks: true });
    expectOk(await s.api.request('POST', s.links, { as: s.adminId, body: { role: 'read' } }), 'createOrganizationInvite');
    expect(await s.linkCount()).toBe(1);
  });

  it('accepts the space and collection shapes, which name no existing space or collection yet (400)', async () => {
    const s = await setup();
    expectError(await s.api.request('POST', s.links, { as: s.adminId, body: { level: 'read', space: 'sp1' } }), 400, /^space: no space sp1 in this organization$/);
    expectError(
      await s.api.request('POST', s.links, { as: s.adminId, body: { level: 'edit', collection: 'col1' } }),
      400,
      /^collection: no collection col1 in this organization$/,
    );
    expect(await s.linkCount()).toBe(0);
  });

  it.each([
    ['an empty body', {}, /^does not match any accepted shape \(role: is required\)$/],
    ['role and space together', { role: 'read', space: 'sp1' }, /^space: is not a known field$/],
    ['level without a target', { level: 'read' }, /^does not match any accepted shape \(space: is required\)$/],
    ['level with both a space and a collection', { level: 'read', space: 'sp1', collection: 'col1' }, /does not match any accepted shape \(collection: is not a known field\)$/],
    ['role with an unknown field', { role: 'read', expires: '2030-01-01' }, /^expires: is not a known field$/],
    ['a null role', { role: null }, /^does not match any accepted shape \(role: must be one of/],
    ['a role that is not a string', { role: 3 }, /^does not match any accepted shape \(role: must be one of/],
  ])('rejects %s with 400', async (_, body, message) => {
    const s = await setup();
    expectError(await s.api.request('POST', s.links, { as: s.adminId, body }), 400, message);
    expect(await s.linkCount()).toBe(0);
  });

  it('rejects an unknown role, naming role', async () => {
    const s = await setup();
    expectError(await s.api.request('POST', s.links, { as: s.adminId, body: { role: 'owner' } }), 400, /role: must be one of: "admin", "create", "review", "edit", "comment", "read"/);
    expectError(await s.api.request('POST', s.links, { as: s.adminId, body: { level: 'boss', space: 'sp1' } }), 400, /level: must be one of/);
    expect(await s.linkCount()).toBe(0);
  });

  it('rejects malformed JSON and a non-object body', async () => {
    const s = await setup();
    expectError(await s.api.request('POST', s.links, { as: s.adminId, rawBody: '{"role":"read"' }), 400, /^body: is not valid JSON/);
    expectError(await s.api.request('POST', s.links, { as: s.adminId, rawBody: '["read"]' }), 400, /^body: must be a JSON object$/);
    expect(await s.linkCount()).toBe(0);
  });

  it('forbids non-admins and hides other organizations', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    expectError(await s.api.request('POST', s.links, { as: s.creator, body: { role: 'read' } }), 403, /admin role required/);
    expectError(await s.api.request('POST', s.links, { as: s.reader, body: { role: 'read' } }), 403);
    expectError(await s.api.request('POST', s.links, { as: s.guest, body: { role: 'read' } }), 403);
    expectError(await s.api.request('POST', `/v1/orgs/${other.orgId}/link-invites`, { as: s.adminId, body: { role: 'read' } }), 404);
    expect((await s.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM invites'))!.n).toBe(0);
  });
});

describe('GET /v1/orgs/{organizationId}/link-invites (list)', () => {
  it('lists invite links in creation order and pages them', async () => {
    const s = await setup();
    const made = await mapInOrder((['read', 'comment', 'edit'] as Role[]), async (role) => {
      s.clock.advance(1000);
      return await s.createLink(role);
    });
    const first = await s.api.request('GET', `${s.links}?limit=2`, { as: s.adminId });
    expectOk(first, 'listOrganizationInvites');
    expect(first.body.count).toBe(3);
    expect(first.body.items.map((i: { id: string }) => i.id)).toEqual(made.slice(0, 2));
    const second = await s.api.request('GET', `${s.links}?limit=2&page=${encodeURIComponent(first.body.next.page)}`, { as: s.adminId });
    expectOk(second, 'listOrganizationInvites');
    expect(second.body.items.map((i: { id: string; role: string }) => [i.id, i.role])).toEqual([[made[2], 'edit']]);
    expect(second.body.next).toBeUndefined();
    expectError(await s.api.request('GET', `${s.links}?limit=1001`, { as: s.adminId }), 400, /^limit: /);
    expectError(await s.api.request('GET', `${s.links}?role=read`, { as: s.adminId }), 400, /^role: is not a known field$/);
  });

  it('forbids non-admins and hides other organizations', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    await s.engine.invites.createLink({ userId: other.adminId }, other.orgId, { role: 'read' });
    expectError(await s.api.request('GET', s.links, { as: s.creator }), 403);
    expectError(await s.api.request('GET', s.links, { as: s.guest }), 403);
    expectError(await s.api.request('GET', `/v1/orgs/${other.orgId}/link-invites`, { as: s.adminId }), 404);
    const ours = await s.api.request('GET', s.links, { as: s.adminId });
    expectOk(ours, 'listOrganizationInvites');
    expect(ours.body.count).toBe(0);
  });
});

describe('GET /v1/orgs/{organizationId}/link-invites/{inviteId}', () => {
  it('answers 404 for unknown invites and invites of another organization, 403 for non-admins', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const theirs = await s.engine.invites.createLink({ userId: other.adminId }, other.orgId, { role: 'read' });
    const ours = await s.createLink('read');
    expectError(await s.api.request('GET', `${s.links}/nope`, { as: s.adminId }), 404, /invite nope not found/);
    expectError(await s.api.request('GET', `${s.links}/${theirs.id}`, { as: s.adminId }), 404);
    expectError(await s.api.request('GET', `/v1/orgs/${other.orgId}/link-invites/${theirs.id}`, { as: s.adminId }), 404);
    expectError(await s.api.request('GET', `${s.links}/${ours}`, { as: s.creator }), 403);
  });

  it('reflects a later change of the organization default role in redundant', async () => {
    const s = await setup();
    const id = await s.createLink('comment');
    expect((await s.api.request('GET', `${s.links}/${id}`, { as: s.adminId })).body.redundant).toBe(false);
    await s.patchOrg({ defaultRole: 'review' });
    const got = await s.api.request('GET', `${s.links}/${id}`, { as: s.adminId });
    expectOk(got, 'getOrganizationInviteById');
    expect(got.body.redundant).toBe(true);
  });
});

describe('PATCH /v1/orgs/{organizationId}/link-invites/{inviteId}', () => {
  it('changes the role and recomputes redundant', async () => {
    const s = await setup();
    await s.patchOrg({ defaultRole: 'comment' });
    const id = await s.createLink('admin');
    const res = await s.api.request('PATCH', `${s.links}/${id}`, { as: s.adminId, body: { role: 'read' } });
    expectOk(res, 'updateOrganizationInviteById');
    expect(res.body).toMatchObject({ id, role: 'read', redundant: true });
    const got = await s.api.request('GET', `${s.links}/${id}`, { as: s.adminId });
    expect(got.body).toEqual(res.body);
  });

  it('rejects an unknown role, a missing role, unknown fields and malformed JSON, changing nothing', async () => {
    const s = await setup();
    const id = await s.createLink('edit');
    const url = `${s.links}/${id}`;
    expectError(await s.api.request('PATCH', url, { as: s.adminId, body: { role: 'owner' } }), 400, /^role: must be one of/);
    expectError(await s.api.request('PATCH', url, { as: s.adminId, body: { role: null } }), 400, /^role: /);
    expectError(await s.api.request('PATCH', url, { as: s.adminId, body: {} }), 400, /^role: /);
    expectError(await s.api.request('PATCH', url, { as: s.adminId, body: { role: 'read', space: 'sp1' } }), 400, /^space: is not a known field$/);
    expectError(await s.api.request('PATCH', url, { as: s.adminId, rawBody: 'role=read' }), 400, /^body: is not valid JSON/);
    expect((await s.api.request('GET', url, { as: s.adminId })).body.role).toBe('edit');
  });

  it('forbids non-admins and answers 404 for unknown invites and other organizations', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const theirs = await s.engine.invites.createLink({ userId: other.adminId }, other.orgId, { role: 'read' });
    const id = await s.createLink('edit');
    expectError(await s.api.request('PATCH', `${s.links}/${id}`, { as: s.creator, body: { role: 'admin' } }), 403);
    expectError(await s.api.request('PATCH', `${s.links}/nope`, { as: s.adminId, body: { role: 'admin' } }), 404);
    expectError(await s.api.request('PATCH', `${s.links}/${theirs.id}`, { as: s.adminId, body: { role: 'admin' } }), 404);
    expectError(await s.api.request('PATCH', `/v1/orgs/${other.orgId}/link-invites/${theirs.id}`, { as: s.adminId, body: { role: 'admin' } }), 404);
    expect((await s.api.request('GET', `${s.links}/${id}`, { as: s.adminId })).body.role).toBe('edit');
    expect((await s.engine.invites.get({ userId: other.adminId }, other.orgId, theirs.id)).role).toBe('read');
  });
});

describe('DELETE /v1/orgs/{organizationId}/link-invites/{inviteId}', () => {
  it('answers 205 without a body, after which the invite is gone', async () => {
    const s = await setup();
    const id = await s.createLink('read');
    const kept = await s.createLink('edit');
    const res = await s.api.request('DELETE', `${s.links}/${id}`, { as: s.adminId });
    expectOk(res, 'deleteOrganizationInviteById');
    expect(res.status).toBe(205);
    expect(res.body).toBeUndefined();
    expectError(await s.api.request('GET', `${s.links}/${id}`, { as: s.adminId }), 404);
    expectError(await s.api.request('DELETE', `${s.links}/${id}`, { as: s.adminId }), 404);
    const list = await s.api.request('GET', s.links, { as: s.adminId });
    expect(list.body.items.map((i: { id: string }) => i.id)).toEqual([kept]);
  });

  it('forbids non-admins and answers 404 for unknown invites and other organizations', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const theirs = await s.engine.invites.createLink({ userId: other.adminId }, other.orgId, { role: 'read' });
    const id = await s.createLink('read');
    expectError(await s.api.request('DELETE', `${s.links}/${id}`, { as: s.creator }), 403);
    expectError(await s.api.request('DELETE', `${s.links}/${id}`, { as: s.guest }), 403);
    expectError(await s.api.request('DELETE', `${s.links}/nope`, { as: s.adminId }), 404);
    expectError(await s.api.request('DELETE', `${s.links}/${theirs.id}`, { as: s.adminId }), 404);
    expectError(await s.api.request('DELETE', `/v1/orgs/${other.orgId}/link-invites/${theirs.id}`, { as: s.adminId }), 404);
    expectOk(await s.api.request('GET', `${s.links}/${id}`, { as: s.adminId }), 'getOrganizationInviteById');
    expect((await s.engine.invites.get({ userId: other.adminId }, other.orgId, theirs.id)).id).toBe(theirs.id);
  });
});

describe('POST /v1/orgs/{organizationId}/invites (by e-mail)', () => {
  it('creates users and memberships with the given role', async () => {
    const s = await setup();
    const res = await s.api.request('POST', s.invites, { as: s.adminId, body: { emails: ['ada@new.test', 'bob@new.test'], role: 'edit' } });
    expectOk(res, 'inviteUsersToOrganization');
    expect(res.body.invited).toBe(2);
    expect(res.body.users).toHaveLength(2);
    const [ada, bob] = res.body.users;
    for (const [id, email] of [[ada, 'ada@new.test'], [bob, 'bob@new.test']]) {
      const m = await s.member(id);
      expectOk(m, 'getMemberInOrganizationById');
      expect(m.body).toMatchObject({ id, role: 'edit', user: { email } });
    }
  });

  it('uses the organization default role when no role is given', async () => {
    const s = await setup();
    await s.patchOrg({ defaultRole: 'comment' });
    const res = await s.api.request('POST', s.invites, { as: s.adminId, body: { emails: ['ada@new.test'] } });
    expectOk(res, 'inviteUsersToOrganization');
    expect((await s.member(res.body.users[0])).body.role).toBe('comment');
  });

  it('uses read when neither a role nor an organization default role is given', async () => {
    const s = await setup();
    await s.patchOrg({ defaultRole: null });
    const res = await s.api.request('POST', s.invites, { as: s.adminId, body: { emails: ['ada@new.test'] } });
    expectOk(res, 'inviteUsersToOrganization');
    expect((await s.member(res.body.users[0])).body.role).toBe('read');
  });

  it('invites as a guest with role null', async () => {
    const s = await setup();
    await s.patchOrg({ defaultRole: 'edit' });
    const res = await s.api.request('POST', s.invites, { as: s.adminId, body: { emails: ['ada@new.test'], role: null } });
    expectOk(res, 'inviteUsersToOrganization');
    expect((await s.member(res.body.users[0])).body.role).toBeNull();
  });

  it('does not count or change people who are already members, and reuses existing accounts', async () => {
    const s = await setup();
    const outsider = await addUser(s.engine, 'outsider@elsewhere.test');
    const users = await s.userCount();
    const res = await s.api.request('POST', s.invites, {
      as: s.adminId,
      body: { emails: ['reader@acme.test', 'admin@acme.test', 'outsider@elsewhere.test', 'new@new.test'], role: 'create' },
    });
    expectOk(res, 'inviteUsersToOrganization');
    expect(res.body.invited).toBe(2);
    expect(res.body.users.slice(0, 3)).toEqual([s.reader, s.adminId, outsider]);
    expect(res.body.users).toHaveLength(4);
    expect(await s.userCount()).toBe(users + 1);
    expect((await s.member(s.reader)).body.role).toBe('read');
    expect((await s.member(s.adminId)).body.role).toBe('admin');
    expect((await s.member(outsider)).body.role).toBe('create');
    // Inviting the same people again invites nobody.
    const again = await s.api.request('POST', s.invites, { as: s.adminId, body: { emails: ['new@new.test', 'outsider@elsewhere.test'] } });
    expectOk(again, 'inviteUsersToOrganization');
    expect(again.body).toEqual({ users: [res.body.users[3], outsider], invited: 0 });
  });

  it('treats e-mails case-insensitively and once each', async () => {
    const s = await setup();
    const res = await s.api.request('POST', s.invites, { as: s.adminId, body: { emails: ['Ada@New.test', 'ada@new.test', 'READER@acme.test'] } });
    expectOk(res, 'inviteUsersToOrganization');
    expect(res.body.invited).toBe(1);
    expect(res.body.users).toHaveLength(2);
    expect(res.body.users[1]).toBe(s.reader);
    expect((await s.member(res.body.users[0])).body.user.email).toBe('ada@new.test');
  });

  it.each([
    ['an invalid e-mail', { emails: ['ok@new.test', 'not-an-email'] }, /^emails\[1\]: must be a valid e-mail address$/],
    ['an empty list', { emails: [] }, /^emails: must be at least 1 item$/],
    ['a missing list', { role: 'read' }, /^emails: is required$/],
    ['a list that is not an array', { emails: 'ok@new.test' }, /^emails: must be of type array$/],
    ['an unknown role', { emails: ['ok@new.test'], role: 'owner' }, /^role: must be one of/],
    ['an unknown field', { emails: ['ok@new.test'], message: 'hi' }, /^message: is not a known field$/],
  ])('rejects %s with 400 and invites nobody', async (_, body, message) => {
    const s = await setup();
    const members = await s.memberCount();
    const users = await s.userCount();
    expectError(await s.api.request('POST', s.invites, { as: s.adminId, body }), 400, message);
    expect(await s.memberCount()).toBe(members);
    expect(await s.userCount()).toBe(users);
  });

  it('rejects more than 1000 e-mails and malformed JSON', async () => {
    const s = await setup();
    const emails = Array.from({ length: 1001 }, (_, i) => `p${i}@new.test`);
    expectError(await s.api.request('POST', s.invites, { as: s.adminId, body: { emails } }), 400, /^emails: must be at most 1000 items$/);
    expectError(await s.api.request('POST', s.invites, { as: s.adminId, rawBody: '{"emails": ["a@b.test"]' }), 400, /^body: is not valid JSON/);
    expect(await s.memberCount()).toBe(4);
  });

  it('forbids non-admins and hides other organizations', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const body = { emails: ['intruder@new.test'] };
    expectError(await s.api.request('POST', s.invites, { as: s.creator, body }), 403, /admin role required/);
    expectError(await s.api.request('POST', s.invites, { as: s.guest, body }), 403);
    expectError(await s.api.request('POST', `/v1/orgs/${other.orgId}/invites`, { as: s.adminId, body }), 404);
    expect(await s.engine.core.get('SELECT 1 FROM users WHERE email = ?', ['intruder@new.test'])).toBeUndefined();
  });
});

describe('authentication on invite routes', () => {
  it('answers 401 without a token, with an unknown token and with a revoked token', async () => {
    const s = await setup();
    const id = await s.createLink('read');
    const { id: tokenId, token } = await s.engine.tokens.create({ user: s.adminId, name: 'soon revoked' });
    expectOk(await s.api.request('GET', `${s.links}/${id}`, { token }), 'getOrganizationInviteById');
    await s.engine.tokens.revoke(tokenId);
    const calls: [string, string, unknown?][] = [
      ['GET', s.links],
      ['POST', s.links, { role: 'read' }],
      ['GET', `${s.links}/${id}`],
      ['PATCH', `${s.links}/${id}`, { role: 'admin' }],
      ['DELETE', `${s.links}/${id}`],
      ['POST', s.invites, { emails: ['x@new.test'] }],
    ];
    for (const [method, url, body] of calls) {
      expectError(await s.api.request(method, url, { as: null, body }), 401, /authentication required/);
      expectError(await s.api.request(method, url, { token: 'dct_unknown', body }), 401, /unknown or revoked/);
      expectError(await s.api.request(method, url, { token, body }), 401, /unknown or revoked/);
    }
    expect(await s.linkCount()).toBe(1);
    expect((await s.api.request('GET', `${s.links}/${id}`, { as: s.adminId })).body.role).toBe('read');
    expect(await s.memberCount()).toBe(4);
  });
});
