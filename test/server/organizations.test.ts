import { describe, expect, it } from 'vitest';
import { testEngine, addMember, addUser, otherOrganization } from '../helpers/engine';
import { testApp, expectOk, expectError } from '../helpers/app';
import type { Role } from '../../src/domain/roles';

async function setup() {
  const t = await testEngine();
  return { ...t, api: testApp(t.engine) };
}

describe('authentication on organization routes', () => {
  const routes: [string, (orgId: string) => string][] = [
    ['GET', () => '/v1/orgs'],
    ['GET', (orgId) => `/v1/orgs/${orgId}`],
    ['PATCH', (orgId) => `/v1/orgs/${orgId}`],
    ['POST', () => '/v1/orgs'],
    ['GET', () => '/v1/email-domains/acme.test/orgs'],
  ];

  it.each(routes)('%s %s answers 401 without a token, with an unknown token and with a revoked token', async (method, path) => {
    const t = await setup();
    const url = path(t.orgId);
    const revoked = await t.engine.tokens.create({ user: t.adminId, name: 'old' });
    await t.engine.tokens.revoke(revoked.id);
    expectError(await t.api.request(method, url, { body: { title: 'Hacked' } }), 401, /authentication required/);
    expectError(await t.api.request(method, url, { token: 'dct_not-a-real-token', body: { title: 'Hacked' } }), 401, /unknown or revoked/);
    expectError(await t.api.request(method, url, { token: revoked.token, body: { title: 'Hacked' } }), 401, /unknown or revoked/);
    expect((await t.engine.organizations.get({ userId: t.adminId }, t.orgId)).title).toBe('Acme');
  });
});

describe('GET /v1/orgs', () => {
  it('lists only the organizations the caller belongs to, oldest first', async () => {
    const t = await setup();
    t.clock.advance(1000);
    const second = await otherOrganization(t.engine, 'boss2@other.test');
    t.clock.advance(1000);
    const third = await otherOrganization(t.engine, 'boss3@other.test');
    t.clock.advance(1000);
    const notMine = await otherOrganization(t.engine, 'boss4@other.test');
    await addMember(t.engine, second.orgId, 'admin@acme.test', 'read');
    await addMember(t.engine, third.orgId, 'admin@acme.test', null);

    const res = await t.api.request('GET', '/v1/orgs', { as: t.adminId });
    expectOk(res, 'listOrganizations');
    expect(res.body.count).toBe(3);
    expect(res.body.next).toBeUndefined();
    expect(res.body.items.map((o: { id: string }) => o.id)).toEqual([t.orgId, second.orgId, third.orgId]);
    expect(res.body.items.map((o: { id: string }) => o.id)).not.toContain(notMine.orgId);
    // permissions are computed for the caller's role in each organization
    expect(res.body.items.map((o: { permissions: { admin: boolean; listMembers: boolean } }) => [o.permissions.admin, o.permissions.listMembers]))
      .toEqual([[true, true], [false, true], [false, false]]);
  });

  it('pages through the organizations with limit and the next cursor', async () => {
    const t = await setup();
    const ids = [t.orgId];
    for (let i = 0; i < 4; i++) {
      t.clock.advance(1000);
      const other = await otherOrganization(t.engine, `boss${i}@other.test`);
      await addMember(t.engine, other.orgId, 'admin@acme.test', 'edit');
      ids.push(other.orgId);
    }
    const seen: string[] = [];
    let url = '/v1/orgs?limit=2';
    const pageSizes: number[] = [];
    for (;;) {
      const res = await t.api.request('GET', url, { as: t.adminId });
      expectOk(res, 'listOrganizations');
      expect(res.body.count).toBe(5);
      pageSizes.push(res.body.items.length);
      seen.push(...res.body.items.map((o: { id: string }) => o.id));
      if (!res.body.next) break;
      url = `/v1/orgs?limit=2&page=${encodeURIComponent(res.body.next.page)}`;
    }
    expect(pageSizes).toEqual([2, 2, 1]);
    expect(seen).toEqual(ids);
  });

  it.each([
    ['limit=0', /limit: must be at least 1/],
    ['limit=1001', /limit: must be at most 1000/],
    ['limit=abc', /^limit: must be a whole number$/],
    ['limit=-1', /^limit: must be a whole number$/],
    ['page=not-a-cursor', /page: is not a valid page cursor/],
    ['colour=red', /colour: is not a known field/],
  ])('rejects the query %s with 400 naming the field', async (query, message) => {
    const t = await setup();
    expectError(await t.api.request('GET', `/v1/orgs?${query}`, { as: t.adminId }), 400, message);
  });

  it('accepts limit=1000 and limit=1', async () => {
    const t = await setup();
    expectOk(await t.api.request('GET', '/v1/orgs?limit=1000', { as: t.adminId }), 'listOrganizations');
    const one = await t.api.request('GET', '/v1/orgs?limit=1', { as: t.adminId });
    expectOk(one, 'listOrganizations');
    expect(one.body.items).toHaveLength(1);
  });

  it('rejects a cursor of another listing with 400', async () => {
    const t = await setup();
    for (let i = 0; i < 3; i++) await addMember(t.engine, t.orgId, `m${i}@acme.test`);
    const members = await t.api.request('GET', `/v1/orgs/${t.orgId}/members?limit=1`, { as: t.adminId });
    const cursor = members.body.next.page as string;
    expectError(await t.api.request('GET', `/v1/orgs?page=${encodeURIComponent(cursor)}`, { as: t.adminId }), 400, /page: is not a valid page cursor for this list/);
  });

  it('answers an empty list to a user who belongs to no organization', async () => {
    const t = await setup();
    const loner = await addUser(t.engine, 'loner@nowhere.test');
    const res = await t.api.request('GET', '/v1/orgs', { as: loner });
    expectOk(res, 'listOrganizations');
    expect(res.body).toEqual({ count: 0, items: [] });
  });
});

describe('POST /v1/orgs (docsctl\'s addition)', () => {
  it('creates an organization whose admin is the caller, listed in their organizations, with its audit record', async () => {
    const t = await setup();
    const reader = await addMember(t.engine, t.orgId, 'reader@acme.test', 'read');
    const res = await t.api.request('POST', '/v1/orgs', { as: reader, body: { title: 'Reader Labs' } });
    expectOk(res, 'createOrganization');
    expect(res.body).toMatchObject({ object: 'organization', title: 'Reader Labs' });
    const mine = await t.api.request('GET', '/v1/orgs', { as: reader });
    expect(mine.body.items.map((o: { title: string }) => o.title)).toEqual(['Acme', 'Reader Labs']);
    const member = await t.api.request('GET', `/v1/orgs/${res.body.id}/members/${reader}`, { as: reader });
    expect(member.body.role).toBe('admin');
    // Nobody else is in it, the admin of the first organization included.
    expectError(await t.api.request('GET', `/v1/orgs/${res.body.id}`, { as: t.adminId }), 404);
    const audit = await t.api.request('GET', `/v1/orgs/${res.body.id}/audit-log`, { as: reader });
    expect(audit.body.items.map((r: { action: string }) => r.action)).toEqual(['createOrganization']);
  });

  it.each([
    [{}, 'title: is required'],
    [{ title: 'x' }, 'title: must be at least 2 characters'],
    [{ title: 'x'.repeat(256) }, 'title: must be at most 255 characters'],
    [{ title: 'Fine', hostname: 'fine' }, 'hostname: is not a known field'],
  ])('rejects %j with 400', async (body, message) => {
    const t = await setup();
    expectError(await t.api.request('POST', '/v1/orgs', { as: t.adminId, body }), 400, message);
  });
});

describe('GET /v1/orgs/{organizationId}', () => {
  it('returns the organization with its defaults and urls', async () => {
    const t = await setup();
    const res = await t.api.request('GET', `/v1/orgs/${t.orgId}`, { as: t.adminId });
    expectOk(res, 'getOrganizationById');
    expect(res.body).toMatchObject({
      object: 'organization',
      id: t.orgId,
      title: 'Acme',
      createdAt: '2026-03-01T10:00:00.000Z',
      emailDomains: [],
      inviteLinks: true,
      sso: false,
      ai: false,
      defaultRole: null,
      defaultContent: null,
      urls: { location: `http://docs.test/v1/orgs/${t.orgId}`, app: `http://docs.test/app/o/${t.orgId}` },
      internal_isOnNewTrial: true,
    });
  });

  it('answers the platform\'s billing end date (null: no period ends) and merge rules (none)', async () => {
    const t = await setup();
    const res = await t.api.request('GET', `/v1/orgs/${t.orgId}`, { as: t.adminId });
    expectOk(res, 'getOrganizationById');
    expect(res.body.billing).toEqual({ interval: 'monthly', endDate: null, hasPaymentFailed: false, isScheduledToCancel: false });
    expect(res.body.mergeRules).toEqual({ type: 'none' });
  });

  const ALL_FALSE = {
    view: false, access: false, admin: false, ownTeam: false, createContent: false, createOpenAPISpec: false,
    viewBilling: false, listMembers: false, listTeams: false, listIntegrations: false, installIntegration: false, listInstallations: false,
  };
  const MEMBER = { ...ALL_FALSE, view: true, access: true, ownTeam: true, listMembers: true, listTeams: true };
  const expected: [Role | null, typeof ALL_FALSE][] = [
    ['admin', { ...ALL_FALSE, view: true, access: true, admin: true, ownTeam: true, createContent: true, createOpenAPISpec: true, viewBilling: true, listMembers: true, listTeams: true, listIntegrations: true }],
    ['create', { ...MEMBER, createContent: true, createOpenAPISpec: true }],
    ['review', MEMBER],
    ['edit', MEMBER],
    ['comment', MEMBER],
    ['read', MEMBER],
    [null, { ...ALL_FALSE, view: true, access: true }],
  ];

  it.each(expected)('computes permissions for a %s caller', async (role, permissions) => {
    const t = await setup();
    const caller = role === 'admin' ? t.adminId : await addMember(t.engine, t.orgId, 'caller@acme.test', role);
    const res = await t.api.request('GET', `/v1/orgs/${t.orgId}`, { as: caller });
    expectOk(res, 'getOrganizationById');
    expect(res.body.permissions).toEqual(permissions);
  });

  it('answers 404 for an organization the caller does not belong to, and for an unknown id', async () => {
    const t = await setup();
    const other = await otherOrganization(t.engine);
    expectError(await t.api.request('GET', `/v1/orgs/${other.orgId}`, { as: t.adminId }), 404, /not found/);
    expectError(await t.api.request('GET', '/v1/orgs/no-such-org', { as: t.adminId }), 404, /not found/);
    // the other organization's own admin does see it
    expectOk(await t.api.request('GET', `/v1/orgs/${other.orgId}`, { as: other.adminId }), 'getOrganizationById');
  });
});

describe('PATCH /v1/orgs/{organizationId}', () => {
  const patch = async (t: Awaited<ReturnType<typeof setup>>, body: unknown, as = t.adminId) =>
    await t.api.request('PATCH', `/v1/orgs/${t.orgId}`, { as, body });
  const current = async (t: Awaited<ReturnType<typeof setup>>) => (await t.api.request('GET', `/v1/orgs/${t.orgId}`, { as: t.adminId })).body;

  describe('title', () => {
    it('accepts 2 and 255 characters and stores them', async () => {
      const t = await setup();
      for (const title of ['Ab', 'T'.repeat(255)]) {
        const res = await patch(t, { title });
        expectOk(res, 'updateOrganizationById');
        expect(res.body.title).toBe(title);
        expect((await current(t)).title).toBe(title);
      }
    });

    it('rejects 1 and 256 characters and a non-string', async () => {
      const t = await setup();
      expectError(await patch(t, { title: 'A' }), 400, 'title: must be at least 2 characters');
      expectError(await patch(t, { title: 'T'.repeat(256) }), 400, 'title: must be at most 255 characters');
      expectError(await patch(t, { title: 42 }), 400, 'title: must be of type string');
      expect((await current(t)).title).toBe('Acme');
    });
  });

  describe('hostname', () => {
    it('accepts 3 and 32 characters matching the pattern', async () => {
      const t = await setup();
      for (const hostname of ['abc', `a${'b-'.repeat(15)}c`, 'docs-2026']) {
        const res = await patch(t, { hostname });
        expectOk(res, 'updateOrganizationById');
        expect(res.body.hostname).toBe(hostname);
        expect((await current(t)).hostname).toBe(hostname);
      }
      expect(`a${'b-'.repeat(15)}c`).toHaveLength(32);
    });

    it('rejects 2 and 33 characters', async () => {
      const t = await setup();
      expectError(await patch(t, { hostname: 'ab' }), 400, /hostname: must be at least 3 characters/);
      expectError(await patch(t, { hostname: 'a'.repeat(33) }), 400, /hostname: must be at most 32 characters/);
      expect((await current(t)).hostname).toBeUndefined();
    });

    it.each(['-abc', 'abc-', 'Acme', 'ac_me', 'ac.me', 'ac me'])('rejects %j, which breaks the pattern', async (hostname) => {
      const t = await setup();
      expectError(await patch(t, { hostname }), 400, /^hostname: must match the pattern/);
    });

    it('answers 409 when another organization already uses the hostname, and changes nothing', async () => {
      const t = await setup();
      const other = await otherOrganization(t.engine);
      expectOk(await t.api.request('PATCH', `/v1/orgs/${other.orgId}`, { as: other.adminId, body: { hostname: 'taken' } }), 'updateOrganizationById');
      expectError(await patch(t, { hostname: 'taken', title: 'Renamed' }), 409, /hostname: "taken" is already used/);
      const after = await current(t);
      expect(after.hostname).toBeUndefined();
      expect(after.title).toBe('Acme');
    });

    it('lets an organization set its own hostname again', async () => {
      const t = await setup();
      expectOk(await patch(t, { hostname: 'acme' }), 'updateOrganizationById');
      const res = await patch(t, { hostname: 'acme' });
      expectOk(res, 'updateOrganizationById');
      expect(res.body.hostname).toBe('acme');
    });
  });

  describe('emailDomains', () => {
    it('stores the domains lowercased and without duplicates', async () => {
      const t = await setup();
      const res = await patch(t, { emailDomains: ['Acme.TEST', 'acme.test', 'docs.acme.test'] });
      expectOk(res, 'updateOrganizationById');
      expect(res.body.emailDomains).toEqual(['acme.test', 'docs.acme.test']);
      expect((await current(t)).emailDomains).toEqual(['acme.test', 'docs.acme.test']);
      const cleared = await patch(t, { emailDomains: [] });
      expectOk(cleared, 'updateOrganizationById');
      expect(cleared.body.emailDomains).toEqual([]);
    });

    it('accepts 100 domains and rejects 101', async () => {
      const t = await setup();
      const domains = (n: number) => Array.from({ length: n }, (_, i) => `d${i}.acme.test`);
      const res = await patch(t, { emailDomains: domains(100) });
      expectOk(res, 'updateOrganizationById');
      expect(res.body.emailDomains).toHaveLength(100);
      expectError(await patch(t, { emailDomains: domains(101) }), 400, 'emailDomains: must be at most 100 items');
    });

    it('rejects something that is not a domain, naming its index, and a non-array', async () => {
      const t = await setup();
      expectError(await patch(t, { emailDomains: ['acme.test', 'not a domain'] }), 400, /^emailDomains\[1\]: must match the pattern/);
      expectError(await patch(t, { emailDomains: ['@acme.test'] }), 400, /^emailDomains\[0\]: must match the pattern/);
      expectError(await patch(t, { emailDomains: 'acme.test' }), 400, 'emailDomains: must be of type array');
      expect((await current(t)).emailDomains).toEqual([]);
    });
  });

  describe('defaultRole', () => {
    it('sets a role and clears it with null', async () => {
      const t = await setup();
      const set = await patch(t, { defaultRole: 'edit' });
      expectOk(set, 'updateOrganizationById');
      expect(set.body.defaultRole).toBe('edit');
      expect((await current(t)).defaultRole).toBe('edit');
      const cleared = await patch(t, { defaultRole: null });
      expectOk(cleared, 'updateOrganizationById');
      expect(cleared.body.defaultRole).toBeNull();
      expect((await current(t)).defaultRole).toBeNull();
    });

    it('rejects a value outside the role enum', async () => {
      const t = await setup();
      expectError(await patch(t, { defaultRole: 'owner' }), 400, /^defaultRole: must be one of: "admin", "create"/);
      expectError(await patch(t, { defaultRole: 1 }), 400, /^defaultRole: /);
    });
  });

  describe('defaultContent', () => {
    it('accepts null', async () => {
      const t = await setup();
      const res = await patch(t, { defaultContent: null });
      expectOk(res, 'updateOrganizationById');
      expect(res.body.defaultContent).toBeNull();
    });

    it('rejects a site that does not exist in the organization, and changes nothing else', async () => {
      const t = await setup();
      expectError(await patch(t, { title: 'Renamed', defaultContent: { type: 'site', site: 'site-1' } }), 400, /^defaultContent\.site: /);
      expect((await current(t)).title).toBe('Acme');
    });

    it('points at a site of the organization, and a deleted site clears it', async () => {
      const t = await setup();
      const site = await t.api.request('POST', `/v1/orgs/${t.orgId}/sites`, { as: t.adminId, body: { title: 'Docs site' } });
      expectOk(site, 'createSite');
      const res = await patch(t, { defaultContent: { type: 'site', site: site.body.id } });
      expectOk(res, 'updateOrganizationById');
      expect(res.body.defaultContent).toEqual({ type: 'site', site: site.body.id });
      expect((await t.api.request('DELETE', `/v1/orgs/${t.orgId}/sites/${site.body.id}`, { as: t.adminId })).status).toBe(205);
      expect((await current(t)).defaultContent).toBeNull();
    });

    it('rejects other shapes', async () => {
      const t = await setup();
      expectError(await patch(t, { defaultContent: { type: 'space', site: 'x' } }), 400, /^defaultContent\.type: /);
      expectError(await patch(t, { defaultContent: { type: 'site' } }), 400, 'defaultContent.site: is required');
      expectError(await patch(t, { defaultContent: { type: 'site', site: 'x', extra: 1 } }), 400, 'defaultContent.extra: is not a known field');
      expectError(await patch(t, { defaultContent: 'site-1' }), 400, /^defaultContent: must be of type object/);
    });
  });

  describe('logo', () => {
    const url = (length: number) => {
      const base = 'https://cdn.acme.test/';
      return base + 'a'.repeat(length - base.length);
    };

    it('accepts a URL of 2048 characters and removes the logo with null', async () => {
      const t = await setup();
      const res = await patch(t, { logo: url(2048) });
      expectOk(res, 'updateOrganizationById');
      expect(res.body.urls.logo).toBe(url(2048));
      expect((await current(t)).urls.logo).toBe(url(2048));
      const cleared = await patch(t, { logo: null });
      expectOk(cleared, 'updateOrganizationById');
      expect(cleared.body.urls.logo).toBeUndefined();
      expect((await current(t)).urls.logo).toBeUndefined();
    });

    it('rejects 2049 characters and something that is not a URL', async () => {
      const t = await setup();
      expectError(await patch(t, { logo: url(2049) }), 400, 'logo: must be at most 2048 characters');
      expectError(await patch(t, { logo: 'not a url' }), 400, 'logo: must be a valid http(s) URL');
      expect((await current(t)).urls.logo).toBeUndefined();
    });
  });

  describe.each(['sso', 'ai', 'inviteLinks'] as const)('%s', (field) => {
    it('is switched on and off', async () => {
      const t = await setup();
      for (const value of [true, false, true]) {
        const res = await patch(t, { [field]: value });
        expectOk(res, 'updateOrganizationById');
        expect(res.body[field]).toBe(value);
        expect((await current(t))[field]).toBe(value);
      }
    });

    it('must be a boolean', async () => {
      const t = await setup();
      expectError(await patch(t, { [field]: 'yes' }), 400, `${field}: must be of type boolean`);
      expectError(await patch(t, { [field]: 1 }), 400, `${field}: must be of type boolean`);
    });
  });

  it('changes several fields at once and leaves the others alone', async () => {
    const t = await setup();
    expectOk(await patch(t, { hostname: 'acme', ai: true }), 'updateOrganizationById');
    const res = await patch(t, { title: 'Acme Corp', defaultRole: 'read', inviteLinks: false });
    expectOk(res, 'updateOrganizationById');
    expect(res.body).toMatchObject({ title: 'Acme Corp', defaultRole: 'read', inviteLinks: false, hostname: 'acme', ai: true, sso: false });
  });

  it('accepts an empty body and an absent body without changing anything', async () => {
    const t = await setup();
    const before = await current(t);
    const empty = await patch(t, {});
    expectOk(empty, 'updateOrganizationById');
    expect(empty.body).toEqual(before);
    const absent = await t.api.request('PATCH', `/v1/orgs/${t.orgId}`, { as: t.adminId });
    expectOk(absent, 'updateOrganizationById');
    expect(absent.body).toEqual(before);
  });

  it('rejects unknown fields, malformed JSON and a body that is not an object', async () => {
    const t = await setup();
    expectError(await patch(t, { title: 'Ok', colour: 'red' }), 400, 'colour: is not a known field');
    expectError(await patch(t, { plan: 'enterprise' }), 400, 'plan: is not a known field');
    expectError(await t.api.request('PATCH', `/v1/orgs/${t.orgId}`, { as: t.adminId, rawBody: '{"title": "Ab"' }), 400, /^body: is not valid JSON/);
    expectError(await t.api.request('PATCH', `/v1/orgs/${t.orgId}`, { as: t.adminId, rawBody: '["title"]' }), 400, 'body: must be a JSON object');
    expectError(await t.api.request('PATCH', `/v1/orgs/${t.orgId}`, { as: t.adminId, rawBody: 'null' }), 400, 'body: must be a JSON object');
    expect((await current(t)).title).toBe('Acme');
  });

  it.each(['create', 'read', null] as const)('answers 403 to a %s member and changes nothing', async (role) => {
    const t = await setup();
    const member = await addMember(t.engine, t.orgId, 'member@acme.test', role);
    expectError(await patch(t, { title: 'Mine now' }, member), 403, /admin role required/);
    expect((await current(t)).title).toBe('Acme');
  });

  it('answers 404 for an organization the caller does not belong to', async () => {
    const t = await setup();
    const other = await otherOrganization(t.engine);
    expectError(await t.api.request('PATCH', `/v1/orgs/${other.orgId}`, { as: t.adminId, body: { title: 'Mine now' } }), 404, /not found/);
    expect((await t.api.request('GET', `/v1/orgs/${other.orgId}`, { as: other.adminId })).body.title).toBe('Other Org');
  });
});

describe('GET /v1/email-domains/{emailDomain}/orgs', () => {
  async function domains() {
    const t = await setup();
    expectOk(await t.api.request('PATCH', `/v1/orgs/${t.orgId}`, { as: t.adminId, body: { emailDomains: ['acme.test'] } }), 'updateOrganizationById');
    t.clock.advance(1000);
    const other = await otherOrganization(t.engine, 'boss@other.test');
    expectOk(await t.api.request('PATCH', `/v1/orgs/${other.orgId}`, { as: other.adminId, body: { emailDomains: ['other.test', 'acme.test'] } }), 'updateOrganizationById');
    return { ...t, other };
  }
  const ids = (res: { body: { organizations: { id: string }[] } }) => res.body.organizations.map((o) => o.id);

  it('shows every organization accepting the domain to a user whose e-mail is in it', async () => {
    const t = await domains();
    const res = await t.api.request('GET', '/v1/email-domains/acme.test/orgs', { as: t.adminId });
    expectOk(res, 'listOrganizationsForEmailDomain');
    expect(ids(res)).toEqual([t.orgId, t.other.orgId]);
    // the caller is admin of the first one only
    expect(res.body.organizations[0].permissions.admin).toBe(true);
    expect(res.body.organizations[1].permissions.admin).toBe(false);
    expect(res.body.organizations[1].permissions.view).toBe(false);
  });

  it('shows the organizations to a user of the domain who belongs to none of them', async () => {
    const t = await domains();
    const newcomer = await addUser(t.engine, 'newcomer@ACME.test');
    const res = await t.api.request('GET', '/v1/email-domains/ACME.TEST/orgs', { as: newcomer });
    expectOk(res, 'listOrganizationsForEmailDomain');
    expect(ids(res)).toEqual([t.orgId, t.other.orgId]);
  });

  it('shows a member the organizations they belong to, but not the others', async () => {
    const t = await domains();
    const partner = await addMember(t.engine, t.orgId, 'partner@partner.test', 'read');
    const res = await t.api.request('GET', '/v1/email-domains/acme.test/orgs', { as: partner });
    expectOk(res, 'listOrganizationsForEmailDomain');
    expect(ids(res)).toEqual([t.orgId]);
  });

  it('shows nothing to a user outside the domain who belongs to none of them', async () => {
    const t = await domains();
    const stranger = await addUser(t.engine, 'stranger@elsewhere.test');
    const res = await t.api.request('GET', '/v1/email-domains/acme.test/orgs', { as: stranger });
    expectOk(res, 'listOrganizationsForEmailDomain');
    expect(res.body).toEqual({ organizations: [] });
    const sub = await addUser(t.engine, 'someone@sub.acme.test');
    expect(ids(await t.api.request('GET', '/v1/email-domains/acme.test/orgs', { as: sub }))).toEqual([]);
  });

  it('answers an empty list for a domain no organization accepts', async () => {
    const t = await domains();
    const res = await t.api.request('GET', '/v1/email-domains/nobody.test/orgs', { as: t.adminId });
    expectOk(res, 'listOrganizationsForEmailDomain');
    expect(res.body.organizations).toEqual([]);
  });

  it('stops listing an organization once it no longer accepts the domain', async () => {
    const t = await domains();
    expectOk(await t.api.request('PATCH', `/v1/orgs/${t.other.orgId}`, { as: t.other.adminId, body: { emailDomains: ['other.test'] } }), 'updateOrganizationById');
    const newcomer = await addUser(t.engine, 'newcomer@acme.test');
    expect(ids(await t.api.request('GET', '/v1/email-domains/acme.test/orgs', { as: newcomer }))).toEqual([t.orgId]);
  });
});
