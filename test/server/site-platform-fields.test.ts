import { describe, expect, it } from 'vitest';
import { PUBLIC_URL } from '../helpers/engine';
import { expectError, expectOk } from '../helpers/app';
import { Site } from '../../src/api/schemas/site';
import { sitesSetup } from './sites-setup';

/**
 * The fields a site, its structure and its adaptive schema carry for the platform's clients
 * (issue 18; decisions.md "Sites in the platform's wire format").
 */
async function setup() {
  const s = await sitesSetup();
  const guides = await s.createSpace('Guides');
  const site = await s.createSite({ title: 'Docs', type: 'premium', spaces: [guides] });
  await s.patchOk(site.id, { published: true });
  return { ...s, guides, siteId: site.id as string };
}

const NONE = { view: false, access: false, edit: false, create: false, admin: false, installIntegration: false, viewAdaptiveSchema: false, editAdaptiveSchema: false };

describe('site permissions, appliedType, defaultLevel, ads and urls.preview', () => {
  it("answers the caller's permissions: admins change, members with a role read, visitors nothing", async () => {
    const s = await setup();
    const asAdmin = (await s.get(s.siteId)).body;
    expect(asAdmin.permissions).toEqual({ ...NONE, view: true, access: true, edit: true, create: true, admin: true, viewAdaptiveSchema: true, editAdaptiveSchema: true });
    for (const member of [s.reader, s.creator]) {
      const res = await s.get(s.siteId, member);
      expectOk(res, 'getSiteById');
      expect(res.body.permissions).toEqual({ ...NONE, view: true, access: true, viewAdaptiveSchema: true });
    }
    // The list answers each site with the caller's permissions too.
    expect((await s.list('', s.reader)).body.items[0].permissions).toEqual({ ...NONE, view: true, access: true, viewAdaptiveSchema: true });
    // A visitor of the published site (an outsider of a public site) may do none of it.
    const visited = await s.published(s.siteId, s.outsider);
    expectOk(visited, 'getPublishedContentSite');
    expect(visited.body.site.permissions).toEqual(NONE);
    expect((await s.published(s.siteId, s.reader)).body.site.permissions).toEqual({ ...NONE, view: true, access: true, viewAdaptiveSchema: true });
  });

  it('answers the plan in force, an inherited default level, no ads and a preview URL every member can read', async () => {
    const s = await setup();
    const site = (await s.get(s.siteId)).body;
    expect(site).toMatchObject({ type: 'premium', appliedType: 'premium', defaultLevel: 'inherit', ads: { status: 'pending', submittable: false } });
    expect(site.features).toEqual([
      { id: 'sites-sections', plan: 'basic', frozen: false },
      { id: 'sites-share-links', plan: 'basic', frozen: false },
      { id: 'sites-custom-domain', plan: 'premium', frozen: false },
      { id: 'sites-visitor-authentication', plan: 'premium', frozen: false },
    ]);
    expect(site.urls.preview).toBe(`${PUBLIC_URL}/v1/orgs/${s.orgId}/sites/${s.siteId}/published`);
    // The preview is the published content, which members read before the site goes live.
    await s.patchOk(s.siteId, { published: false });
    const preview = await s.api.request('GET', site.urls.preview.slice(PUBLIC_URL.length), { as: s.reader });
    expectOk(preview, 'getPublishedContentSite');
    expect(preview.body.site.published).toBe(false);
  });

  it("parses every variant of the platform's ads in the client's schema, and refuses others", () => {
    const site = { ...{ object: 'site', id: 's', type: 'basic', appliedType: 'basic', title: 'Docs', visibility: 'public', defaultLevel: 'inherit' },
      permissions: NONE, published: false, siteSpaces: 0, createdAt: '2026-03-01T10:00:00.000Z', adaptiveContent: { enabled: false }, features: [],
      urls: { location: 'l', app: 'a', published: 'p', preview: 'v' } };
    for (const ads of [
      { status: 'pending', submittable: true },
      { status: 'in-review', topic: 'webdev' },
      { status: 'rejected' },
      { status: 'rejected', reason: 'spam' },
      { status: 'live', topic: 'crypto', zoneId: 'z1' },
      { status: 'disabled', topic: 'webdev', zoneId: 'z1' },
    ]) expect(Site.safeParse({ ...site, ads }).success, JSON.stringify(ads)).toBe(true);
    for (const ads of [{ status: 'disabled', submittable: false }, { status: 'live', topic: 'other', zoneId: 'z' }, { status: 'in-review' }]) {
      expect(Site.safeParse({ ...site, ads }).success, JSON.stringify(ads)).toBe(false);
    }
  });
});

describe('draft and children in the structure', () => {
  it('marks sections, groups and site spaces live (draft false) everywhere they are answered, visitors included', async () => {
    const s = await setup();
    const base = s.site(s.siteId);
    const section = await s.api.request('POST', `${base}/sections`, { as: s.adminId, body: { spaceId: s.guides, title: 'Learn' } });
    expectOk(section, 'addSiteSection');
    const group = await s.api.request('POST', `${base}/section-groups`, { as: s.adminId, body: { title: 'Group', sections: [section.body.id] } });
    expectOk(group, 'createSiteSectionGroup');
    expect(group.body).toMatchObject({ draft: false, children: [expect.objectContaining({ id: section.body.id, draft: false })] });
    const siteSpaces = await s.api.request('GET', `${base}/site-spaces`, { as: s.reader });
    expectOk(siteSpaces, 'listSiteSpaces');
    expect(siteSpaces.body.items.map((x: { draft: boolean }) => x.draft)).toEqual([false]);
    const visited = await s.published(s.siteId, s.outsider);
    expectOk(visited, 'getPublishedContentSite');
    const [learn] = visited.body.structure.structure;
    expect(learn).toMatchObject({ object: 'site-section', draft: false, sectionGroup: group.body.id });
    expect(learn.siteSpaces.map((x: { draft: boolean }) => x.draft)).toEqual([false]);
  });
});

describe("the adaptive schema's unsigned property", () => {
  const url = (s: { site: (id: string) => string }, siteId: string) => `${s.site(siteId)}/adaptive-schema`;
  const schemaWith = (unsigned: Record<string, unknown>) => ({
    type: 'object',
    properties: { unsigned: { type: 'object', ...unsigned }, beta: { type: 'boolean', description: 'Beta' } },
    additionalProperties: false,
  });

  it("fills in the platform's description, additionalProperties false and properties when left out", async () => {
    const s = await setup();
    const res = await s.api.request('PUT', url(s, s.siteId), { as: s.adminId, body: { jsonSchema: schemaWith({ properties: { dark: { type: 'boolean' } } }) } });
    expectOk(res, 'updateSiteAdaptiveSchema');
    expect(res.body.jsonSchema.properties.unsigned).toEqual({
      type: 'object', description: 'Unsigned claims of the site visitor.', properties: { dark: { type: 'boolean' } }, additionalProperties: false,
    });
    expect((await s.api.request('GET', url(s, s.siteId), { as: s.reader })).body.jsonSchema).toEqual(res.body.jsonSchema);
    const bare = await s.api.request('PUT', url(s, s.siteId), { as: s.adminId, body: { jsonSchema: schemaWith({}) } });
    expect(bare.body.jsonSchema.properties.unsigned).toEqual({ type: 'object', description: 'Unsigned claims of the site visitor.', properties: {}, additionalProperties: false });
  });

  it('completes a schema stored before, when it is read', async () => {
    const s = await setup();
    await s.engine.core.run('UPDATE sites SET adaptive_schema = ? WHERE id = ?', [JSON.stringify(schemaWith({ properties: {} })), s.siteId]);
    const res = await s.api.request('GET', url(s, s.siteId), { as: s.adminId });
    expectOk(res, 'getSiteAdaptiveSchema');
    expect(res.body.jsonSchema.properties.unsigned).toMatchObject({ description: 'Unsigned claims of the site visitor.', additionalProperties: false });
  });

  it('refuses another description or additionalProperties, naming the field', async () => {
    const s = await setup();
    const put = async (unsigned: Record<string, unknown>) => await s.api.request('PUT', url(s, s.siteId), { as: s.adminId, body: { jsonSchema: schemaWith(unsigned) } });
    expectError(await put({ description: 'Claims' }), 400, /^jsonSchema\.properties\.unsigned\.description: must be "Unsigned claims of the site visitor\." \(or left out\)$/);
    expectError(await put({ additionalProperties: true }), 400, /^jsonSchema\.properties\.unsigned\.additionalProperties: must be false/);
    expectError(await put({ additionalProperties: { type: 'boolean' } }), 400, /^jsonSchema\.properties\.unsigned\.additionalProperties: must be false/);
  });
});
