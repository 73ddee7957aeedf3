import { describe, expect, it } from 'vitest';
import { PUBLIC_URL } from '../helpers/engine';
import { expectOk, expectError } from '../helpers/app';
import { signJwt } from '../../src/engine/jwt';
import { sitesSetup, type SitesSetup } from './sites-setup';

/** A site with two spaces at its root; `visitor` is a user of another organization. */
async function setup(body: Record<string, unknown> = {}) {
  const s = await sitesSetup();
  const guides = await s.createSpace('Guides');
  const apiSpace = await s.createSpace('API');
  const site = await s.createSite({ title: 'Developer docs', spaces: [guides, apiSpace], ...body });
  return { ...s, guides, apiSpace, siteId: site.id as string, visitor: s.outsider };
}

/** A visitor JWT as `ping` hands it out to a member of the organization. */
async function visitorToken(s: SitesSetup, orgId = s.orgId, as = s.reader): Promise<string> {
  const res = await s.api.request('POST', `/v1/orgs/${orgId}/ping`, { as });
  expectOk(res, 'pingOrganization');
  return res.body.serviceVisitorClaims;
}

const seen = async (s: SitesSetup, siteId: string, as: string, query = '') => {
  const res = await s.published(siteId, as, query);
  expectOk(res, 'getPublishedContentSite');
  return res.body;
};

describe('GET …/sites/{siteId}/published: what it holds', () => {
  it('answers the site, its root site spaces and the default customizations', async () => {
    const s = await setup();
    const body = await seen(s, s.siteId, s.adminId);
    expect(body.object).toBe('published-content-site');
    expect(body.site).toEqual((await s.get(s.siteId)).body);
    expect(body.structure.type).toBe('siteSpaces');
    expect(body.structure.structure.map((x: { space: { id: string }; title: string; path: string }) => [x.space.id, x.title, x.path])).toEqual([
      [s.guides, 'Guides', 'guides'], [s.apiSpace, 'API', 'api'],
    ]);
    expect(body.customizations).toEqual({
      site: {
        title: 'Developer docs',
        styling: {
          theme: 'clean', corners: 'rounded', links: 'default', font: 'Inter', icons: 'regular', search: 'prominent',
          primaryColor: { light: '#346DDB', dark: '#346DDB' },
          infoColor: { light: '#787878', dark: '#787878' },
          successColor: { light: '#00C950', dark: '#00C950' },
          warningColor: { light: '#FE9A00', dark: '#FE9A00' },
          dangerColor: { light: '#FB2C36', dark: '#FB2C36' },
          tint: { color: { light: '#346DDB', dark: '#346DDB' } },
          sidebar: { background: 'default', list: 'default' },
        },
        internationalization: { locale: 'en' },
        favicon: {},
      },
      // No site space overrides the site's customization.
      siteSpaces: {},
    });
    // No integration loads scripts here.
    expect(body.scripts).toEqual([]);
  });

  it('lays stored customizations over the defaults and uses the site icon as favicon', async () => {
    const s = await setup();
    await s.engine.core.run('UPDATE sites SET customizations = ?, icon = ? WHERE id = ?', [
      JSON.stringify({ styling: { theme: 'bold', primaryColor: { dark: '#000000' } }, internationalization: { locale: 'fr' } }),
      JSON.stringify({ icon: { light: 'https://cdn.test/l.png', dark: 'https://cdn.test/d.png' } }),
      s.siteId,
    ]);
    const { customizations, site } = await seen(s, s.siteId, s.adminId);
    expect(customizations.site.styling).toMatchObject({ theme: 'bold', corners: 'rounded', primaryColor: { light: '#346DDB', dark: '#000000' } });
    expect(customizations.site.internationalization).toEqual({ locale: 'fr' });
    expect(customizations.site.favicon).toEqual({ icon: { light: 'https://cdn.test/l.png', dark: 'https://cdn.test/d.png' } });
    expect(site.icon).toEqual({ icon: { light: 'https://cdn.test/l.png', dark: 'https://cdn.test/d.png' } });
  });

  it('answers sections with their site spaces once the site has sections; site spaces of deleted spaces are hidden', async () => {
    const s = await setup();
    const [guidesRow, apiRow] = await s.siteSpaceRows(s.siteId);
    const learn = await s.addSection(s.siteId, 'Learn', 0, true);
    const reference = await s.addSection(s.siteId, 'Reference', 1);
    await s.putInSection(guidesRow.id, learn, true);
    await s.putInSection(apiRow.id, reference, true);
    const body = await seen(s, s.siteId, s.adminId);
    expect(body.structure.type).toBe('sections');
    expect(body.structure.structure.map((x: { id: string; siteSpaces: { space: { id: string } }[] }) => [x.id, x.siteSpaces.map((y) => y.space.id)])).toEqual([
      [learn, [s.guides]], [reference, [s.apiSpace]],
    ]);
    expectOk(await s.api.request('DELETE', `/v1/spaces/${s.apiSpace}`, { as: s.adminId }), 'deleteSpaceById');
    expect((await seen(s, s.siteId, s.adminId)).structure.structure[1].siteSpaces).toEqual([]);
    expect((await seen(s, s.siteId, s.adminId)).site.siteSpaces).toBe(1);
  });

  it('validates the query and answers 404 for an unknown site and 401 without a token', async () => {
    const s = await setup();
    expectError(await s.published(s.siteId, s.adminId, '?foo=1'), 400, /^foo: is not a known field$/);
    expectError(await s.published(s.siteId, s.adminId, '?shareKey='), 400, /^shareKey: must not be empty$/);
    expectError(await s.published('nope', s.adminId), 404, /^site nope not found$/);
    expectError(await s.api.request('GET', `/v1/orgs/${s.other.orgId}/sites/${s.siteId}/published`, { as: s.outsider }), 404);
    expectError(await s.api.request('GET', `${s.site(s.siteId)}/published`, { as: null }), 401);
  });
});

describe('GET …/published: who may see it', () => {
  it('members with a role always see it, published or not, whatever the visibility', async () => {
    for (const visibility of ['public', 'unlisted', 'share-link', 'visitor-auth']) {
      const s = await setup({ visibility });
      expect((await seen(s, s.siteId, s.reader)).site.published).toBe(false);
      await s.patchOk(s.siteId, { published: true });
      expect((await seen(s, s.siteId, s.reader)).site.visibility).toBe(visibility);
    }
  });

  it('an unpublished site is 404 to guests and to users of other organizations', async () => {
    const s = await setup();
    expectError(await s.published(s.siteId, s.visitor), 404, /^site .* not found$/);
    expectError(await s.published(s.siteId, s.guest), 404);
    await s.patchOk(s.siteId, { published: true });
    expectOk(await s.published(s.siteId, s.visitor), 'getPublishedContentSite');
    await s.patchOk(s.siteId, { published: false });
    expectError(await s.published(s.siteId, s.visitor), 404);
  });

  it('public and unlisted published sites are visible to any authenticated caller', async () => {
    for (const visibility of ['public', 'unlisted']) {
      const s = await setup({ visibility });
      await s.patchOk(s.siteId, { published: true });
      const body = await seen(s, s.siteId, s.visitor);
      expect(body.site.visibility).toBe(visibility);
      expect(body.structure.structure).toHaveLength(2);
      // Visitors' embedded spaces say what a reader needs, none of the space's internals (issue 13).
      const space = body.structure.structure[0].space;
      expect(Object.keys(space).sort()).toEqual(['emoji', 'id', 'object', 'title', 'urls', 'visibility']);
      expect(space).not.toHaveProperty('revision');
      expectOk(await s.published(s.siteId, s.guest), 'getPublishedContentSite');
    }
  });

  it('a share-link site needs the right shareKey; rotating the key locks out the old one', async () => {
    const s = await setup({ visibility: 'share-link' });
    await s.patchOk(s.siteId, { published: true });
    const key = await s.shareKey(s.siteId);
    expectError(await s.published(s.siteId, s.visitor), 404);
    expectError(await s.published(s.siteId, s.visitor, '?shareKey=wrong'), 404);
    expectError(await s.published(s.siteId, s.visitor, `?shareKey=${key.slice(0, -1)}`), 404);
    const body = await seen(s, s.siteId, s.visitor, `?shareKey=${key}`);
    expect(body.site.urls.published).toBe(`${PUBLIC_URL}/o/${s.orgId}/sites/${s.siteId}?shareKey=${key}`);
    expectOk(await s.published(s.siteId, s.guest, `?shareKey=${key}`), 'getPublishedContentSite');
    expectOk(await s.api.request('POST', `${s.site(s.siteId)}/share-link/rotate`, { as: s.adminId }), 'rotateSiteShareLink');
    expectError(await s.published(s.siteId, s.visitor, `?shareKey=${key}`), 404);
    expectOk(await s.published(s.siteId, s.visitor, `?shareKey=${await s.shareKey(s.siteId)}`), 'getPublishedContentSite');
    // The key opens nothing while the site is unpublished.
    await s.patchOk(s.siteId, { published: false });
    expectError(await s.published(s.siteId, s.visitor, `?shareKey=${await s.shareKey(s.siteId)}`), 404);
  });

  it("a visitor-auth site needs a visitor JWT signed with the instance's key, for its organization, not expired", async () => {
    const s = await setup({ visibility: 'visitor-auth' });
    await s.patchOk(s.siteId, { published: true });
    const token = await visitorToken(s);
    expectError(await s.published(s.siteId, s.visitor), 404);
    expectError(await s.published(s.siteId, s.visitor, '?visitorToken=not.a.jwt'), 404);
    expectOk(await s.published(s.siteId, s.visitor, `?visitorToken=${token}`), 'getPublishedContentSite');
    expectOk(await s.published(s.siteId, s.guest, `?visitorToken=${token}`), 'getPublishedContentSite');
    // A share key does not open a visitor-auth site.
    expectError(await s.published(s.siteId, s.visitor, `?shareKey=${await s.shareKey(s.siteId)}`), 404);
    // Tampered: the payload changed, the signature kept.
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: s.visitor, org: s.orgId, exp: 9_999_999_999 })).toString('base64url');
    expectError(await s.published(s.siteId, s.visitor, `?visitorToken=${header}.${forged}.${signature}`), 404);
    // Signed with another key.
    expectError(await s.published(s.siteId, s.visitor, `?visitorToken=${signJwt({ sub: s.visitor, org: s.orgId }, 'guessed-secret')}`), 404);
    // Issued for another organization (its admin pinged there).
    expectError(await s.published(s.siteId, s.visitor, `?visitorToken=${await visitorToken(s, s.other.orgId, s.outsider)}`), 404);
    // Expired an hour after it was issued.
    s.clock.advance(3_601_000);
    expectError(await s.published(s.siteId, s.visitor, `?visitorToken=${token}`), 404);
    expectOk(await s.published(s.siteId, s.visitor, `?visitorToken=${await visitorToken(s)}`), 'getPublishedContentSite');
  });
});
