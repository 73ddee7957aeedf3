import { describe, expect, it } from 'vitest';
import { testEngine, addMember, addUser, otherOrganization, standardUsers } from '../helpers/engine';
import { testApp, expectOk, expectError, type CallResult } from '../helpers/app';
import { mapInOrder } from '../../src/engine/in-order';

/**
 * An organization with an admin, a `read` member, a `create` member and a guest, a team, and a
 * private space only the admin can see, plus the app.
 */
async function setup() {
  const t = await testEngine();
  const api = testApp(t.engine);
  const { reader, creator, guest } = await standardUsers(t);
  const created = await api.request('POST', `/v1/orgs/${t.orgId}/spaces`, { as: t.adminId, body: { title: 'Handbook' } });
  expectOk(created, 'createSpace');
  const spaceId = created.body.id as string;
  const base = `/v1/spaces/${spaceId}/permissions`;
  const team = (await t.engine.teams.create({ userId: t.adminId }, t.orgId, { title: 'Writers', members: [guest] })).id;
  const grant = async (body: unknown, as = t.adminId) => await api.request('POST', base, { as, body });
  const rows = async () =>
    await t.engine.core.all<{ principal_type: string; principal_id: string; role: string }>(
      'SELECT principal_type, principal_id, role FROM space_permissions WHERE space_id = ? ORDER BY principal_type, principal_id', [spaceId],
    );
  return { ...t, api, reader, creator, guest, spaceId, base, team, grant, rows };
}

const userRoles = (res: CallResult) => res.body.items.map((p: { user: { id: string }; role: string }) => [p.user.id, p.role]);
const teamRoles = (res: CallResult) => res.body.items.map((p: { team: { id: string }; role: string }) => [p.team.id, p.role]);

describe('POST /v1/spaces/{spaceId}/permissions (grant)', () => {
  it('gives users and teams a role (204) that the lists then show', async () => {
    const s = await setup();
    const res = await s.grant({ role: 'edit', users: [s.reader, s.creator, s.reader], teams: [s.team] });
    expectOk(res, 'grantSpacePermissions');
    expect(res.body).toBeUndefined();
    const users = await s.api.request('GET', `${s.base}/users`, { as: s.adminId });
    expectOk(users, 'listSpaceUserPermissions');
    expect(users.body.count).toBe(2);
    expect(userRoles(users).sort()).toEqual([[s.creator, 'edit'], [s.reader, 'edit']].sort());
    expect(users.body.items.find((p: { user: { id: string } }) => p.user.id === s.reader)).toEqual({
      object: 'space-user-permission',
      user: { object: 'user', id: s.reader, displayName: 'Reader', email: 'reader@acme.test', urls: { location: `http://docs.test/v1/users/${s.reader}` } },
      role: 'edit',
      permission: 'edit',
    });
    const teams = await s.api.request('GET', `${s.base}/teams`, { as: s.adminId });
    expectOk(teams, 'listSpaceTeamPermissions');
    expect(teams.body.count).toBe(1);
    expect(teamRoles(teams)).toEqual([[s.team, 'edit']]);
    expect(teams.body.items[0]).toMatchObject({ object: 'space-team-permission', team: { object: 'team', id: s.team, title: 'Writers', members: 1 }, role: 'edit', permission: 'edit' });
  });

  it('gives the granted role on the space: read members, and guests through a user or team grant', async () => {
    const s = await setup();
    const space = `/v1/spaces/${s.spaceId}`;
    expectError(await s.api.request('GET', space, { as: s.reader }), 404);
    expectError(await s.api.request('GET', space, { as: s.guest }), 404);
    expectOk(await s.grant({ role: 'comment', users: [s.reader] }), 'grantSpacePermissions');
    const asReader = await s.api.request('GET', space, { as: s.reader });
    expectOk(asReader, 'getSpaceById');
    expect(asReader.body.permissions).toMatchObject({ view: true, comment: true, edit: false, admin: false });
    // The guest is in the team.
    expectOk(await s.grant({ role: 'read', teams: [s.team] }), 'grantSpacePermissions');
    const asGuest = await s.api.request('GET', space, { as: s.guest });
    expectOk(asGuest, 'getSpaceById');
    expect(asGuest.body.permissions).toMatchObject({ view: true, comment: false });
  });

  it('updates the role of an existing grant (upsert)', async () => {
    const s = await setup();
    expectOk(await s.grant({ role: 'read', users: [s.reader], teams: [s.team] }), 'grantSpacePermissions');
    expectOk(await s.grant({ role: 'review', users: [s.reader, s.creator], teams: [s.team] }), 'grantSpacePermissions');
    expect(await s.rows()).toEqual([
      { principal_type: 'team', principal_id: s.team, role: 'review' },
      ...[s.creator, s.reader].sort().map((id) => ({ principal_type: 'user', principal_id: id, role: 'review' })),
    ]);
    const users = await s.api.request('GET', `${s.base}/users`, { as: s.adminId });
    expect(users.body.count).toBe(2);
  });

  it('refuses users who are not members, naming them, and applies nothing', async () => {
    const s = await setup();
    const stranger = await addUser(s.engine, 'stranger@else.test');
    const other = await otherOrganization(s.engine);
    const res = await s.grant({ role: 'read', users: [s.reader, stranger, other.adminId], teams: [s.team] });
    expectError(res, 400, /^users: not members of the organization: /);
    expect(res.body.error.message).toContain(stranger);
    expect(res.body.error.message).toContain(other.adminId);
    expect(res.body.error.message).not.toContain(s.reader);
    expectError(await s.grant({ role: 'read', users: ['nobody'] }), 400, /nobody/);
    expect(await s.rows()).toEqual([]);
  });

  it('refuses unknown teams and teams of another organization, and applies nothing', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const theirs = (await s.engine.teams.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' })).id;
    const res = await s.grant({ role: 'read', users: [s.reader], teams: [s.team, 'ghost', theirs] });
    expectError(res, 400, /^teams: no such teams in the organization: /);
    expect(res.body.error.message).toContain('ghost');
    expect(res.body.error.message).toContain(theirs);
    expect(await s.rows()).toEqual([]);
  });

  it.each([
    ['neither users nor teams', { role: 'read' }, /^users: give at least one user or team$/],
    ['empty lists', { role: 'read', users: [], teams: [] }, /^users: give at least one user or team$/],
    ['a missing role', { users: ['x'] }, /^role: is required$/],
    ['an unknown role', { role: 'owner', users: ['x'] }, /^role: must be one of: "admin"/],
    ['a null role', { role: null, users: ['x'] }, /^role: /],
    ['users that are not an array', { role: 'read', users: 'x' }, /^users: must be of type array$/],
    ['an empty team id', { role: 'read', teams: [''] }, /^teams\[0\]: must not be empty$/],
    ['an unknown field', { role: 'read', users: ['x'], groups: [] }, /^groups: is not a known field$/],
  ])('rejects %s with 400', async (_, body, message) => {
    const s = await setup();
    expectError(await s.grant(body), 400, message);
    expect(await s.rows()).toEqual([]);
  });

  it('lets a user with the admin role on the space manage it, but not other members', async () => {
    const s = await setup();
    expectOk(await s.grant({ role: 'admin', users: [s.reader] }), 'grantSpacePermissions');
    expectOk(await s.grant({ role: 'read', users: [s.creator] }, s.reader), 'grantSpacePermissions');
    expect(await s.rows()).toContainEqual({ principal_type: 'user', principal_id: s.creator, role: 'read' });
    // The creator can see the space (read) but does not administer it.
    expectError(await s.grant({ role: 'admin', users: [s.creator] }, s.creator), 403, /manage the permissions of this space \(admin role on the space required\)/);
    expectOk(await s.grant({ role: 'create', users: [s.creator] }), 'grantSpacePermissions');
    expectError(await s.grant({ role: 'admin', users: [s.creator] }, s.creator), 403);
    expect(await s.rows()).toContainEqual({ principal_type: 'user', principal_id: s.creator, role: 'create' });
  });

  it('answers 404 to members who cannot see the space, for unknown spaces and other organizations', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const theirs = await s.engine.spaces.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    expectError(await s.grant({ role: 'read', users: [s.reader] }, s.reader), 404, /space .* not found/);
    expectError(await s.grant({ role: 'read', users: [s.reader] }, s.guest), 404);
    expectError(await s.api.request('POST', '/v1/spaces/nope/permissions', { as: s.adminId, body: { role: 'read', users: [s.reader] } }), 404);
    expectError(await s.api.request('POST', `/v1/spaces/${theirs.id}/permissions`, { as: s.adminId, body: { role: 'read', users: [s.reader] } }), 404);
    expect((await s.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM space_permissions'))!.n).toBe(0);
  });

  it('answers 404 for a deleted space', async () => {
    const s = await setup();
    expectOk(await s.api.request('DELETE', `/v1/spaces/${s.spaceId}`, { as: s.adminId }), 'deleteSpaceById');
    expectError(await s.grant({ role: 'read', users: [s.reader] }), 404);
  });
});

describe('GET /v1/spaces/{spaceId}/permissions/users and /teams (list)', () => {
  it('pages users in the order they were granted', async () => {
    const s = await setup();
    const more = await mapInOrder(['u1', 'u2', 'u3'], async (name) => await addMember(s.engine, s.orgId, `${name}@acme.test`, 'read'));
    const order = [more[2], s.reader, more[0], more[1], s.creator];
    for (const user of order) {
      expectOk(await s.grant({ role: 'read', users: [user] }), 'grantSpacePermissions');
      s.clock.advance(1000);
    }
    const seen: string[] = [];
    let url = `${s.base}/users?limit=2`;
    for (let i = 0; i < 3; i++) {
      const res = await s.api.request('GET', url, { as: s.adminId });
      expectOk(res, 'listSpaceUserPermissions');
      expect(res.body.count).toBe(5);
      seen.push(...res.body.items.map((p: { user: { id: string } }) => p.user.id));
      if (i < 2) {
        expect(res.body.items).toHaveLength(2);
        url = `${s.base}/users?limit=2&page=${encodeURIComponent(res.body.next.page)}`;
      } else {
        expect(res.body.items).toHaveLength(1);
        expect(res.body.next).toBeUndefined();
      }
    }
    expect(seen).toEqual(order);
  });

  it('pages teams and lists nothing for a space without grants', async () => {
    const s = await setup();
    const teams = [s.team, ...await mapInOrder(['T2', 'T3'], async (title) => (await s.engine.teams.create({ userId: s.adminId }, s.orgId, { title })).id)];
    const empty = await s.api.request('GET', `${s.base}/teams`, { as: s.adminId });
    expectOk(empty, 'listSpaceTeamPermissions');
    expect(empty.body).toEqual({ count: 0, items: [] });
    for (const team of teams) {
      expectOk(await s.grant({ role: 'comment', teams: [team] }), 'grantSpacePermissions');
      s.clock.advance(1000);
    }
    const first = await s.api.request('GET', `${s.base}/teams?limit=2`, { as: s.adminId });
    expectOk(first, 'listSpaceTeamPermissions');
    expect(first.body.count).toBe(3);
    expect(teamRoles(first)).toEqual([[teams[0], 'comment'], [teams[1], 'comment']]);
    const second = await s.api.request('GET', `${s.base}/teams?limit=2&page=${encodeURIComponent(first.body.next.page)}`, { as: s.adminId });
    expectOk(second, 'listSpaceTeamPermissions');
    expect(teamRoles(second)).toEqual([[teams[2], 'comment']]);
    expect(second.body.next).toBeUndefined();
    const users = await s.api.request('GET', `${s.base}/users`, { as: s.adminId });
    expectOk(users, 'listSpaceUserPermissions');
    expect(users.body).toEqual({ count: 0, items: [] });
  });

  it('leaves out a team that was deleted since it was granted', async () => {
    const s = await setup();
    const kept = (await s.engine.teams.create({ userId: s.adminId }, s.orgId, { title: 'Kept' })).id;
    expectOk(await s.grant({ role: 'read', teams: [s.team, kept] }), 'grantSpacePermissions');
    expectOk(await s.api.request('DELETE', `/v1/orgs/${s.orgId}/teams/${s.team}`, { as: s.adminId }), 'deleteTeamInOrganizationById');
    const res = await s.api.request('GET', `${s.base}/teams`, { as: s.adminId });
    expectOk(res, 'listSpaceTeamPermissions');
    expect(res.body.count).toBe(1);
    expect(teamRoles(res)).toEqual([[kept, 'read']]);
  });

  it('rejects bad paging with 400', async () => {
    const s = await setup();
    expectError(await s.api.request('GET', `${s.base}/users?limit=0`, { as: s.adminId }), 400, /^limit: /);
    expectError(await s.api.request('GET', `${s.base}/teams?page=garbage`, { as: s.adminId }), 400, /^page: /);
    expectError(await s.api.request('GET', `${s.base}/users?role=read`, { as: s.adminId }), 400, /^role: is not a known field$/);
  });

  it('forbids members without admin rank on the space; hides it from others', async () => {
    const s = await setup();
    expectOk(await s.grant({ role: 'create', users: [s.creator] }), 'grantSpacePermissions');
    for (const list of ['users', 'teams']) {
      expectError(await s.api.request('GET', `${s.base}/${list}`, { as: s.creator }), 403, /admin role on the space required/);
      expectError(await s.api.request('GET', `${s.base}/${list}`, { as: s.reader }), 404);
      expectError(await s.api.request('GET', `/v1/spaces/nope/permissions/${list}`, { as: s.adminId }), 404);
    }
  });
});

describe('PATCH /v1/spaces/{spaceId}/permissions/users/{userId} and /teams/{teamId}', () => {
  it("changes a user's role and answers the permission", async () => {
    const s = await setup();
    expectOk(await s.grant({ role: 'read', users: [s.reader] }), 'grantSpacePermissions');
    const res = await s.api.request('PATCH', `${s.base}/users/${s.reader}`, { as: s.adminId, body: { role: 'edit' } });
    expectOk(res, 'updateSpaceUserPermission');
    expect(res.body).toMatchObject({ object: 'space-user-permission', user: { id: s.reader, email: 'reader@acme.test' }, role: 'edit' });
    expect(userRoles(await s.api.request('GET', `${s.base}/users`, { as: s.adminId }))).toEqual([[s.reader, 'edit']]);
    const space = await s.api.request('GET', `/v1/spaces/${s.spaceId}`, { as: s.reader });
    expect(space.body.permissions.edit).toBe(true);
  });

  it("changes a team's role and answers the permission", async () => {
    const s = await setup();
    expectOk(await s.grant({ role: 'read', teams: [s.team] }), 'grantSpacePermissions');
    const res = await s.api.request('PATCH', `${s.base}/teams/${s.team}`, { as: s.adminId, body: { role: 'admin' } });
    expectOk(res, 'updateSpaceTeamPermission');
    expect(res.body).toMatchObject({ object: 'space-team-permission', team: { id: s.team, title: 'Writers' }, role: 'admin' });
    expect(teamRoles(await s.api.request('GET', `${s.base}/teams`, { as: s.adminId }))).toEqual([[s.team, 'admin']]);
    // The guest in the team now administers the space.
    expectOk(await s.api.request('GET', `${s.base}/users`, { as: s.guest }), 'listSpaceUserPermissions');
  });

  it('answers 404 when there is no such permission, and creates none', async () => {
    const s = await setup();
    expectOk(await s.grant({ role: 'read', teams: [s.team] }), 'grantSpacePermissions');
    expectError(await s.api.request('PATCH', `${s.base}/users/${s.reader}`, { as: s.adminId, body: { role: 'edit' } }), 404, /has no permission on space/);
    expectError(await s.api.request('PATCH', `${s.base}/users/nope`, { as: s.adminId, body: { role: 'edit' } }), 404);
    // A team id is not a user id.
    expectError(await s.api.request('PATCH', `${s.base}/users/${s.team}`, { as: s.adminId, body: { role: 'edit' } }), 404);
    expectError(await s.api.request('PATCH', `${s.base}/teams/nope`, { as: s.adminId, body: { role: 'edit' } }), 404);
    expect(await s.rows()).toEqual([{ principal_type: 'team', principal_id: s.team, role: 'read' }]);
  });

  it('validates the body', async () => {
    const s = await setup();
    expectOk(await s.grant({ role: 'read', users: [s.reader], teams: [s.team] }), 'grantSpacePermissions');
    for (const path of [`users/${s.reader}`, `teams/${s.team}`]) {
      expectError(await s.api.request('PATCH', `${s.base}/${path}`, { as: s.adminId, body: {} }), 400, /^role: is required$/);
      expectError(await s.api.request('PATCH', `${s.base}/${path}`, { as: s.adminId, body: { role: 'boss' } }), 400, /^role: must be one of/);
      expectError(await s.api.request('PATCH', `${s.base}/${path}`, { as: s.adminId, body: { role: 'edit', users: [] } }), 400, /^users: is not a known field$/);
    }
    expect((await s.rows()).map((r) => r.role)).toEqual(['read', 'read']);
  });

  it('forbids members without admin rank on the space and hides it from others', async () => {
    const s = await setup();
    expectOk(await s.grant({ role: 'create', users: [s.creator, s.reader] }), 'grantSpacePermissions');
    expectOk(await s.grant({ role: 'read', teams: [s.team] }), 'grantSpacePermissions');
    expectError(await s.api.request('PATCH', `${s.base}/users/${s.creator}`, { as: s.creator, body: { role: 'admin' } }), 403);
    expectError(await s.api.request('PATCH', `${s.base}/teams/${s.team}`, { as: s.creator, body: { role: 'admin' } }), 403);
    expectError(await s.api.request('PATCH', `${s.base}/teams/${s.team}`, { as: s.guest, body: { role: 'admin' } }), 403);
    const other = await otherOrganization(s.engine);
    const theirs = await s.engine.spaces.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    expectError(await s.api.request('PATCH', `/v1/spaces/${theirs.id}/permissions/users/${other.adminId}`, { as: s.adminId, body: { role: 'read' } }), 404);
    expect((await s.rows()).map((r) => r.role)).toEqual(['read', 'create', 'create']);
  });
});

describe('DELETE /v1/spaces/{spaceId}/permissions/users/{userId} and /teams/{teamId}', () => {
  it('removes a guest grant (204): the guest then gets 404 on the space', async () => {
    const s = await setup();
    expectOk(await s.grant({ role: 'read', users: [s.guest, s.reader] }), 'grantSpacePermissions');
    expectOk(await s.api.request('GET', `/v1/spaces/${s.spaceId}`, { as: s.guest }), 'getSpaceById');
    const res = await s.api.request('DELETE', `${s.base}/users/${s.guest}`, { as: s.adminId });
    expectOk(res, 'removeSpaceUserPermission');
    expect(res.body).toBeUndefined();
    expectError(await s.api.request('GET', `/v1/spaces/${s.spaceId}`, { as: s.guest }), 404);
    expect(userRoles(await s.api.request('GET', `${s.base}/users`, { as: s.adminId }))).toEqual([[s.reader, 'read']]);
    // Again, and for someone who never had one: still 204.
    expectOk(await s.api.request('DELETE', `${s.base}/users/${s.guest}`, { as: s.adminId }), 'removeSpaceUserPermission');
    expectOk(await s.api.request('DELETE', `${s.base}/users/nope`, { as: s.adminId }), 'removeSpaceUserPermission');
  });

  it('removes a team grant (204): its members lose the access it gave', async () => {
    const s = await setup();
    expectOk(await s.grant({ role: 'read', teams: [s.team] }), 'grantSpacePermissions');
    expectOk(await s.api.request('GET', `/v1/spaces/${s.spaceId}`, { as: s.guest }), 'getSpaceById');
    expectOk(await s.api.request('DELETE', `${s.base}/teams/${s.team}`, { as: s.adminId }), 'removeSpaceTeamPermission');
    expectError(await s.api.request('GET', `/v1/spaces/${s.spaceId}`, { as: s.guest }), 404);
    expect(await s.rows()).toEqual([]);
    expectOk(await s.api.request('DELETE', `${s.base}/teams/${s.team}`, { as: s.adminId }), 'removeSpaceTeamPermission');
  });

  it('removes only the grant of the given kind', async () => {
    const s = await setup();
    expectOk(await s.grant({ role: 'read', users: [s.reader], teams: [s.team] }), 'grantSpacePermissions');
    expectOk(await s.api.request('DELETE', `${s.base}/teams/${s.reader}`, { as: s.adminId }), 'removeSpaceTeamPermission');
    expectOk(await s.api.request('DELETE', `${s.base}/users/${s.team}`, { as: s.adminId }), 'removeSpaceUserPermission');
    expect(await s.rows()).toHaveLength(2);
  });

  it('forbids members without admin rank on the space and hides it from others', async () => {
    const s = await setup();
    expectOk(await s.grant({ role: 'edit', users: [s.creator] }), 'grantSpacePermissions');
    expectOk(await s.grant({ role: 'read', teams: [s.team] }), 'grantSpacePermissions');
    expectError(await s.api.request('DELETE', `${s.base}/users/${s.creator}`, { as: s.creator }), 403, /admin role on the space required/);
    expectError(await s.api.request('DELETE', `${s.base}/teams/${s.team}`, { as: s.creator }), 403);
    expectError(await s.api.request('DELETE', `${s.base}/teams/${s.team}`, { as: s.reader }), 404);
    expectError(await s.api.request('DELETE', `/v1/spaces/nope/permissions/users/${s.creator}`, { as: s.adminId }), 404);
    const other = await otherOrganization(s.engine);
    const theirs = await s.engine.spaces.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    expectError(await s.api.request('DELETE', `/v1/spaces/${theirs.id}/permissions/users/${other.adminId}`, { as: s.adminId }), 404);
    expect(await s.rows()).toHaveLength(2);
  });
});

describe('authentication on space permission routes', () => {
  it('answers 401 without a token or with an unknown one, and changes nothing', async () => {
    const s = await setup();
    expectOk(await s.grant({ role: 'read', users: [s.reader], teams: [s.team] }), 'grantSpacePermissions');
    const routes: [string, string, unknown?][] = [
      ['POST', s.base, { role: 'admin', users: [s.reader] }],
      ['GET', `${s.base}/users`],
      ['GET', `${s.base}/teams`],
      ['PATCH', `${s.base}/users/${s.reader}`, { role: 'admin' }],
      ['DELETE', `${s.base}/users/${s.reader}`],
      ['PATCH', `${s.base}/teams/${s.team}`, { role: 'admin' }],
      ['DELETE', `${s.base}/teams/${s.team}`],
    ];
    for (const [method, url, body] of routes) {
      expectError(await s.api.request(method, url, { as: null, body }), 401, /authentication required/);
      expectError(await s.api.request(method, url, { token: 'dct_unknown', body }), 401, /unknown or revoked/);
    }
    expect((await s.rows()).map((r) => r.role)).toEqual(['read', 'read']);
  });
});

describe('grants follow their holders', () => {
  it('removing a member removes their grants, so rejoining does not bring an old role back', async () => {
    const t = await testEngine();
    const api = testApp(t.engine);
    const ada = await addMember(t.engine, t.orgId, 'ada@acme.test', null);
    const space = await t.engine.spaces.create({ userId: t.adminId }, t.orgId, { title: 'Secret' });
    await t.engine.spacePermissions.grant({ userId: t.adminId }, space.id, { role: 'edit', users: [ada] });
    expect((await api.request('GET', `/v1/spaces/${space.id}`, { as: ada })).status).toBe(200);
    await t.engine.members.remove({ userId: t.adminId }, t.orgId, ada);
    await t.engine.core.run('INSERT INTO members (organization_id, user_id, role, joined_at) VALUES (?, ?, NULL, ?)', [t.orgId, ada, t.engine.core.now()]);
    expect((await api.request('GET', `/v1/spaces/${space.id}`, { as: ada })).status).toBe(404);
    expect((await api.request('GET', `/v1/spaces/${space.id}/permissions/users`, { as: t.adminId })).body.count).toBe(0);
  });

  it('deleting a team removes its grants', async () => {
    const t = await testEngine();
    const space = await t.engine.spaces.create({ userId: t.adminId }, t.orgId, { title: 'Shared' });
    const team = await t.engine.teams.create({ userId: t.adminId }, t.orgId, { title: 'Writers' });
    await t.engine.spacePermissions.grant({ userId: t.adminId }, space.id, { role: 'edit', teams: [team.id] });
    await t.engine.teams.remove({ userId: t.adminId }, t.orgId, team.id);
    expect((await t.engine.core.get<{ n: number }>("SELECT COUNT(*) AS n FROM space_permissions WHERE principal_type = 'team'"))!.n).toBe(0);
  });
});
