import { describe, expect, it } from 'vitest';
import { PUBLIC_URL } from '../helpers/engine';
import { expectError, expectOk } from '../helpers/app';
import { createSpace, insertSite } from '../helpers/sites';
import { structureSetup } from './site-structure-setup';
import { countSiteSpaces } from '../../src/engine/sites/structure/rows';
import { presentSiteStructure } from '../../src/engine/sites/structure/present';

describe('POST …/sites/{siteId}/site-spaces (addSiteSpace)', () => {
  it('adds a space at the root of a site without sections; the first one is the default', () => {
    const s = structureSetup();
    const first = s.addSiteSpace(s.alpha);
    const space = s.engine.spaces.get({ userId: s.adminId }, s.alpha);
    expect(first).toEqual({
      object: 'site-space',
      id: first.id,
      path: 'alpha',
      space,
      title: 'Alpha',
      default: true,
      hasAdvancedCustomizationFeature: false,
      urls: { published: `${PUBLIC_URL}/o/${s.orgId}/sites/${s.siteId}/alpha` },
    });
    const second = s.addSiteSpace(s.beta);
    expect(second).toMatchObject({ path: 'beta', default: false });
    expect(second.section).toBeUndefined();
    expect(s.siteSpaceTitles()).toEqual(['root:Alpha*', 'root:Beta']);
  });

  it('goes to the default section without sectionId, or to the section given', () => {
    const s = structureSetup();
    const a = s.addSection(s.alpha);
    const b = s.addSection(s.beta);
    s.ok('updateSiteSection', 'PATCH', `/sections/${a.id}`, { title: 'First' });
    const inDefault = s.addSiteSpace(s.gamma);
    expect(inDefault).toMatchObject({ section: a.id, default: false, urls: { published: `${PUBLIC_URL}/o/${s.orgId}/sites/${s.siteId}/alpha/gamma` } });
    const inB = s.addSiteSpace(s.gamma, b.id);
    expect(inB).toMatchObject({ section: b.id, path: 'gamma' });
    expect(s.siteSpaceTitles()).toEqual([`${a.id}:Alpha*`, `${a.id}:Gamma`, `${b.id}:Beta*`, `${b.id}:Gamma`]);
  });

  it('gives a path taken in the same container a suffix', () => {
    const s = structureSetup();
    const twin = createSpace(s.engine, s.orgId, s.adminId, 'Alpha');
    s.addSiteSpace(s.alpha);
    expect(s.addSiteSpace(twin).path).toBe('alpha-2');
  });

  it('refuses a space already in the container (409), bad ids (400 naming the field) and bad bodies', () => {
    const s = structureSetup();
    s.addSiteSpace(s.alpha);
    expectError(s.call('POST', '/site-spaces', { spaceId: s.alpha }), 409, `spaceId: space ${s.alpha} is already at the root of this site`);
    expectError(s.call('POST', '/site-spaces', { spaceId: 'nope' }), 400, 'spaceId: no space nope in this organization');
    expectError(s.call('POST', '/site-spaces', {}), 400, 'spaceId: is required');
    expectError(s.call('POST', '/site-spaces', { spaceId: s.beta, path: 'x' }), 400, 'path: is not a known field');
    expectError(s.call('POST', '/site-spaces', { spaceId: s.beta, sectionId: 'nope' }), 400, 'sectionId: no section nope in this site');
    const otherSite = insertSite(s.engine, s.orgId);
    const foreign = s.engine.structure.addSection({ userId: s.adminId }, s.orgId, otherSite, { spaceId: s.alpha });
    expectError(s.call('POST', '/site-spaces', { spaceId: s.beta, sectionId: foreign.id }), 400, `sectionId: no section ${foreign.id} in this site`);
    const theirs = s.engine.spaces.create({ userId: s.other.adminId }, s.other.orgId, { title: 'Theirs' }).id;
    expectError(s.call('POST', '/site-spaces', { spaceId: theirs }), 400, `spaceId: no space ${theirs} in this organization`);
    const a = s.addSection(s.beta);
    expectError(s.call('POST', '/site-spaces', { spaceId: s.alpha, sectionId: a.id }), 409, `spaceId: space ${s.alpha} is already in section ${a.id}`);
    expect(s.listSiteSpaces().count).toBe(2);
  });

  it('is for admins: 403 for a reader, 404 for a guest or an outsider, 401 without a token', () => {
    const s = structureSetup();
    expectError(s.call('POST', '/site-spaces', { spaceId: s.alpha }, s.reader), 403);
    expectError(s.call('POST', '/site-spaces', { spaceId: s.alpha }, s.guest), 404);
    expectError(s.call('POST', '/site-spaces', { spaceId: s.alpha }, s.other.adminId), 404);
    expectError(s.api.request('POST', `${s.base()}/site-spaces`, { as: null, body: { spaceId: s.alpha } }), 401);
    expect(s.listSiteSpaces().count).toBe(0);
  });
});

describe('GET …/sites/{siteId}/site-spaces (listSiteSpaces)', () => {
  it('lists every site space in section order; default=true only the defaults, false the others; paged', () => {
    const s = structureSetup();
    const a = s.addSection(s.alpha);
    const b = s.addSection(s.beta);
    const g1 = s.addSiteSpace(s.gamma, a.id);
    const all = s.listSiteSpaces('', s.reader);
    expect(all.count).toBe(3);
    expect(all.items.map((x: { title: string }) => x.title)).toEqual(['Alpha', 'Gamma', 'Beta']);
    expect(s.listSiteSpaces('?default=true').items.map((x: { id: string }) => x.id)).toEqual([a.siteSpaces[0].id, b.siteSpaces[0].id]);
    expect(s.listSiteSpaces('?default=false').items.map((x: { id: string }) => x.id)).toEqual([g1.id]);
    const page1 = s.listSiteSpaces('?limit=2&shareKey=k');
    expect(page1.items.map((x: { title: string }) => x.title)).toEqual(['Alpha', 'Gamma']);
    const page2 = s.listSiteSpaces(`?limit=2&page=${page1.next.page}`);
    expect(page2.items.map((x: { title: string }) => x.title)).toEqual(['Beta']);
    expect(page2.next).toBeUndefined();
    // A cursor belongs to its filter.
    expectError(s.call('GET', `/site-spaces?default=true&page=${page1.next.page}`), 400, /^page: /);
  });

  it('answers 400 for a bad filter, 404 for guests and outsiders, 401 without a token', () => {
    const s = structureSetup();
    expectError(s.call('GET', '/site-spaces?default=yes'), 400, 'default: must be true or false');
    expectError(s.call('GET', '/site-spaces?limit=1001'), 400, 'limit: must be at most 1000');
    expectError(s.call('GET', '/site-spaces', undefined, s.guest), 404);
    expectError(s.call('GET', '/site-spaces', undefined, s.other.adminId), 404);
    expectError(s.api.request('GET', `${s.base()}/site-spaces`, { as: null }), 401);
  });
});

describe('PATCH …/site-spaces/{siteSpaceId} (updateSiteSpace)', () => {
  it('changes the path and the condition; omitted condition stays, null removes it', () => {
    const s = structureSetup();
    const ss = s.addSiteSpace(s.alpha);
    const patch = (body: unknown) => s.ok('updateSiteSpace', 'PATCH', `/site-spaces/${ss.id}`, body);
    expect(patch({ path: 'v2', condition: 'visitor.claims.beta === true' })).toMatchObject({
      path: 'v2', condition: 'visitor.claims.beta === true', urls: { published: `${PUBLIC_URL}/o/${s.orgId}/sites/${s.siteId}/v2` },
    });
    expect(patch({ path: 'v3' })).toMatchObject({ path: 'v3', condition: 'visitor.claims.beta === true' });
    expect(patch({ condition: null })).not.toHaveProperty('condition');
    expect(patch({}).path).toBe('v3');
  });

  it('refuses a path another site space of the container has (409); the same path elsewhere is fine', () => {
    const s = structureSetup();
    const a = s.addSection(s.alpha);
    const b = s.addSection(s.beta);
    const gamma = s.addSiteSpace(s.gamma, a.id);
    expectError(s.call('PATCH', `/site-spaces/${gamma.id}`, { path: 'alpha' }), 409, `path: another site space of section ${a.id} already has the path "alpha"`);
    const inB = b.siteSpaces[0];
    expect(s.ok('updateSiteSpace', 'PATCH', `/site-spaces/${inB.id}`, { path: 'gamma' }).path).toBe('gamma');
  });

  it('enforces the limits, naming the field; 404 for unknown ids, 403 for a reader', () => {
    const s = structureSetup();
    const ss = s.addSiteSpace(s.alpha);
    const bad = (body: unknown, message: string) => expectError(s.call('PATCH', `/site-spaces/${ss.id}`, body), 400, message);
    bad({ path: '' }, 'path: must not be empty');
    bad({ path: 'x'.repeat(101) }, 'path: must be at most 100 characters');
    bad({ path: 'with space' }, 'path: must be one URL path segment');
    bad({ condition: '' }, 'condition: must not be empty');
    bad({ condition: 'x'.repeat(1025) }, 'condition: must be at most 1024 characters');
    bad({ default: true }, 'default: is not a known field');
    expectError(s.call('PATCH', '/site-spaces/nope', { path: 'p' }), 404, 'site space nope not found');
    expectError(s.call('PATCH', `/site-spaces/${ss.id}`, { path: 'p' }, s.reader), 403);
    const otherSite = insertSite(s.engine, s.orgId);
    expectError(s.api.request('PATCH', `${s.base(otherSite)}/site-spaces/${ss.id}`, { as: s.adminId, body: { path: 'p' } }), 404);
    expect(s.listSiteSpaces().items[0].path).toBe('alpha');
  });
});

describe('DELETE …/site-spaces/{siteSpaceId} (deleteSiteSpace)', () => {
  it('removes the space from the site (205); the first remaining one becomes the default if it was', () => {
    const s = structureSetup();
    const a = s.addSiteSpace(s.alpha);
    s.addSiteSpace(s.beta);
    s.addSiteSpace(s.gamma);
    expectOk(s.call('DELETE', `/site-spaces/${a.id}`), 'deleteSiteSpace');
    expect(s.siteSpaceTitles()).toEqual(['root:Beta*', 'root:Gamma']);
    // The space itself is untouched.
    expect(s.engine.spaces.get({ userId: s.adminId }, s.alpha).title).toBe('Alpha');
  });

  it('answers 404 for an unknown site space, 403 for a reader', () => {
    const s = structureSetup();
    const a = s.addSiteSpace(s.alpha);
    expectError(s.call('DELETE', '/site-spaces/nope'), 404);
    expectError(s.call('DELETE', `/site-spaces/${a.id}`, undefined, s.reader), 403);
    expect(s.listSiteSpaces().count).toBe(1);
  });
});

describe('POST …/site-spaces/{siteSpaceId}/move (moveSiteSpace)', () => {
  it('reorders exactly among the site spaces of the same container', () => {
    const s = structureSetup();
    const a = s.addSiteSpace(s.alpha);
    const b = s.addSiteSpace(s.beta);
    const c = s.addSiteSpace(s.gamma);
    const move = (id: string, position: unknown) => s.ok('moveSiteSpace', 'POST', `/site-spaces/${id}/move`, { position });
    expect(move(c.id, { before: { type: 'site-space', siteSpace: a.id } }).id).toBe(c.id);
    expect(s.siteSpaceTitles()).toEqual(['root:Gamma', 'root:Alpha*', 'root:Beta']);
    move(a.id, { after: { type: 'site-space', siteSpace: b.id } });
    expect(s.siteSpaceTitles()).toEqual(['root:Gamma', 'root:Beta', 'root:Alpha*']);
    move(b.id, { before: { type: 'site-space', siteSpace: c.id } });
    expect(s.siteSpaceTitles()).toEqual(['root:Beta', 'root:Gamma', 'root:Alpha*']);
  });

  it('refuses a site space of another section or site, itself, and malformed positions (400 naming position)', () => {
    const s = structureSetup();
    const a = s.addSection(s.alpha);
    const b = s.addSection(s.beta);
    const inA = a.siteSpaces[0].id;
    const inB = b.siteSpaces[0].id;
    const gamma = s.addSiteSpace(s.gamma, a.id);
    const bad = (position: unknown, message: string | RegExp) => expectError(s.call('POST', `/site-spaces/${gamma.id}/move`, { position }), 400, message);
    bad({ before: { type: 'site-space', siteSpace: inB } }, `position.before: site space ${inB} is not at the same level as site space ${gamma.id} (the site spaces of section ${a.id})`);
    bad({ before: { type: 'site-space', siteSpace: gamma.id } }, `position.before: cannot place site space ${gamma.id} relative to itself`);
    bad({ after: { type: 'site-space', siteSpace: 'nope' } }, 'position.after: no site space nope in this site');
    bad({ after: { type: 'site-section', siteSpace: inA } }, /^position\.after\.type: must be one of: "site-space"/);
    bad({ after: { type: 'site-space', id: inA } }, /position\.after\.siteSpace: is required/);
    bad({ before: { type: 'site-space', siteSpace: inA }, after: { type: 'site-space', siteSpace: inA } }, 'position: give either before or after, not both');
    const otherSite = insertSite(s.engine, s.orgId);
    const foreign = s.engine.structure.addSiteSpace({ userId: s.adminId }, s.orgId, otherSite, { spaceId: s.alpha });
    bad({ after: { type: 'site-space', siteSpace: foreign.id } }, `position.after: no site space ${foreign.id} in this site`);
    expectError(s.call('POST', '/site-spaces/nope/move', { position: { after: { type: 'site-space', siteSpace: inA } } }), 404);
    expectError(s.call('POST', `/site-spaces/${gamma.id}/move`, { position: { before: { type: 'site-space', siteSpace: inA } } }, s.reader), 403);
    expect(s.siteSpaceTitles()).toEqual([`${a.id}:Alpha*`, `${a.id}:Gamma`, `${b.id}:Beta*`]);
  });
});

describe('site spaces of a deleted space', () => {
  it('are hidden from every listing and count while the space is deleted, and come back, default included, on restore', () => {
    const s = structureSetup();
    const a = s.addSection(s.alpha);
    const gamma = s.addSiteSpace(s.gamma, a.id);
    s.addSection(s.beta);
    expect(countSiteSpaces(s.engine.core, s.siteId)).toBe(3);
    s.deleteSpace(s.alpha);
    // Alpha's site space was its section's default: Gamma stands in for it meanwhile.
    expect(s.siteSpaceTitles()).toEqual([`${a.id}:Gamma*`, expect.stringMatching(/:Beta\*$/)]);
    expect(s.listSiteSpaces().count).toBe(2);
    expect(s.listSections().items[0].siteSpaces.map((x: { id: string }) => x.id)).toEqual([gamma.id]);
    expect(countSiteSpaces(s.engine.core, s.siteId)).toBe(2);
    const published = presentSiteStructure(s.engine.core, s.siteId);
    expect(JSON.stringify(published)).not.toContain(s.alpha);
    // Operations on the hidden site space answer 404; it cannot be a move ref either.
    const hidden = a.siteSpaces[0].id;
    expectError(s.call('PATCH', `/site-spaces/${hidden}`, { path: 'x' }), 404);
    expectError(s.call('DELETE', `/site-spaces/${hidden}`), 404);
    expectError(s.call('POST', `/site-spaces/${gamma.id}/move`, { position: { before: { type: 'site-space', siteSpace: hidden } } }), 400, `position.before: no site space ${hidden} in this site`);
    expectError(s.call('PATCH', `/sections/${a.id}`, { defaultSiteSpace: hidden }), 400, /^defaultSiteSpace: /);
    // Its path stays reserved.
    expectError(s.call('PATCH', `/site-spaces/${gamma.id}`, { path: 'alpha' }), 409);

    s.restoreSpace(s.alpha);
    expect(s.siteSpaceTitles()).toEqual([`${a.id}:Alpha*`, `${a.id}:Gamma`, expect.stringMatching(/:Beta\*$/)]);
    expect(countSiteSpaces(s.engine.core, s.siteId)).toBe(3);
  });

  it('go for good when the space is purged', () => {
    const s = structureSetup();
    s.addSiteSpace(s.alpha);
    s.addSiteSpace(s.beta);
    s.deleteSpace(s.alpha);
    s.clock.advance(8 * 86_400_000);
    expect(s.engine.spaces.purge()).toBe(1);
    expect(s.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM site_spaces WHERE space_id = ?', [s.alpha])!.n).toBe(0);
    expect(s.siteSpaceTitles()).toEqual(['root:Beta*']);
    // The default moved on for good: a new site space is not the default.
    expect(s.addSiteSpace(s.gamma).default).toBe(false);
  });

  it('are hidden while the space belongs to another organization', () => {
    const s = structureSetup();
    s.addSiteSpace(s.alpha);
    s.engine.core.run('INSERT INTO members (organization_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)', [s.other.orgId, s.adminId, 'admin', s.engine.core.now()]);
    s.engine.spaces.transfer({ userId: s.adminId }, s.alpha, { organization: s.other.orgId });
    expect(s.listSiteSpaces().count).toBe(0);
  });
});
