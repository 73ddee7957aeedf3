import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../helpers/app';
import { insertSite } from '../helpers/sites';
import { structureSetup, type StructureSetup } from './site-structure-setup';

/** Three sections Alpha, Beta, Gamma (in that order). */
async function withSections() {
  const s = await structureSetup();
  const a = await s.addSection(s.alpha);
  const b = await s.addSection(s.beta);
  const c = await s.addSection(s.gamma);
  return { ...s, a, b, c };
}

const titles = async (s: StructureSetup) => (await s.listSections()).items.map((x: { title: string }) => x.title);
const groupSections = (group: { sections: { id: string }[] }) => group.sections.map((x) => x.id);

describe('POST …/sites/{siteId}/section-groups (createSiteSectionGroup)', () => {
  it('creates a group at the end of the top level, holding the given sections in the given order', async () => {
    const s = await withSections();
    const group = await s.createGroup('Guides', [s.c.id, s.a.id]);
    const sections = [expect.objectContaining({ id: s.c.id, sectionGroup: group.id, draft: false }), expect.objectContaining({ id: s.a.id, sectionGroup: group.id, draft: false })];
    // `children` holds the same sections (groups hold sections only here); nothing is a draft.
    expect(group).toEqual({ object: 'site-section-group', id: group.id, title: 'Guides', draft: false, sections, children: sections });
    // The top level is now Beta, then the group.
    expect(await titles(s)).toEqual(['Beta', 'Gamma', 'Alpha']);
    // The default section stays the default.
    expect(await s.sectionTitles()).toEqual(['Beta', 'Gamma', 'Alpha*']);
  });

  it('creates an empty group with an icon; a section taken from another group leaves it', async () => {
    const s = await withSections();
    const empty = await s.createGroup('Empty');
    expect(empty).toEqual({ object: 'site-section-group', id: empty.id, title: 'Empty', draft: false, sections: [], children: [] });
    const first = await s.createGroup('First', [s.a.id]);
    const second = await s.ok('createSiteSectionGroup', 'POST', '/section-groups', { title: 'Second', icon: 'star', sections: [s.a.id] });
    expect(second.icon).toBe('star');
    expect(groupSections(second)).toEqual([s.a.id]);
    const groups = (await s.listGroups()).items;
    expect(groups.map((g: { id: string }) => g.id)).toEqual([empty.id, first.id, second.id]);
    expect(groups[1].sections).toEqual([]);
    expect(groups[1].children).toEqual([]);
    expect(groups[2].children).toEqual(groups[2].sections);
  });

  it('validates the body, naming the field', async () => {
    const s = await withSections();
    const bad = async (body: unknown, message: string | RegExp) => expectError(await s.call('POST', '/section-groups', body), 400, message);
    await bad({}, 'title: is required');
    await bad({ title: '' }, 'title: must not be empty');
    await bad({ title: 'x'.repeat(101) }, 'title: must be at most 100 characters');
    await bad({ title: 'G', icon: 'x'.repeat(51) }, 'icon: must be at most 50 characters');
    await bad({ title: 'G', sections: 'x' }, /^sections: must be of type array/);
    await bad({ title: 'G', sections: ['nope'] }, 'sections[0]: no section nope in this site');
    await bad({ title: 'G', sections: [s.a.id, s.a.id] }, `sections[1]: section ${s.a.id} is listed twice`);
    await bad({ title: 'G', colour: 'red' }, 'colour: is not a known field');
    const otherSite = await insertSite(s.engine, s.orgId);
    const foreign = await s.engine.structure.addSection({ userId: s.adminId }, s.orgId, otherSite, { spaceId: s.alpha });
    await bad({ title: 'G', sections: [foreign.id] }, `sections[0]: no section ${foreign.id} in this site`);
    expect((await s.listGroups()).count).toBe(0);
  });

  it('is for admins: 403 for a reader, 404 for a guest or an outsider, 401 without a token', async () => {
    const s = await withSections();
    expectError(await s.call('POST', '/section-groups', { title: 'G' }, s.reader), 403);
    expectError(await s.call('POST', '/section-groups', { title: 'G' }, s.guest), 404);
    expectError(await s.call('POST', '/section-groups', { title: 'G' }, s.other.adminId), 404);
    expectError(await s.api.request('POST', `${s.base()}/section-groups`, { as: null, body: { title: 'G' } }), 401);
    expect((await s.listGroups()).count).toBe(0);
  });
});

describe('GET …/sites/{siteId}/section-groups (listSiteSectionGroups)', () => {
  it('lists the groups in their top-level order with their sections, paged; members with a role read it', async () => {
    const s = await withSections();
    const one = await s.createGroup('One', [s.b.id]);
    const two = await s.createGroup('Two');
    await s.ok('moveSiteSectionGroup', 'POST', `/section-groups/${two.id}/move`, { position: { before: { type: 'site-section-group', id: one.id } } });
    const all = await s.listGroups('', s.reader);
    expect(all.count).toBe(2);
    expect(s.ids(all)).toEqual([two.id, one.id]);
    expect(groupSections(all.items[1])).toEqual([s.b.id]);
    const page1 = await s.listGroups('?limit=1');
    expect(s.ids(page1)).toEqual([two.id]);
    const page2 = await s.listGroups(`?limit=1&page=${page1.next.page}`);
    expect(s.ids(page2)).toEqual([one.id]);
    expect(page2.next).toBeUndefined();
  });

  it('answers 400 for unknown parameters, 404 for guests and outsiders, 401 without a token', async () => {
    const s = await withSections();
    expectError(await s.call('GET', '/section-groups?shareKey=x'), 400, 'shareKey: is not a known field');
    expectError(await s.call('GET', '/section-groups', undefined, s.guest), 404);
    expectError(await s.call('GET', '/section-groups', undefined, s.other.adminId), 404);
    expectError(await s.api.request('GET', `${s.base()}/section-groups`, { as: null }), 401);
  });
});

describe('PATCH …/section-groups/{siteSectionGroupId} (updateSiteSectionGroup)', () => {
  it('changes the title and icon; omitted stays, null removes the icon', async () => {
    const s = await withSections();
    const group = await s.createGroup('Guides', [s.a.id]);
    const patch = async (body: unknown) => await s.ok('updateSiteSectionGroup', 'PATCH', `/section-groups/${group.id}`, body);
    expect(await patch({ title: 'How-to', icon: 'book' })).toMatchObject({ title: 'How-to', icon: 'book', sections: [expect.objectContaining({ id: s.a.id })] });
    expect(await patch({ title: 'How-tos' })).toMatchObject({ title: 'How-tos', icon: 'book' });
    expect(await patch({ icon: null })).not.toHaveProperty('icon');
    expect(await patch({})).toMatchObject({ title: 'How-tos' });
  });

  it('validates, and answers 404 for an unknown group, 403 for a reader', async () => {
    const s = await withSections();
    const group = await s.createGroup('Guides');
    expectError(await s.call('PATCH', `/section-groups/${group.id}`, { title: '' }), 400, 'title: must not be empty');
    expectError(await s.call('PATCH', `/section-groups/${group.id}`, { title: 'x'.repeat(101) }), 400, 'title: must be at most 100 characters');
    expectError(await s.call('PATCH', `/section-groups/${group.id}`, { sections: [] }), 400, 'sections: is not a known field');
    expectError(await s.call('PATCH', '/section-groups/nope', { title: 'T' }), 404, 'section group nope not found');
    expectError(await s.call('PATCH', `/section-groups/${group.id}`, { title: 'T' }, s.reader), 403);
    expect((await s.listGroups()).items[0].title).toBe('Guides');
  });
});

describe('DELETE …/section-groups/{siteSectionGroupId} (deleteSiteSectionGroup)', () => {
  it('deletes the group and keeps its sections, back at the top level where the group was', async () => {
    const s = await withSections();
    const group = await s.createGroup('Guides', [s.c.id, s.a.id]);
    await s.ok('moveSiteSectionGroup', 'POST', `/section-groups/${group.id}/move`, { position: { before: { type: 'site-section', id: s.b.id } } });
    expect(await titles(s)).toEqual(['Gamma', 'Alpha', 'Beta']);
    expectOk(await s.call('DELETE', `/section-groups/${group.id}`), 'deleteSiteSectionGroup');
    expect((await s.listGroups()).count).toBe(0);
    const sections = (await s.listSections()).items;
    expect(sections.map((x: { title: string }) => x.title)).toEqual(['Gamma', 'Alpha', 'Beta']);
    expect(sections.every((x: { sectionGroup?: string }) => x.sectionGroup === undefined)).toBe(true);
    // The top level is exact: Beta can be moved between the two former group members.
    await s.ok('moveSiteSection', 'POST', `/sections/${s.b.id}/move`, { position: { after: { type: 'site-section', siteSection: s.c.id } } });
    expect(await titles(s)).toEqual(['Gamma', 'Beta', 'Alpha']);
  });

  it('answers 404 for an unknown group, 403 for a reader', async () => {
    const s = await withSections();
    const group = await s.createGroup('Guides');
    expectError(await s.call('DELETE', '/section-groups/nope'), 404);
    expectError(await s.call('DELETE', `/section-groups/${group.id}`, undefined, s.reader), 403);
    expect((await s.listGroups()).count).toBe(1);
  });
});

describe('POST/DELETE …/section-groups/{id}/sections (addSiteSectionToGroup, removeSiteSectionFromGroup)', () => {
  it('adds a section at the end of the group (201, the group), taking it from the top level or another group', async () => {
    const s = await withSections();
    const one = await s.createGroup('One', [s.a.id]);
    const added = await s.ok('addSiteSectionToGroup', 'POST', `/section-groups/${one.id}/sections`, { sectionId: s.c.id });
    expect(added.id).toBe(one.id);
    expect(groupSections(added)).toEqual([s.a.id, s.c.id]);
    // Adding it again changes nothing.
    expect(groupSections(await s.ok('addSiteSectionToGroup', 'POST', `/section-groups/${one.id}/sections`, { sectionId: s.c.id }))).toEqual([s.a.id, s.c.id]);
    const two = await s.createGroup('Two');
    expect(groupSections(await s.ok('addSiteSectionToGroup', 'POST', `/section-groups/${two.id}/sections`, { sectionId: s.a.id }))).toEqual([s.a.id]);
    expect(groupSections((await s.listGroups()).items[0])).toEqual([s.c.id]);
  });

  it('removes a section from its group (205): it stays in the site, right after the group', async () => {
    const s = await withSections();
    const group = await s.createGroup('One', [s.a.id, s.b.id]);
    await s.ok('moveSiteSectionGroup', 'POST', `/section-groups/${group.id}/move`, { position: { before: { type: 'site-section', id: s.c.id } } });
    expect(await titles(s)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expectOk(await s.call('DELETE', `/section-groups/${group.id}/sections/${s.a.id}`), 'removeSiteSectionFromGroup');
    const sections = (await s.listSections()).items;
    expect(sections.map((x: { title: string }) => x.title)).toEqual(['Beta', 'Alpha', 'Gamma']);
    expect(sections[1].sectionGroup).toBeUndefined();
    expect(groupSections((await s.listGroups()).items[0])).toEqual([s.b.id]);
  });

  it('answers 400 for a section not of the site, 404 for an unknown group or a section not in the group, 403 for a reader', async () => {
    const s = await withSections();
    const group = await s.createGroup('One', [s.a.id]);
    expectError(await s.call('POST', `/section-groups/${group.id}/sections`, { sectionId: 'nope' }), 400, 'sectionId: no section nope in this site');
    expectError(await s.call('POST', `/section-groups/${group.id}/sections`, {}), 400, 'sectionId: is required');
    expectError(await s.call('POST', '/section-groups/nope/sections', { sectionId: s.b.id }), 404);
    expectError(await s.call('POST', `/section-groups/${group.id}/sections`, { sectionId: s.b.id }, s.reader), 403);
    expectError(await s.call('DELETE', `/section-groups/${group.id}/sections/${s.b.id}`), 404, `section ${s.b.id} not found in section group ${group.id}`);
    expectError(await s.call('DELETE', `/section-groups/nope/sections/${s.a.id}`), 404);
    expectError(await s.call('DELETE', `/section-groups/${group.id}/sections/${s.a.id}`, undefined, s.reader), 403);
    expect(groupSections((await s.listGroups()).items[0])).toEqual([s.a.id]);
  });
});

describe('POST …/section-groups/{siteSectionGroupId}/move (moveSiteSectionGroup)', () => {
  it('reorders exactly among the top-level sections and groups', async () => {
    const s = await withSections();
    const d = await s.addSection(s.alpha, 'Delta');
    const group = await s.createGroup('G', [d.id]);
    const move = async (position: unknown) => await s.ok('moveSiteSectionGroup', 'POST', `/section-groups/${group.id}/move`, { position });
    expect(await titles(s)).toEqual(['Alpha', 'Beta', 'Gamma', 'Delta']);
    expect((await move({ before: { type: 'site-section', id: s.a.id } })).id).toBe(group.id);
    expect(await titles(s)).toEqual(['Delta', 'Alpha', 'Beta', 'Gamma']);
    await move({ after: { type: 'site-section', id: s.b.id } });
    expect(await titles(s)).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma']);
    await move({ after: { type: 'site-section', id: s.c.id } });
    expect(await titles(s)).toEqual(['Alpha', 'Beta', 'Gamma', 'Delta']);
    const other = await s.createGroup('H');
    await move({ after: { type: 'site-section-group', id: other.id } });
    expect(s.ids(await s.listGroups())).toEqual([other.id, group.id]);
  });

  it('refuses a section inside a group, an object of another site, itself, and malformed positions (400 naming position)', async () => {
    const s = await withSections();
    const group = await s.createGroup('G', [s.a.id]);
    const bad = async (position: unknown, message: string | RegExp) =>
      expectError(await s.call('POST', `/section-groups/${group.id}/move`, { position }), 400, message);
    await bad({ before: { type: 'site-section', id: s.a.id } }, `position.before: section ${s.a.id} is not at the same level as section group ${group.id}`);
    await bad({ before: { type: 'site-section-group', id: group.id } }, `position.before: cannot place section group ${group.id} relative to itself`);
    await bad({ after: { type: 'site-section', id: 'nope' } }, 'position.after: no section nope in this site');
    await bad({ after: { type: 'site-section', siteSection: s.b.id } }, /^position\.after\.id: is required/);
    await bad({}, 'position: needs before or after');
    expectError(await s.call('POST', `/section-groups/${group.id}/move`, {}), 400, 'position: is required');
    expectError(await s.call('POST', '/section-groups/nope/move', { position: { before: { type: 'site-section', id: s.b.id } } }), 404);
    expectError(await s.call('POST', `/section-groups/${group.id}/move`, { position: { before: { type: 'site-section', id: s.b.id } } }, s.reader), 403);
    expect(await titles(s)).toEqual(['Beta', 'Gamma', 'Alpha']);
  });
});
