import { describe, expect, it } from 'vitest';
import { testEngine, addMember, addUser, otherOrganization } from '../helpers/engine';
import { testApp, expectOk, expectError } from '../helpers/app';

/**
 * docsctl's `invite` on the bulk PUT of a team's members (issue 30): e-mails of `add` that name no
 * member are invited to the organization, then added, in the one transaction of the request.
 */
async function setup() {
  const t = await testEngine();
  const api = testApp(t.engine);
  const owner = await addMember(t.engine, t.orgId, 'owner@acme.test', 'read', 'Owner');
  const ada = await addMember(t.engine, t.orgId, 'ada@acme.test', 'edit', 'Ada');
  const team = (await t.engine.teams.create({ userId: t.adminId }, t.orgId, { title: 'Docs' })).id;
  await t.engine.teams.putMember({ userId: t.adminId }, t.orgId, team, owner, { role: 'owner' });
  const membersUrl = `/v1/orgs/${t.orgId}/teams/${team}/members`;
  const put = async (body: unknown, as = t.adminId) => await api.request('PUT', membersUrl, { as, body });
  /** The team as sorted [e-mail, team role, organization role] rows. */
  const roster = async (): Promise<[string, string, string | null][]> => {
    const res = await api.request('GET', `${membersUrl}?limit=1000`, { as: t.adminId });
    expectOk(res, 'listTeamMembersInOrganizationById');
    return res.body.items
      .map((m: { organization: { role: string | null; user: { email: string } }; team: { role: string } }) => [m.organization.user.email, m.team.role, m.organization.role])
      .sort();
  };
  const counts = async () => ({
    users: (await t.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM users'))!.n,
    members: (await t.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM members WHERE organization_id = ?', [t.orgId]))!.n,
  });
  return { ...t, api, owner, ada, team, membersUrl, put, roster, counts };
}

describe('PUT …/teams/{teamId}/members with invite (docsctl)', () => {
  it('invites e-mails that name no member (the organization default role, else read) and adds them, memberships keyed by e-mail', async () => {
    const s = await setup();
    const res = await s.put({ add: [s.ada, 'New.Person@acme.test', 'lead@acme.test'], memberships: { 'lead@acme.test': { role: 'owner' } }, invite: {} });
    expectOk(res, 'updateMembersInOrganizationTeam');
    expect(await s.roster()).toEqual([
      ['ada@acme.test', 'member', 'edit'],
      ['lead@acme.test', 'owner', 'read'],
      ['new.person@acme.test', 'member', 'read'],
      ['owner@acme.test', 'owner', 'read'],
    ]);
    // One audit record for the request (the helper checks it), with the invite in its summary.
    const audit = await s.api.request('GET', `/v1/orgs/${s.orgId}/audit-log?limit=1`, { as: s.adminId });
    expect(audit.body.items[0]).toMatchObject({ action: 'updateMembersInOrganizationTeam', summary: { fields: expect.arrayContaining(['add', 'memberships', 'invite']) } });
  });

  it('takes the role of invite, or the organization default role; null invites guests', async () => {
    const s = await setup();
    expectOk(await s.put({ add: ['editor@acme.test'], invite: { role: 'edit' } }), 'updateMembersInOrganizationTeam');
    expectOk(await s.put({ add: ['guest@acme.test'], invite: { role: null } }), 'updateMembersInOrganizationTeam');
    expectOk(await s.api.request('PATCH', `/v1/orgs/${s.orgId}`, { as: s.adminId, body: { defaultRole: 'comment' } }), 'updateOrganizationById');
    expectOk(await s.put({ add: ['commenter@acme.test'], invite: {} }), 'updateMembersInOrganizationTeam');
    const roles = Object.fromEntries((await s.roster()).map(([email, , role]) => [email, role]));
    expect(roles).toMatchObject({ 'editor@acme.test': 'edit', 'guest@acme.test': null, 'commenter@acme.test': 'comment' });
  });

  it('someone with an account elsewhere keeps it; a member named by e-mail keeps their organization role', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const outsider = await addUser(s.engine, 'outsider@elsewhere.test');
    const before = await s.counts();
    expectOk(await s.put({ add: ['OUTSIDER@elsewhere.test', 'boss@other.test', 'ADA@acme.test'], invite: { role: 'review' } }), 'updateMembersInOrganizationTeam');
    expect(await s.counts()).toEqual({ users: before.users, members: before.members + 2 });
    const ids = (await s.api.request('GET', `${s.membersUrl}?limit=1000`, { as: s.adminId })).body.items.map((m: { organization: { id: string } }) => m.organization.id);
    expect(ids).toEqual(expect.arrayContaining([outsider, other.adminId, s.ada]));
    expect(Object.fromEntries((await s.roster()).map(([email, , role]) => [email, role]))).toMatchObject({ 'ada@acme.test': 'edit', 'outsider@elsewhere.test': 'review' });
  });

  it('is all or nothing: an unknown id, or memberships of someone not in the team, and nobody is invited', async () => {
    const s = await setup();
    const before = { counts: await s.counts(), roster: await s.roster() };
    expectError(await s.put({ add: ['new@acme.test', 'NoSuchId'], invite: {} }), 400, /^add: 1 entry is not members of the organization: "NoSuchId"$/);
    expectError(await s.put({ add: ['new@acme.test'], memberships: { 'stranger@acme.test': { role: 'owner' } }, invite: {} }), 400, /^memberships: "stranger@acme.test" is not in the team$/);
    expect({ counts: await s.counts(), roster: await s.roster() }).toEqual(before);
  });

  it('refuses what is not an e-mail address, naming it, and invites nobody', async () => {
    const s = await setup();
    const before = await s.counts();
    expectError(await s.put({ add: ['ok@acme.test', 'ada@', 'x@y'], invite: {} }), 400, /^add: "ada@", "x@y" are not e-mail addresses: nobody can be invited by them$/);
    expect(await s.counts()).toEqual(before);
  });

  it('without invite, an unknown e-mail is refused as before; memberships may name members by e-mail', async () => {
    const s = await setup();
    expectError(await s.put({ add: ['new@acme.test'] }), 400, /^add: 1 entry is not members of the organization: "new@acme.test"$/);
    expectOk(await s.put({ add: ['ada@acme.test'], memberships: { 'Ada@acme.test': { role: 'owner' } } }), 'updateMembersInOrganizationTeam');
    expect((await s.roster()).find(([email]) => email === 'ada@acme.test')).toEqual(['ada@acme.test', 'owner', 'edit']);
  });

  it('needs the admin role: a team owner may add members but not invite (403, nothing done)', async () => {
    const s = await setup();
    const before = await s.counts();
    expectError(await s.put({ add: ['new@acme.test'], invite: {} }, s.owner), 403, /^invite: you are not allowed to invite people to the organization \(admin role required\)/);
    expect(await s.counts()).toEqual(before);
    expectOk(await s.put({ add: [s.ada] }, s.owner), 'updateMembersInOrganizationTeam');
  });

  it('validates invite: a known role or null, no other field', async () => {
    const s = await setup();
    expectError(await s.put({ add: ['new@acme.test'], invite: { role: 'boss' } }), 400, /^invite\.role: /);
    expectError(await s.put({ add: ['new@acme.test'], invite: { role: 'read', teams: [] } }), 400, /^invite\.teams: is not a known field$/);
    expectError(await s.put({ add: ['new@acme.test'], invite: true }), 400, /^invite: /);
  });

  it('answers 404 for a team of another organization, inviting nobody', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const before = await s.counts();
    const res = await s.api.request('PUT', `/v1/orgs/${other.orgId}/teams/${s.team}/members`, { as: s.adminId, body: { add: ['new@acme.test'], invite: {} } });
    expect(res.status).toBe(404);
    expect(await s.counts()).toEqual(before);
  });
});
