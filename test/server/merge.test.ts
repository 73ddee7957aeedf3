import { describe, expect, it } from 'vitest';
import { expectOk, expectError } from '../helpers/app';
import { contentSetup } from '../helpers/content';

const insert = (markdown: string, extra: Record<string, unknown> = {}) => ({ operation: 'insert_page', document: { markdown }, ...extra });
const edit = (page: string, markdown: string) => ({ operation: 'update_page', page, document: { markdown } });
const remove = (page: string) => ({ operation: 'delete_page', page });

/** A space whose main content has pages A, B, C, D, and a change request opened from it. */
async function seeded() {
  const s = await contentSetup();
  const [a, b, c, d] = await s.seed(['# A\n\na', '# B\n\nb', '# C\n\nc', '# D\n\nd']);
  const cr = await s.createCr({ subject: 'work' }, s.editor);
  const revisions = async () => await s.count('SELECT COUNT(*) AS n FROM revisions');
  return { s, cr, a, b, c, d, revisions };
}

describe('merge without conflicts', () => {
  it('takes pages changed on one side from that side, new pages from both, and deletions from both', async () => {
    const { s, cr, a, b, c, d } = await seeded();
    await s.writeOk(cr.id, [edit(a, '# A\n\nfrom the change request'), remove(c), insert('# X\n\nnew in cr')], s.editor);
    await s.changeMain([edit(b, '# B\n\nfrom main'), remove(d), insert('# Y\n\nnew on main')]);
    expect((await s.getCr(cr.id)).outdated).toBe(true);

    const res = await s.merge(cr.id, s.reviewer);
    expectOk(res, 'mergeChangeRequest');
    expect(res.body).toEqual({ revision: expect.any(String), result: 'merge' });

    const pages = s.flat(await s.pages());
    expect(pages.map((p) => p.title).sort()).toEqual(['A', 'B', 'X', 'Y']);
    expect(await s.markdownOf(a)).toBe('# A\n\nfrom the change request');
    expect(await s.markdownOf(b)).toBe('# B\n\nfrom main');
    expect(pages.find((p) => p.id === c)).toBeUndefined();
    expect(pages.find((p) => p.id === d)).toBeUndefined();
    expect(await s.markdownOf(pages.find((p) => p.title === 'X')!.id)).toBe('# X\n\nnew in cr');
  });

  it('answers the revision that becomes the space’s revision and the change request’s revisionMerged', async () => {
    const { s, cr, a } = await seeded();
    await s.writeOk(cr.id, [edit(a, '# A2')], s.editor);
    const crRevision = (await s.getCr(cr.id)).revision;
    const before = await s.spaceRevision();
    const res = await s.merge(cr.id, s.reviewer);
    expectOk(res, 'mergeChangeRequest');
    expect(res.body.revision).not.toBe(before);
    expect(await s.spaceRevision()).toBe(res.body.revision);
    expect(await s.getCr(cr.id)).toMatchObject({ status: 'merged', revisionMerged: res.body.revision, revision: crRevision, outdated: false });
    // The new revision descends from the space's previous revision and the change request's head.
    const content = await s.api.request('GET', `/v1/spaces/${s.spaceId}/content`, { as: s.adminId });
    expectOk(content, 'getSpaceContent');
    expect(content.body).toMatchObject({ id: res.body.revision, parents: [before, crRevision], type: 'merge' });
    // It names the change request it merged, as the platform's merge revisions do; other revisions do not.
    expect(content.body.mergedFrom).toMatchObject({ object: 'change-request', id: cr.id, number: cr.number, status: 'merged', revisionMerged: res.body.revision });
    const edits = await s.api.request('GET', `/v1/spaces/${s.spaceId}/change-requests/${cr.id}/content`, { as: s.adminId });
    expect(edits.body.type).toBe('edits');
    expect(edits.body).not.toHaveProperty('mergedFrom');
  });

  it('brings the change request’s files into the space', async () => {
    const { s, cr } = await seeded();
    const body = await s.writeOk(cr.id, [{ operation: 'insert_files', files: [{ name: 'a.txt', base64: Buffer.from('hi').toString('base64') }] }]);
    expectOk(await s.merge(cr.id), 'mergeChangeRequest');
    const file = await s.api.request('GET', `/v1/spaces/${s.spaceId}/content/files/${body.insertedFiles[0].id}`, { as: s.adminId });
    expectOk(file, 'getSpaceFile');
    expect(file.body).toMatchObject({ name: 'a.txt', size: 2 });
  });

  it('accepts the same edit made on both sides', async () => {
    const { s, cr, a } = await seeded();
    await s.writeOk(cr.id, [edit(a, '# A\n\nsame')]);
    await s.changeMain([edit(a, '# A\n\nsame')]);
    const res = await s.merge(cr.id);
    expectOk(res, 'mergeChangeRequest');
    expect(res.body.result).toBe('merge');
    expect(await s.markdownOf(a)).toBe('# A\n\nsame');
  });

  it('keeps the order of pages set in the change request', async () => {
    const { s, cr, a, c } = await seeded();
    await s.writeOk(cr.id, [{ operation: 'update_page', page: c, at: 0 }]);
    expect(await s.titles(cr.id)).toEqual(['C', 'A', 'B', 'D']);
    await s.changeMain([edit(a, '# A\n\nmain')]);
    expectOk(await s.merge(cr.id), 'mergeChangeRequest');
    expect(await s.titles()).toEqual(['C', 'A', 'B', 'D']);
    expect(await s.markdownOf(a)).toBe('# A\n\nmain');
  });

  it('keeps moves into another page from either side', async () => {
    const { s, cr, a, b, c, d } = await seeded();
    await s.writeOk(cr.id, [{ operation: 'update_page', page: c, into: a }]);
    await s.changeMain([{ operation: 'update_page', page: d, into: b }]);
    expectOk(await s.merge(cr.id), 'mergeChangeRequest');
    const tree = await s.pages();
    expect(tree.map((p) => [p.id, p.pages.map((q) => q.id)])).toEqual([[a, [c]], [b, [d]]]);
    expect(s.flat(tree).find((p) => p.id === c)!.path).toBe('a/c');
  });

  it('keeps paths unique when both sides added a page with the same title', async () => {
    const { s, cr } = await seeded();
    await s.writeOk(cr.id, [insert('# Guide\n\ncr')]);
    await s.changeMain([insert('# Guide\n\nmain')]);
    expectOk(await s.merge(cr.id), 'mergeChangeRequest');
    const paths = s.flat(await s.pages()).map((p) => p.path);
    expect(paths.filter((p) => p.startsWith('guide')).sort()).toEqual(['guide', 'guide-2']);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('makes other change requests opened from the old revision outdated', async () => {
    const { s, cr, a } = await seeded();
    const other = await s.createCr({ subject: 'other' });
    expect((await s.getCr(other.id)).outdated).toBe(false);
    await s.writeOk(cr.id, [edit(a, '# A2')]);
    expectOk(await s.merge(cr.id), 'mergeChangeRequest');
    expect((await s.getCr(other.id)).outdated).toBe(true);
  });
});

describe('merge with conflicts', () => {
  it('answers the conflicting pages when the same page was edited differently on both sides, and changes nothing', async () => {
    const { s, cr, a, b, revisions } = await seeded();
    await s.writeOk(cr.id, [edit(a, '# A\n\ncr'), edit(b, '# B\n\ncr only')]);
    await s.changeMain([edit(a, '# A\n\nmain')]);
    const mainRevision = await s.spaceRevision();
    const crBefore = await s.getCr(cr.id);
    const count = await revisions();

    const res = await s.merge(cr.id, s.reviewer);
    expectOk(res, 'mergeChangeRequest');
    // The platform's answer always carries the resulting revision: the space's, unchanged.
    expect(res.body).toEqual({ revision: mainRevision, result: 'conflicts', conflicts: [{ page: a }] });

    expect(await s.spaceRevision()).toBe(mainRevision);
    expect(await s.getCr(cr.id)).toEqual(crBefore);
    expect(crBefore).toMatchObject({ status: 'open', outdated: true });
    expect(await s.markdownOf(a)).toBe('# A\n\nmain');
    expect(await s.markdownOf(b)).toBe('# B\n\nb');
    expect(await revisions()).toBe(count);
  });

  it('is a conflict when a page is edited on one side and deleted on the other', async () => {
    const { s, cr, a, b } = await seeded();
    await s.writeOk(cr.id, [edit(a, '# A\n\ncr'), remove(b)]);
    await s.changeMain([remove(a), edit(b, '# B\n\nmain')]);
    const mainRevision = await s.spaceRevision();
    const res = await s.merge(cr.id);
    expectOk(res, 'mergeChangeRequest');
    expect(res.body.result).toBe('conflicts');
    expect(res.body.revision).toBe(mainRevision);
    expect(res.body.conflicts.map((c: { page: string }) => c.page).sort()).toEqual([a, b].sort());
    expect(await s.spaceRevision()).toBe(mainRevision);
    expect((await s.getCr(cr.id)).status).toBe('open');
  });

  it('is a conflict when a page deleted in the change request was edited on main', async () => {
    const { s, cr, c } = await seeded();
    await s.writeOk(cr.id, [remove(c)]);
    await s.changeMain([edit(c, '# C\n\nmain')]);
    const mainRevision = await s.spaceRevision();
    const res = await s.merge(cr.id);
    expect(res.body).toEqual({ revision: mainRevision, result: 'conflicts', conflicts: [{ page: c }] });
    expect(await s.markdownOf(c)).toBe('# C\n\nmain');
  });
});

describe('outdated and update', () => {
  it('is outdated once the space moves past the base, and up to date after an update', async () => {
    const { s, cr, a, b } = await seeded();
    expect(await s.getCr(cr.id)).toMatchObject({ outdated: false });
    expect((await s.getCr(cr.id)).revisionMergedAncestor).toBeUndefined();
    await s.writeOk(cr.id, [edit(a, '# A\n\ncr')]);
    expect((await s.getCr(cr.id)).outdated).toBe(false);
    const main = await s.changeMain([edit(b, '# B\n\nmain'), insert('# Y')]);
    expect((await s.getCr(cr.id)).outdated).toBe(true);

    const before = (await s.getCr(cr.id)).revision;
    const res = await s.update(cr.id, s.editor);
    expectOk(res, 'updateChangeRequestFromMain');
    expect(res.body).toEqual({ revision: expect.any(String), result: 'update' });
    expect(res.body.revision).not.toBe(before);
    expect(await s.getCr(cr.id)).toMatchObject({ outdated: false, revision: res.body.revision, revisionMergedAncestor: main, revisionInitial: cr.revisionInitial, status: 'open' });
    // The change request now has main's changes and keeps its own.
    expect(await s.markdownOf(a, cr.id)).toBe('# A\n\ncr');
    expect(await s.markdownOf(b, cr.id)).toBe('# B\n\nmain');
    expect(await s.titles(cr.id)).toContain('Y');
    // The space did not change.
    expect(await s.spaceRevision()).toBe(main);
    expect(await s.markdownOf(a)).toBe('# A\n\na');
  });

  it('merges cleanly after an update: main’s changes pulled in are not conflicts', async () => {
    const { s, cr, a, b } = await seeded();
    await s.writeOk(cr.id, [edit(a, '# A\n\ncr')]);
    await s.changeMain([edit(b, '# B\n\nmain')]);
    expectOk(await s.update(cr.id), 'updateChangeRequestFromMain');
    // An edit in the change request on top of main's version of B.
    await s.writeOk(cr.id, [edit(b, '# B\n\nmain, then cr')]);
    const res = await s.merge(cr.id);
    expectOk(res, 'mergeChangeRequest');
    expect(res.body.result).toBe('merge');
    expect(await s.markdownOf(a)).toBe('# A\n\ncr');
    expect(await s.markdownOf(b)).toBe('# B\n\nmain, then cr');
  });

  it('answers conflicts and changes nothing when the same page was edited differently', async () => {
    const { s, cr, a, revisions } = await seeded();
    await s.writeOk(cr.id, [edit(a, '# A\n\ncr')]);
    await s.changeMain([edit(a, '# A\n\nmain')]);
    const crBefore = await s.getCr(cr.id);
    const count = await revisions();
    const res = await s.update(cr.id);
    expectOk(res, 'updateChangeRequestFromMain');
    // The change request's revision, unchanged.
    expect(res.body).toEqual({ revision: crBefore.revision, result: 'conflicts', conflicts: [{ page: a }] });
    expect(await s.getCr(cr.id)).toEqual(crBefore);
    expect(crBefore.outdated).toBe(true);
    expect(await s.markdownOf(a, cr.id)).toBe('# A\n\ncr');
    expect(await revisions()).toBe(count);
  });

  it('brings main’s deletions and files into the change request', async () => {
    const { s, cr, c } = await seeded();
    const fileId = await (async () => {
      const other = await s.createCr();
      const body = await s.writeOk(other.id, [remove(c), { operation: 'insert_files', files: [{ name: 'm.txt', base64: 'bWFpbg==' }] }]);
      expectOk(await s.merge(other.id), 'mergeChangeRequest');
      return body.insertedFiles[0].id as string;
    })();
    expectOk(await s.update(cr.id), 'updateChangeRequestFromMain');
    expect(await s.titles(cr.id)).toEqual(['A', 'B', 'D']);
    expectOk(await s.api.request('GET', `${s.crUrl(cr.id)}/content/files/${fileId}`, { as: s.adminId }), 'getChangeRequestFile');
  });
});

describe('when merging or updating is not allowed', () => {
  it('refuses to merge a change request twice (409)', async () => {
    const { s, cr, a } = await seeded();
    await s.writeOk(cr.id, [edit(a, '# A2')]);
    const first = await s.merge(cr.id);
    expectOk(first, 'mergeChangeRequest');
    const revision = await s.spaceRevision();
    expectError(await s.merge(cr.id), 409, /merged/);
    expect(await s.spaceRevision()).toBe(revision);
    expect(await s.getCr(cr.id)).toMatchObject({ status: 'merged', revisionMerged: first.body.revision });
    expectError(await s.update(cr.id), 409, /merged/);
  });

  it('refuses to merge or update an archived change request (409)', async () => {
    const { s, cr, a } = await seeded();
    await s.writeOk(cr.id, [edit(a, '# A2')]);
    expectOk(await s.patchCr(cr.id, { status: 'archived' }), 'updateChangeRequest');
    const revision = await s.spaceRevision();
    expectError(await s.merge(cr.id), 409, /archived/);
    expectError(await s.update(cr.id), 409, /archived/);
    expect(await s.spaceRevision()).toBe(revision);
    expect((await s.getCr(cr.id)).status).toBe('archived');
    expect(await s.markdownOf(a)).toBe('# A\n\na');
  });

  it('refuses to merge or update on a locked space (423)', async () => {
    const { s, cr, a, b } = await seeded();
    await s.writeOk(cr.id, [edit(a, '# A2')]);
    await s.changeMain([edit(b, '# B2')]);
    expectOk(await s.api.request('PATCH', `/v1/spaces/${s.spaceId}`, { as: s.adminId, body: { editMode: 'locked' } }), 'updateSpaceById');
    const revision = await s.spaceRevision();
    const crBefore = await s.getCr(cr.id);
    expectError(await s.merge(cr.id, s.reviewer), 423, /locked/);
    expectError(await s.update(cr.id), 423, /locked/);
    expect(await s.spaceRevision()).toBe(revision);
    expect(await s.getCr(cr.id)).toEqual(crBefore);
  });

  it('merges a draft', async () => {
    const { s, cr, a } = await seeded();
    await s.writeOk(cr.id, [edit(a, '# A2')]);
    expectOk(await s.patchCr(cr.id, { status: 'draft' }), 'updateChangeRequest');
    expectOk(await s.merge(cr.id), 'mergeChangeRequest');
    expect((await s.getCr(cr.id)).status).toBe('merged');
    expect(await s.markdownOf(a)).toBe('# A2');
  });
});
