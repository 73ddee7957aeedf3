import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testEngine, addMember, addUser, otherOrganization } from '../helpers/engine';
import { testApp, expectOk, expectError, type CallResult } from '../helpers/app';
import { signingSecret, verifyJwt } from '../../src/engine/jwt';
import { mapInOrder } from '../../src/engine/in-order';

const CERTIFICATE = readFileSync(new URL('../fixtures/idp-cert.pem', import.meta.url), 'utf8');

async function setup() {
  const t = await testEngine();
  return { ...t, api: testApp(t.engine), members: (orgId = t.orgId) => `/v1/orgs/${orgId}/members` };
}
type Setup = Awaited<ReturnType<typeof setup>>;

const idsOf = (res: CallResult): string[] => res.body.items.map((m: { id: string }) => m.id);

/** Follows `next.page` from `url` and returns every page. */
async function allPages(t: Setup, url: string, as: string): Promise<CallResult[]> {
  const pages: CallResult[] = [];
  let next: string | undefined = url;
  while (next) {
    const res = await t.api.request('GET', next, { as });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    pages.push(res);
    next = res.body.next ? `${url}${url.includes('?') ? '&' : '?'}page=${encodeURIComponent(res.body.next.page)}` : undefined;
    expect(pages.length).toBeLessThan(100);
  }
  return pages;
}

describe('authentication on member routes', () => {
  const routes: [string, string][] = [
    ['GET', '/members'],
    ['GET', '/members/{member}'],
    ['PATCH', '/members/{member}'],
    ['DELETE', '/members/{member}'],
    ['POST', '/ping'],
    ['POST', '/members/{member}/sso'],
    ['GET', '/members/{member}/spaces'],
    ['GET', '/members/{member}/teams'],
  ];

  it.each(routes)('%s /v1/orgs/{org}%s answers 401 without a token, with an unknown token and with a revoked token', async (method, suffix) => {
    const t = await setup();
    const member = await addMember(t.engine, t.orgId, 'ada@acme.test', 'read');
    const url = `/v1/orgs/${t.orgId}${suffix.replace('{member}', member)}`;
    const revoked = await t.engine.tokens.create({ user: t.adminId, name: 'old' });
    await t.engine.tokens.revoke(revoked.id);
    const body = { role: 'admin' };
    expectError(await t.api.request(method, url, { body }), 401, /authentication required/);
    expectError(await t.api.request(method, url, { token: 'dct_unknown', body }), 401, /unknown or revoked/);
    expectError(await t.api.request(method, url, { token: revoked.token, body }), 401, /unknown or revoked/);
    // nothing happened
    const after = await t.engine.members.get({ userId: t.adminId }, t.orgId, member);
    expect(after.role).toBe('read');
    expect(after.sso).toBe(false);
    expect((await t.engine.members.get({ userId: t.adminId }, t.orgId, t.adminId)).lastSeenAt).toBeUndefined();
  });

  it.each(routes)('%s /v1/orgs/{org}%s answers 404 for an organization the caller does not belong to', async (method, suffix) => {
    const t = await setup();
    const other = await otherOrganization(t.engine);
    const theirs = await addMember(t.engine, other.orgId, 'theirs@other.test', 'read');
    const url = `/v1/orgs/${other.orgId}${suffix.replace('{member}', theirs)}`;
    expectError(await t.api.request(method, url, { as: t.adminId, body: method === 'PATCH' ? { role: 'admin' } : undefined }), 404, /not found/);
    const after = await t.engine.members.get({ userId: other.adminId }, other.orgId, theirs);
    expect(after.role).toBe('read');
    expect(after.lastSeenAt).toBeUndefined();
  });
});

describe('GET /v1/orgs/{organizationId}/members', () => {
  it('lists every member with their user', async () => {
    const t = await setup();
    t.clock.advance(1000);
    const ada = await addMember(t.engine, t.orgId, 'ada@acme.test', 'edit', 'Ada Lovelace');
    const res = await t.api.request('GET', t.members(), { as: ada });
    expectOk(res, 'listMembersInOrganizationById');
    expect(res.body.count).toBe(2);
    expect(res.body.next).toBeUndefined();
    const item = res.body.items.find((m: { id: string }) => m.id === ada);
    expect(item).toEqual({
      object: 'member',
      id: ada,
      role: 'edit',
      user: { object: 'user', id: ada, displayName: 'Ada Lovelace', email: 'ada@acme.test', urls: { location: `http://docs.test/v1/users/${ada}` } },
      disabled: false,
      joinedAt: '2026-03-01T10:00:01.000Z',
      sso: false,
      spaces: 0,
      teams: 0,
      sites: 0,
    });
  });

  it('pages through 26 members 10 at a time, each exactly once, in joinedAt order', async () => {
    const t = await setup();
    const joined = [t.adminId];
    for (let i = 0; i < 25; i++) {
      t.clock.advance(1000);
      joined.push(await addMember(t.engine, t.orgId, `m${String(i).padStart(2, '0')}@acme.test`, 'read'));
    }

    const asc = await allPages(t, `${t.members()}?limit=10&order=asc`, t.adminId);
    expect(asc.map((p) => p.body.items.length)).toEqual([10, 10, 6]);
    for (const page of asc) {
      expectOk(page, 'listMembersInOrganizationById');
      expect(page.body.count).toBe(26);
    }
    expect(asc.slice(0, 2).every((p) => typeof p.body.next?.page === 'string')).toBe(true);
    expect(asc[2].body.next).toBeUndefined();
    expect(asc.flatMap(idsOf)).toEqual(joined);

    const desc = await allPages(t, `${t.members()}?limit=10&order=desc`, t.adminId);
    expect(desc.map((p) => p.body.items.length)).toEqual([10, 10, 6]);
    expect(desc.flatMap(idsOf)).toEqual([...joined].reverse());

    // without `order` the newest members come first
    expect((await allPages(t, `${t.members()}?limit=10`, t.adminId)).flatMap(idsOf)).toEqual([...joined].reverse());
  });

  it('pages correctly through members who joined at the same instant', async () => {
    const t = await setup();
    const same = await mapInOrder([0, 1, 2, 3, 4], async (i) => await addMember(t.engine, t.orgId, `twin${i}@acme.test`));
    const all = [t.adminId, ...same];
    for (const order of ['asc', 'desc']) {
      const pages = await allPages(t, `${t.members()}?limit=2&order=${order}`, t.adminId);
      expect(pages.map((p) => p.body.items.length)).toEqual([2, 2, 2]);
      const ids = pages.flatMap(idsOf);
      expect(new Set(ids).size).toBe(6);
      expect([...ids].sort()).toEqual([...all].sort());
    }
  });

  it('filters by role, and pages within the filter', async () => {
    const t = await setup();
    const editors: string[] = [];
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1000);
      editors.push(await addMember(t.engine, t.orgId, `editor${i}@acme.test`, 'edit'));
      await addMember(t.engine, t.orgId, `reader${i}@acme.test`, 'read');
    }
    const pages = await allPages(t, `${t.members()}?role=edit&limit=2&order=asc`, t.adminId);
    expect(pages.map((p) => p.body.count)).toEqual([5, 5, 5]);
    expect(pages.flatMap(idsOf)).toEqual(editors);
    const admins = await t.api.request('GET', `${t.members()}?role=admin`, { as: t.adminId });
    expectOk(admins, 'listMembersInOrganizationById');
    expect(idsOf(admins)).toEqual([t.adminId]);
    const none = await t.api.request('GET', `${t.members()}?role=review`, { as: t.adminId });
    expect(none.body).toEqual({ count: 0, items: [] });
  });

  it('filters the members without a role with role=guest (docsctl\'s addition), paged within the filter; a guest still gets 403', async () => {
    const t = await setup();
    const guests: string[] = [];
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000);
      guests.push(await addMember(t.engine, t.orgId, `guest${i}@acme.test`, null));
      await addMember(t.engine, t.orgId, `reader${i}@acme.test`, 'read');
    }
    const pages = await allPages(t, `${t.members()}?role=guest&limit=2&order=asc`, t.adminId);
    expect(pages.map((p) => p.body.count)).toEqual([3, 3]);
    expect(pages.flatMap(idsOf)).toEqual(guests);
    expect(pages.flatMap((p) => p.body.items.map((m: { role: unknown }) => m.role))).toEqual([null, null, null]);
    // What `PATCH …/members/{userId}` accepts, the filter finds: a member made a guest is listed as one.
    const demoted = (await t.api.request('GET', `${t.members()}?role=read&limit=1`, { as: t.adminId })).body.items[0].id as string;
    expectOk(await t.api.request('PATCH', `${t.members()}/${demoted}`, { as: t.adminId, body: { role: null } }), 'updateMemberInOrganizationById');
    const after = await t.api.request('GET', `${t.members()}?role=guest`, { as: t.adminId });
    expectOk(after, 'listMembersInOrganizationById');
    expect(new Set(idsOf(after))).toEqual(new Set([...guests, demoted]));
    expectError(await t.api.request('GET', `${t.members()}?role=guest`, { as: guests[0] }), 403, /list members/);
    expectError(await t.api.request('GET', `${t.members('nope')}?role=guest`, { as: t.adminId }), 404, /not found/);
    expectError(await t.api.request('GET', `${t.members()}?role=none`, { as: t.adminId }), 400, /^role: must be one of: "admin", "create", "review", "edit", "comment", "read", "guest"/);
  });

  it('searches display names and e-mails, case-insensitively and literally', async () => {
    const t = await setup();
    const grace = await addMember(t.engine, t.orgId, 'grace@navy.test', 'read', 'Grace Hopper');
    const hopper = await addMember(t.engine, t.orgId, 'g.hopper@acme.test', 'read', 'Someone Else');
    const under = await addMember(t.engine, t.orgId, 'under_score@acme.test', 'read', 'Under Score');
    const plain = await addMember(t.engine, t.orgId, 'underxscore@acme.test', 'read', 'Plain');
    const search = async (q: string) => {
      const res = await t.api.request('GET', `${t.members()}?order=asc&search=${encodeURIComponent(q)}`, { as: t.adminId });
      expectOk(res, 'listMembersInOrganizationById');
      expect(res.body.count).toBe(res.body.items.length);
      return idsOf(res).sort();
    };
    expect(await search('hopper')).toEqual([grace, hopper].sort());
    expect(await search('HOPPER')).toEqual([grace, hopper].sort());
    expect(await search('navy.test')).toEqual([grace]);
    expect(await search('der_sc')).toEqual([under]);
    expect(await search('%')).toEqual([]);
    expect(await search('score')).toEqual([under, plain].sort());
    expect(await search('nobody')).toEqual([]);
  });

  it('sort=lastSeenAt lists only members who have pinged, most recent first unless order=asc', async () => {
    const t = await setup();
    const a = await addMember(t.engine, t.orgId, 'a@acme.test');
    const b = await addMember(t.engine, t.orgId, 'b@acme.test');
    await addMember(t.engine, t.orgId, 'never@acme.test');
    const c = await addMember(t.engine, t.orgId, 'c@acme.test');
    for (const who of [b, c, a]) {
      t.clock.advance(60_000);
      expectOk(await t.api.request('POST', `/v1/orgs/${t.orgId}/ping`, { as: who }), 'pingOrganization');
    }
    const desc = await t.api.request('GET', `${t.members()}?sort=lastSeenAt`, { as: t.adminId });
    expectOk(desc, 'listMembersInOrganizationById');
    expect(desc.body.count).toBe(3);
    expect(idsOf(desc)).toEqual([a, c, b]);
    const asc = await allPages(t, `${t.members()}?sort=lastSeenAt&order=asc&limit=1`, t.adminId);
    expect(asc.map((p) => p.body.count)).toEqual([3, 3, 3]);
    expect(asc.flatMap(idsOf)).toEqual([b, c, a]);
    expect(asc.flatMap((p) => p.body.items.map((m: { lastSeenAt: string }) => m.lastSeenAt))).toEqual([
      '2026-03-01T10:01:00.000Z', '2026-03-01T10:02:00.000Z', '2026-03-01T10:03:00.000Z',
    ]);
  });

  it('rejects a cursor of another sort or of another listing', async () => {
    const t = await setup();
    for (let i = 0; i < 3; i++) await addMember(t.engine, t.orgId, `m${i}@acme.test`);
    const first = await t.api.request('GET', `${t.members()}?limit=1`, { as: t.adminId });
    const cursor = encodeURIComponent(first.body.next.page);
    expectError(await t.api.request('GET', `${t.members()}?limit=1&sort=lastSeenAt&page=${cursor}`, { as: t.adminId }), 400, /page: is not a valid page cursor/);
    expectError(await t.api.request('GET', `${t.members()}?limit=1&order=asc&page=${cursor}`, { as: t.adminId }), 400, /page: is not a valid page cursor/);
    expectError(await t.api.request('GET', `/v1/orgs?page=${cursor}`, { as: t.adminId }), 400, /page: is not a valid page cursor/);
  });

  it.each([
    ['limit=0', 'limit: must be at least 1'],
    ['limit=1001', 'limit: must be at most 1000'],
    ['limit=abc', /^limit: must be a whole number$/],
    ['limit=2.5', /^limit: must be a whole number$/],
    ['page=abc', 'page: is not a valid page cursor'],
    [`page=${Buffer.from('["members:joinedAt:desc",[1]]').toString('base64url')}`, 'page: is not a valid page cursor for this list'],
    [`page=${'x'.repeat(2001)}`, 'page: must be at most 2000 characters'],
    ['order=up', 'order: must be one of: "asc", "desc"'],
    ['role=owner', /^role: must be one of: "admin"/],
    ['sort=name', 'sort: must be one of: "joinedAt", "lastSeenAt"'],
    ['search=', 'search: must not be empty'],
    [`search=${'s'.repeat(513)}`, 'search: must be at most 512 characters'],
    ['colour=red', 'colour: is not a known field'],
    ['role=read&role=edit', /^role: /],
    ['expand=users', /^expand: /],
  ])('rejects the query %s with 400', async (query, message) => {
    const t = await setup();
    expectError(await t.api.request('GET', `${t.members()}?${query}`, { as: t.adminId }), 400, message);
  });

  it('names each member\'s teams by title with expand=teams (docsctl\'s addition), and only then', async () => {
    const t = await setup();
    const ada = await addMember(t.engine, t.orgId, 'ada@acme.test');
    await t.engine.teams.create({ userId: t.adminId }, t.orgId, { title: 'Writers', members: [ada] });
    const eng = await t.engine.teams.create({ userId: t.adminId }, t.orgId, { title: 'Eng', members: [ada, t.adminId] });
    const other = await otherOrganization(t.engine);
    await t.engine.teams.create({ userId: other.adminId }, other.orgId, { title: 'Elsewhere', members: [other.adminId] });
    const expanded = await t.api.request('GET', `${t.members()}?expand=teams`, { as: t.adminId });
    expectOk(expanded, 'listMembersInOrganizationById');
    const byId = Object.fromEntries(expanded.body.items.map((m: { id: string; teamTitles: unknown }) => [m.id, m.teamTitles]));
    expect(byId[ada]).toEqual([{ id: eng.id, title: 'Eng' }, { id: expect.any(String), title: 'Writers' }]);
    expect(byId[t.adminId]).toEqual([{ id: eng.id, title: 'Eng' }]);
    const plain = await t.api.request('GET', t.members(), { as: t.adminId });
    expect(plain.body.items.every((m: object) => !('teamTitles' in m))).toBe(true);
  });

  it('accepts limit 1 and 1000 and a search of 512 characters', async () => {
    const t = await setup();
    await addMember(t.engine, t.orgId, 'ada@acme.test');
    const one = await t.api.request('GET', `${t.members()}?limit=1`, { as: t.adminId });
    expectOk(one, 'listMembersInOrganizationById');
    expect(one.body.items).toHaveLength(1);
    expect(one.body.next).toBeDefined();
    const max = await t.api.request('GET', `${t.members()}?limit=1000`, { as: t.adminId });
    expectOk(max, 'listMembersInOrganizationById');
    expect(max.body.items).toHaveLength(2);
    expect(max.body.next).toBeUndefined();
    const long = await t.api.request('GET', `${t.members()}?search=${'s'.repeat(512)}`, { as: t.adminId });
    expectOk(long, 'listMembersInOrganizationById');
    expect(long.body.count).toBe(0);
  });

  it('lets a read member list the members, but answers 403 to a guest', async () => {
    const t = await setup();
    const reader = await addMember(t.engine, t.orgId, 'reader@acme.test', 'read');
    const guest = await addMember(t.engine, t.orgId, 'guest@acme.test', null);
    const res = await t.api.request('GET', t.members(), { as: reader });
    expectOk(res, 'listMembersInOrganizationById');
    expect(res.body.count).toBe(3);
    expectError(await t.api.request('GET', t.members(), { as: guest }), 403, /list members/);
  });
});

describe('GET /v1/orgs/{organizationId}/members/{userId}', () => {
  it('returns the member, with the number of teams they are in', async () => {
    const t = await setup();
    const ada = await addMember(t.engine, t.orgId, 'ada@acme.test', 'comment');
    await t.engine.teams.create({ userId: t.adminId }, t.orgId, { title: 'Docs', members: [ada] });
    await t.engine.teams.create({ userId: t.adminId }, t.orgId, { title: 'Eng', members: [ada, t.adminId] });
    const res = await t.api.request('GET', `${t.members()}/${ada}`, { as: t.adminId });
    expectOk(res, 'getMemberInOrganizationById');
    expect(res.body).toMatchObject({ object: 'member', id: ada, role: 'comment', teams: 2, spaces: 0, sso: false, user: { email: 'ada@acme.test' } });
    const admin = await t.api.request('GET', `${t.members()}/${t.adminId}`, { as: ada });
    expectOk(admin, 'getMemberInOrganizationById');
    expect(admin.body).toMatchObject({ id: t.adminId, role: 'admin', teams: 1 });
  });

  it('answers 404 for an unknown id and for a user who is not a member', async () => {
    const t = await setup();
    const other = await otherOrganization(t.engine);
    const loner = await addUser(t.engine, 'loner@nowhere.test');
    expectError(await t.api.request('GET', `${t.members()}/no-such-user`, { as: t.adminId }), 404, /member no-such-user not found/);
    expectError(await t.api.request('GET', `${t.members()}/${other.adminId}`, { as: t.adminId }), 404, /not found/);
    expectError(await t.api.request('GET', `${t.members()}/${loner}`, { as: t.adminId }), 404, /not found/);
  });

  it('answers 403 to a guest', async () => {
    const t = await setup();
    const guest = await addMember(t.engine, t.orgId, 'guest@acme.test', null);
    expectError(await t.api.request('GET', `${t.members()}/${t.adminId}`, { as: guest }), 403, /list members/);
  });
});

describe('PATCH /v1/orgs/{organizationId}/members/{userId}', () => {
  const patch = async (t: Setup, userId: string, body: unknown, as = t.adminId) => await t.api.request('PATCH', `${t.members()}/${userId}`, { as, body });
  const roleOf = async (t: Setup, userId: string) => (await t.engine.members.get({ userId: t.adminId }, t.orgId, userId)).role;

  it('answers the spaces the member reaches with the new role: those open to members and those granted to them', async () => {
    const t = await setup();
    const ada = await addMember(t.engine, t.orgId, 'ada@acme.test', 'read');
    const space = async (title: string, defaultLevel: string | null) => {
      const id = (await t.api.request('POST', `/v1/orgs/${t.orgId}/spaces`, { as: t.adminId, body: { title } })).body.id as string;
      expectOk(await t.api.request('PATCH', `/v1/spaces/${id}`, { as: t.adminId, body: { defaultLevel } }), 'updateSpaceById');
      return id;
    };
    await space('Open', 'read');
    const granted = await space('Granted', null);
    await space('Closed', null);
    expect((await t.api.request('POST', `/v1/spaces/${granted}/permissions`, { as: t.adminId, body: { role: 'edit', users: [ada] } })).status).toBeLessThan(300);
    const res = await patch(t, ada, { role: 'comment' });
    expectOk(res, 'updateMemberInOrganizationById');
    expect(res.body.spaces).toBe(2);
    expect((await t.api.request('GET', `${t.members()}/${ada}`, { as: t.adminId })).body.spaces).toBe(2);
    // A guest reaches only what was granted.
    expect((await patch(t, ada, { role: null })).body.spaces).toBe(1);
  });

  it.each(['admin', 'create', 'review', 'edit', 'comment', null] as const)('changes a read member to %s', async (role) => {
    const t = await setup();
    const ada = await addMember(t.engine, t.orgId, 'ada@acme.test', 'read');
    const res = await patch(t, ada, { role });
    expectOk(res, 'updateMemberInOrganizationById');
    expect(res.body.id).toBe(ada);
    expect(res.body.role).toBe(role);
    expect(await roleOf(t, ada)).toBe(role);
  });

  it('answers 409 when demoting the last admin, and lets it happen once there is another admin', async () => {
    const t = await setup();
    expectError(await patch(t, t.adminId, { role: 'edit' }), 409, /at least one admin/);
    expectError(await patch(t, t.adminId, { role: null }), 409, /at least one admin/);
    expect(await roleOf(t, t.adminId)).toBe('admin');
    // setting the same role is not a demotion
    expectOk(await patch(t, t.adminId, { role: 'admin' }), 'updateMemberInOrganizationById');

    const second = await addMember(t.engine, t.orgId, 'second@acme.test', 'read');
    expectOk(await patch(t, second, { role: 'admin' }), 'updateMemberInOrganizationById');
    const res = await patch(t, t.adminId, { role: 'edit' });
    expectOk(res, 'updateMemberInOrganizationById');
    expect(res.body.role).toBe('edit');
    // now `second` is the last admin
    expectError(await patch(t, second, { role: 'read' }, second), 409, /at least one admin/);
    expect(await roleOf(t, second)).toBe('admin');
  });

  it.each([
    [{ role: 'owner' }, /^role: must be one of: "admin"/],
    [{ role: 5 }, /^role: /],
    // format-issues.ts reports a missing enum as "must be one of" rather than "is required"; both name the field
    [{}, /^role: /],
    [{ role: 'read', extra: true }, 'extra: is not a known field'],
  ])('rejects the body %j with 400', async (body, message) => {
    const t = await setup();
    const ada = await addMember(t.engine, t.orgId, 'ada@acme.test', 'read');
    expectError(await patch(t, ada, body), 400, message);
    expect(await roleOf(t, ada)).toBe('read');
  });

  it('rejects an absent body, malformed JSON and a non-object body', async () => {
    const t = await setup();
    const ada = await addMember(t.engine, t.orgId, 'ada@acme.test', 'read');
    const url = `${t.members()}/${ada}`;
    expectError(await t.api.request('PATCH', url, { as: t.adminId }), 400, /^role: /);
    expectError(await t.api.request('PATCH', url, { as: t.adminId, rawBody: '{role: admin}' }), 400, /^body: is not valid JSON/);
    expectError(await t.api.request('PATCH', url, { as: t.adminId, rawBody: '"admin"' }), 400, 'body: must be a JSON object');
    expect(await roleOf(t, ada)).toBe('read');
  });

  it.each(['create', 'read', null] as const)('answers 403 to a %s member, even for their own role', async (role) => {
    const t = await setup();
    const member = await addMember(t.engine, t.orgId, 'member@acme.test', role);
    const ada = await addMember(t.engine, t.orgId, 'ada@acme.test', 'read');
    expectError(await patch(t, ada, { role: 'edit' }, member), 403, /admin role required/);
    expectError(await patch(t, member, { role: 'admin' }, member), 403, /admin role required/);
    expect(await roleOf(t, ada)).toBe('read');
    expect(await roleOf(t, member)).toBe(role);
  });

  it('answers 404 for an unknown member and for a member of another organization', async () => {
    const t = await setup();
    const other = await otherOrganization(t.engine);
    expectError(await patch(t, 'no-such-user', { role: 'edit' }), 404, /not found/);
    expectError(await patch(t, other.adminId, { role: 'edit' }), 404, /not found/);
    expect((await t.engine.members.get({ userId: other.adminId }, other.orgId, other.adminId)).role).toBe('admin');
  });
});

describe('DELETE /v1/orgs/{organizationId}/members/{userId}', () => {
  const remove = async (t: Setup, userId: string, as = t.adminId) => await t.api.request('DELETE', `${t.members()}/${userId}`, { as });
  const count = async (t: Setup) => (await t.api.request('GET', t.members(), { as: t.adminId })).body.count as number;

  it('lets an admin remove a member, with their team memberships', async () => {
    const t = await setup();
    const ada = await addMember(t.engine, t.orgId, 'ada@acme.test', 'edit');
    const bob = await addMember(t.engine, t.orgId, 'bob@acme.test', 'edit');
    const team = await t.engine.teams.create({ userId: t.adminId }, t.orgId, { title: 'Docs', members: [ada, bob] });
    expect(await count(t)).toBe(3);
    const res = await remove(t, ada);
    expectOk(res, 'removeMemberFromOrganizationById');
    expect(await count(t)).toBe(2);
    expectError(await t.api.request('GET', `${t.members()}/${ada}`, { as: t.adminId }), 404);
    expect((await t.engine.teams.get({ userId: t.adminId }, t.orgId, team.id)).members).toBe(1);
    // the removed user no longer sees the organization
    expectError(await t.api.request('GET', `/v1/orgs/${t.orgId}`, { as: ada }), 404);
    expect((await t.api.request('GET', '/v1/orgs', { as: ada })).body.count).toBe(0);
  });

  it('answers 204 for someone who is not a member, changing nothing', async () => {
    const t = await setup();
    const other = await otherOrganization(t.engine);
    expectOk(await remove(t, 'no-such-user'), 'removeMemberFromOrganizationById');
    expectOk(await remove(t, other.adminId), 'removeMemberFromOrganizationById');
    expect(await count(t)).toBe(1);
    expect((await t.engine.members.get({ userId: other.adminId }, other.orgId, other.adminId)).role).toBe('admin');
  });

  it.each(['read', null] as const)('lets a %s member remove themselves', async (role) => {
    const t = await setup();
    const ada = await addMember(t.engine, t.orgId, 'ada@acme.test', role);
    expectOk(await remove(t, ada, ada), 'removeMemberFromOrganizationById');
    expect(await count(t)).toBe(1);
    expectError(await t.api.request('GET', `/v1/orgs/${t.orgId}`, { as: ada }), 404);
  });

  it('answers 403 to a non-admin removing someone else', async () => {
    const t = await setup();
    const ada = await addMember(t.engine, t.orgId, 'ada@acme.test', 'create');
    const bob = await addMember(t.engine, t.orgId, 'bob@acme.test', 'read');
    expectError(await remove(t, bob, ada), 403, /admin role required/);
    expectError(await remove(t, t.adminId, ada), 403, /admin role required/);
    expect(await count(t)).toBe(3);
  });

  it('answers 409 when removing the last admin, even themselves', async () => {
    const t = await setup();
    expectError(await remove(t, t.adminId), 409, /at least one admin/);
    expect(await count(t)).toBe(1);
    const second = await addMember(t.engine, t.orgId, 'second@acme.test', 'admin');
    expectOk(await remove(t, t.adminId), 'removeMemberFromOrganizationById');
    expect(idsOf(await t.api.request('GET', t.members(), { as: second }))).toEqual([second]);
    expectError(await remove(t, second, second), 409, /at least one admin/);
  });
});

describe('POST /v1/orgs/{organizationId}/ping', () => {
  const ping = async (t: Setup, as: string) => await t.api.request('POST', `/v1/orgs/${t.orgId}/ping`, { as });

  it('records the last-seen time and returns a signed visitor JWT', async () => {
    const t = await setup();
    const ada = await addMember(t.engine, t.orgId, 'ada@acme.test', 'read');
    t.clock.advance(90_000);
    const res = await ping(t, ada);
    expectOk(res, 'pingOrganization');
    const token = res.body.serviceVisitorClaims as string;
    expect(token.split('.')).toHaveLength(3);
    expect(token.split('.').every((part) => /^[A-Za-z0-9_-]+$/.test(part))).toBe(true);
    expect(res.body.gitbookVisitorClaims).toBe(token);
    const nowSeconds = Date.parse('2026-03-01T10:01:30.000Z') / 1000;
    const claims = verifyJwt(token, await signingSecret(t.engine.core), nowSeconds);
    expect(claims).toMatchObject({ sub: ada, org: t.orgId, iat: nowSeconds, exp: nowSeconds + 3600 });

    const member = await t.api.request('GET', `${t.members()}/${ada}`, { as: t.adminId });
    expect(member.body.lastSeenAt).toBe('2026-03-01T10:01:30.000Z');
    // the admin has not pinged
    expect((await t.api.request('GET', `${t.members()}/${t.adminId}`, { as: t.adminId })).body.lastSeenAt).toBeUndefined();

    t.clock.advance(60_000);
    expectOk(await ping(t, ada), 'pingOrganization');
    expect((await t.api.request('GET', `${t.members()}/${ada}`, { as: t.adminId })).body.lastSeenAt).toBe('2026-03-01T10:02:30.000Z');
  });

  it('works for a guest', async () => {
    const t = await setup();
    const guest = await addMember(t.engine, t.orgId, 'guest@acme.test', null);
    expectOk(await ping(t, guest), 'pingOrganization');
    expect((await t.engine.members.get({ userId: t.adminId }, t.orgId, guest)).lastSeenAt).toBe('2026-03-01T10:00:00.000Z');
  });
});

describe('POST /v1/orgs/{organizationId}/members/{userId}/sso', () => {
  const sso = async (t: Setup, userId: string, as = t.adminId) => await t.api.request('POST', `${t.members()}/${userId}/sso`, { as });

  it('answers 409 without a SAML provider, and moves the member to SSO once there is one', async () => {
    const t = await setup();
    const ada = await addMember(t.engine, t.orgId, 'ada@acme.test', 'read');
    expectError(await sso(t, ada), 409, /no SAML provider/);
    expect((await t.engine.members.get({ userId: t.adminId }, t.orgId, ada)).sso).toBe(false);

    await t.engine.saml.create({ userId: t.adminId }, t.orgId, { label: 'Okta', certificate: CERTIFICATE, ssoURL: 'https://idp.acme.test/sso' });
    const res = await sso(t, ada);
    expectOk(res, 'updateMemberSsoInOrganizationById');
    expect(res.body).toMatchObject({ id: ada, sso: true, role: 'read' });
    expect((await t.api.request('GET', `${t.members()}/${ada}`, { as: t.adminId })).body.sso).toBe(true);
    // others are untouched
    expect((await t.engine.members.get({ userId: t.adminId }, t.orgId, t.adminId)).sso).toBe(false);
  });

  it('does not use a SAML provider of another organization', async () => {
    const t = await setup();
    const other = await otherOrganization(t.engine);
    await t.engine.saml.create({ userId: other.adminId }, other.orgId, { label: 'Theirs', certificate: CERTIFICATE });
    const ada = await addMember(t.engine, t.orgId, 'ada@acme.test', 'read');
    expectError(await sso(t, ada), 409, /no SAML provider/);
  });

  it('answers 403 to a non-admin and 404 for an unknown member', async () => {
    const t = await setup();
    await t.engine.saml.create({ userId: t.adminId }, t.orgId, { label: 'Okta', certificate: CERTIFICATE });
    const ada = await addMember(t.engine, t.orgId, 'ada@acme.test', 'create');
    expectError(await sso(t, ada, ada), 403, /admin role required/);
    expect((await t.engine.members.get({ userId: t.adminId }, t.orgId, ada)).sso).toBe(false);
    expectError(await sso(t, 'no-such-user'), 404, /not found/);
    const other = await otherOrganization(t.engine);
    expectError(await sso(t, other.adminId), 404, /not found/);
  });
});

describe('GET /v1/orgs/{organizationId}/members/{userId}/spaces', () => {
  const spaces = async (t: Setup, userId: string, query = '', as = t.adminId) =>
    await t.api.request('GET', `${t.members()}/${userId}/spaces${query}`, { as });

  it('returns an empty list (no spaces exist yet)', async () => {
    const t = await setup();
    const ada = await addMember(t.engine, t.orgId, 'ada@acme.test', 'read');
    for (const query of ['', '?order=asc&limit=5', '?order=desc']) {
      const res = await spaces(t, ada, query, ada);
      expectOk(res, 'listSpacesForMemberInOrganization');
      expect(res.body).toEqual({ count: 0, items: [] });
    }
  });

  it.each([
    ['?limit=0', 'limit: must be at least 1'],
    ['?limit=1001', 'limit: must be at most 1000'],
    ['?limit=abc', /^limit: must be a whole number$/],
    ['?order=newest', 'order: must be one of: "asc", "desc"'],
    ['?page=abc', /^page: is not a valid page cursor/],
    ['?role=read', 'role: is not a known field'],
  ])('rejects the query %s with 400', async (query, message) => {
    const t = await setup();
    expectError(await spaces(t, t.adminId, query), 400, message);
  });

  it('answers 403 to a guest and 404 for an unknown member', async () => {
    const t = await setup();
    const guest = await addMember(t.engine, t.orgId, 'guest@acme.test', null);
    expectError(await spaces(t, guest, '', guest), 403, /list members/);
    expectError(await spaces(t, 'no-such-user'), 404, /not found/);
    const other = await otherOrganization(t.engine);
    expectError(await spaces(t, other.adminId), 404, /not found/);
  });
});

describe('GET /v1/orgs/{organizationId}/members/{userId}/teams', () => {
  async function withTeams() {
    const t = await setup();
    const admin = { userId: t.adminId };
    const ada = await addMember(t.engine, t.orgId, 'ada@acme.test', 'read');
    const docs = await t.engine.teams.create(admin, t.orgId, { title: 'Docs Writers', members: [ada] });
    t.clock.advance(1000);
    const eng = await t.engine.teams.create(admin, t.orgId, { title: 'Engineering', members: [t.adminId] });
    t.clock.advance(1000);
    const apiDocs = await t.engine.teams.create(admin, t.orgId, { title: 'API docs', members: [ada, t.adminId] });
    await t.engine.teams.putMember(admin, t.orgId, apiDocs.id, ada, { role: 'owner' });
    return { ...t, ada, docs, eng, apiDocs };
  }
  const teams = async (t: Setup, userId: string, query = '', as = t.adminId) =>
    await t.api.request('GET', `${t.members()}/${userId}/teams${query}`, { as });
  const teamIds = (res: CallResult) => res.body.items.map((i: { team: { id: string } }) => i.team.id);

  it("lists the member's teams, oldest first, with the member's role in each", async () => {
    const t = await withTeams();
    const res = await teams(t, t.ada, '', t.ada);
    expectOk(res, 'listTeamsForMemberInOrganization');
    expect(res.body.count).toBe(2);
    expect(teamIds(res)).toEqual([t.docs.id, t.apiDocs.id]);
    expect(res.body.items.map((i: { member: { role: string } }) => i.member.role)).toEqual(['member', 'owner']);
    expect(res.body.items[1].team).toMatchObject({ object: 'team', title: 'API docs', members: 2 });
    expect(teamIds(await teams(t, t.adminId))).toEqual([t.eng.id, t.apiDocs.id]);
  });

  it('filters by title, case-insensitively', async () => {
    const t = await withTeams();
    const res = await teams(t, t.ada, '?title=DOCS');
    expectOk(res, 'listTeamsForMemberInOrganization');
    expect(teamIds(res)).toEqual([t.docs.id, t.apiDocs.id]);
    expect(teamIds(await teams(t, t.ada, '?title=writers'))).toEqual([t.docs.id]);
    expect(teamIds(await teams(t, t.ada, '?title=engineering'))).toEqual([]);
    expect((await teams(t, t.ada, '?title=engineering')).body.count).toBe(0);
  });

  it('pages with limit and next', async () => {
    const t = await withTeams();
    const pages = await allPages(t, `${t.members()}/${t.ada}/teams?limit=1`, t.adminId);
    expect(pages.map((p) => p.body.count)).toEqual([2, 2]);
    expect(pages.flatMap(teamIds)).toEqual([t.docs.id, t.apiDocs.id]);
    expect(pages[1].body.next).toBeUndefined();
  });

  it('answers an empty list for a member in no team', async () => {
    const t = await withTeams();
    const bob = await addMember(t.engine, t.orgId, 'bob@acme.test', 'read');
    const res = await teams(t, bob);
    expectOk(res, 'listTeamsForMemberInOrganization');
    expect(res.body).toEqual({ count: 0, items: [] });
  });

  it.each([
    ['?limit=0', 'limit: must be at least 1'],
    ['?limit=1001', 'limit: must be at most 1000'],
    ['?limit=abc', /^limit: must be a whole number$/],
    ['?page=abc', /^page: is not a valid page cursor/],
    ['?title=', 'title: must not be empty'],
    [`?title=${'t'.repeat(65)}`, 'title: must be at most 64 characters'],
    ['?order=asc', 'order: is not a known field'],
  ])('rejects the query %s with 400', async (query, message) => {
    const t = await withTeams();
    expectError(await teams(t, t.ada, query), 400, message);
  });

  it('accepts a title filter of 64 characters', async () => {
    const t = await withTeams();
    const res = await teams(t, t.ada, `?title=${'t'.repeat(64)}`);
    expectOk(res, 'listTeamsForMemberInOrganization');
    expect(res.body.count).toBe(0);
  });

  it('answers 403 to a guest and 404 for an unknown member', async () => {
    const t = await withTeams();
    const guest = await addMember(t.engine, t.orgId, 'guest@acme.test', null);
    expectError(await teams(t, t.ada, '', guest), 403, /list teams/);
    expectError(await teams(t, 'no-such-user'), 404, /not found/);
    const other = await otherOrganization(t.engine);
    expectError(await teams(t, other.adminId), 404, /not found/);
  });
});

describe('a guest and their own membership', () => {
  it('may read their own member record but not other members', async () => {
    const t = await testEngine();
    const guest = await addMember(t.engine, t.orgId, 'guest@acme.test', null);
    const api = testApp(t.engine);
    const own = await api.request('GET', `/v1/orgs/${t.orgId}/members/${guest}`, { as: guest });
    expectOk(own, 'getMemberInOrganizationById');
    expect(own.body.role).toBeNull();
    expectError(await api.request('GET', `/v1/orgs/${t.orgId}/members/${t.adminId}`, { as: guest }), 403);
  });
});
