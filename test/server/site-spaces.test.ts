import { describe, expect, it } from 'vitest';
import { PUBLIC_URL } from '../helpers/engine';
import { expectError, expectOk } from '../helpers/app';
import { createSpace, insertSite } from '../helpers/sites';
import { structureSetup } from './site-structure-setup';
import { countSiteSpaces } from '../../src/engine/sites/structure/rows';
import { presentSiteStructure } from '../../src/engine/sites/structure/present';

describe('POST …/sites/{siteId}/site-spaces (addSiteSpace)', () => {
  it('adds a space at the root of a site without sections; the first one is the default', async () => {
    const s = await structureSetup();
    const first = await s.addSiteSpace(s.alpha);
    const space = await s.engine.spaces.get({ userId: s.adminId }, s.alpha);
    expect(first).toEqual({
      object: 'site-space',
      id: first.id,
      path: 'alpha',
      space,
      title: 'Alpha',
      default: true,
      draft: false,
      hasAdvancedCustomizationFeature: false,
      urls: { published: `${PUBLIC_URL}/o/${s.orgId}/sites/${s.siteId}/alpha` },
    });
    const second = await s.addSiteSpace(s.beta);
    expect(second).toMatchObject({ path: 'beta', default: false });
    expect(second.section).toBeUndefined();
    expect(await s.siteSpaceTitles()).toEqual(['root:Alpha*', 'root:Beta']);
  });

  it('goes to the default section without sectionId, or to the section given', async () => {
    const s = await structureSetup();
    const a = await s.addSection(s.alpha);
    const b = await s.addSection(s.beta);
    await s.ok('updateSiteSection', 'PATCH', `/sections/${a.id}`, { title: 'First' });
    const inDefault = await s.addSiteSpace(s.gamma);
    expect(inDefault).toMatchObject({ section: a.id, default: false, urls: { published: `${PUBLIC_URL}/o/${s.orgId}/sites/${s.siteId}/alpha/gamma` } });
    const inB = await s.addSiteSpace(s.gamma, b.id);
    expect(inB).toMatchObject({ section: b.id, path: 'gamma' });
    expect(await s.siteSpaceTitles()).toEqual([`${a.id}:Alpha*`, `${a.id}:Gamma`, `${b.id}:Beta*`, `${b.id}:Gamma`]);
  });

  it('gives a path taken in the same container a suffix', async () => {
    const s = await structureSetup();
    const twin = await createSpace(s.engine, s.orgId, s.adminId, 'Alpha');
    await s.addSiteSpace(s.alpha);
    expect((await s.addSiteSpace(twin)).path).toBe('alpha-2');
  });

  it('refuses a space already in the container (409), bad ids (400 naming the field) and bad bodies', async () => {
    const s = await structureSetup();
    await s.addSiteSpace(s.alpha);
    expectError(await s.call('POST', '/site-spaces', { spaceId: s.alpha }), 409, `spaceId: space ${s.alpha} is already at the root of this site`);
    expectError(await s.call('POST', '/site-spaces', { spaceId: 'nope' }), 400, 'spaceId: no space nope in this organization');
    expectError(await s.call('POST', '/site-spaces', {}), 400, 'spaceId: is required');
    expectError(await s.call('POST', '/site-spaces', { spaceId: s.beta, path: 'x' }), 400, 'path: is not a known field');
    expectError(await s.call('POST', '/site-spaces', { spaceId: s.beta, sectionId: 'nope' }), 400, 'sectionId: no section nope in this site');
    const otherSite = await insertSite(s.engine, s.orgId);
    const foreign = await s.engine.structure.addSection({ userId: s.adminId }, s.orgId, otherSite, { spaceId: s.alpha });
    expectError(await s.call('POST', '/site-spaces', { spaceId: s.beta, sectionId: foreign.id }), 400, `sectionId: no section ${foreign.id} in this site`);
    const theirs = (await s.engine.spaces.create({ userId: s.other.adminId }, s.other.orgId, { title: 'Theirs' })).id;
    expectError(await s.call('POST', '/site-spaces', { spaceId: theirs }), 400, `spaceId: no space ${theirs} in this organization`);
    const a = await s.addSection(s.beta);
    expectError(await s.call('POST', '/site-spaces', { spaceId: s.alpha, sectionId: a.id }), 409, `spaceId: space ${s.alpha} is already in section ${a.id}`);
    expect((await s.listSiteSpaces()).count).toBe(2);
  });

  it('is for admins: 403 for a reader, 404 for a guest or an outsider, 401 without a token', async () => {
    const s = await structureSetup();
    expectError(await s.call('POST', '/site-spaces', { spaceId: s.alpha }, s.reader), 403);
    expectError(await s.call('POST', '/site-spaces', { spaceId: s.alpha }, s.guest), 404);
    expectError(await s.call('POST', '/site-spaces', { spaceId: s.alpha }, s.other.adminId), 404);
    expectError(await s.api.request('POST', `${s.base()}/site-spaces`, { as: null, body: { spaceId: s.alpha } }), 401);
    expect((await s.listSiteSpaces()).count).toBe(0);
  });
});

describe('GET …/sites/{siteId}/site-spaces (listSiteSpaces)', () => {
  it('lists every site space in section order; default=true only the defaults, false the others; paged', async () => {
    const s = await structureSetup();
    const a = await s.addSection(s.alpha);
    const b = await s.addSection(s.beta);
    const g1 = await s.addSiteSpace(s.gamma, a.id);
    const all = await s.listSiteSpaces('', s.reader);
    expect(all.count).toBe(3);
    expect(all.items.map((x: { title: string }) => x.title)).toEqual(['Alpha', 'Gamma', 'Beta']);
    expect((await s.listSiteSpaces('?default=true')).items.map((x: { id: string }) => x.id)).toEqual([a.siteSpaces[0].id, b.siteSpaces[0].id]);
    expect((await s.listSiteSpaces('?default=false')).items.map((x: { id: string }) => x.id)).toEqual([g1.id]);
    const page1 = await s.listSiteSpaces('?limit=2&shareKey=k');
    expect(page1.items.map((x: { title: string }) => x.title)).toEqual(['Alpha', 'Gamma']);
    const page2 = await s.listSiteSpaces(`?limit=2&page=${page1.next.page}`);
    expect(page2.items.map((x: { title: string }) => x.title)).toEqual(['Beta']);
    expect(page2.next).toBeUndefined();
    // A cursor belongs to its filter.
    expectError(await s.call('GET', `/site-spaces?default=true&page=${page1.next.page}`), 400, /^page: /);
  });

  it('answers 400 for a bad filter, 404 for guests and outsiders, 401 without a token', async () => {
    const s = await structureSetup();
    expectError(await s.call('GET', '/site-spaces?default=yes'), 400, 'default: must be true or false');
    expectError(await s.call('GET', '/site-spaces?limit=1001'), 400, 'limit: must be at most 1000');
    expectError(await s.call('GET', '/site-spaces', undefined, s.guest), 404);
    expectError(await s.call('GET', '/site-spaces', undefined, s.other.adminId), 404);
    expectError(await s.api.request('GET', `${s.base()}/site-spaces`, { as: null }), 401);
  });
});

describe('PATCH …/site-spaces/{siteSpaceId} (updateSiteSpace)', () => {
  it('changes the path and the condition; omitted condition stays, null removes it', async () => {
    const s = await structureSetup();
    const ss = await s.addSiteSpace(s.alpha);
    const patch = async (body: unknown) => await s.ok('updateSiteSpace', 'PATCH', `/site-spaces/${ss.id}`, body);
    expect(await patch({ path: 'v2', condition: 'visitor.claims.beta == true' })).toMatchObject({
      path: 'v2', condition: 'visitor.claims.beta == true', urls: { published: `${PUBLIC_URL}/o/${s.orgId}/sites/${s.siteId}/v2` },
    });
    expect(await patch({ path: 'v3' })).toMatchObject({ path: 'v3', condition: 'visitor.claims.beta == true' });
    expect(await patch({ condition: null })).not.toHaveProperty('condition');
    expect((await patch({})).path).toBe('v3');
  });

  it('refuses a path another site space of the container has (409); the same path elsewhere is fine', async () => {
    const s = await structureSetup();
    const a = await s.addSection(s.alpha);
    const b = await s.addSection(s.beta);
    const gamma = await s.addSiteSpace(s.gamma, a.id);
    expectError(await s.call('PATCH', `/site-spaces/${gamma.id}`, { path: 'alpha' }), 409, `path: another site space of section ${a.id} already has the path "alpha"`);
    const inB = b.siteSpaces[0];
    expect((await s.ok('updateSiteSpace', 'PATCH', `/site-spaces/${inB.id}`, { path: 'gamma' })).path).toBe('gamma');
  });

  it('enforces the limits, naming the field; 404 for unknown ids, 403 for a reader', async () => {
    const s = await structureSetup();
    const ss = await s.addSiteSpace(s.alpha);
    const bad = async (body: unknown, message: string) => expectError(await s.call('PATCH', `/site-spaces/${ss.id}`, body), 400, message);
    await bad({ path: '' }, 'path: must not be empty');
    await bad({ path: 'x'.repeat(101) }, 'path: must be at most 100 characters');
    await bad({ path: 'with space' }, 'path: must be one URL path segment');
    await bad({ condition: '' }, 'condition: must not be empty');
    await bad({ condition: 'x'.repeat(1025) }, 'condition: must be at most 1024 characters');
    await bad({ default: true }, 'default: is not a known field');
    expectError(await s.call('PATCH', '/site-spaces/nope', { path: 'p' }), 404, 'site space nope not found');
    expectError(await s.call('PATCH', `/site-spaces/${ss.id}`, { path: 'p' }, s.reader), 403);
    const otherSite = await insertSite(s.engine, s.orgId);
    expectError(await s.api.request('PATCH', `${s.base(otherSite)}/site-spaces/${ss.id}`, { as: s.adminId, body: { path: 'p' } }), 404);
    expect((await s.listSiteSpaces()).items[0].path).toBe('alpha');
  });
});

describe('DELETE …/site-spaces/{siteSpaceId} (deleteSiteSpace)', () => {
  it('removes the space from the site (205); the first remaining one becomes the default if it was', async () => {
    const s = await structureSetup();
    const a = await s.addSiteSpace(s.alpha);
    await s.addSiteSpace(s.beta);
    await s.addSiteSpace(s.gamma);
    expectOk(await s.call('DELETE', `/site-spaces/${a.id}`), 'deleteSiteSpace');
    expect(await s.siteSpaceTitles()).toEqual(['root:Beta*', 'root:Gamma']);
    // The space itself is untouched.
    expect((await s.engine.spaces.get({ userId: s.adminId }, s.alpha)).title).toBe('Alpha');
  });

  it('answers 404 for an unknown site space, 403 for a reader', async () => {
    const s = await structureSetup();
    const a = await s.addSiteSpace(s.alpha);
    expectError(await s.call('DELETE', '/site-spaces/nope'), 404);
    expectError(await s.call('DELETE', `/site-spaces/${a.id}`, undefined, s.reader), 403);
    expect((await s.listSiteSpaces()).count).toBe(1);
  });
});

describe('POST …/site-spaces/{siteSpaceId}/move (moveSiteSpace)', () => {
  it('reorders exactly among the site spaces of the same container', async () => {
    const s = await structureSetup();
    const a = await s.addSiteSpace(s.alpha);
    const b = await s.addSiteSpace(s.beta);
    const c = await s.addSiteSpace(s.gamma);
    const move = async (id: string, position: unknown) => await s.ok('moveSiteSpace', 'POST', `/site-spaces/${id}/move`, { position });
    expect((await move(c.id, { before: { type: 'site-space', siteSpace: a.id } })).id).toBe(c.id);
    expect(await s.siteSpaceTitles()).toEqual(['root:Gamma', 'root:Alpha*', 'root:Beta']);
    await move(a.id, { after: { type: 'site-space', siteSpace: b.id } });
    expect(await s.siteSpaceTitles()).toEqual(['root:Gamma', 'root:Beta', 'root:Alpha*']);
    await move(b.id, { before: { type: 'site-space', siteSpace: c.id } });
    expect(await s.siteSpaceTitles()).toEqual(['root:Beta', 'root:Gamma', 'root:Alpha*']);
  });

  it('refuses a site space of another section or site, itself, and malformed positions (400 naming position)', async () => {
    const s = await structureSetup();
    const a = await s.addSection(s.alpha);
    const b = await s.addSection(s.beta);
    const inA = a.siteSpaces[0].id;
    const inB = b.siteSpaces[0].id;
    const gamma = await s.addSiteSpace(s.gamma, a.id);
    const bad = async (position: unknown, message: string | RegExp) => expectError(await s.call('POST', `/site-spaces/${gamma.id}/move`, { position }), 400, message);
    await bad({ before: { type: 'site-space', siteSpace: inB } }, `position.before: site space ${inB} is not at the same level as site space ${gamma.id} (the site spaces of section ${a.id})`);
    await bad({ before: { type: 'site-space', siteSpace: gamma.id } }, `position.before: cannot place site space ${gamma.id} relative to itself`);
    await bad({ after: { type: 'site-space', siteSpace: 'nope' } }, 'position.after: no site space nope in this site');
    await bad({ after: { type: 'site-section', siteSpace: inA } }, /^position\.after\.type: must be one of: "site-space"/);
    await bad({ after: { type: 'site-space', id: inA } }, /position\.after\.siteSpace: is required/);
    await bad({ before: { type: 'site-space', siteSpace: inA }, after: { type: 'site-space', siteSpace: inA } }, 'position: give either before or after, not both');
    const otherSite = await insertSite(s.engine, s.orgId);
    const foreign = await s.engine.structure.addSiteSpace({ userId: s.adminId }, s.orgId, otherSite, { spaceId: s.alpha });
    await bad({ after: { type: 'site-space', siteSpace: foreign.id } }, `position.after: no site space ${foreign.id} in this site`);
    expectError(await s.call('POST', '/site-spaces/nope/move', { position: { after: { type: 'site-space', siteSpace: inA } } }), 404);
    expectError(await s.call('POST', `/site-spaces/${gamma.id}/move`, { position: { before: { type: 'site-space', siteSpace: inA } } }, s.reader), 403);
    expect(await s.siteSpaceTitles()).toEqual([`${a.id}:Alpha*`, `${a.id}:Gamma`, `${b.id}:Beta*`]);
  });
});

describe('site spaces of a deleted space', () => {
  it('are hidden from every listing and count while the space is deleted, and come back, default included, on restore', async () => {
    const s = await structureSetup();
    const a = await s.addSection(s.alpha);
    const gamma = await s.addSiteSpace(s.gamma, a.id);
    await s.addSection(s.beta);
    expect(await countSiteSpaces(s.engine.core, s.siteId)).toBe(3);
    await s.deleteSpace(s.alpha);
    // Alpha's site space was its section's default: Gamma stands in for it meanwhile.
    expect(await s.siteSpaceTitles()).toEqual([`${a.id}:Gamma*`, expect.stringMatching(/:Beta\*$/)]);
    expect((await s.listSiteSpaces()).count).toBe(2);
    expect((await s.listSections()).items[0].siteSpaces.map((x: { id: string }) => x.id)).toEqual([gamma.id]);
    expect(await countSiteSpaces(s.engine.core, s.siteId)).toBe(2);
    const published = await presentSiteStructure(s.engine.core, s.siteId);
    expect(JSON.stringify(published)).not.toContain(s.alpha);
    // Operations on the hidden site space answer 404; it cannot be a move ref either.
    const hidden = a.siteSpaces[0].id;
    expectError(await s.call('PATCH', `/site-spaces/${hidden}`, { path: 'x' }), 404);
    expectError(await s.call('DELETE', `/site-spaces/${hidden}`), 404);
    expectError(await s.call('POST', `/site-spaces/${gamma.id}/move`, { position: { before: { type: 'site-space', siteSpace: hidden } } }), 400, `position.before: no site space ${hidden} in this site`);
    expectError(await s.call('PATCH', `/sections/${a.id}`, { defaultSiteSpace: hidden }), 400, /^defaultSiteSpace: /);
    // Its path stays reserved.
    expectError(await s.call('PATCH', `/site-spaces/${gamma.id}`, { path: 'alpha' }), 409);

    await s.restoreSpace(s.alpha);
    expect(await s.siteSpaceTitles()).toEqual([`${a.id}:Alpha*`, `${a.id}:Gamma`, expect.stringMatching(/:Beta\*$/)]);
    expect(await countSiteSpaces(s.engine.core, s.siteId)).toBe(3);
  });

  it('go for good when the space is purged', async () => {
    const s = await structureSetup();
    await s.addSiteSpace(s.alpha);
    await s.addSiteSpace(s.beta);
    await s.deleteSpace(s.alpha);
    s.clock.advance(8 * 86_400_000);
    expect(await s.engine.spaces.purge()).toBe(1);
    expect((await s.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM site_spaces WHERE space_id = ?', [s.alpha]))!.n).toBe(0);
    expect(await s.siteSpaceTitles()).toEqual(['root:Beta*']);
    // The default moved on for good: a new site space is not the default.
    expect((await s.addSiteSpace(s.gamma)).default).toBe(false);
  });

  it('are hidden while the space belongs to another organization', async () => {
    const s = await structureSetup();
    await s.addSiteSpace(s.alpha);
    await s.engine.core.run('INSERT INTO members (organization_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)', [s.other.orgId, s.adminId, 'admin', s.engine.core.now()]);
    await s.engine.spaces.transfer({ userId: s.adminId }, s.alpha, { organization: s.other.orgId });
    expect((await s.listSiteSpaces()).count).toBe(0);
  });
});
