import { describe, expect, it } from 'vitest';
import { PUBLIC_URL } from '../helpers/engine';
import { expectOk, expectError, type CallResult } from '../helpers/app';
import { sitesSetup } from './sites-setup';
import { mapInOrder } from '../../src/engine/in-order';

const ids = (res: CallResult): string[] => res.body.items.map((s: { id: string }) => s.id);
const BASIC_FEATURES = [
  { id: 'sites-sections', plan: 'basic', frozen: false },
  { id: 'sites-share-links', plan: 'basic', frozen: false },
];
const ADMIN_PERMISSIONS = {
  view: true, access: true, edit: true, create: true, admin: true, installIntegration: false, viewAdaptiveSchema: true, editAdaptiveSchema: true,
};

describe('POST /v1/orgs/{organizationId}/sites (create)', () => {
  it('creates an unpublished public basic site with defaults that GET and the list then return', async () => {
    const s = await sitesSetup();
    const res = await s.api.request('POST', s.sites, { as: s.adminId, body: {} });
    expectOk(res, 'createSite');
    const id = res.body.id;
    expect(res.body).toEqual({
      object: 'site',
      id,
      type: 'basic',
      appliedType: 'basic',
      title: 'Untitled site',
      icon: null,
      visibility: 'public',
      defaultLevel: 'inherit',
      permissions: ADMIN_PERMISSIONS,
      published: false,
      siteSpaces: 0,
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-01T10:00:00.000Z',
      adaptiveContent: { enabled: false },
      ads: { status: 'pending', submittable: false },
      features: BASIC_FEATURES,
      urls: {
        location: `${PUBLIC_URL}/v1/orgs/${s.orgId}/sites/${id}`,
        app: `${PUBLIC_URL}/app/o/${s.orgId}/sites/${id}`,
        published: `${PUBLIC_URL}/o/${s.orgId}/sites/${id}`,
        preview: `${PUBLIC_URL}/v1/orgs/${s.orgId}/sites/${id}/published`,
      },
    });
    for (const field of ['hostname', 'basename', 'proxy']) expect(res.body).not.toHaveProperty(field);
    const got = await s.get(id);
    expectOk(got, 'getSiteById');
    expect(got.body).toEqual(res.body);
    const listed = await s.list();
    expectOk(listed, 'listSites');
    expect(listed.body).toEqual({ count: 1, items: [res.body] });
  });

  it('stores type, title and visibility as given; the plan decides the features listed', async () => {
    const s = await sitesSetup();
    const site = await s.createSite({ type: 'ultimate', title: 'Developer docs', visibility: 'unlisted' });
    expect(site).toMatchObject({ type: 'ultimate', title: 'Developer docs', visibility: 'unlisted', published: false });
    expect(site.features.map((f: { id: string }) => f.id)).toEqual([
      'sites-sections', 'sites-share-links', 'sites-custom-domain', 'sites-visitor-authentication', 'sites-custom-subdirectory', 'sites-adaptive-content',
    ]);
    expect(site.appliedType).toBe('ultimate');
    expect((await s.createSite({ type: 'premium' })).features.map((f: { plan: string }) => f.plan)).toEqual(['basic', 'basic', 'premium', 'premium']);
  });

  it('adds the given spaces as site spaces at the root, in order, with unique paths and the first one default', async () => {
    const s = await sitesSetup();
    const api = await s.createSpace('API reference');
    const guides = await s.createSpace('Guides');
    const api2 = await s.createSpace('API Reference!');
    const site = await s.createSite({ title: 'Docs', spaces: [guides, api, api2] });
    expect(site.siteSpaces).toBe(3);
    expect((await s.siteSpaceRows(site.id)).map(({ space_id, section_id, path, is_default }) => ({ space_id, section_id, path, is_default }))).toEqual([
      { space_id: guides, section_id: null, path: 'guides', is_default: 1 },
      { space_id: api, section_id: null, path: 'api-reference', is_default: 0 },
      { space_id: api2, section_id: null, path: 'api-reference-2', is_default: 0 },
    ]);
    // The structure as visitors see it: root site spaces in that order, the first the default.
    const published = await s.published(site.id, s.adminId);
    expectOk(published, 'getPublishedContentSite');
    expect(published.body.structure.type).toBe('siteSpaces');
    expect(published.body.structure.structure.map((x: { space: { id: string }; default: boolean }) => [x.space.id, x.default])).toEqual([
      [guides, true], [api, false], [api2, false],
    ]);
  });

  it('creates a new space for "sample" (with pages written through the content engine) and "empty" (without)', async () => {
    const s = await sitesSetup();
    const sample = await s.createSite({ title: 'Help center', spaces: 'sample' });
    expect(sample.siteSpaces).toBe(1);
    const [row] = await s.siteSpaceRows(sample.id);
    const space = await s.api.request('GET', `/v1/spaces/${row.space_id}`, { as: s.adminId });
    expectOk(space, 'getSpaceById');
    expect(space.body.title).toBe('Help center');
    expect(row).toMatchObject({ path: 'help-center', is_default: 1 });
    const pages = await s.api.request('GET', `/v1/spaces/${row.space_id}/content/pages`, { as: s.adminId });
    expectOk(pages, 'listSpacePages');
    expect(pages.body.pages.map((p: { title: string }) => p.title)).toEqual(['Welcome', 'Quickstart', 'FAQ']);
    // Searchable like any content written by a merge.
    const found = await s.api.request('GET', `/v1/spaces/${row.space_id}/search?query=quickstart`, { as: s.adminId });
    expect(found.body.count).toBeGreaterThan(0);

    const empty = await s.createSite({ title: 'Blank', spaces: 'empty' });
    const [emptyRow] = await s.siteSpaceRows(empty.id);
    const emptyPages = await s.api.request('GET', `/v1/spaces/${emptyRow.space_id}/content/pages`, { as: s.adminId });
    expect(emptyPages.body.pages).toEqual([]);
    expect(emptyRow.space_id).not.toBe(row.space_id);
  });

  it('rejects space ids that are unknown, deleted, of another organization or listed twice, naming spaces[i]; nothing is created', async () => {
    const s = await sitesSetup();
    const live = await s.createSpace('Live');
    const gone = await s.createSpace('Gone');
    expectOk(await s.api.request('DELETE', `/v1/spaces/${gone}`, { as: s.adminId }), 'deleteSpaceById');
    const foreign = await s.createSpace('Foreign', s.other.orgId, s.outsider);
    const before = (await s.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM sites'))!.n;
    expectError(await s.api.request('POST', s.sites, { as: s.adminId, body: { spaces: [live, 'nope'] } }), 400, /^spaces\[1\]: no space nope in this organization$/);
    expectError(await s.api.request('POST', s.sites, { as: s.adminId, body: { spaces: [gone] } }), 400, /^spaces\[0\]: no space/);
    expectError(await s.api.request('POST', s.sites, { as: s.adminId, body: { spaces: [foreign] } }), 400, /^spaces\[0\]: no space/);
    expectError(await s.api.request('POST', s.sites, { as: s.adminId, body: { spaces: [live, live] } }), 400, /^spaces\[1\]: space .* is listed twice$/);
    expect((await s.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM sites'))!.n).toBe(before);
    expect((await s.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM site_spaces'))!.n).toBe(0);
  });

  it('validates every field, naming it', async () => {
    const s = await sitesSetup();
    const post = async (body: unknown) => await s.api.request('POST', s.sites, { as: s.adminId, body });
    expectError(await post({ title: 'x' }), 400, /^title: must be at least 2 characters$/);
    expectError(await post({ title: 'x'.repeat(129) }), 400, /^title: must be at most 128 characters$/);
    expectOk(await post({ title: 'x'.repeat(128) }), 'createSite');
    expectOk(await post({ title: 'xy' }), 'createSite');
    expectError(await post({ type: 'gold' }), 400, /^type: must be one of: "basic", "premium", "ultimate"$/);
    expectError(await post({ visibility: 'private' }), 400, /^visibility: must be one of/);
    expectError(await post({ spaces: 'full' }), 400, /^spaces: /);
    expectError(await post({ spaces: [42] }), 400, /^spaces: /);
    expectError(await post({ spaces: Array.from({ length: 101 }, (_, i) => `s${i}`) }), 400, /^spaces: /);
    expectError(await post({ published: true }), 400, /published: is not a known field/);
    expectError(await s.api.request('POST', s.sites, { as: s.adminId, rawBody: '{' }), 400);
  });

  it('needs the admin role (403), a member of the organization (404) and a token (401)', async () => {
    const s = await sitesSetup();
    expectError(await s.api.request('POST', s.sites, { as: s.creator, body: {} }), 403, /admin role required/);
    expectError(await s.api.request('POST', s.sites, { as: s.reader, body: {} }), 403);
    expectError(await s.api.request('POST', s.sites, { as: s.guest, body: {} }), 403);
    expectError(await s.api.request('POST', s.sites, { as: s.outsider, body: {} }), 404);
    expectError(await s.api.request('POST', s.sites, { as: null, body: {} }), 401);
    expect((await s.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM sites'))!.n).toBe(0);
  });
});

describe('GET /v1/orgs/{organizationId}/sites (list)', () => {
  it('lists in creation order and filters by space, title (case-insensitive substring) and published', async () => {
    const s = await sitesSetup();
    const handbook = await s.createSpace('Handbook');
    const api = await s.createSpace('API');
    const internal = await s.createSite({ title: 'Internal Handbook', spaces: [handbook] });
    s.clock.advance(1000);
    const dev = await s.createSite({ title: 'Developer portal', spaces: [api, handbook] });
    s.clock.advance(1000);
    const empty = await s.createSite({ title: 'Status page' });
    await s.patchOk(dev.id, { published: true });

    expect(ids(await s.list())).toEqual([internal.id, dev.id, empty.id]);
    const bySpace = await s.list(`?space=${api}`);
    expectOk(bySpace, 'listSites');
    expect(ids(bySpace)).toEqual([dev.id]);
    expect(ids(await s.list(`?space=${handbook}`))).toEqual([internal.id, dev.id]);
    expect(ids(await s.list('?space=unknown'))).toEqual([]);
    expect(ids(await s.list('?title=HANDBOOK'))).toEqual([internal.id]);
    expect(ids(await s.list('?title=r%20P'))).toEqual([dev.id]);
    expect(ids(await s.list('?title=%25'))).toEqual([]);
    expect(ids(await s.list('?published=true'))).toEqual([dev.id]);
    expect((await s.list('?published=false')).body).toMatchObject({ count: 2 });
    expect(ids(await s.list(`?published=false&space=${handbook}`))).toEqual([internal.id]);
  });

  it('pages with opaque cursors', async () => {
    const s = await sitesSetup();
    const made = await mapInOrder([1, 2, 3], async (n) => (await s.createSite({ title: `Site ${n}` })).id);
    const first = await s.list('?limit=2');
    expectOk(first, 'listSites');
    expect(first.body.count).toBe(3);
    expect(ids(first)).toEqual(made.slice(0, 2));
    const second = await s.list(`?limit=2&page=${first.body.next.page}`);
    expectOk(second, 'listSites');
    expect(ids(second)).toEqual([made[2]]);
    expect(second.body.next).toBeUndefined();
    expectError(await s.list('?page=garbage'), 400, /^page: /);
  });

  it('counts and filters only site spaces of live spaces: deleting a space hides them, restoring brings them back', async () => {
    const s = await sitesSetup();
    const a = await s.createSpace('A');
    const b = await s.createSpace('B');
    const site = await s.createSite({ spaces: [a, b] });
    expectOk(await s.api.request('DELETE', `/v1/spaces/${b}`, { as: s.adminId }), 'deleteSpaceById');
    expect((await s.get(site.id)).body.siteSpaces).toBe(1);
    expect(ids(await s.list(`?space=${b}`))).toEqual([]);
    expect(await s.siteSpaceRows(site.id)).toHaveLength(2);
    expectOk(await s.api.request('POST', `/v1/spaces/${b}/restore`, { as: s.adminId }), 'restoreSpace');
    expect((await s.get(site.id)).body.siteSpaces).toBe(2);
    expect(ids(await s.list(`?space=${b}`))).toEqual([site.id]);
  });

  it('validates the query, lets members with a role read (guests 403, outsiders 404) and needs a token', async () => {
    const s = await sitesSetup();
    const site = await s.createSite({ title: 'Docs' });
    expect(ids(await s.list('', s.reader))).toEqual([site.id]);
    expectError(await s.list('?published=yes'), 400, /^published: must be true or false$/);
    expectError(await s.list('?limit=0'), 400, /^limit: /);
    expectError(await s.list('?title='), 400, /^title: must not be empty$/);
    expectError(await s.list('?sort=title'), 400, /sort/);
    expectError(await s.list('', s.guest), 403, /guests cannot/);
    expectError(await s.list('', s.outsider), 404);
    expectError(await s.list('', null as unknown as string), 401);
    // The outsider's own organization has none of these sites.
    const theirs = await s.api.request('GET', `/v1/orgs/${s.other.orgId}/sites`, { as: s.outsider });
    expectOk(theirs, 'listSites');
    expect(theirs.body).toEqual({ count: 0, items: [] });
  });
});

describe('GET /v1/orgs/{organizationId}/sites/{siteId}', () => {
  it('answers 404 for an unknown site, a site of another organization, guests and outsiders; 401 without a token', async () => {
    const s = await sitesSetup();
    const site = await s.createSite({ title: 'Docs' });
    expectOk(await s.get(site.id, s.reader), 'getSiteById');
    expectError(await s.get('nope'), 404, /site nope not found/);
    expectError(await s.get(site.id, s.guest), 404);
    expectError(await s.get(site.id, s.outsider), 404);
    expectError(await s.api.request('GET', `/v1/orgs/${s.other.orgId}/sites/${site.id}`, { as: s.outsider }), 404);
    expectError(await s.api.request('GET', s.site(site.id), { as: null }), 401);
    expectError(await s.api.request('GET', `${s.site(site.id)}?x=1`, { as: s.adminId }), 400, /^x: is not a known field$/);
  });
});

describe('PATCH /v1/orgs/{organizationId}/sites/{siteId}', () => {
  it('changes title, visibility, adaptive content and publishes and unpublishes, moving updatedAt', async () => {
    const s = await sitesSetup();
    const site = await s.createSite({ title: 'Docs' });
    s.clock.advance(60_000);
    const res = await s.patch(site.id, { title: 'Product docs', visibility: 'unlisted', adaptiveContent: { enabled: true }, published: true });
    expectOk(res, 'updateSiteById');
    expect(res.body).toMatchObject({
      title: 'Product docs', visibility: 'unlisted', adaptiveContent: { enabled: true }, published: true,
      createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:01:00.000Z',
    });
    expect((await s.get(site.id)).body).toEqual(res.body);
    expect(await s.patchOk(site.id, { published: false, adaptiveContent: { enabled: false } })).toMatchObject({ published: false, adaptiveContent: { enabled: false } });
    // An empty body changes nothing.
    s.clock.advance(60_000);
    expect((await s.patchOk(site.id, {})).updatedAt).toBe('2026-03-01T10:01:00.000Z');
  });

  it('builds urls.published from proxy, custom hostname, the organization hostname and basename', async () => {
    const s = await sitesSetup();
    const site = await s.createSite({ title: 'Docs' });
    const published = async () => (await s.get(site.id)).body.urls.published;
    expect(await published()).toBe(`${PUBLIC_URL}/o/${s.orgId}/sites/${site.id}`);
    expect(await s.patchOk(site.id, { basename: 'docs' })).toMatchObject({ basename: 'docs', urls: { published: `${PUBLIC_URL}/o/${s.orgId}/sites/docs` } });
    expectOk(await s.api.request('PATCH', `/v1/orgs/${s.orgId}`, { as: s.adminId, body: { hostname: 'acme' } }), 'updateOrganizationById');
    expect(await published()).toBe('http://acme.docs.test/docs');
    expect(await s.patchOk(site.id, { basename: null })).not.toHaveProperty('basename');
    expect(await published()).toBe(`http://acme.docs.test/${site.id}`);
    expect(await s.patchOk(site.id, { hostname: 'docs.acme.com' })).toMatchObject({ hostname: 'docs.acme.com', urls: { published: 'https://docs.acme.com' } });
    await s.patchOk(site.id, { basename: 'v2/guide' });
    expect(await published()).toBe('https://docs.acme.com/v2/guide');
    const proxied = await s.patchOk(site.id, { proxy: 'acme.com/help' });
    expect(proxied.proxy).toEqual({ origin: 'acme.com/help', target: 'https://docs.acme.com/v2/guide' });
    expect(proxied.urls.published).toBe('https://acme.com/help');
    const unproxied = await s.patchOk(site.id, { proxy: null, hostname: null });
    expect(unproxied).not.toHaveProperty('proxy');
    expect(unproxied).not.toHaveProperty('hostname');
    expect(unproxied.urls.published).toBe('http://acme.docs.test/v2/guide');
  });

  it('puts the share key in urls.published of a share-link site', async () => {
    const s = await sitesSetup();
    const site = await s.createSite({ title: 'Docs', visibility: 'share-link' });
    const key = await s.shareKey(site.id);
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(site.urls.published).toBe(`${PUBLIC_URL}/o/${s.orgId}/sites/${site.id}?shareKey=${key}`);
    expect((await s.patchOk(site.id, { visibility: 'public' })).urls.published).toBe(`${PUBLIC_URL}/o/${s.orgId}/sites/${site.id}`);
  });

  it('keeps host names unique across sites and basenames unique under the organization host (409)', async () => {
    const s = await sitesSetup();
    const a = await s.createSite({ title: 'Site A' });
    const b = await s.createSite({ title: 'Site B' });
    await s.patchOk(a.id, { hostname: 'docs.acme.com', basename: 'docs' });
    expectError(await s.patch(b.id, { hostname: 'docs.acme.com' }), 409, /^hostname: "docs.acme.com" is already used by another site$/);
    // A site of another organization cannot take it either.
    const theirs = await s.api.request('POST', `/v1/orgs/${s.other.orgId}/sites`, { as: s.outsider, body: { title: 'Theirs' } });
    expectError(await s.api.request('PATCH', `/v1/orgs/${s.other.orgId}/sites/${theirs.body.id}`, { as: s.outsider, body: { hostname: 'docs.acme.com' } }), 409);
    // `a` has its own host, so `b` may use the same basename under the organization's.
    await s.patchOk(b.id, { basename: 'docs' });
    const c = await s.createSite({ title: 'Site C' });
    expectError(await s.patch(c.id, { basename: 'docs' }), 409, new RegExp(`^basename: "docs" is already used by site ${b.id}`));
    // Freed when `a` drops its host name? No: then `a` and `b` would collide, so that is refused too.
    expectError(await s.patch(a.id, { hostname: null }), 409, /^basename: /);
    await s.patchOk(c.id, { basename: 'docs', hostname: 'help.acme.com' });
    // The same site may keep its own values.
    await s.patchOk(a.id, { hostname: 'docs.acme.com', basename: 'docs' });
  });

  it('validates every field, naming it and the rule', async () => {
    const s = await sitesSetup();
    const site = await s.createSite({ title: 'Docs' });
    const bad = async (body: unknown, pattern: RegExp) => expectError(await s.patch(site.id, body), 400, pattern);
    await bad({ title: 'x' }, /^title: must be at least 2 characters$/);
    await bad({ title: 'x'.repeat(129) }, /^title: must be at most 128 characters$/);
    await bad({ visibility: 'in-collection' }, /^visibility: must be one of/);
    await bad({ basename: '' }, /^basename: must not be empty/);
    await bad({ basename: 'b'.repeat(101) }, /^basename: must be at most 100 characters/);
    await bad({ basename: 'a b' }, /^basename: must be URL path segments/);
    await bad({ basename: '/docs' }, /^basename: must be URL path segments/);
    await bad({ hostname: 'localhost' }, /^hostname: must be a lower-case host name/);
    await bad({ hostname: 'Docs.Acme.com' }, /^hostname: must be a lower-case host name/);
    await bad({ hostname: `${'a.'.repeat(256)}com` }, /^hostname: must be at most 512 characters/);
    await bad({ proxy: 'https://acme.com/docs' }, /^proxy: must be a host and a path/);
    await bad({ proxy: 'acme.com' }, /^proxy: must be a host and a path/);
    await bad({ proxy: `acme.com/${'d'.repeat(510)}` }, /^proxy: must be at most 512 characters/);
    await bad({ adaptiveContent: { enabled: 'yes' } }, /^adaptiveContent\.enabled: must be of type boolean$/);
    await bad({ adaptiveContent: { enabled: true, extra: 1 } }, /^adaptiveContent\.extra: is not a known field$/);
    await bad({ published: 'true' }, /^published: must be of type boolean$/);
    await bad({ defaultSiteSpace: 'nope' }, /^defaultSiteSpace: no site space nope in site/);
    await bad({ defaultSiteSection: 'nope' }, /^defaultSiteSection: no section nope in site/);
    await bad({ icon: 'x' }, /^icon: is not a known field$/);
    // Nothing of a refused PATCH is applied.
    expectError(await s.patch(site.id, { title: 'Renamed', defaultSiteSpace: 'nope' }), 400);
    expect((await s.get(site.id)).body.title).toBe('Docs');
    // Values at the bounds pass.
    await s.patchOk(site.id, { basename: 'b'.repeat(100), proxy: 'docs.acme-corp.co.uk/help/center', hostname: 'a.b.co' });
  });

  it('sets the default site space of the root, clearing the previous one; a site space of another site or a hidden one is 400', async () => {
    const s = await sitesSetup();
    const [a, b, c] = await mapInOrder(['A', 'B', 'C'], async (t) => await s.createSpace(t));
    const site = await s.createSite({ spaces: [a, b] });
    const otherSite = await s.createSite({ spaces: [c] });
    const [rowA, rowB] = await s.siteSpaceRows(site.id);
    await s.patchOk(site.id, { defaultSiteSpace: rowB.id });
    expect((await s.siteSpaceRows(site.id)).map((r) => r.is_default)).toEqual([0, 1]);
    const structure = (await s.published(site.id, s.adminId)).body.structure.structure;
    expect(structure.map((x: { default: boolean }) => x.default)).toEqual([false, true]);
    await s.patchOk(site.id, { defaultSiteSpace: rowA.id });
    expect((await s.siteSpaceRows(site.id)).map((r) => r.is_default)).toEqual([1, 0]);
    const [foreign] = await s.siteSpaceRows(otherSite.id);
    expectError(await s.patch(site.id, { defaultSiteSpace: foreign.id }), 400, /^defaultSiteSpace: /);
    expectOk(await s.api.request('DELETE', `/v1/spaces/${b}`, { as: s.adminId }), 'deleteSpaceById');
    expectError(await s.patch(site.id, { defaultSiteSpace: rowB.id }), 400, /^defaultSiteSpace: /);
  });

  it('sets the default section and the default site space within a section, each clearing the previous one', async () => {
    const s = await sitesSetup();
    const [a, b, c] = await mapInOrder(['A', 'B', 'C'], async (t) => await s.createSpace(t));
    const site = await s.createSite({ spaces: [a, b, c] });
    const [rowA, rowB, rowC] = await s.siteSpaceRows(site.id);
    const guides = await s.addSection(site.id, 'Guides', 0, true);
    const api = await s.addSection(site.id, 'API', 1);
    await s.putInSection(rowA.id, guides, true);
    await s.putInSection(rowB.id, api, true);
    await s.putInSection(rowC.id, api, false);
    const isDefault = async (table: string) =>
      (await s.engine.core.all<{ id: string; is_default: number }>(`SELECT id, is_default FROM ${table} WHERE site_id = ? ORDER BY position, id`, [site.id]))
        .map((r) => [r.id, r.is_default]);

    await s.patchOk(site.id, { defaultSiteSection: api });
    expect(await isDefault('site_sections')).toEqual([[guides, 0], [api, 1]]);
    await s.patchOk(site.id, { defaultSiteSpace: rowC.id });
    expect((await s.siteSpaceRows(site.id)).filter((r) => r.section_id === api).map((r) => [r.id, r.is_default])).toEqual([[rowB.id, 0], [rowC.id, 1]]);
    // The other section keeps its own default.
    expect((await s.siteSpaceRows(site.id)).find((r) => r.id === rowA.id)!.is_default).toBe(1);
    // A default site space in another section makes that section the default too.
    await s.patchOk(site.id, { defaultSiteSpace: rowA.id });
    expect(await isDefault('site_sections')).toEqual([[guides, 1], [api, 0]]);
    const published = await s.published(site.id, s.adminId);
    expectOk(published, 'getPublishedContentSite');
    expect(published.body.structure.type).toBe('sections');
    expect(published.body.structure.structure.map((x: { id: string; default: boolean }) => [x.id, x.default])).toEqual([[guides, true], [api, false]]);
    // Both at once must agree.
    expectError(await s.patch(site.id, { defaultSiteSection: guides, defaultSiteSpace: rowB.id }), 400, /^defaultSiteSpace: site space .* is not in section/);
    await s.patchOk(site.id, { defaultSiteSection: api, defaultSiteSpace: rowB.id });
    expect(await isDefault('site_sections')).toEqual([[guides, 0], [api, 1]]);
  });

  it('needs the admin role (403) and a member (404)', async () => {
    const s = await sitesSetup();
    const site = await s.createSite({ title: 'Docs' });
    expectError(await s.patch(site.id, { title: 'New' }, s.reader), 403, /admin role required/);
    expectError(await s.patch(site.id, { title: 'New' }, s.creator), 403);
    expectError(await s.patch(site.id, { title: 'New' }, s.guest), 404);
    expectError(await s.patch(site.id, { title: 'New' }, s.outsider), 404);
    expectError(await s.patch('nope', { title: 'New' }), 404);
    expectError(await s.api.request('PATCH', s.site(site.id), { as: null, body: {} }), 401);
    expect((await s.get(site.id)).body.title).toBe('Docs');
  });
});

describe('DELETE /v1/orgs/{organizationId}/sites/{siteId}', () => {
  it('deletes the site with its structure (205); the spaces stay', async () => {
    const s = await sitesSetup();
    const space = await s.createSpace('Handbook');
    const site = await s.createSite({ spaces: [space] });
    const keep = await s.createSite({ spaces: [space] });
    await s.addSection(site.id, 'Guides', 0, true);
    const res = await s.api.request('DELETE', s.site(site.id), { as: s.adminId });
    expectOk(res, 'deleteSiteById');
    expect(res.status).toBe(205);
    expectError(await s.get(site.id), 404);
    const count = async (sql: string) => (await s.engine.core.get<{ n: number }>(sql, [site.id]))!.n;
    expect(await count('SELECT COUNT(*) AS n FROM site_spaces WHERE site_id = ?')).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM site_sections WHERE site_id = ?')).toBe(0);
    expectOk(await s.api.request('GET', `/v1/spaces/${space}`, { as: s.adminId }), 'getSpaceById');
    expect(ids(await s.list())).toEqual([keep.id]);
    expect(await s.siteSpaceRows(keep.id)).toHaveLength(1);
    expectError(await s.api.request('DELETE', s.site(site.id), { as: s.adminId }), 404);
  });

  it('clears an organization default content that pointed at the site', async () => {
    const s = await sitesSetup();
    const site = await s.createSite();
    await s.engine.core.run('UPDATE organizations SET default_content = ? WHERE id = ?', [JSON.stringify({ type: 'site', site: site.id }), s.orgId]);
    expectOk(await s.api.request('DELETE', s.site(site.id), { as: s.adminId }), 'deleteSiteById');
    expect((await s.engine.core.get<{ default_content: string | null }>('SELECT default_content FROM organizations WHERE id = ?', [s.orgId]))!.default_content).toBeNull();
  });

  it('needs the admin role (403), a member (404) and a token (401)', async () => {
    const s = await sitesSetup();
    const site = await s.createSite();
    expectError(await s.api.request('DELETE', s.site(site.id), { as: s.reader }), 403);
    expectError(await s.api.request('DELETE', s.site(site.id), { as: s.guest }), 404);
    expectError(await s.api.request('DELETE', s.site(site.id), { as: s.outsider }), 404);
    expectError(await s.api.request('DELETE', s.site(site.id), { as: null }), 401);
    expectOk(await s.get(site.id), 'getSiteById');
  });
});

describe('share links: GET …/share-link and POST …/share-link/rotate', () => {
  it('answers the key and the share URL to members; rotating (admins) replaces the key', async () => {
    const s = await sitesSetup();
    const site = await s.createSite({ visibility: 'share-link' });
    const res = await s.api.request('GET', `${s.site(site.id)}/share-link`, { as: s.reader });
    expectOk(res, 'getSiteShareLink');
    expect(res.body).toEqual({
      object: 'site-share-link',
      shareKey: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      url: `${PUBLIC_URL}/o/${s.orgId}/sites/${site.id}?shareKey=${res.body.shareKey}`,
    });
    const rotated = await s.api.request('POST', `${s.site(site.id)}/share-link/rotate`, { as: s.adminId });
    expectOk(rotated, 'rotateSiteShareLink');
    expect(rotated.body.shareKey).not.toBe(res.body.shareKey);
    expect(await s.shareKey(site.id)).toBe(rotated.body.shareKey);
    expect((await s.get(site.id)).body.urls.published).toContain(rotated.body.shareKey);
    // Another site has its own key.
    expect(await s.shareKey((await s.createSite()).id)).not.toBe(rotated.body.shareKey);
  });

  it('rotating needs the admin role (403); both need a member (404) and a token (401)', async () => {
    const s = await sitesSetup();
    const site = await s.createSite();
    const key = await s.shareKey(site.id);
    expectError(await s.api.request('POST', `${s.site(site.id)}/share-link/rotate`, { as: s.reader }), 403);
    expect(await s.shareKey(site.id)).toBe(key);
    for (const as of [s.guest, s.outsider]) {
      expectError(await s.api.request('GET', `${s.site(site.id)}/share-link`, { as }), 404);
      expectError(await s.api.request('POST', `${s.site(site.id)}/share-link/rotate`, { as }), 404);
    }
    expectError(await s.api.request('GET', `${s.site(site.id)}/share-link`, { as: null }), 401);
    expectError(await s.api.request('POST', `${s.site('nope')}/share-link/rotate`, { as: s.adminId }), 404);
  });
});
