import { describe, expect, it } from 'vitest';
import { PUBLIC_URL } from '../helpers/engine';
import { expectOk, expectError, type CallResult } from '../helpers/app';
import { sitesSetup } from './sites-setup';

const ids = (res: CallResult): string[] => res.body.items.map((s: { id: string }) => s.id);
const BASIC_FEATURES = [
  { id: 'sites-sections', plan: 'basic', frozen: false },
  { id: 'site-share-links', plan: 'basic', frozen: false },
];

describe('POST /v1/orgs/{organizationId}/sites (create)', () => {
  it('creates an unpublished public basic site with defaults that GET and the list then return', () => {
    const s = sitesSetup();
    const res = s.api.request('POST', s.sites, { as: s.adminId, body: {} });
    expectOk(res, 'createSite');
    const id = res.body.id;
    expect(res.body).toEqual({
      object: 'site',
      id,
      type: 'basic',
      title: 'Untitled site',
      icon: null,
      visibility: 'public',
      published: false,
      siteSpaces: 0,
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-01T10:00:00.000Z',
      adaptiveContent: { enabled: false },
      ads: { status: 'disabled', submittable: false },
      features: BASIC_FEATURES,
      urls: {
        location: `${PUBLIC_URL}/v1/orgs/${s.orgId}/sites/${id}`,
        app: `${PUBLIC_URL}/app/o/${s.orgId}/sites/${id}`,
        published: `${PUBLIC_URL}/o/${s.orgId}/sites/${id}`,
      },
    });
    for (const field of ['hostname', 'basename', 'proxy']) expect(res.body).not.toHaveProperty(field);
    const got = s.get(id);
    expectOk(got, 'getSiteById');
    expect(got.body).toEqual(res.body);
    const listed = s.list();
    expectOk(listed, 'listSites');
    expect(listed.body).toEqual({ count: 1, items: [res.body] });
  });

  it('stores type, title and visibility as given; the plan decides the features listed', () => {
    const s = sitesSetup();
    const site = s.createSite({ type: 'ultimate', title: 'Developer docs', visibility: 'unlisted' });
    expect(site).toMatchObject({ type: 'ultimate', title: 'Developer docs', visibility: 'unlisted', published: false });
    expect(site.features.map((f: { id: string }) => f.id)).toEqual(['sites-sections', 'site-share-links', 'custom-hostname', 'visitor-auth', 'site-proxy', 'adaptive-content']);
    expect(s.createSite({ type: 'premium' }).features.map((f: { plan: string }) => f.plan)).toEqual(['basic', 'basic', 'premium', 'premium']);
  });

  it('adds the given spaces as site spaces at the root, in order, with unique paths and the first one default', () => {
    const s = sitesSetup();
    const api = s.createSpace('API reference');
    const guides = s.createSpace('Guides');
    const api2 = s.createSpace('API Reference!');
    const site = s.createSite({ title: 'Docs', spaces: [guides, api, api2] });
    expect(site.siteSpaces).toBe(3);
    expect(s.siteSpaceRows(site.id).map(({ space_id, section_id, path, is_default }) => ({ space_id, section_id, path, is_default }))).toEqual([
      { space_id: guides, section_id: null, path: 'guides', is_default: 1 },
      { space_id: api, section_id: null, path: 'api-reference', is_default: 0 },
      { space_id: api2, section_id: null, path: 'api-reference-2', is_default: 0 },
    ]);
    // The structure as visitors see it: root site spaces in that order, the first the default.
    const published = s.published(site.id, s.adminId);
    expectOk(published, 'getPublishedContentSite');
    expect(published.body.structure.type).toBe('siteSpaces');
    expect(published.body.structure.structure.map((x: { space: { id: string }; default: boolean }) => [x.space.id, x.default])).toEqual([
      [guides, true], [api, false], [api2, false],
    ]);
  });

  it('creates a new space for "sample" (with pages written through the content engine) and "empty" (without)', () => {
    const s = sitesSetup();
    const sample = s.createSite({ title: 'Help center', spaces: 'sample' });
    expect(sample.siteSpaces).toBe(1);
    const [row] = s.siteSpaceRows(sample.id);
    const space = s.api.request('GET', `/v1/spaces/${row.space_id}`, { as: s.adminId });
    expectOk(space, 'getSpaceById');
    expect(space.body.title).toBe('Help center');
    expect(row).toMatchObject({ path: 'help-center', is_default: 1 });
    const pages = s.api.request('GET', `/v1/spaces/${row.space_id}/content/pages`, { as: s.adminId });
    expectOk(pages, 'listSpacePages');
    expect(pages.body.pages.map((p: { title: string }) => p.title)).toEqual(['Welcome', 'Quickstart', 'FAQ']);
    // Searchable like any content written by a merge.
    const found = s.api.request('GET', `/v1/spaces/${row.space_id}/search?query=quickstart`, { as: s.adminId });
    expect(found.body.count).toBeGreaterThan(0);

    const empty = s.createSite({ title: 'Blank', spaces: 'empty' });
    const [emptyRow] = s.siteSpaceRows(empty.id);
    const emptyPages = s.api.request('GET', `/v1/spaces/${emptyRow.space_id}/content/pages`, { as: s.adminId });
    expect(emptyPages.body.pages).toEqual([]);
    expect(emptyRow.space_id).not.toBe(row.space_id);
  });

  it('rejects space ids that are unknown, deleted, of another organization or listed twice, naming spaces[i]; nothing is created', () => {
    const s = sitesSetup();
    const live = s.createSpace('Live');
    const gone = s.createSpace('Gone');
    expectOk(s.api.request('DELETE', `/v1/spaces/${gone}`, { as: s.adminId }), 'deleteSpaceById');
    const foreign = s.createSpace('Foreign', s.other.orgId, s.outsider);
    const before = s.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM sites')!.n;
    expectError(s.api.request('POST', s.sites, { as: s.adminId, body: { spaces: [live, 'nope'] } }), 400, /^spaces\[1\]: no space nope in this organization$/);
    expectError(s.api.request('POST', s.sites, { as: s.adminId, body: { spaces: [gone] } }), 400, /^spaces\[0\]: no space/);
    expectError(s.api.request('POST', s.sites, { as: s.adminId, body: { spaces: [foreign] } }), 400, /^spaces\[0\]: no space/);
    expectError(s.api.request('POST', s.sites, { as: s.adminId, body: { spaces: [live, live] } }), 400, /^spaces\[1\]: space .* is listed twice$/);
    expect(s.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM sites')!.n).toBe(before);
    expect(s.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM site_spaces')!.n).toBe(0);
  });

  it('validates every field, naming it', () => {
    const s = sitesSetup();
    const post = (body: unknown) => s.api.request('POST', s.sites, { as: s.adminId, body });
    expectError(post({ title: 'x' }), 400, /^title: must be at least 2 characters$/);
    expectError(post({ title: 'x'.repeat(129) }), 400, /^title: must be at most 128 characters$/);
    expectOk(post({ title: 'x'.repeat(128) }), 'createSite');
    expectOk(post({ title: 'xy' }), 'createSite');
    expectError(post({ type: 'gold' }), 400, /^type: must be one of: "basic", "premium", "ultimate"$/);
    expectError(post({ visibility: 'private' }), 400, /^visibility: must be one of/);
    expectError(post({ spaces: 'full' }), 400, /^spaces: /);
    expectError(post({ spaces: [42] }), 400, /^spaces: /);
    expectError(post({ spaces: Array.from({ length: 101 }, (_, i) => `s${i}`) }), 400, /^spaces: /);
    expectError(post({ published: true }), 400, /published: is not a known field/);
    expectError(s.api.request('POST', s.sites, { as: s.adminId, rawBody: '{' }), 400);
  });

  it('needs the admin role (403), a member of the organization (404) and a token (401)', () => {
    const s = sitesSetup();
    expectError(s.api.request('POST', s.sites, { as: s.creator, body: {} }), 403, /admin role required/);
    expectError(s.api.request('POST', s.sites, { as: s.reader, body: {} }), 403);
    expectError(s.api.request('POST', s.sites, { as: s.guest, body: {} }), 403);
    expectError(s.api.request('POST', s.sites, { as: s.outsider, body: {} }), 404);
    expectError(s.api.request('POST', s.sites, { as: null, body: {} }), 401);
    expect(s.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM sites')!.n).toBe(0);
  });
});

describe('GET /v1/orgs/{organizationId}/sites (list)', () => {
  it('lists in creation order and filters by space, title (case-insensitive substring) and published', () => {
    const s = sitesSetup();
    const handbook = s.createSpace('Handbook');
    const api = s.createSpace('API');
    const internal = s.createSite({ title: 'Internal Handbook', spaces: [handbook] });
    s.clock.advance(1000);
    const dev = s.createSite({ title: 'Developer portal', spaces: [api, handbook] });
    s.clock.advance(1000);
    const empty = s.createSite({ title: 'Status page' });
    s.patchOk(dev.id, { published: true });

    expect(ids(s.list())).toEqual([internal.id, dev.id, empty.id]);
    const bySpace = s.list(`?space=${api}`);
    expectOk(bySpace, 'listSites');
    expect(ids(bySpace)).toEqual([dev.id]);
    expect(ids(s.list(`?space=${handbook}`))).toEqual([internal.id, dev.id]);
    expect(ids(s.list('?space=unknown'))).toEqual([]);
    expect(ids(s.list('?title=HANDBOOK'))).toEqual([internal.id]);
    expect(ids(s.list('?title=r%20P'))).toEqual([dev.id]);
    expect(ids(s.list('?title=%25'))).toEqual([]);
    expect(ids(s.list('?published=true'))).toEqual([dev.id]);
    expect(s.list('?published=false').body).toMatchObject({ count: 2 });
    expect(ids(s.list(`?published=false&space=${handbook}`))).toEqual([internal.id]);
  });

  it('pages with opaque cursors', () => {
    const s = sitesSetup();
    const made = [1, 2, 3].map((n) => s.createSite({ title: `Site ${n}` }).id);
    const first = s.list('?limit=2');
    expectOk(first, 'listSites');
    expect(first.body.count).toBe(3);
    expect(ids(first)).toEqual(made.slice(0, 2));
    const second = s.list(`?limit=2&page=${first.body.next.page}`);
    expectOk(second, 'listSites');
    expect(ids(second)).toEqual([made[2]]);
    expect(second.body.next).toBeUndefined();
    expectError(s.list('?page=garbage'), 400, /^page: /);
  });

  it('counts and filters only site spaces of live spaces: deleting a space hides them, restoring brings them back', () => {
    const s = sitesSetup();
    const a = s.createSpace('A');
    const b = s.createSpace('B');
    const site = s.createSite({ spaces: [a, b] });
    expectOk(s.api.request('DELETE', `/v1/spaces/${b}`, { as: s.adminId }), 'deleteSpaceById');
    expect(s.get(site.id).body.siteSpaces).toBe(1);
    expect(ids(s.list(`?space=${b}`))).toEqual([]);
    expect(s.siteSpaceRows(site.id)).toHaveLength(2);
    expectOk(s.api.request('POST', `/v1/spaces/${b}/restore`, { as: s.adminId }), 'restoreSpace');
    expect(s.get(site.id).body.siteSpaces).toBe(2);
    expect(ids(s.list(`?space=${b}`))).toEqual([site.id]);
  });

  it('validates the query, lets members with a role read (guests 403, outsiders 404) and needs a token', () => {
    const s = sitesSetup();
    const site = s.createSite({ title: 'Docs' });
    expect(ids(s.list('', s.reader))).toEqual([site.id]);
    expectError(s.list('?published=yes'), 400, /^published: must be true or false$/);
    expectError(s.list('?limit=0'), 400, /^limit: /);
    expectError(s.list('?title='), 400, /^title: must not be empty$/);
    expectError(s.list('?sort=title'), 400, /sort/);
    expectError(s.list('', s.guest), 403, /guests cannot/);
    expectError(s.list('', s.outsider), 404);
    expectError(s.list('', null as unknown as string), 401);
    // The outsider's own organization has none of these sites.
    const theirs = s.api.request('GET', `/v1/orgs/${s.other.orgId}/sites`, { as: s.outsider });
    expectOk(theirs, 'listSites');
    expect(theirs.body).toEqual({ count: 0, items: [] });
  });
});

describe('GET /v1/orgs/{organizationId}/sites/{siteId}', () => {
  it('answers 404 for an unknown site, a site of another organization, guests and outsiders; 401 without a token', () => {
    const s = sitesSetup();
    const site = s.createSite({ title: 'Docs' });
    expectOk(s.get(site.id, s.reader), 'getSiteById');
    expectError(s.get('nope'), 404, /site nope not found/);
    expectError(s.get(site.id, s.guest), 404);
    expectError(s.get(site.id, s.outsider), 404);
    expectError(s.api.request('GET', `/v1/orgs/${s.other.orgId}/sites/${site.id}`, { as: s.outsider }), 404);
    expectError(s.api.request('GET', s.site(site.id), { as: null }), 401);
    expectError(s.api.request('GET', `${s.site(site.id)}?x=1`, { as: s.adminId }), 400, /^x: is not a known field$/);
  });
});

describe('PATCH /v1/orgs/{organizationId}/sites/{siteId}', () => {
  it('changes title, visibility, adaptive content and publishes and unpublishes, moving updatedAt', () => {
    const s = sitesSetup();
    const site = s.createSite({ title: 'Docs' });
    s.clock.advance(60_000);
    const res = s.patch(site.id, { title: 'Product docs', visibility: 'unlisted', adaptiveContent: { enabled: true }, published: true });
    expectOk(res, 'updateSiteById');
    expect(res.body).toMatchObject({
      title: 'Product docs', visibility: 'unlisted', adaptiveContent: { enabled: true }, published: true,
      createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:01:00.000Z',
    });
    expect(s.get(site.id).body).toEqual(res.body);
    expect(s.patchOk(site.id, { published: false, adaptiveContent: { enabled: false } })).toMatchObject({ published: false, adaptiveContent: { enabled: false } });
    // An empty body changes nothing.
    s.clock.advance(60_000);
    expect(s.patchOk(site.id, {}).updatedAt).toBe('2026-03-01T10:01:00.000Z');
  });

  it('builds urls.published from proxy, custom hostname, the organization hostname and basename', () => {
    const s = sitesSetup();
    const site = s.createSite({ title: 'Docs' });
    const published = () => s.get(site.id).body.urls.published;
    expect(published()).toBe(`${PUBLIC_URL}/o/${s.orgId}/sites/${site.id}`);
    expect(s.patchOk(site.id, { basename: 'docs' })).toMatchObject({ basename: 'docs', urls: { published: `${PUBLIC_URL}/o/${s.orgId}/sites/docs` } });
    expectOk(s.api.request('PATCH', `/v1/orgs/${s.orgId}`, { as: s.adminId, body: { hostname: 'acme' } }), 'updateOrganizationById');
    expect(published()).toBe('http://acme.docs.test/docs');
    expect(s.patchOk(site.id, { basename: null })).not.toHaveProperty('basename');
    expect(published()).toBe(`http://acme.docs.test/${site.id}`);
    expect(s.patchOk(site.id, { hostname: 'docs.acme.com' })).toMatchObject({ hostname: 'docs.acme.com', urls: { published: 'https://docs.acme.com' } });
    s.patchOk(site.id, { basename: 'v2/guide' });
    expect(published()).toBe('https://docs.acme.com/v2/guide');
    const proxied = s.patchOk(site.id, { proxy: 'acme.com/help' });
    expect(proxied.proxy).toEqual({ origin: 'https://acme.com/help', target: 'https://docs.acme.com/v2/guide' });
    expect(proxied.urls.published).toBe('https://acme.com/help');
    const unproxied = s.patchOk(site.id, { proxy: null, hostname: null });
    expect(unproxied).not.toHaveProperty('proxy');
    expect(unproxied).not.toHaveProperty('hostname');
    expect(unproxied.urls.published).toBe('http://acme.docs.test/v2/guide');
  });

  it('puts the share key in urls.published of a share-link site', () => {
    const s = sitesSetup();
    const site = s.createSite({ title: 'Docs', visibility: 'share-link' });
    const key = s.shareKey(site.id);
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(site.urls.published).toBe(`${PUBLIC_URL}/o/${s.orgId}/sites/${site.id}?shareKey=${key}`);
    expect(s.patchOk(site.id, { visibility: 'public' }).urls.published).toBe(`${PUBLIC_URL}/o/${s.orgId}/sites/${site.id}`);
  });

  it('keeps host names unique across sites and basenames unique under the organization host (409)', () => {
    const s = sitesSetup();
    const a = s.createSite({ title: 'Site A' });
    const b = s.createSite({ title: 'Site B' });
    s.patchOk(a.id, { hostname: 'docs.acme.com', basename: 'docs' });
    expectError(s.patch(b.id, { hostname: 'docs.acme.com' }), 409, /^hostname: "docs.acme.com" is already used by another site$/);
    // A site of another organization cannot take it either.
    const theirs = s.api.request('POST', `/v1/orgs/${s.other.orgId}/sites`, { as: s.outsider, body: { title: 'Theirs' } });
    expectError(s.api.request('PATCH', `/v1/orgs/${s.other.orgId}/sites/${theirs.body.id}`, { as: s.outsider, body: { hostname: 'docs.acme.com' } }), 409);
    // `a` has its own host, so `b` may use the same basename under the organization's.
    s.patchOk(b.id, { basename: 'docs' });
    const c = s.createSite({ title: 'Site C' });
    expectError(s.patch(c.id, { basename: 'docs' }), 409, new RegExp(`^basename: "docs" is already used by site ${b.id}`));
    // Freed when `a` drops its host name? No: then `a` and `b` would collide, so that is refused too.
    expectError(s.patch(a.id, { hostname: null }), 409, /^basename: /);
    s.patchOk(c.id, { basename: 'docs', hostname: 'help.acme.com' });
    // The same site may keep its own values.
    s.patchOk(a.id, { hostname: 'docs.acme.com', basename: 'docs' });
  });

  it('validates every field, naming it and the rule', () => {
    const s = sitesSetup();
    const site = s.createSite({ title: 'Docs' });
    const bad = (body: unknown, pattern: RegExp) => expectError(s.patch(site.id, body), 400, pattern);
    bad({ title: 'x' }, /^title: must be at least 2 characters$/);
    bad({ title: 'x'.repeat(129) }, /^title: must be at most 128 characters$/);
    bad({ visibility: 'in-collection' }, /^visibility: must be one of/);
    bad({ basename: '' }, /^basename: must not be empty/);
    bad({ basename: 'b'.repeat(101) }, /^basename: must be at most 100 characters/);
    bad({ basename: 'a b' }, /^basename: must be URL path segments/);
    bad({ basename: '/docs' }, /^basename: must be URL path segments/);
    bad({ hostname: 'localhost' }, /^hostname: must be a lower-case host name/);
    bad({ hostname: 'Docs.Acme.com' }, /^hostname: must be a lower-case host name/);
    bad({ hostname: `${'a.'.repeat(256)}com` }, /^hostname: must be at most 512 characters/);
    bad({ proxy: 'https://acme.com/docs' }, /^proxy: must be a host and a path/);
    bad({ proxy: 'acme.com' }, /^proxy: must be a host and a path/);
    bad({ proxy: `acme.com/${'d'.repeat(510)}` }, /^proxy: must be at most 512 characters/);
    bad({ adaptiveContent: { enabled: 'yes' } }, /^adaptiveContent\.enabled: must be of type boolean$/);
    bad({ adaptiveContent: { enabled: true, extra: 1 } }, /^adaptiveContent\.extra: is not a known field$/);
    bad({ published: 'true' }, /^published: must be of type boolean$/);
    bad({ defaultSiteSpace: 'nope' }, /^defaultSiteSpace: no site space nope in site/);
    bad({ defaultSiteSection: 'nope' }, /^defaultSiteSection: no section nope in site/);
    bad({ icon: 'x' }, /^icon: is not a known field$/);
    // Nothing of a refused PATCH is applied.
    expectError(s.patch(site.id, { title: 'Renamed', defaultSiteSpace: 'nope' }), 400);
    expect(s.get(site.id).body.title).toBe('Docs');
    // Values at the bounds pass.
    s.patchOk(site.id, { basename: 'b'.repeat(100), proxy: 'docs.acme-corp.co.uk/help/center', hostname: 'a.b.co' });
  });

  it('sets the default site space of the root, clearing the previous one; a site space of another site or a hidden one is 400', () => {
    const s = sitesSetup();
    const [a, b, c] = ['A', 'B', 'C'].map((t) => s.createSpace(t));
    const site = s.createSite({ spaces: [a, b] });
    const otherSite = s.createSite({ spaces: [c] });
    const [rowA, rowB] = s.siteSpaceRows(site.id);
    s.patchOk(site.id, { defaultSiteSpace: rowB.id });
    expect(s.siteSpaceRows(site.id).map((r) => r.is_default)).toEqual([0, 1]);
    const structure = s.published(site.id, s.adminId).body.structure.structure;
    expect(structure.map((x: { default: boolean }) => x.default)).toEqual([false, true]);
    s.patchOk(site.id, { defaultSiteSpace: rowA.id });
    expect(s.siteSpaceRows(site.id).map((r) => r.is_default)).toEqual([1, 0]);
    const [foreign] = s.siteSpaceRows(otherSite.id);
    expectError(s.patch(site.id, { defaultSiteSpace: foreign.id }), 400, /^defaultSiteSpace: /);
    expectOk(s.api.request('DELETE', `/v1/spaces/${b}`, { as: s.adminId }), 'deleteSpaceById');
    expectError(s.patch(site.id, { defaultSiteSpace: rowB.id }), 400, /^defaultSiteSpace: /);
  });

  it('sets the default section and the default site space within a section, each clearing the previous one', () => {
    const s = sitesSetup();
    const [a, b, c] = ['A', 'B', 'C'].map((t) => s.createSpace(t));
    const site = s.createSite({ spaces: [a, b, c] });
    const [rowA, rowB, rowC] = s.siteSpaceRows(site.id);
    const guides = s.addSection(site.id, 'Guides', 0, true);
    const api = s.addSection(site.id, 'API', 1);
    s.putInSection(rowA.id, guides, true);
    s.putInSection(rowB.id, api, true);
    s.putInSection(rowC.id, api, false);
    const isDefault = (table: string) =>
      s.engine.core.all<{ id: string; is_default: number }>(`SELECT id, is_default FROM ${table} WHERE site_id = ? ORDER BY position, id`, [site.id])
        .map((r) => [r.id, r.is_default]);

    s.patchOk(site.id, { defaultSiteSection: api });
    expect(isDefault('site_sections')).toEqual([[guides, 0], [api, 1]]);
    s.patchOk(site.id, { defaultSiteSpace: rowC.id });
    expect(s.siteSpaceRows(site.id).filter((r) => r.section_id === api).map((r) => [r.id, r.is_default])).toEqual([[rowB.id, 0], [rowC.id, 1]]);
    // The other section keeps its own default.
    expect(s.siteSpaceRows(site.id).find((r) => r.id === rowA.id)!.is_default).toBe(1);
    // A default site space in another section makes that section the default too.
    s.patchOk(site.id, { defaultSiteSpace: rowA.id });
    expect(isDefault('site_sections')).toEqual([[guides, 1], [api, 0]]);
    const published = s.published(site.id, s.adminId);
    expectOk(published, 'getPublishedContentSite');
    expect(published.body.structure.type).toBe('sections');
    expect(published.body.structure.structure.map((x: { id: string; default: boolean }) => [x.id, x.default])).toEqual([[guides, true], [api, false]]);
    // Both at once must agree.
    expectError(s.patch(site.id, { defaultSiteSection: guides, defaultSiteSpace: rowB.id }), 400, /^defaultSiteSpace: site space .* is not in section/);
    s.patchOk(site.id, { defaultSiteSection: api, defaultSiteSpace: rowB.id });
    expect(isDefault('site_sections')).toEqual([[guides, 0], [api, 1]]);
  });

  it('needs the admin role (403) and a member (404)', () => {
    const s = sitesSetup();
    const site = s.createSite({ title: 'Docs' });
    expectError(s.patch(site.id, { title: 'New' }, s.reader), 403, /admin role required/);
    expectError(s.patch(site.id, { title: 'New' }, s.creator), 403);
    expectError(s.patch(site.id, { title: 'New' }, s.guest), 404);
    expectError(s.patch(site.id, { title: 'New' }, s.outsider), 404);
    expectError(s.patch('nope', { title: 'New' }), 404);
    expectError(s.api.request('PATCH', s.site(site.id), { as: null, body: {} }), 401);
    expect(s.get(site.id).body.title).toBe('Docs');
  });
});

describe('DELETE /v1/orgs/{organizationId}/sites/{siteId}', () => {
  it('deletes the site with its structure (205); the spaces stay', () => {
    const s = sitesSetup();
    const space = s.createSpace('Handbook');
    const site = s.createSite({ spaces: [space] });
    const keep = s.createSite({ spaces: [space] });
    s.addSection(site.id, 'Guides', 0, true);
    const res = s.api.request('DELETE', s.site(site.id), { as: s.adminId });
    expectOk(res, 'deleteSiteById');
    expect(res.status).toBe(205);
    expectError(s.get(site.id), 404);
    const count = (sql: string) => s.engine.core.get<{ n: number }>(sql, [site.id])!.n;
    expect(count('SELECT COUNT(*) AS n FROM site_spaces WHERE site_id = ?')).toBe(0);
    expect(count('SELECT COUNT(*) AS n FROM site_sections WHERE site_id = ?')).toBe(0);
    expectOk(s.api.request('GET', `/v1/spaces/${space}`, { as: s.adminId }), 'getSpaceById');
    expect(ids(s.list())).toEqual([keep.id]);
    expect(s.siteSpaceRows(keep.id)).toHaveLength(1);
    expectError(s.api.request('DELETE', s.site(site.id), { as: s.adminId }), 404);
  });

  it('clears an organization default content that pointed at the site', () => {
    const s = sitesSetup();
    const site = s.createSite();
    s.engine.core.run('UPDATE organizations SET default_content = ? WHERE id = ?', [JSON.stringify({ type: 'site', site: site.id }), s.orgId]);
    expectOk(s.api.request('DELETE', s.site(site.id), { as: s.adminId }), 'deleteSiteById');
    expect(s.engine.core.get<{ default_content: string | null }>('SELECT default_content FROM organizations WHERE id = ?', [s.orgId])!.default_content).toBeNull();
  });

  it('needs the admin role (403), a member (404) and a token (401)', () => {
    const s = sitesSetup();
    const site = s.createSite();
    expectError(s.api.request('DELETE', s.site(site.id), { as: s.reader }), 403);
    expectError(s.api.request('DELETE', s.site(site.id), { as: s.guest }), 404);
    expectError(s.api.request('DELETE', s.site(site.id), { as: s.outsider }), 404);
    expectError(s.api.request('DELETE', s.site(site.id), { as: null }), 401);
    expectOk(s.get(site.id), 'getSiteById');
  });
});

describe('share links: GET …/share-link and POST …/share-link/rotate', () => {
  it('answers the key and the share URL to members; rotating (admins) replaces the key', () => {
    const s = sitesSetup();
    const site = s.createSite({ visibility: 'share-link' });
    const res = s.api.request('GET', `${s.site(site.id)}/share-link`, { as: s.reader });
    expectOk(res, 'getSiteShareLink');
    expect(res.body).toEqual({
      object: 'site-share-link',
      shareKey: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      url: `${PUBLIC_URL}/o/${s.orgId}/sites/${site.id}?shareKey=${res.body.shareKey}`,
    });
    const rotated = s.api.request('POST', `${s.site(site.id)}/share-link/rotate`, { as: s.adminId });
    expectOk(rotated, 'rotateSiteShareLink');
    expect(rotated.body.shareKey).not.toBe(res.body.shareKey);
    expect(s.shareKey(site.id)).toBe(rotated.body.shareKey);
    expect(s.get(site.id).body.urls.published).toContain(rotated.body.shareKey);
    // Another site has its own key.
    expect(s.shareKey(s.createSite().id)).not.toBe(rotated.body.shareKey);
  });

  it('rotating needs the admin role (403); both need a member (404) and a token (401)', () => {
    const s = sitesSetup();
    const site = s.createSite();
    const key = s.shareKey(site.id);
    expectError(s.api.request('POST', `${s.site(site.id)}/share-link/rotate`, { as: s.reader }), 403);
    expect(s.shareKey(site.id)).toBe(key);
    for (const as of [s.guest, s.outsider]) {
      expectError(s.api.request('GET', `${s.site(site.id)}/share-link`, { as }), 404);
      expectError(s.api.request('POST', `${s.site(site.id)}/share-link/rotate`, { as }), 404);
    }
    expectError(s.api.request('GET', `${s.site(site.id)}/share-link`, { as: null }), 401);
    expectError(s.api.request('POST', `${s.site('nope')}/share-link/rotate`, { as: s.adminId }), 404);
  });
});
