import { describe, expect, it } from 'vitest';
import { testEngine, addMember, otherOrganization, standardUsers } from '../helpers/engine';
import { testApp, expectOk, expectError, type CallResult } from '../helpers/app';

/** An organization with an admin, a `read` member, a guest and a `create` member, plus the app. */
async function setup() {
  const t = await testEngine();
  const api = testApp(t.engine);
  const { reader, creator, guest } = await standardUsers(t);
  const teams = `/v1/orgs/${t.orgId}/teams`;
  const createTeam = async (title: string, members?: string[]): Promise<string> => {
    const res = await api.request('PUT', teams, { as: t.adminId, body: members ? { title, members } : { title } });
    expectOk(res, 'createOrganizationTeam');
    return res.body.id as string;
  };
  const teamCount = async () => (await t.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM teams WHERE organization_id = ?', [t.orgId]))!.n;
  return { ...t, api, reader, creator, guest, teams, createTeam, teamCount };
}

const titles = (res: CallResult) => res.body.items.map((team: { title: string }) => team.title);

describe('PUT /v1/orgs/{organizationId}/teams (create)', () => {
  it('creates a team that GET and the list then return', async () => {
    const s = await setup();
    const res = await s.api.request('PUT', s.teams, { as: s.adminId, body: { title: 'Engineering' } });
    expectOk(res, 'createOrganizationTeam');
    const id = res.body.id;
    expect(res.body).toEqual({
      object: 'team',
      id,
      title: 'Engineering',
      members: 0,
      spaces: 0,
      createdAt: '2026-03-01T10:00:00.000Z',
      permissions: { admin: true, view: true },
      urls: { location: `http://docs.test/v1/orgs/${s.orgId}/teams/${id}`, app: expect.any(String) },
    });
    const got = await s.api.request('GET', `${s.teams}/${id}`, { as: s.adminId });
    expectOk(got, 'getTeamInOrganizationById');
    expect(got.body).toEqual(res.body);
    const list = await s.api.request('GET', s.teams, { as: s.adminId });
    expectOk(list, 'listTeamsInOrganizationById');
    expect(list.body.count).toBe(1);
    expect(list.body.items).toEqual([res.body]);
  });

  it('adds the given members with the team role member and counts them', async () => {
    const s = await setup();
    const res = await s.api.request('PUT', s.teams, { as: s.adminId, body: { title: 'Readers', members: [s.reader, s.creator, s.reader] } });
    expectOk(res, 'createOrganizationTeam');
    expect(res.body.members).toBe(2);
    const members = await s.api.request('GET', `${s.teams}/${res.body.id}/members`, { as: s.adminId });
    expectOk(members, 'listTeamMembersInOrganizationById');
    expect(members.body.count).toBe(2);
    expect(members.body.items.map((m: { organization: { id: string }; team: { role: string } }) => [m.organization.id, m.team.role]).sort())
      .toEqual([[s.creator, 'member'], [s.reader, 'member']].sort());
  });

  it('rejects members that are not in the organization, naming them, and creates nothing', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const res = await s.api.request('PUT', s.teams, { as: s.adminId, body: { title: 'Mixed', members: [s.reader, 'ghost', other.adminId] } });
    expectError(res, 400, /^members: 2 entries are not members of the organization: "ghost", "id\d+"/);
    expect(res.body.error.message).toContain(other.adminId);
    expect(await s.teamCount()).toBe(0);
  });

  it('accepts a title of 64 characters and rejects 65, naming title', async () => {
    const s = await setup();
    const ok = await s.api.request('PUT', s.teams, { as: s.adminId, body: { title: 'x'.repeat(64) } });
    expectOk(ok, 'createOrganizationTeam');
    expect(ok.body.title).toBe('x'.repeat(64));
    expectError(await s.api.request('PUT', s.teams, { as: s.adminId, body: { title: 'y'.repeat(65) } }), 400, /^title: must be at most 64 characters$/);
    expect(await s.teamCount()).toBe(1);
  });

  it('accepts a one-character title', async () => {
    const s = await setup();
    const ok = await s.api.request('PUT', s.teams, { as: s.adminId, body: { title: 'Q' } });
    expectOk(ok, 'createOrganizationTeam');
    expect(ok.body.title).toBe('Q');
  });

  it.each([
    ['an empty title', { title: '' }, /^title: must not be empty$/],
    ['a missing title', {}, /^title: is required$/],
    ['a title of the wrong type', { title: 42 }, /^title: must be of type string$/],
    ['members that are not an array', { title: 'T', members: 'abc' }, /^members: must be of type array$/],
    ['a member id of the wrong type', { title: 'T', members: [7] }, /^members\[0\]: must be of type string$/],
    ['an empty member id', { title: 'T', members: [''] }, /^members\[0\]: must not be empty$/],
    ['an unknown field', { title: 'T', color: 'red' }, /^color: is not a known field$/],
  ])('rejects %s with 400', async (_, body, message) => {
    const s = await setup();
    expectError(await s.api.request('PUT', s.teams, { as: s.adminId, body }), 400, message);
    expect(await s.teamCount()).toBe(0);
  });

  it('rejects malformed JSON, a non-object body and an empty body with 400', async () => {
    const s = await setup();
    expectError(await s.api.request('PUT', s.teams, { as: s.adminId, rawBody: '{"title": "T"' }), 400, /^body: is not valid JSON/);
    expectError(await s.api.request('PUT', s.teams, { as: s.adminId, rawBody: '["T"]' }), 400, /^body: must be a JSON object$/);
    expectError(await s.api.request('PUT', s.teams, { as: s.adminId }), 400, /^title: is required$/);
    expect(await s.teamCount()).toBe(0);
  });

  it('forbids members without the admin role, including team owners', async () => {
    const s = await setup();
    const owned = await s.createTeam('Owned');
    expectOk(await s.api.request('PUT', `${s.teams}/${owned}/members/${s.reader}`, { as: s.adminId, body: { role: 'owner' } }), 'addMemberToOrganizationTeamById');
    // The reader really owns the team, so the 403 below is about the org role.
    expect((await s.api.request('GET', `${s.teams}/${owned}`, { as: s.reader })).body.permissions).toEqual({ admin: true, view: true });
    expectError(await s.api.request('PUT', s.teams, { as: s.reader, body: { title: 'Mine' } }), 403, /admin role required/);
    expectError(await s.api.request('PUT', s.teams, { as: s.creator, body: { title: 'Mine' } }), 403);
    expectError(await s.api.request('PUT', s.teams, { as: s.guest, body: { title: 'Mine' } }), 403);
    expect(await s.teamCount()).toBe(1);
  });

  it('answers 404 for an organization the caller is not a member of', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    expectError(await s.api.request('PUT', `/v1/orgs/${other.orgId}/teams`, { as: s.adminId, body: { title: 'Intruders' } }), 404);
    expectError(await s.api.request('PUT', `/v1/orgs/nope/teams`, { as: s.adminId, body: { title: 'Nowhere' } }), 404);
    const theirs = (await s.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM teams WHERE organization_id = ?', [other.orgId]))!.n;
    expect(theirs).toBe(0);
  });
});

describe('GET /v1/orgs/{organizationId}/teams (list)', () => {
  it('lists teams in creation order with a count, for any member', async () => {
    const s = await setup();
    await s.createTeam('Alpha');
    s.clock.advance(1000);
    await s.createTeam('Beta');
    s.clock.advance(1000);
    await s.createTeam('Gamma');
    const res = await s.api.request('GET', s.teams, { as: s.reader });
    expectOk(res, 'listTeamsInOrganizationById');
    expect(res.body.count).toBe(3);
    expect(titles(res)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(res.body.next).toBeUndefined();
    // A read member who owns none of them may view but not administer them.
    expect(res.body.items.every((team: { permissions: object }) => JSON.stringify(team.permissions) === '{"admin":false,"view":true}')).toBe(true);
  });

  it('filters by title, case-insensitively, on a substring, with the count of matches', async () => {
    const s = await setup();
    await s.createTeam('Engineering');
    await s.createTeam('Platform engineers');
    await s.createTeam('Sales');
    const res = await s.api.request('GET', `${s.teams}?title=ENGINEER`, { as: s.adminId });
    expectOk(res, 'listTeamsInOrganizationById');
    expect(res.body.count).toBe(2);
    expect(titles(res)).toEqual(['Engineering', 'Platform engineers']);
    const none = await s.api.request('GET', `${s.teams}?title=marketing`, { as: s.adminId });
    expectOk(none, 'listTeamsInOrganizationById');
    expect(none.body).toEqual({ count: 0, items: [] });
  });

  it('matches title filter wildcards literally', async () => {
    const s = await setup();
    await s.createTeam('100% Support');
    await s.createTeam('Support');
    await s.createTeam('under_score');
    await s.createTeam('underscore');
    const percent = await s.api.request('GET', `${s.teams}?title=${encodeURIComponent('%')}`, { as: s.adminId });
    expectOk(percent, 'listTeamsInOrganizationById');
    expect(titles(percent)).toEqual(['100% Support']);
    const underscore = await s.api.request('GET', `${s.teams}?title=r_s`, { as: s.adminId });
    expectOk(underscore, 'listTeamsInOrganizationById');
    expect(titles(underscore)).toEqual(['under_score']);
  });

  it('filters by owner: the teams that member owns, all teams for an admin', async () => {
    const s = await setup();
    const a = await s.createTeam('A');
    const b = await s.createTeam('B');
    await s.createTeam('C');
    expectOk(await s.api.request('PUT', `${s.teams}/${b}/members/${s.reader}`, { as: s.adminId, body: { role: 'owner' } }), 'addMemberToOrganizationTeamById');
    // Only a member of A, not its owner.
    expectOk(await s.api.request('PUT', `${s.teams}/${a}/members/${s.reader}`, { as: s.adminId, body: { role: 'member' } }), 'addMemberToOrganizationTeamById');

    const owned = await s.api.request('GET', `${s.teams}?owner=${s.reader}`, { as: s.reader });
    expectOk(owned, 'listTeamsInOrganizationById');
    expect(owned.body.count).toBe(1);
    expect(titles(owned)).toEqual(['B']);
    expect(owned.body.items[0].permissions).toEqual({ admin: true, view: true });

    const admin = await s.api.request('GET', `${s.teams}?owner=${s.adminId}`, { as: s.reader });
    expectOk(admin, 'listTeamsInOrganizationById');
    expect(admin.body.count).toBe(3);
    expect(titles(admin)).toEqual(['A', 'B', 'C']);

    const nobody = await s.api.request('GET', `${s.teams}?owner=${s.creator}`, { as: s.adminId });
    expectOk(nobody, 'listTeamsInOrganizationById');
    expect(nobody.body).toEqual({ count: 0, items: [] });

    const combined = await s.api.request('GET', `${s.teams}?owner=${s.adminId}&title=c`, { as: s.adminId });
    expectOk(combined, 'listTeamsInOrganizationById');
    expect(titles(combined)).toEqual(['C']);
  });

  it('pages with limit and cursor', async () => {
    const s = await setup();
    for (const title of ['T1', 'T2', 'T3', 'T4', 'T5']) await s.createTeam(title);
    const seen: string[] = [];
    let url = `${s.teams}?limit=2`;
    for (let i = 0; i < 3; i++) {
      const res = await s.api.request('GET', url, { as: s.adminId });
      expectOk(res, 'listTeamsInOrganizationById');
      expect(res.body.count).toBe(5);
      seen.push(...titles(res));
      if (i < 2) {
        expect(res.body.items).toHaveLength(2);
        url = `${s.teams}?limit=2&page=${encodeURIComponent(res.body.next.page)}`;
      } else {
        expect(res.body.items).toHaveLength(1);
        expect(res.body.next).toBeUndefined();
      }
    }
    expect(seen).toEqual(['T1', 'T2', 'T3', 'T4', 'T5']);
  });

  it.each([
    ['an empty title filter', '?title=', /^title: must not be empty$/],
    ['a title filter over 64 characters', `?title=${'a'.repeat(65)}`, /^title: must be at most 64 characters$/],
    ['a repeated title filter', '?title=a&title=b', /^title: must be of type string$/],
    ['an unknown query parameter', '?color=red', /^color: is not a known field$/],
    ['limit 0', '?limit=0', /^limit: /],
    ['limit 1001', '?limit=1001', /^limit: /],
    ['a non-numeric limit', '?limit=ten', /^limit: /],
    ['a bad cursor', '?page=garbage', /^page: is not a valid page cursor/],
  ])('rejects %s with 400', async (_, query, message) => {
    const s = await setup();
    await s.createTeam('T');
    expectError(await s.api.request('GET', `${s.teams}${query}`, { as: s.adminId }), 400, message);
  });

  it('accepts limit 1000', async () => {
    const s = await setup();
    await s.createTeam('T');
    const res = await s.api.request('GET', `${s.teams}?limit=1000`, { as: s.adminId });
    expectOk(res, 'listTeamsInOrganizationById');
    expect(res.body.count).toBe(1);
  });

  it('forbids guests and hides other organizations', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    await s.engine.teams.create({ userId: other.adminId }, other.orgId, { title: 'Secret' });
    expectError(await s.api.request('GET', s.teams, { as: s.guest }), 403, /guests cannot/);
    expectError(await s.api.request('GET', `/v1/orgs/${other.orgId}/teams`, { as: s.adminId }), 404);
    // The other organization's team never shows in ours.
    const ours = await s.api.request('GET', s.teams, { as: s.adminId });
    expectOk(ours, 'listTeamsInOrganizationById');
    expect(ours.body.count).toBe(0);
  });
});

describe('GET /v1/orgs/{organizationId}/teams/{teamId}', () => {
  it('returns the team with its member count and the caller permissions', async () => {
    const s = await setup();
    const id = await s.createTeam('Docs', [s.reader, s.creator]);
    const asAdmin = await s.api.request('GET', `${s.teams}/${id}`, { as: s.adminId });
    expectOk(asAdmin, 'getTeamInOrganizationById');
    expect(asAdmin.body).toMatchObject({ id, title: 'Docs', members: 2, permissions: { admin: true, view: true } });
    const asReader = await s.api.request('GET', `${s.teams}/${id}`, { as: s.reader });
    expectOk(asReader, 'getTeamInOrganizationById');
    expect(asReader.body.permissions).toEqual({ admin: false, view: true });
  });

  it('answers 404 for unknown teams and for teams of another organization', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const theirs = await s.engine.teams.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    expectError(await s.api.request('GET', `${s.teams}/nope`, { as: s.adminId }), 404, /team nope not found/);
    expectError(await s.api.request('GET', `${s.teams}/${theirs.id}`, { as: s.adminId }), 404);
    expectError(await s.api.request('GET', `/v1/orgs/${other.orgId}/teams/${theirs.id}`, { as: s.adminId }), 404);
  });

  it('forbids guests', async () => {
    const s = await setup();
    const id = await s.createTeam('Docs');
    expectError(await s.api.request('GET', `${s.teams}/${id}`, { as: s.guest }), 403);
  });
});

describe('PATCH /v1/orgs/{organizationId}/teams/{teamId} (rename)', () => {
  it('renames the team', async () => {
    const s = await setup();
    const id = await s.createTeam('Old');
    const res = await s.api.request('PATCH', `${s.teams}/${id}`, { as: s.adminId, body: { title: 'New' } });
    expectOk(res, 'updateTeamInOrganizationById');
    expect(res.body).toMatchObject({ id, title: 'New' });
    const got = await s.api.request('GET', `${s.teams}/${id}`, { as: s.adminId });
    expect(got.body.title).toBe('New');
  });

  it('lets the team owner rename it, but not a plain team member or another read member', async () => {
    const s = await setup();
    const id = await s.createTeam('Docs');
    const plain = await addMember(s.engine, s.orgId, 'plain@acme.test', 'read');
    expectOk(await s.api.request('PUT', `${s.teams}/${id}/members/${s.reader}`, { as: s.adminId, body: { role: 'owner' } }), 'addMemberToOrganizationTeamById');
    expectOk(await s.api.request('PUT', `${s.teams}/${id}/members/${plain}`, { as: s.adminId, body: { role: 'member' } }), 'addMemberToOrganizationTeamById');

    const byOwner = await s.api.request('PATCH', `${s.teams}/${id}`, { as: s.reader, body: { title: 'Owned docs' } });
    expectOk(byOwner, 'updateTeamInOrganizationById');
    expect(byOwner.body.title).toBe('Owned docs');
    expect(byOwner.body.permissions).toEqual({ admin: true, view: true });

    expectError(await s.api.request('PATCH', `${s.teams}/${id}`, { as: plain, body: { title: 'Hijack' } }), 403, /admin role or team ownership/);
    expectError(await s.api.request('PATCH', `${s.teams}/${id}`, { as: s.creator, body: { title: 'Hijack' } }), 403);
    expectError(await s.api.request('PATCH', `${s.teams}/${id}`, { as: s.guest, body: { title: 'Hijack' } }), 403);
    expect((await s.api.request('GET', `${s.teams}/${id}`, { as: s.adminId })).body.title).toBe('Owned docs');
  });

  it('accepts 64 characters and rejects 65, empty, missing, wrong types, unknown fields and malformed JSON', async () => {
    const s = await setup();
    const id = await s.createTeam('Docs');
    const url = `${s.teams}/${id}`;
    expectOk(await s.api.request('PATCH', url, { as: s.adminId, body: { title: 'z'.repeat(64) } }), 'updateTeamInOrganizationById');
    expectError(await s.api.request('PATCH', url, { as: s.adminId, body: { title: 'z'.repeat(65) } }), 400, /^title: must be at most 64 characters$/);
    expectError(await s.api.request('PATCH', url, { as: s.adminId, body: { title: '' } }), 400, /^title: must not be empty$/);
    expectError(await s.api.request('PATCH', url, { as: s.adminId, body: {} }), 400, /^title: is required$/);
    expectError(await s.api.request('PATCH', url, { as: s.adminId, body: { title: ['a'] } }), 400, /^title: must be of type string$/);
    expectError(await s.api.request('PATCH', url, { as: s.adminId, body: { title: 'Ok', members: [] } }), 400, /^members: is not a known field$/);
    expectError(await s.api.request('PATCH', url, { as: s.adminId, rawBody: "{title: 'x'}" }), 400, /^body: is not valid JSON/);
    expect((await s.api.request('GET', url, { as: s.adminId })).body.title).toBe('z'.repeat(64));
  });

  it('answers 404 for unknown teams and other organizations', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const theirs = await s.engine.teams.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    expectError(await s.api.request('PATCH', `${s.teams}/nope`, { as: s.adminId, body: { title: 'X' } }), 404);
    expectError(await s.api.request('PATCH', `${s.teams}/${theirs.id}`, { as: s.adminId, body: { title: 'X' } }), 404);
    expectError(await s.api.request('PATCH', `/v1/orgs/${other.orgId}/teams/${theirs.id}`, { as: s.adminId, body: { title: 'X' } }), 404);
    expect((await s.engine.teams.get({ userId: other.adminId }, other.orgId, theirs.id)).title).toBe('Theirs');
  });
});

describe('DELETE /v1/orgs/{organizationId}/teams/{teamId}', () => {
  it('deletes the team and its memberships', async () => {
    const s = await setup();
    const id = await s.createTeam('Doomed', [s.reader, s.creator]);
    const kept = await s.createTeam('Kept', [s.reader]);
    const before = await s.api.request('GET', `/v1/orgs/${s.orgId}/members/${s.reader}`, { as: s.adminId });
    expect(before.body.teams).toBe(2);

    const res = await s.api.request('DELETE', `${s.teams}/${id}`, { as: s.adminId });
    expectOk(res, 'deleteTeamInOrganizationById');
    expect(res.body).toBeUndefined();

    expectError(await s.api.request('GET', `${s.teams}/${id}`, { as: s.adminId }), 404);
    expectError(await s.api.request('GET', `${s.teams}/${id}/members`, { as: s.adminId }), 404);
    const list = await s.api.request('GET', s.teams, { as: s.adminId });
    expect(list.body.items.map((team: { id: string }) => team.id)).toEqual([kept]);
    expect((await s.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM team_members WHERE team_id = ?', [id]))!.n).toBe(0);
    const reader = await s.api.request('GET', `/v1/orgs/${s.orgId}/members/${s.reader}`, { as: s.adminId });
    expect(reader.body.teams).toBe(1);
    const creatorTeams = await s.api.request('GET', `/v1/orgs/${s.orgId}/members/${s.creator}/teams`, { as: s.adminId });
    expect(creatorTeams.body.count).toBe(0);
    // A second delete finds nothing.
    expectError(await s.api.request('DELETE', `${s.teams}/${id}`, { as: s.adminId }), 404);
  });

  it('does not let a team owner (or any non-admin) delete the team', async () => {
    const s = await setup();
    const id = await s.createTeam('Owned');
    expectOk(await s.api.request('PUT', `${s.teams}/${id}/members/${s.reader}`, { as: s.adminId, body: { role: 'owner' } }), 'addMemberToOrganizationTeamById');
    // The reader really owns the team, so the 403 below is about the org role.
    expect((await s.api.request('GET', `${s.teams}/${id}`, { as: s.reader })).body.permissions).toEqual({ admin: true, view: true });
    expectError(await s.api.request('DELETE', `${s.teams}/${id}`, { as: s.reader }), 403, /admin role required/);
    expectError(await s.api.request('DELETE', `${s.teams}/${id}`, { as: s.creator }), 403);
    expectError(await s.api.request('DELETE', `${s.teams}/${id}`, { as: s.guest }), 403);
    expectOk(await s.api.request('GET', `${s.teams}/${id}`, { as: s.adminId }), 'getTeamInOrganizationById');
  });

  it('answers 404 for unknown teams and other organizations', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const theirs = await s.engine.teams.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    expectError(await s.api.request('DELETE', `${s.teams}/nope`, { as: s.adminId }), 404);
    expectError(await s.api.request('DELETE', `${s.teams}/${theirs.id}`, { as: s.adminId }), 404);
    expectError(await s.api.request('DELETE', `/v1/orgs/${other.orgId}/teams/${theirs.id}`, { as: s.adminId }), 404);
    expect((await s.engine.teams.get({ userId: other.adminId }, other.orgId, theirs.id)).id).toBe(theirs.id);
  });
});

describe('methods on team paths', () => {
  it('answers 405 with the allowed methods', async () => {
    const s = await setup();
    const id = await s.createTeam('Docs');
    const list = await s.api.request('POST', s.teams, { as: s.adminId, body: { title: 'X' } });
    expectError(list, 405, /allowed: GET, PUT/);
    expect(list.headers.allow).toBe('GET, PUT');
    const one = await s.api.request('PUT', `${s.teams}/${id}`, { as: s.adminId, body: { title: 'X' } });
    expectError(one, 405, /allowed: /);
    expect(one.headers.allow.split(', ').sort()).toEqual(['DELETE', 'GET', 'PATCH']);
    expect(await s.teamCount()).toBe(1);
  });
});

describe('authentication on team routes', () => {
  const routes = (teams: string, id: string): [string, string, unknown?][] => [
    ['GET', teams],
    ['PUT', teams, { title: 'X' }],
    ['GET', `${teams}/${id}`],
    ['PATCH', `${teams}/${id}`, { title: 'X' }],
    ['DELETE', `${teams}/${id}`],
  ];

  it('answers 401 without a token, with an unknown token and with a revoked token', async () => {
    const s = await setup();
    const id = await s.createTeam('Docs');
    const { id: tokenId, token } = await s.engine.tokens.create({ user: s.adminId, name: 'soon revoked' });
    expectOk(await s.api.request('GET', `${s.teams}/${id}`, { token }), 'getTeamInOrganizationById');
    await s.engine.tokens.revoke(tokenId);
    for (const [method, url, body] of routes(s.teams, id)) {
      expectError(await s.api.request(method, url, { as: null, body }), 401, /authentication required/);
      expectError(await s.api.request(method, url, { token: 'dct_unknown', body }), 401, /unknown or revoked/);
      expectError(await s.api.request(method, url, { token, body }), 401, /unknown or revoked/);
    }
    // Nothing was changed by the refused requests.
    const team = await s.api.request('GET', `${s.teams}/${id}`, { as: s.adminId });
    expect(team.body.title).toBe('Docs');
    expect(await s.teamCount()).toBe(1);
  });
});
