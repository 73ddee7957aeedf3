import { describe, expect, it } from 'vitest';
import { testEngine, addMember, addUser, otherOrganization } from '../helpers/engine';
import { testApp, expectOk, expectError, type CallResult } from '../helpers/app';
import { mapInOrder } from '../../src/engine/in-order';
import { insertRows } from '../../src/engine/insert-rows';

/**
 * An organization with an admin, a team "Docs" owned by `owner` (org role read) with `member` in it,
 * and two members of the organization who are not in the team.
 */
async function setup() {
  const t = await testEngine();
  const api = testApp(t.engine);
  const owner = await addMember(t.engine, t.orgId, 'owner@acme.test', 'read', 'Owner');
  const member = await addMember(t.engine, t.orgId, 'member@acme.test', 'read', 'Member');
  const ada = await addMember(t.engine, t.orgId, 'ada@acme.test', 'edit', 'Ada');
  const bob = await addMember(t.engine, t.orgId, 'bob@acme.test', 'comment', 'Bob');
  const guest = await addMember(t.engine, t.orgId, 'guest@acme.test', null, 'Guest');
  const teamsUrl = `/v1/orgs/${t.orgId}/teams`;
  const team = (await t.engine.teams.create({ userId: t.adminId }, t.orgId, { title: 'Docs' })).id;
  await t.engine.teams.putMember({ userId: t.adminId }, t.orgId, team, owner, { role: 'owner' });
  await t.engine.teams.putMember({ userId: t.adminId }, t.orgId, team, member, { role: 'member' });
  const membersUrl = `${teamsUrl}/${team}/members`;
  /** The team's members as a sorted list of [userId, team role], read from the API. */
  const roster = async (teamId = team): Promise<[string, string][]> => {
    const res = await api.request('GET', `${teamsUrl}/${teamId}/members?limit=1000`, { as: t.adminId });
    expectOk(res, 'listTeamMembersInOrganizationById');
    return res.body.items
      .map((m: { organization: { id: string }; team: { role: string } }) => [m.organization.id, m.team.role] as [string, string])
      .sort();
  };
  const teamSize = async (teamId = team): Promise<number> => {
    const res = await api.request('GET', `${teamsUrl}/${teamId}`, { as: t.adminId });
    expectOk(res, 'getTeamInOrganizationById');
    return res.body.members;
  };
  return { ...t, api, owner, member, ada, bob, guest, teamsUrl, team, membersUrl, roster, teamSize };
}

const sorted = (entries: [string, string][]) => [...entries].sort();
const ids = (res: CallResult) => res.body.items.map((m: { organization: { id: string } }) => m.organization.id);

describe('GET /v1/orgs/{organizationId}/teams/{teamId}/members', () => {
  it('lists members with their organization membership and team role', async () => {
    const s = await setup();
    const res = await s.api.request('GET', s.membersUrl, { as: s.adminId });
    expectOk(res, 'listTeamMembersInOrganizationById');
    expect(res.body.count).toBe(2);
    expect(res.body.items[0]).toEqual({
      organization: {
        object: 'member',
        id: s.owner,
        role: 'read',
        user: {
          object: 'user',
          id: s.owner,
          displayName: 'Owner',
          email: 'owner@acme.test',
          urls: { location: `http://docs.test/v1/users/${s.owner}` },
        },
        disabled: false,
        joinedAt: '2026-03-01T10:00:00.000Z',
        sso: false,
        spaces: 0,
        teams: 1,
        sites: 0,
      },
      team: { role: 'owner' },
      permissions: { view: true },
    });
    expect(res.body.items[1]).toMatchObject({ organization: { id: s.member, role: 'read' }, team: { role: 'member' } });
  });

  it('lets any member list, forbids guests', async () => {
    const s = await setup();
    const res = await s.api.request('GET', s.membersUrl, { as: s.bob });
    expectOk(res, 'listTeamMembersInOrganizationById');
    expect(res.body.count).toBe(2);
    expectError(await s.api.request('GET', s.membersUrl, { as: s.guest }), 403);
  });

  it('pages with limit and cursor in the order members were added', async () => {
    const s = await setup();
    const extra = await mapInOrder(['p1', 'p2', 'p3'], async (name) => await addMember(s.engine, s.orgId, `${name}@acme.test`, 'read'));
    for (const id of extra) {
      s.clock.advance(1000);
      expectOk(await s.api.request('PUT', `${s.membersUrl}/${id}`, { as: s.adminId }), 'addMemberToOrganizationTeamById');
    }
    const expected = [s.owner, s.member, ...extra];
    const seen: string[] = [];
    let res = await s.api.request('GET', `${s.membersUrl}?limit=2`, { as: s.adminId });
    const pages: number[] = [];
    for (;;) {
      expectOk(res, 'listTeamMembersInOrganizationById');
      expect(res.body.count).toBe(5);
      pages.push(res.body.items.length);
      seen.push(...ids(res));
      if (!res.body.next) break;
      res = await s.api.request('GET', `${s.membersUrl}?limit=2&page=${encodeURIComponent(res.body.next.page)}`, { as: s.adminId });
    }
    expect(pages).toEqual([2, 2, 1]);
    expect(seen).toEqual(expected);
  });

  it('rejects bad paging parameters and cursors of another listing', async () => {
    const s = await setup();
    await s.engine.teams.create({ userId: s.adminId }, s.orgId, { title: 'Second' });
    const teamsPage = await s.api.request('GET', `${s.teamsUrl}?limit=1`, { as: s.adminId });
    expect(teamsPage.body.next.page).toEqual(expect.any(String));
    expectError(await s.api.request('GET', `${s.membersUrl}?limit=0`, { as: s.adminId }), 400, /^limit: /);
    expectError(await s.api.request('GET', `${s.membersUrl}?limit=1001`, { as: s.adminId }), 400, /^limit: /);
    expectError(await s.api.request('GET', `${s.membersUrl}?page=%%%`, { as: s.adminId }), 400);
    expectError(await s.api.request('GET', `${s.membersUrl}?page=bm9wZQ`, { as: s.adminId }), 400, /^page: /);
    expectError(
      await s.api.request('GET', `${s.membersUrl}?page=${encodeURIComponent(teamsPage.body.next.page)}`, { as: s.adminId }),
      400,
      /^page: is not a valid page cursor for this list$/,
    );
    expectError(await s.api.request('GET', `${s.membersUrl}?role=owner`, { as: s.adminId }), 400, /^role: is not a known field$/);
  });

  it('answers 404 for unknown teams and other organizations', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const theirs = await s.engine.teams.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    expectError(await s.api.request('GET', `${s.teamsUrl}/nope/members`, { as: s.adminId }), 404);
    expectError(await s.api.request('GET', `${s.teamsUrl}/${theirs.id}/members`, { as: s.adminId }), 404);
    expectError(await s.api.request('GET', `/v1/orgs/${other.orgId}/teams/${theirs.id}/members`, { as: s.adminId }), 404);
  });
});

describe('PUT /v1/orgs/{organizationId}/teams/{teamId}/members (bulk change)', () => {
  it('adds members given by id and by e-mail (any case) with the role member', async () => {
    const s = await setup();
    const res = await s.api.request('PUT', s.membersUrl, { as: s.adminId, body: { add: [s.ada, 'BOB@Acme.test'] } });
    expectOk(res, 'updateMembersInOrganizationTeam');
    expect(await s.roster()).toEqual(sorted([[s.owner, 'owner'], [s.member, 'member'], [s.ada, 'member'], [s.bob, 'member']]));
    expect(await s.teamSize()).toBe(4);
  });

  it('removes members given by id and by e-mail', async () => {
    const s = await setup();
    await s.engine.teams.putMember({ userId: s.adminId }, s.orgId, s.team, s.ada, {});
    const res = await s.api.request('PUT', s.membersUrl, { as: s.adminId, body: { remove: [s.member, 'ada@acme.test'] } });
    expectOk(res, 'updateMembersInOrganizationTeam');
    expect(await s.roster()).toEqual([[s.owner, 'owner']]);
    expect(await s.teamSize()).toBe(1);
  });

  it('adds, removes and changes roles in one request', async () => {
    const s = await setup();
    const res = await s.api.request('PUT', s.membersUrl, {
      as: s.adminId,
      body: { add: [s.ada, 'bob@acme.test'], remove: ['owner@acme.test'], memberships: { [s.bob]: { role: 'owner' }, [s.member]: { role: 'owner' } } },
    });
    expectOk(res, 'updateMembersInOrganizationTeam');
    expect(await s.roster()).toEqual(sorted([[s.member, 'owner'], [s.ada, 'member'], [s.bob, 'owner']]));
  });

  it('removes a user who is both in add and remove, whichever way each names them', async () => {
    const s = await setup();
    const res = await s.api.request('PUT', s.membersUrl, {
      as: s.adminId,
      // ada is new (by e-mail in add, by id in remove); member is already in the team (by id in add, by e-mail in remove).
      body: { add: ['ada@acme.test', s.member, s.bob], remove: [s.ada, 'member@acme.test'] },
    });
    expectOk(res, 'updateMembersInOrganizationTeam');
    expect(await s.roster()).toEqual(sorted([[s.owner, 'owner'], [s.bob, 'member']]));
  });

  it('applies memberships roles to existing members and to members being added', async () => {
    const s = await setup();
    const res = await s.api.request('PUT', s.membersUrl, {
      as: s.adminId,
      body: { add: [s.ada], memberships: { [s.ada]: { role: 'owner' }, [s.owner]: { role: 'member' } } },
    });
    expectOk(res, 'updateMembersInOrganizationTeam');
    expect(await s.roster()).toEqual(sorted([[s.owner, 'member'], [s.member, 'member'], [s.ada, 'owner']]));
    // The demoted owner can no longer manage the team; the new owner (org role edit) can.
    expectError(await s.api.request('PUT', s.membersUrl, { as: s.owner, body: { add: [s.bob] } }), 403);
    expectOk(await s.api.request('PUT', s.membersUrl, { as: s.ada, body: { add: [s.bob] } }), 'updateMembersInOrganizationTeam');
    expect(await s.roster()).toContainEqual([s.bob, 'member']);
  });

  it('accepts an empty change and changes nothing', async () => {
    const s = await setup();
    const before = await s.roster();
    expectOk(await s.api.request('PUT', s.membersUrl, { as: s.adminId, body: {} }), 'updateMembersInOrganizationTeam');
    expectOk(await s.api.request('PUT', s.membersUrl, { as: s.adminId, body: { add: [s.member], remove: [] } }), 'updateMembersInOrganizationTeam');
    expect(await s.roster()).toEqual(before);
  });

  it('rejects unknown entries in add, naming them, and applies nothing', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const outsider = await addUser(s.engine, 'outsider@elsewhere.test');
    const before = await s.roster();
    const res = await s.api.request('PUT', s.membersUrl, {
      as: s.adminId,
      body: {
        add: [s.ada, 'nobody@acme.test', 'ghost-id', outsider, other.adminId],
        remove: [s.member],
        memberships: { [s.owner]: { role: 'member' } },
      },
    });
    expectError(res, 400, /^add: 4 entries are not members of the organization: "nobody@acme.test", "ghost-id", /);
    expect(res.body.error.message).toContain(outsider);
    expect(res.body.error.message).toContain(other.adminId);
    expect(res.body.error.message).not.toContain(s.ada);
    expect(await s.roster()).toEqual(before);
    expect(await s.teamSize()).toBe(2);
  });

  it('names at most ten unknown entries and says how many more', async () => {
    const s = await setup();
    const unknown = Array.from({ length: 13 }, (_, i) => `ghost${i}@acme.test`);
    const res = await s.api.request('PUT', s.membersUrl, { as: s.adminId, body: { add: unknown } });
    expectError(res, 400, /^add: 13 entries are not members of the organization: .* and 3 more$/);
    expect(res.body.error.message).toContain('"ghost9@acme.test"');
    expect(res.body.error.message).not.toContain('ghost10@');
    expect(await s.teamSize()).toBe(2);
  });

  it('rejects memberships for users not in the team and applies nothing', async () => {
    const s = await setup();
    const before = await s.roster();
    const res = await s.api.request('PUT', s.membersUrl, {
      as: s.adminId,
      body: { add: [s.ada], remove: [s.member], memberships: { [s.owner]: { role: 'member' }, [s.bob]: { role: 'owner' } } },
    });
    expectError(res, 400, new RegExp(`^memberships: "${s.bob}" is not in the team$`));
    expect(await s.roster()).toEqual(before);
  });

  it('rejects memberships for a user removed in the same request only if not in the team otherwise', async () => {
    const s = await setup();
    // A role for someone being removed is ignored: the user ends up removed.
    const res = await s.api.request('PUT', s.membersUrl, { as: s.adminId, body: { remove: [s.member], memberships: { [s.member]: { role: 'owner' } } } });
    expectOk(res, 'updateMembersInOrganizationTeam');
    expect(await s.roster()).toEqual([[s.owner, 'owner']]);
  });

  it.each([
    ['add that is not an array', { add: s => s.ada }, /^add: must be of type array$/],
    ['an empty entry in add', { add: () => [''] }, /^add\[0\]: must not be empty$/],
    ['a number in remove', { remove: () => [5] }, /^remove\[0\]: must be of type string$/],
    ['an unknown team role', { memberships: (s) => ({ [s.member]: { role: 'boss' } }) }, /^memberships\.id\d+\.role: must be one of: "owner", "member"$/],
    ['a membership without a role', { memberships: (s) => ({ [s.member]: {} }) }, /^memberships\.id\d+\.role: is required$/],
    ['an unknown field in a membership', { memberships: (s) => ({ [s.member]: { role: 'owner', since: 'now' } }) }, /since: is not a known field$/],
    ['an unknown field', { owners: () => [] }, /^owners: is not a known field$/],
  ] as [string, Record<string, (s: Awaited<ReturnType<typeof setup>>) => unknown>, RegExp][])('rejects %s with 400', async (_, build, message) => {
    const s = await setup();
    const before = await s.roster();
    const body = Object.fromEntries(Object.entries(build).map(([key, make]) => [key, make(s)]));
    expectError(await s.api.request('PUT', s.membersUrl, { as: s.adminId, body }), 400, message);
    expect(await s.roster()).toEqual(before);
  });

  it('rejects malformed JSON and a non-object body', async () => {
    const s = await setup();
    expectError(await s.api.request('PUT', s.membersUrl, { as: s.adminId, rawBody: '{"add": [' }), 400, /^body: is not valid JSON/);
    expectError(await s.api.request('PUT', s.membersUrl, { as: s.adminId, rawBody: '"add"' }), 400, /^body: must be a JSON object$/);
    expect(await s.teamSize()).toBe(2);
  });

  it('lets the team owner manage members, but not plain team members or other read members', async () => {
    const s = await setup();
    expectOk(await s.api.request('PUT', s.membersUrl, { as: s.owner, body: { add: [s.ada], remove: [s.member] } }), 'updateMembersInOrganizationTeam');
    expect(await s.roster()).toEqual(sorted([[s.owner, 'owner'], [s.ada, 'member']]));
    expectError(await s.api.request('PUT', s.membersUrl, { as: s.ada, body: { add: [s.bob] } }), 403, /admin role or team ownership/);
    expectError(await s.api.request('PUT', s.membersUrl, { as: s.bob, body: { add: [s.bob] } }), 403);
    expectError(await s.api.request('PUT', s.membersUrl, { as: s.guest, body: { add: [s.guest] } }), 403);
    expect(await s.roster()).toEqual(sorted([[s.owner, 'owner'], [s.ada, 'member']]));
  });

  it('does not let an owner of one team manage another team', async () => {
    const s = await setup();
    const other = (await s.engine.teams.create({ userId: s.adminId }, s.orgId, { title: 'Other' })).id;
    expectError(await s.api.request('PUT', `${s.teamsUrl}/${other}/members`, { as: s.owner, body: { add: [s.owner] } }), 403);
    expect(await s.teamSize(other)).toBe(0);
  });

  it('answers 404 for unknown teams and other organizations', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const theirs = await s.engine.teams.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    expectError(await s.api.request('PUT', `${s.teamsUrl}/nope/members`, { as: s.adminId, body: { add: [s.ada] } }), 404);
    expectError(await s.api.request('PUT', `${s.teamsUrl}/${theirs.id}/members`, { as: s.adminId, body: { add: [s.ada] } }), 404);
    expectError(await s.api.request('PUT', `/v1/orgs/${other.orgId}/teams/${theirs.id}/members`, { as: s.adminId, body: { add: [other.adminId] } }), 404);
    expect((await s.engine.teams.get({ userId: other.adminId }, other.orgId, theirs.id)).members).toBe(0);
  });

  it('adds 10,000 members in one request', async () => {
    const s = await setup();
    const { core } = s.engine;
    const now = core.now();
    const userIds = Array.from({ length: 10_000 }, (_, i) => `bulk${String(i).padStart(5, '0')}`);
    // Seeded in a few statements: 20,000 one at a time took most of this test's time on PostgreSQL.
    await core.write(async () => {
      await insertRows(core, 'INSERT INTO users (id, display_name, email, created_at)', userIds.map((id, i) => [id, `Bulk ${i}`, `bulk${i}@acme.test`, now]));
      await insertRows(core, 'INSERT INTO members (organization_id, user_id, role, joined_at)', userIds.map((id) => [s.orgId, id, 'read', now]));
    });
    const team = (await s.engine.teams.create({ userId: s.adminId }, s.orgId, { title: 'Everyone' })).id;
    // Half by id, half by e-mail.
    const add = userIds.map((id, i) => (i % 2 === 0 ? id : `bulk${i}@acme.test`));
    const res = await s.api.request('PUT', `${s.teamsUrl}/${team}/members`, { as: s.adminId, body: { add } });
    expectOk(res, 'updateMembersInOrganizationTeam');
    expect(await s.teamSize(team)).toBe(10_000);
    const page = await s.api.request('GET', `${s.teamsUrl}/${team}/members?limit=1000`, { as: s.adminId });
    expectOk(page, 'listTeamMembersInOrganizationById');
    expect(page.body.count).toBe(10_000);
    expect(page.body.items).toHaveLength(1000);
    expect(page.body.next).toBeDefined();
    expect((await core.get<{ n: number }>('SELECT COUNT(*) AS n FROM team_members WHERE team_id = ?', [team]))!.n).toBe(10_000);
  });
});

describe('PUT /v1/orgs/{organizationId}/teams/{teamId}/members/{userId}', () => {
  it('adds a member with the role member by default', async () => {
    const s = await setup();
    const res = await s.api.request('PUT', `${s.membersUrl}/${s.ada}`, { as: s.adminId, body: {} });
    expectOk(res, 'addMemberToOrganizationTeamById');
    expect(await s.roster()).toContainEqual([s.ada, 'member']);
    expect(await s.teamSize()).toBe(3);
  });

  it('adds a member with a body-less request', async () => {
    const s = await setup();
    expectOk(await s.api.request('PUT', `${s.membersUrl}/${s.ada}`, { as: s.adminId }), 'addMemberToOrganizationTeamById');
    expect(await s.roster()).toContainEqual([s.ada, 'member']);
  });

  it('adds with a role and changes the role of an existing member', async () => {
    const s = await setup();
    expectOk(await s.api.request('PUT', `${s.membersUrl}/${s.ada}`, { as: s.adminId, body: { role: 'owner' } }), 'addMemberToOrganizationTeamById');
    expect(await s.roster()).toContainEqual([s.ada, 'owner']);
    expectOk(await s.api.request('PUT', `${s.membersUrl}/${s.ada}`, { as: s.adminId, body: { role: 'member' } }), 'addMemberToOrganizationTeamById');
    expectOk(await s.api.request('PUT', `${s.membersUrl}/${s.member}`, { as: s.adminId, body: { role: 'owner' } }), 'addMemberToOrganizationTeamById');
    expect(await s.roster()).toEqual(sorted([[s.owner, 'owner'], [s.member, 'owner'], [s.ada, 'member']]));
    expect(await s.teamSize()).toBe(3);
  });

  it('keeps the role of an existing member when no role is given', async () => {
    const s = await setup();
    expectOk(await s.api.request('PUT', `${s.membersUrl}/${s.owner}`, { as: s.adminId, body: {} }), 'addMemberToOrganizationTeamById');
    expect(await s.roster()).toContainEqual([s.owner, 'owner']);
    expect(await s.teamSize()).toBe(2);
  });

  it('rejects an unknown role, unknown fields, wrong types and malformed JSON', async () => {
    const s = await setup();
    const url = `${s.membersUrl}/${s.ada}`;
    expectError(await s.api.request('PUT', url, { as: s.adminId, body: { role: 'admin' } }), 400, /^role: must be one of: "owner", "member"$/);
    expectError(await s.api.request('PUT', url, { as: s.adminId, body: { role: null } }), 400, /^role: /);
    expectError(await s.api.request('PUT', url, { as: s.adminId, body: { role: 'member', team: 'x' } }), 400, /^team: is not a known field$/);
    expectError(await s.api.request('PUT', url, { as: s.adminId, rawBody: '{role:' }), 400, /^body: is not valid JSON/);
    expect(await s.teamSize()).toBe(2);
  });

  it('answers 404 for users who are not members of the organization', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const loner = await addUser(s.engine, 'loner@nowhere.test');
    expectError(await s.api.request('PUT', `${s.membersUrl}/${loner}`, { as: s.adminId, body: {} }), 404, /member .* not found/);
    expectError(await s.api.request('PUT', `${s.membersUrl}/${other.adminId}`, { as: s.adminId, body: {} }), 404);
    expectError(await s.api.request('PUT', `${s.membersUrl}/nobody`, { as: s.adminId, body: {} }), 404);
    expect(await s.teamSize()).toBe(2);
  });

  it('lets the team owner add members and change roles, not other members', async () => {
    const s = await setup();
    expectOk(await s.api.request('PUT', `${s.membersUrl}/${s.ada}`, { as: s.owner, body: { role: 'owner' } }), 'addMemberToOrganizationTeamById');
    expect(await s.roster()).toContainEqual([s.ada, 'owner']);
    expectError(await s.api.request('PUT', `${s.membersUrl}/${s.member}`, { as: s.member, body: { role: 'owner' } }), 403);
    expectError(await s.api.request('PUT', `${s.membersUrl}/${s.bob}`, { as: s.bob, body: {} }), 403);
    expectError(await s.api.request('PUT', `${s.membersUrl}/${s.guest}`, { as: s.guest, body: {} }), 403);
    expect(await s.roster()).toEqual(sorted([[s.owner, 'owner'], [s.member, 'member'], [s.ada, 'owner']]));
  });

  it('answers 404 for unknown teams and other organizations', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const theirs = await s.engine.teams.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    expectError(await s.api.request('PUT', `${s.teamsUrl}/nope/members/${s.ada}`, { as: s.adminId, body: {} }), 404);
    expectError(await s.api.request('PUT', `${s.teamsUrl}/${theirs.id}/members/${s.ada}`, { as: s.adminId, body: {} }), 404);
    expectError(await s.api.request('PUT', `/v1/orgs/${other.orgId}/teams/${theirs.id}/members/${other.adminId}`, { as: s.adminId, body: {} }), 404);
    expect((await s.engine.teams.get({ userId: other.adminId }, other.orgId, theirs.id)).members).toBe(0);
  });
});

describe('DELETE /v1/orgs/{organizationId}/teams/{teamId}/members/{userId}', () => {
  it('removes the member from the team only', async () => {
    const s = await setup();
    const res = await s.api.request('DELETE', `${s.membersUrl}/${s.member}`, { as: s.adminId });
    expectOk(res, 'deleteMemberFromOrganizationTeamById');
    expect(res.body).toBeUndefined();
    expect(await s.roster()).toEqual([[s.owner, 'owner']]);
    expect(await s.teamSize()).toBe(1);
    // Still a member of the organization.
    const member = await s.api.request('GET', `/v1/orgs/${s.orgId}/members/${s.member}`, { as: s.adminId });
    expectOk(member, 'getMemberInOrganizationById');
    expect(member.body.teams).toBe(0);
  });

  it('answers 204 for someone who is not in the team, or not in the organization, and changes nothing', async () => {
    const s = await setup();
    const loner = await addUser(s.engine, 'loner@nowhere.test');
    expectOk(await s.api.request('DELETE', `${s.membersUrl}/${s.ada}`, { as: s.adminId }), 'deleteMemberFromOrganizationTeamById');
    expectOk(await s.api.request('DELETE', `${s.membersUrl}/${loner}`, { as: s.adminId }), 'deleteMemberFromOrganizationTeamById');
    expectOk(await s.api.request('DELETE', `${s.membersUrl}/nobody`, { as: s.adminId }), 'deleteMemberFromOrganizationTeamById');
    expect(await s.roster()).toEqual(sorted([[s.owner, 'owner'], [s.member, 'member']]));
  });

  it('lets the team owner remove members, but not plain members or outsiders', async () => {
    const s = await setup();
    await s.engine.teams.putMember({ userId: s.adminId }, s.orgId, s.team, s.ada, {});
    expectError(await s.api.request('DELETE', `${s.membersUrl}/${s.ada}`, { as: s.member }), 403);
    expectError(await s.api.request('DELETE', `${s.membersUrl}/${s.ada}`, { as: s.bob }), 403);
    expectError(await s.api.request('DELETE', `${s.membersUrl}/${s.ada}`, { as: s.guest }), 403);
    expect(await s.roster()).toContainEqual([s.ada, 'member']);
    expectOk(await s.api.request('DELETE', `${s.membersUrl}/${s.ada}`, { as: s.owner }), 'deleteMemberFromOrganizationTeamById');
    expect(await s.roster()).toEqual(sorted([[s.owner, 'owner'], [s.member, 'member']]));
  });

  it('answers 404 for unknown teams and other organizations', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const theirs = await s.engine.teams.create({ userId: other.adminId }, other.orgId, { title: 'Theirs', members: [other.adminId] });
    expectError(await s.api.request('DELETE', `${s.teamsUrl}/nope/members/${s.member}`, { as: s.adminId }), 404);
    expectError(await s.api.request('DELETE', `${s.teamsUrl}/${theirs.id}/members/${other.adminId}`, { as: s.adminId }), 404);
    expectError(await s.api.request('DELETE', `/v1/orgs/${other.orgId}/teams/${theirs.id}/members/${other.adminId}`, { as: s.adminId }), 404);
    expect((await s.engine.teams.get({ userId: other.adminId }, other.orgId, theirs.id)).members).toBe(1);
  });
});

describe('authentication on team member routes', () => {
  it('answers 401 without a token, with an unknown token and with a revoked token', async () => {
    const s = await setup();
    const { id: tokenId, token } = await s.engine.tokens.create({ user: s.adminId, name: 'soon revoked' });
    expectOk(await s.api.request('GET', s.membersUrl, { token }), 'listTeamMembersInOrganizationById');
    await s.engine.tokens.revoke(tokenId);
    const before = await s.roster();
    const calls: [string, string, unknown?][] = [
      ['GET', s.membersUrl],
      ['PUT', s.membersUrl, { add: [s.ada] }],
      ['PUT', `${s.membersUrl}/${s.ada}`, { role: 'owner' }],
      ['DELETE', `${s.membersUrl}/${s.member}`],
    ];
    for (const [method, url, body] of calls) {
      expectError(await s.api.request(method, url, { as: null, body }), 401, /authentication required/);
      expectError(await s.api.request(method, url, { token: 'dct_unknown', body }), 401, /unknown or revoked/);
      expectError(await s.api.request(method, url, { token, body }), 401, /unknown or revoked/);
    }
    expect(await s.roster()).toEqual(before);
  });
});
