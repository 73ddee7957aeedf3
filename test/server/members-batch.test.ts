import { describe, expect, it } from 'vitest';
import { testEngine, addMember, otherOrganization } from '../helpers/engine';
import { testApp, expectOk, expectError } from '../helpers/app';

/** docsctl's `PATCH /v1/orgs/{organizationId}/members`: several members' roles in one transaction. */

async function setup() {
  const t = await testEngine();
  const api = testApp(t.engine);
  const ada = await addMember(t.engine, t.orgId, 'ada@acme.test', 'read', 'Ada Lovelace');
  const grace = await addMember(t.engine, t.orgId, 'grace@acme.test', 'edit', 'Grace Hopper');
  const alan = await addMember(t.engine, t.orgId, 'alan@acme.test', 'comment', 'Alan Turing');
  const patch = async (body: unknown, as: string | null = t.adminId, orgId = t.orgId) => await api.request('PATCH', `/v1/orgs/${orgId}/members`, { as, body });
  const roles = async () => {
    const list = await t.engine.members.list({ userId: t.adminId }, t.orgId, { limit: 100 });
    return Object.fromEntries(list.items.map((m) => [m.user.email, m.role]));
  };
  return { ...t, api, ada, grace, alan, patch, roles };
}

describe('PATCH /v1/orgs/{organizationId}/members', () => {
  it('changes several roles at once, by id or e-mail (any case), and answers each member in the order given', async () => {
    const t = await setup();
    const res = await t.patch({ members: [{ user: 'GRACE@acme.test', role: 'admin' }, { user: t.ada, role: null }, { user: 'alan@acme.test', role: 'comment' }] });
    expectOk(res, 'updateMembersInOrganizationById');
    expect(res.body.count).toBe(3);
    expect(res.body.items.map((m: { id: string; role: string | null; object: string }) => [m.object, m.id, m.role])).toEqual([
      ['member', t.grace, 'admin'],
      ['member', t.ada, null],
      ['member', t.alan, 'comment'],
    ]);
    expect(await t.roles()).toEqual({ 'admin@acme.test': 'admin', 'ada@acme.test': null, 'grace@acme.test': 'admin', 'alan@acme.test': 'comment' });
  });

  it('lets the caller demote themselves in the same set that promotes another admin', async () => {
    const t = await setup();
    expectOk(await t.patch({ members: [{ user: 'admin@acme.test', role: 'read' }, { user: t.ada, role: 'admin' }] }), 'updateMembersInOrganizationById');
    expect(await t.roles()).toMatchObject({ 'admin@acme.test': 'read', 'ada@acme.test': 'admin' });
  });

  it('answers 409 and changes nothing when the set would leave no admin', async () => {
    const t = await setup();
    const res = await t.patch({ members: [{ user: t.ada, role: 'create' }, { user: t.grace, role: 'review' }, { user: t.adminId, role: 'edit' }] });
    expectError(res, 409, 'cannot change the role of admin@acme.test: the organization must keep at least one admin (nothing was changed)');
    expect(await t.roles()).toEqual({ 'admin@acme.test': 'admin', 'ada@acme.test': 'read', 'grace@acme.test': 'edit', 'alan@acme.test': 'comment' });
    // Another admin in the same set makes it allowed.
    expectOk(await t.patch({ members: [{ user: t.adminId, role: 'edit' }, { user: t.grace, role: 'admin' }] }), 'updateMembersInOrganizationById');
    expect(await t.roles()).toMatchObject({ 'admin@acme.test': 'edit', 'grace@acme.test': 'admin' });
  });

  it.each([
    ['no members field', {}, /^members: /],
    ['an empty list', { members: [] }, /^members: must be at least 1 item/],
    ['1001 entries', { members: Array.from({ length: 1001 }, (_, i) => ({ user: `u${i}@acme.test`, role: 'read' })) }, /^members: must be at most 1000 items/],
    ['a team role', { members: [{ user: 'ada@acme.test', role: 'owner' }] }, /^members\[0\]\.role: must be one of: "admin"/],
    ['no role', { members: [{ user: 'ada@acme.test' }] }, /^members\[0\]\.role: /],
    ['no user', { members: [{ role: 'read' }] }, /^members\[0\]\.user: /],
    ['an empty user', { members: [{ user: '', role: 'read' }] }, /^members\[0\]\.user: must not be empty/],
    ['a user of 330 characters', { members: [{ user: `${'x'.repeat(320)}@acme.test`, role: 'read' }] }, /^members\[0\]\.user: must be at most 320 characters/],
    ['an unknown field in an entry', { members: [{ user: 'ada@acme.test', role: 'read', team: 'x' }] }, 'members[0].team: is not a known field'],
    ['an unknown field', { members: [{ user: 'ada@acme.test', role: 'read' }], dryRun: true }, 'dryRun: is not a known field'],
    ['a member listed twice', { members: [{ user: 'ada@acme.test', role: 'edit' }, { user: 'ADA@acme.test', role: 'read' }] }, 'members[1].user: the same member as members[0]'],
    [
      'entries that are not members',
      { members: [{ user: 'nobody@acme.test', role: 'read' }, { user: 'ada@acme.test', role: 'edit' }, { user: 'no-such-id', role: 'read' }] },
      'members[0].user: "nobody@acme.test" is not a member of the organization; members[2].user: "no-such-id" is not a member of the organization',
    ],
  ])('rejects %s with 400 and changes nothing', async (_label, body, message) => {
    const t = await setup();
    expectError(await t.patch(body), 400, message);
    expect(await t.roles()).toEqual({ 'admin@acme.test': 'admin', 'ada@acme.test': 'read', 'grace@acme.test': 'edit', 'alan@acme.test': 'comment' });
  });

  it('names the same member given by id and by e-mail', async () => {
    const t = await setup();
    expectError(await t.patch({ members: [{ user: t.ada, role: 'edit' }, { user: 'ada@acme.test', role: 'read' }] }), 400, 'members[1].user: the same member as members[0]');
  });

  it('accepts 1000 entries (the bound)', async () => {
    const t = await setup();
    const members = Array.from({ length: 1000 }, (_, i) => ({ user: i % 2 ? 'ada@acme.test' : t.ada, role: 'edit' }));
    // 1000 entries naming one member are refused for the repetition, not for the size.
    expectError(await t.patch({ members }), 400, /^members\[1\]\.user: the same member as members\[0\]; .*; and 989 more$/);
  });

  it('rejects a member of another organization as not a member of this one', async () => {
    const t = await setup();
    const other = await otherOrganization(t.engine);
    expectError(await t.patch({ members: [{ user: other.adminId, role: 'read' }] }), 400, /^members\[0\]\.user: ".+" is not a member of the organization$/);
    expect((await t.engine.members.get({ userId: other.adminId }, other.orgId, other.adminId)).role).toBe('admin');
  });

  it('answers 404 for an unknown organization and for one the caller does not belong to', async () => {
    const t = await setup();
    const other = await otherOrganization(t.engine);
    expectError(await t.patch({ members: [{ user: t.ada, role: 'admin' }] }, t.adminId, 'no-such-org'), 404, /not found/);
    expectError(await t.patch({ members: [{ user: other.adminId, role: 'read' }] }, t.adminId, other.orgId), 404, /not found/);
    expect((await t.engine.members.get({ userId: other.adminId }, other.orgId, other.adminId)).role).toBe('admin');
  });

  it.each(['create', 'read', null] as const)('answers 403 to a %s member, even for their own role', async (role) => {
    const t = await setup();
    const member = await addMember(t.engine, t.orgId, 'member@acme.test', role);
    expectError(await t.patch({ members: [{ user: t.ada, role: 'edit' }] }, member), 403, /admin role required/);
    expectError(await t.patch({ members: [{ user: member, role: 'admin' }] }, member), 403, /admin role required/);
    expect(await t.roles()).toMatchObject({ 'ada@acme.test': 'read', 'member@acme.test': role });
  });

  it('answers 401 without a token', async () => {
    const t = await setup();
    expectError(await t.patch({ members: [{ user: t.ada, role: 'admin' }] }, null), 401, /authentication required/);
    expect(await t.roles()).toMatchObject({ 'ada@acme.test': 'read' });
  });

  it('writes one audit record for the set', async () => {
    const t = await setup();
    expectOk(await t.patch({ members: [{ user: t.ada, role: 'edit' }, { user: t.grace, role: 'read' }] }), 'updateMembersInOrganizationById');
    const log = await t.api.request('GET', `/v1/orgs/${t.orgId}/audit-log`, { as: t.adminId });
    expect(log.body.items[0]).toMatchObject({ action: 'updateMembersInOrganizationById' });
  });
});
