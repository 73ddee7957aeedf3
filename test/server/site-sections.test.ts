import { describe, expect, it } from 'vitest';
import { PUBLIC_URL } from '../helpers/engine';
import { expectError, expectOk } from '../helpers/app';
import { insertSite } from '../helpers/sites';
import { structureSetup } from './site-structure-setup';
import { setDefaultSection, setDefaultSiteSpace } from '../../src/engine/sites/structure/defaults';
import { presentSiteStructure } from '../../src/engine/sites/structure/present';
import { SiteStructure } from '../../src/api/schemas/site-structure';

describe('POST …/sites/{siteId}/sections (addSiteSection)', () => {
  it('adds the first section holding a site space of the space; it is the default and named after the space', async () => {
    const s = await structureSetup();
    const section = await s.addSection(s.alpha);
    const site = `${PUBLIC_URL}/o/${s.orgId}/sites/${s.siteId}`;
    expect(section).toEqual({
      object: 'site-section',
      id: section.id,
      title: 'Alpha',
      default: true,
      draft: false,
      path: 'alpha',
      siteSpaces: [expect.objectContaining({
        object: 'site-space', path: 'alpha', section: section.id, title: 'Alpha', default: true, draft: false,
        space: expect.objectContaining({ object: 'space', id: s.alpha, title: 'Alpha' }),
        urls: { published: `${site}/alpha/alpha` },
      })],
      urls: { published: `${site}/alpha` },
    });
  });

  it('takes a title; later sections are not default; a path already taken gets a suffix', async () => {
    const s = await structureSetup();
    await s.addSection(s.alpha);
    const second = await s.addSection(s.beta, 'Guides');
    expect(second).toMatchObject({ title: 'Guides', path: 'guides', default: false });
    const third = await s.addSection(s.gamma, 'Guides');
    expect(third.path).toBe('guides-2');
    expect(await s.sectionTitles()).toEqual(['Alpha*', 'Guides', 'Guides']);
  });

  it('moves the root site spaces of a site into its first section, which keeps their default', async () => {
    const s = await structureSetup();
    await s.addSiteSpace(s.alpha);
    await s.addSiteSpace(s.beta);
    expect(await s.siteSpaceTitles()).toEqual(['root:Alpha*', 'root:Beta']);
    // The section's own space is one of them: it is not added twice.
    const section = await s.addSection(s.beta, 'Product');
    expect(section.siteSpaces.map((ss: { title: string; default: boolean }) => `${ss.title}${ss.default ? '*' : ''}`)).toEqual(['Alpha*', 'Beta']);
    expect(await s.siteSpaceTitles()).toEqual([`${section.id}:Alpha*`, `${section.id}:Beta`]);
    // Another space joins them, last.
    const other = await s.addSection(s.gamma, 'API');
    expect(other.siteSpaces.map((ss: { title: string }) => ss.title)).toEqual(['Gamma']);
    expect(await s.sectionTitles()).toEqual(['Product*', 'API']);
  });

  it('adds the space after the moved root site spaces when it is not one of them', async () => {
    const s = await structureSetup();
    await s.addSiteSpace(s.alpha);
    const section = await s.addSection(s.gamma);
    expect(section.siteSpaces.map((ss: { title: string; default: boolean }) => `${ss.title}${ss.default ? '*' : ''}`)).toEqual(['Alpha*', 'Gamma']);
  });

  it('validates the body, naming the field', async () => {
    const s = await structureSetup();
    expectError(await s.call('POST', '/sections', {}), 400, /^spaceId: is required/);
    expectError(await s.call('POST', '/sections', { spaceId: s.alpha, title: 'x'.repeat(65) }), 400, 'title: must be at most 64 characters');
    expectError(await s.call('POST', '/sections', { spaceId: s.alpha, title: '' }), 400, 'title: must not be empty');
    expectError(await s.call('POST', '/sections', { spaceId: s.alpha, path: 'p' }), 400, 'path: is not a known field');
    expectError(await s.call('POST', '/sections', { spaceId: 'nope' }), 400, 'spaceId: no space nope in this organization');
    const elsewhere = (await s.engine.spaces.create({ userId: s.other.adminId }, s.other.orgId, { title: 'Theirs' })).id;
    expectError(await s.call('POST', '/sections', { spaceId: elsewhere }), 400, `spaceId: no space ${elsewhere} in this organization`);
    await s.deleteSpace(s.beta);
    expectError(await s.call('POST', '/sections', { spaceId: s.beta }), 400, `spaceId: no space ${s.beta}`);
    expect((await s.listSections()).count).toBe(0);
  });

  it('is for organization admins: 403 for a reader, 404 for a guest, an outsider or an unknown site, 401 without a token', async () => {
    const s = await structureSetup();
    expectError(await s.call('POST', '/sections', { spaceId: s.alpha }, s.reader), 403, /admin role required/);
    expectError(await s.call('POST', '/sections', { spaceId: s.alpha }, s.guest), 404);
    expectError(await s.call('POST', '/sections', { spaceId: s.alpha }, s.other.adminId), 404);
    expectError(await s.api.request('POST', `${s.base('nope')}/sections`, { as: s.adminId, body: { spaceId: s.alpha } }), 404, 'site nope not found');
    expectError(await s.api.request('POST', `${s.base()}/sections`, { as: null, body: { spaceId: s.alpha } }), 401);
    expect((await s.listSections()).count).toBe(0);
  });
});

describe('GET …/sites/{siteId}/sections (listSiteSections)', () => {
  it('lists the sections in order, groups expanded in place, each with its site spaces; pages with opaque cursors', async () => {
    const s = await structureSetup();
    const a = await s.addSection(s.alpha);
    const b = await s.addSection(s.beta);
    const c = await s.addSection(s.gamma);
    const group = await s.createGroup('Group', [c.id]);
    await s.ok('moveSiteSectionGroup', 'POST', `/section-groups/${group.id}/move`, { position: { before: { type: 'site-section', id: b.id } } });
    const all = await s.listSections();
    expect(all.count).toBe(3);
    expect(s.ids(all)).toEqual([a.id, c.id, b.id]);
    expect(all.items[1]).toMatchObject({ sectionGroup: group.id, siteSpaces: [expect.objectContaining({ title: 'Gamma' })] });
    const first = await s.listSections('?limit=2');
    expect(s.ids(first)).toEqual([a.id, c.id]);
    expect(first.next.page).toEqual(expect.any(String));
    const second = await s.listSections(`?limit=2&page=${first.next.page}`);
    expect(s.ids(second)).toEqual([b.id]);
    expect(second.next).toBeUndefined();
    expect(second.count).toBe(3);
  });

  it('is readable by members with a role; shareKey is accepted and changes nothing for them', async () => {
    const s = await structureSetup();
    const a = await s.addSection(s.alpha);
    const res = await s.listSections('?shareKey=anything', s.reader);
    expect(s.ids(res)).toEqual([a.id]);
    // The embedded space carries the reader's permissions on it (the space is private: none).
    expect(res.items[0].siteSpaces[0].space.permissions.view).toBe(false);
    expect((await s.listSections()).items[0].siteSpaces[0].space.permissions.admin).toBe(true);
  });

  it('answers 400 for bad paging and unknown parameters, 404 for guests, outsiders and unknown sites, 401 without a token', async () => {
    const s = await structureSetup();
    expectError(await s.call('GET', '/sections?limit=0'), 400, 'limit: must be at least 1');
    expectError(await s.call('GET', '/sections?page=garbage'), 400, /^page: /);
    expectError(await s.call('GET', `/site-spaces?page=${(await s.listSections('?limit=1')).next?.page ?? 'x'}`), 400, /^page: /);
    expectError(await s.call('GET', '/sections?colour=red'), 400, 'colour: is not a known field');
    expectError(await s.call('GET', '/sections', undefined, s.guest), 404);
    expectError(await s.call('GET', '/sections', undefined, s.other.adminId), 404);
    expectError(await s.api.request('GET', `${s.base('nope')}/sections`, { as: s.adminId }), 404);
    expectError(await s.api.request('GET', `${s.base(s.siteId, s.other.orgId)}/sections`, { as: s.other.adminId }), 404);
    expectError(await s.api.request('GET', `${s.base()}/sections`, { as: null }), 401);
  });
});

describe('PATCH …/sites/{siteId}/sections/{siteSectionId} (updateSiteSection)', () => {
  it('changes title, path, description, icon and condition; omitted fields stay, null removes', async () => {
    const s = await structureSetup();
    const { id } = await s.addSection(s.alpha);
    const patch = async (body: unknown) => await s.ok('updateSiteSection', 'PATCH', `/sections/${id}`, body);
    const changed = await patch({ title: 'Product docs', path: 'product', description: 'All about it', icon: 'book', condition: 'visitor.claims.beta' });
    expect(changed).toMatchObject({
      title: 'Product docs', path: 'product', description: 'All about it', icon: 'book', condition: 'visitor.claims.beta',
      urls: { published: `${PUBLIC_URL}/o/${s.orgId}/sites/${s.siteId}/product` },
    });
    expect(changed.siteSpaces[0].urls.published).toBe(`${PUBLIC_URL}/o/${s.orgId}/sites/${s.siteId}/product/alpha`);
    // Omitted: unchanged.
    expect(await patch({ title: 'Renamed' })).toMatchObject({ title: 'Renamed', path: 'product', description: 'All about it', icon: 'book', condition: 'visitor.claims.beta' });
    // null removes; an empty icon or description removes too.
    const removed = await patch({ condition: null, icon: '', description: null });
    expect(removed).not.toHaveProperty('condition');
    expect(removed).not.toHaveProperty('icon');
    expect(removed).not.toHaveProperty('description');
    expect(removed.title).toBe('Renamed');
  });

  it("builds urls.published on the site's published URL (its basename here) plus the paths", async () => {
    const s = await structureSetup();
    await s.engine.core.run("UPDATE sites SET basename = 'handbook' WHERE id = ?", [s.siteId]);
    const section = await s.addSection(s.alpha);
    expect(section.urls.published).toBe(`${PUBLIC_URL}/o/${s.orgId}/sites/handbook/alpha`);
    expect(section.siteSpaces[0].urls.published).toBe(`${PUBLIC_URL}/o/${s.orgId}/sites/handbook/alpha/alpha`);
  });

  it('sets the default site space of the section, clearing the old default', async () => {
    const s = await structureSetup();
    const section = await s.addSection(s.alpha);
    const beta = await s.addSiteSpace(s.beta, section.id);
    expect(beta.default).toBe(false);
    const changed = await s.ok('updateSiteSection', 'PATCH', `/sections/${section.id}`, { defaultSiteSpace: beta.id });
    expect(changed.siteSpaces.map((ss: { title: string; default: boolean }) => `${ss.title}${ss.default ? '*' : ''}`)).toEqual(['Alpha', 'Beta*']);
    expect((await s.listSiteSpaces('?default=true')).items.map((ss: { id: string }) => ss.id)).toEqual([beta.id]);
  });

  it('refuses a default site space of another section and a path another section has', async () => {
    const s = await structureSetup();
    const a = await s.addSection(s.alpha);
    const b = await s.addSection(s.beta);
    const inB = b.siteSpaces[0].id;
    expectError(await s.call('PATCH', `/sections/${a.id}`, { defaultSiteSpace: inB }), 400, `defaultSiteSpace: no site space ${inB} in section ${a.id}`);
    expectError(await s.call('PATCH', `/sections/${a.id}`, { path: 'beta' }), 409, 'path: another section of this site already has the path "beta"');
    // Its own path is fine.
    expect((await s.ok('updateSiteSection', 'PATCH', `/sections/${a.id}`, { path: 'alpha' })).path).toBe('alpha');
  });

  it('enforces the limits of api.md, naming the field', async () => {
    const s = await structureSetup();
    const { id } = await s.addSection(s.alpha);
    const bad = async (body: unknown, message: string) => expectError(await s.call('PATCH', `/sections/${id}`, body), 400, message);
    await bad({ title: 'x' }, 'title: must be at least 2 characters');
    await bad({ title: 'x'.repeat(129) }, 'title: must be at most 128 characters');
    await bad({ path: '' }, 'path: must not be empty');
    await bad({ path: 'x'.repeat(101) }, 'path: must be at most 100 characters');
    await bad({ path: 'a/b' }, 'path: must be one URL path segment');
    await bad({ condition: '' }, 'condition: must not be empty');
    await bad({ condition: 'x'.repeat(1025) }, 'condition: must be at most 1024 characters');
    await bad({ icon: 'x'.repeat(51) }, 'icon: must be at most 50 characters');
    await bad({ description: 'x'.repeat(257) }, 'description: must be at most 256 characters');
    await bad({ default: true }, 'default: is not a known field');
    await bad({ title: 5 }, 'title: must be of type string');
    // Nothing changed.
    expect((await s.listSections()).items[0]).toMatchObject({ title: 'Alpha', path: 'alpha' });
  });

  it('answers 404 for an unknown section or one of another site, 403 for a reader', async () => {
    const s = await structureSetup();
    const { id } = await s.addSection(s.alpha);
    const otherSite = await insertSite(s.engine, s.orgId);
    expectError(await s.call('PATCH', '/sections/nope', { title: 'New title' }), 404, 'section nope not found');
    expectError(await s.api.request('PATCH', `${s.base(otherSite)}/sections/${id}`, { as: s.adminId, body: { title: 'New title' } }), 404);
    expectError(await s.call('PATCH', `/sections/${id}`, { title: 'New title' }, s.reader), 403);
  });
});

describe('DELETE …/sites/{siteId}/sections/{siteSectionId} (deleteSiteSection)', () => {
  it('deletes the section with its site spaces; the first remaining section becomes the default', async () => {
    const s = await structureSetup();
    const a = await s.addSection(s.alpha);
    await s.addSiteSpace(s.gamma, a.id);
    await s.addSection(s.beta);
    await s.addSection(s.gamma);
    const res = await s.call('DELETE', `/sections/${a.id}`);
    expectOk(res, 'deleteSiteSection');
    expect(await s.sectionTitles()).toEqual(['Beta*', 'Gamma']);
    expect((await s.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM site_spaces WHERE section_id = ?', [a.id]))!.n).toBe(0);
    expect((await s.listSiteSpaces()).count).toBe(2);
  });

  it('leaves a site without sections, whose next site space goes to the root', async () => {
    const s = await structureSetup();
    const a = await s.addSection(s.alpha);
    expectOk(await s.call('DELETE', `/sections/${a.id}`), 'deleteSiteSection');
    expect((await s.listSections()).count).toBe(0);
    const ss = await s.addSiteSpace(s.beta);
    expect(ss.section).toBeUndefined();
    expect(ss.default).toBe(true);
    expect((await presentSiteStructure(s.engine.core, s.siteId)).type).toBe('siteSpaces');
  });

  it('answers 404 for an unknown section, 403 for a reader', async () => {
    const s = await structureSetup();
    const a = await s.addSection(s.alpha);
    expectError(await s.call('DELETE', '/sections/nope'), 404);
    expectError(await s.call('DELETE', `/sections/${a.id}`, undefined, s.reader), 403);
    expect((await s.listSections()).count).toBe(1);
  });
});

describe('POST …/sites/{siteId}/sections/{siteSectionId}/move (moveSiteSection)', () => {
  const titles = async (s: Awaited<ReturnType<typeof structureSetup>>) => (await s.listSections()).items.map((x: { title: string }) => x.title);

  it('reorders exactly among the top-level sections, before or after a section or a group', async () => {
    const s = await structureSetup();
    const a = await s.addSection(s.alpha);
    const b = await s.addSection(s.beta);
    const c = await s.addSection(s.gamma);
    const move = async (id: string, position: unknown) => await s.ok('moveSiteSection', 'POST', `/sections/${id}/move`, { position });
    expect((await move(c.id, { before: { type: 'site-section', siteSection: a.id } })).id).toBe(c.id);
    expect(await titles(s)).toEqual(['Gamma', 'Alpha', 'Beta']);
    await move(c.id, { after: { type: 'site-section', siteSection: b.id } });
    expect(await titles(s)).toEqual(['Alpha', 'Beta', 'Gamma']);
    await move(a.id, { after: { type: 'site-section', siteSection: b.id } });
    expect(await titles(s)).toEqual(['Beta', 'Alpha', 'Gamma']);
    // A group takes a place at the top level too: refs may name it.
    const d = await s.addSection(s.alpha, 'Delta');
    const group = await s.createGroup('G', [d.id]);
    expect(await titles(s)).toEqual(['Beta', 'Alpha', 'Gamma', 'Delta']);
    await move(b.id, { after: { type: 'site-section-group', siteSectionGroup: group.id } });
    expect(await titles(s)).toEqual(['Alpha', 'Gamma', 'Delta', 'Beta']);
    await move(a.id, { after: { type: 'site-section-group', siteSectionGroup: group.id } });
    expect(await titles(s)).toEqual(['Gamma', 'Delta', 'Alpha', 'Beta']);
    await move(b.id, { before: { type: 'site-section-group', siteSectionGroup: group.id } });
    expect(await titles(s)).toEqual(['Gamma', 'Beta', 'Delta', 'Alpha']);
    // Moving does not change which section is the default.
    expect(await s.sectionTitles()).toEqual(['Gamma', 'Beta', 'Delta', 'Alpha*']);
  });

  it('reorders within a group; a ref at another level or of another site is 400 naming position', async () => {
    const s = await structureSetup();
    const a = await s.addSection(s.alpha);
    const b = await s.addSection(s.beta);
    const c = await s.addSection(s.gamma);
    const group = await s.createGroup('G', [a.id, b.id]);
    await s.ok('moveSiteSection', 'POST', `/sections/${b.id}/move`, { position: { before: { type: 'site-section', siteSection: a.id } } });
    expect((await s.listGroups()).items[0].sections.map((x: { id: string }) => x.id)).toEqual([b.id, a.id]);
    expectError(await s.call('POST', `/sections/${a.id}/move`, { position: { before: { type: 'site-section', siteSection: c.id } } }), 400,
      `position.before: section ${c.id} is not at the same level as section ${a.id} (the sections of group ${group.id})`);
    expectError(await s.call('POST', `/sections/${c.id}/move`, { position: { after: { type: 'site-section', siteSection: a.id } } }), 400,
      /^position\.after: section .* is not at the same level/);
    const otherSite = await insertSite(s.engine, s.orgId);
    const foreign = await s.engine.structure.addSection({ userId: s.adminId }, s.orgId, otherSite, { spaceId: s.alpha });
    expectError(await s.call('POST', `/sections/${c.id}/move`, { position: { after: { type: 'site-section', siteSection: foreign.id } } }), 400,
      `position.after: no section ${foreign.id} in this site`);
  });

  it('validates the position', async () => {
    const s = await structureSetup();
    const a = await s.addSection(s.alpha);
    const b = await s.addSection(s.beta);
    const bad = async (body: unknown, message: string | RegExp) => expectError(await s.call('POST', `/sections/${a.id}/move`, body), 400, message);
    await bad({}, 'position: is required');
    await bad({ position: {} }, 'position: needs before or after');
    await bad({ position: { before: { type: 'site-section', siteSection: b.id }, after: { type: 'site-section', siteSection: b.id } } }, 'position: give either before or after, not both');
    await bad({ position: { before: { type: 'site-section', siteSection: a.id } } }, `position.before: cannot place section ${a.id} relative to itself`);
    await bad({ position: { before: { type: 'site-section' } } }, 'position.before.siteSection: is required');
    await bad({ position: { before: { type: 'site-space', siteSection: b.id } } }, /^position\.before\.type: must be one of/);
    await bad({ position: { before: { type: 'site-section', id: b.id } } }, 'position.before.id: is not a known field');
    await bad({ position: { before: { type: 'site-section', siteSection: b.id, siteSectionGroup: 'g' } } }, 'position.before.siteSectionGroup: does not go with type "site-section"');
    expectError(await s.call('POST', '/sections/nope/move', { position: { before: { type: 'site-section', siteSection: b.id } } }), 404);
    expectError(await s.call('POST', `/sections/${a.id}/move`, { position: { after: { type: 'site-section', siteSection: b.id } } }, s.reader), 403);
    expect(await s.sectionTitles()).toEqual(['Alpha*', 'Beta']);
  });
});

describe('setDefaultSection and setDefaultSiteSpace (used by the site PATCH)', () => {
  it('make a section and a site space the default, clearing the old ones; other ids are 400 naming the field', async () => {
    const s = await structureSetup();
    await s.addSection(s.alpha);
    const b = await s.addSection(s.beta);
    const gammaInB = await s.addSiteSpace(s.gamma, b.id);
    const { core } = s.engine;
    await core.write(async () => await setDefaultSection(core, s.siteId, b.id));
    expect(await s.sectionTitles()).toEqual(['Alpha', 'Beta*']);
    // The site's default site space: the default of its section, and that section the default section.
    await core.write(async () => await setDefaultSection(core, s.siteId, (await s.listSections()).items[0].id));
    await core.write(async () => await setDefaultSiteSpace(core, s.siteId, gammaInB.id));
    expect(await s.sectionTitles()).toEqual(['Alpha', 'Beta*']);
    expect(await s.siteSpaceTitles()).toEqual([expect.stringMatching(/:Alpha\*$/), `${b.id}:Beta`, `${b.id}:Gamma*`]);
    await expect(setDefaultSection(core, s.siteId, 'nope')).rejects.toThrow(`defaultSiteSection: no section nope in site ${s.siteId}`);
    await expect(setDefaultSiteSpace(core, s.siteId, 'nope')).rejects.toThrow(`defaultSiteSpace: no site space nope in site ${s.siteId}`);
  });
});

describe('presentSiteStructure', () => {
  it('gives the sections in order with their site spaces, in the published-structure shape', async () => {
    const s = await structureSetup();
    expect(await presentSiteStructure(s.engine.core, s.siteId)).toEqual({ type: 'siteSpaces', structure: [] });
    await s.addSiteSpace(s.alpha);
    const rootOnly = await presentSiteStructure(s.engine.core, s.siteId);
    expect(rootOnly.type).toBe('siteSpaces');
    expect(SiteStructure.safeParse(rootOnly).success).toBe(true);
    const a = await s.addSection(s.beta);
    const b = await s.addSection(s.gamma);
    await s.ok('moveSiteSection', 'POST', `/sections/${b.id}/move`, { position: { before: { type: 'site-section', siteSection: a.id } } });
    const structure = await presentSiteStructure(s.engine.core, s.siteId);
    expect(SiteStructure.safeParse(structure).success).toBe(true);
    expect(structure.type).toBe('sections');
    expect(structure.structure.map((x) => x.id)).toEqual([b.id, a.id]);
    // Anonymous viewers: embedded spaces carry none of the space's internals, permissions included.
    const first = structure.structure[1] as { siteSpaces: { title: string; space: Record<string, unknown> }[] };
    expect(first.siteSpaces.map((x) => x.title)).toEqual(['Alpha', 'Beta']);
    expect(Object.keys(first.siteSpaces[0].space).sort()).toEqual(['emoji', 'id', 'object', 'title', 'urls', 'visibility']);
  });
});
