import { describe, expect, it } from 'vitest';
import { expectOk, expectError } from '../helpers/app';
import { contentSetup } from '../helpers/content';

const insert = (markdown: string, extra: Record<string, unknown> = {}) => ({ operation: 'insert_page', document: { markdown }, ...extra });
const edit = (page: string, markdown: string) => ({ operation: 'update_page', page, document: { markdown } });
const remove = (page: string) => ({ operation: 'delete_page', page });

/** A space whose main content has pages A, B, C, D, and a change request opened from it. */
function seeded() {
  const s = contentSetup();
  const [a, b, c, d] = s.seed(['# A\n\na', '# B\n\nb', '# C\n\nc', '# D\n\nd']);
  const cr = s.createCr({ subject: 'work' }, s.editor);
  const revisions = () => s.count('SELECT COUNT(*) AS n FROM revisions');
  return { s, cr, a, b, c, d, revisions };
}

describe('merge without conflicts', () => {
  it('takes pages changed on one side from that side, new pages from both, and deletions from both', () => {
    const { s, cr, a, b, c, d } = seeded();
    s.writeOk(cr.id, [edit(a, '# A\n\nfrom the change request'), remove(c), insert('# X\n\nnew in cr')], s.editor);
    s.changeMain([edit(b, '# B\n\nfrom main'), remove(d), insert('# Y\n\nnew on main')]);
    expect(s.getCr(cr.id).outdated).toBe(true);

    const res = s.merge(cr.id, s.reviewer);
    expectOk(res, 'mergeChangeRequest');
    expect(res.body).toEqual({ revision: expect.any(String), result: 'merge' });

    const pages = s.flat(s.pages());
    expect(pages.map((p) => p.title).sort()).toEqual(['A', 'B', 'X', 'Y']);
    expect(s.markdownOf(a)).toBe('# A\n\nfrom the change request');
    expect(s.markdownOf(b)).toBe('# B\n\nfrom main');
    expect(pages.find((p) => p.id === c)).toBeUndefined();
    expect(pages.find((p) => p.id === d)).toBeUndefined();
    expect(s.markdownOf(pages.find((p) => p.title === 'X')!.id)).toBe('# X\n\nnew in cr');
  });

  it('answers the revision that becomes the space’s revision and the change request’s revisionMerged', () => {
    const { s, cr, a } = seeded();
    s.writeOk(cr.id, [edit(a, '# A2')], s.editor);
    const crRevision = s.getCr(cr.id).revision;
    const before = s.spaceRevision();
    const res = s.merge(cr.id, s.reviewer);
    expectOk(res, 'mergeChangeRequest');
    expect(res.body.revision).not.toBe(before);
    expect(s.spaceRevision()).toBe(res.body.revision);
    expect(s.getCr(cr.id)).toMatchObject({ status: 'merged', revisionMerged: res.body.revision, revision: crRevision, outdated: false });
    // The new revision descends from the space's previous revision and the change request's head.
    const content = s.api.request('GET', `/v1/spaces/${s.spaceId}/content`, { as: s.adminId });
    expectOk(content, 'getSpaceContent');
    expect(content.body).toMatchObject({ id: res.body.revision, parents: [before, crRevision], type: 'merge' });
  });

  it('brings the change request’s files into the space', () => {
    const { s, cr } = seeded();
    const body = s.writeOk(cr.id, [{ operation: 'insert_files', files: [{ name: 'a.txt', base64: Buffer.from('hi').toString('base64') }] }]);
    expectOk(s.merge(cr.id), 'mergeChangeRequest');
    const file = s.api.request('GET', `/v1/spaces/${s.spaceId}/content/files/${body.insertedFiles[0].id}`, { as: s.adminId });
    expectOk(file, 'getSpaceFile');
    expect(file.body).toMatchObject({ name: 'a.txt', size: 2 });
  });

  it('accepts the same edit made on both sides', () => {
    const { s, cr, a } = seeded();
    s.writeOk(cr.id, [edit(a, '# A\n\nsame')]);
    s.changeMain([edit(a, '# A\n\nsame')]);
    const res = s.merge(cr.id);
    expectOk(res, 'mergeChangeRequest');
    expect(res.body.result).toBe('merge');
    expect(s.markdownOf(a)).toBe('# A\n\nsame');
  });

  it('keeps the order of pages set in the change request', () => {
    const { s, cr, a, c } = seeded();
    s.writeOk(cr.id, [{ operation: 'update_page', page: c, at: 0 }]);
    expect(s.titles(cr.id)).toEqual(['C', 'A', 'B', 'D']);
    s.changeMain([edit(a, '# A\n\nmain')]);
    expectOk(s.merge(cr.id), 'mergeChangeRequest');
    expect(s.titles()).toEqual(['C', 'A', 'B', 'D']);
    expect(s.markdownOf(a)).toBe('# A\n\nmain');
  });

  it('keeps moves into another page from either side', () => {
    const { s, cr, a, b, c, d } = seeded();
    s.writeOk(cr.id, [{ operation: 'update_page', page: c, into: a }]);
    s.changeMain([{ operation: 'update_page', page: d, into: b }]);
    expectOk(s.merge(cr.id), 'mergeChangeRequest');
    const tree = s.pages();
    expect(tree.map((p) => [p.id, p.pages.map((q) => q.id)])).toEqual([[a, [c]], [b, [d]]]);
    expect(s.flat(tree).find((p) => p.id === c)!.path).toBe('a/c');
  });

  it('keeps paths unique when both sides added a page with the same title', () => {
    const { s, cr } = seeded();
    s.writeOk(cr.id, [insert('# Guide\n\ncr')]);
    s.changeMain([insert('# Guide\n\nmain')]);
    expectOk(s.merge(cr.id), 'mergeChangeRequest');
    const paths = s.flat(s.pages()).map((p) => p.path);
    expect(paths.filter((p) => p.startsWith('guide')).sort()).toEqual(['guide', 'guide-2']);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('makes other change requests opened from the old revision outdated', () => {
    const { s, cr, a } = seeded();
    const other = s.createCr({ subject: 'other' });
    expect(s.getCr(other.id).outdated).toBe(false);
    s.writeOk(cr.id, [edit(a, '# A2')]);
    expectOk(s.merge(cr.id), 'mergeChangeRequest');
    expect(s.getCr(other.id).outdated).toBe(true);
  });
});

describe('merge with conflicts', () => {
  it('answers the conflicting pages when the same page was edited differently on both sides, and changes nothing', () => {
    const { s, cr, a, b, revisions } = seeded();
    s.writeOk(cr.id, [edit(a, '# A\n\ncr'), edit(b, '# B\n\ncr only')]);
    s.changeMain([edit(a, '# A\n\nmain')]);
    const mainRevision = s.spaceRevision();
    const crBefore = s.getCr(cr.id);
    const count = revisions();

    const res = s.merge(cr.id, s.reviewer);
    expectOk(res, 'mergeChangeRequest');
    expect(res.body).toEqual({ result: 'conflicts', conflicts: [{ page: a }] });

    expect(s.spaceRevision()).toBe(mainRevision);
    expect(s.getCr(cr.id)).toEqual(crBefore);
    expect(crBefore).toMatchObject({ status: 'open', outdated: true });
    expect(s.markdownOf(a)).toBe('# A\n\nmain');
    expect(s.markdownOf(b)).toBe('# B\n\nb');
    expect(revisions()).toBe(count);
  });

  it('is a conflict when a page is edited on one side and deleted on the other', () => {
    const { s, cr, a, b } = seeded();
    s.writeOk(cr.id, [edit(a, '# A\n\ncr'), remove(b)]);
    s.changeMain([remove(a), edit(b, '# B\n\nmain')]);
    const mainRevision = s.spaceRevision();
    const res = s.merge(cr.id);
    expectOk(res, 'mergeChangeRequest');
    expect(res.body.result).toBe('conflicts');
    expect(res.body.revision).toBeUndefined();
    expect(res.body.conflicts.map((c: { page: string }) => c.page).sort()).toEqual([a, b].sort());
    expect(s.spaceRevision()).toBe(mainRevision);
    expect(s.getCr(cr.id).status).toBe('open');
  });

  it('is a conflict when a page deleted in the change request was edited on main', () => {
    const { s, cr, c } = seeded();
    s.writeOk(cr.id, [remove(c)]);
    s.changeMain([edit(c, '# C\n\nmain')]);
    const res = s.merge(cr.id);
    expect(res.body).toEqual({ result: 'conflicts', conflicts: [{ page: c }] });
    expect(s.markdownOf(c)).toBe('# C\n\nmain');
  });
});

describe('outdated and update', () => {
  it('is outdated once the space moves past the base, and up to date after an update', () => {
    const { s, cr, a, b } = seeded();
    expect(s.getCr(cr.id)).toMatchObject({ outdated: false });
    expect(s.getCr(cr.id).revisionMergedAncestor).toBeUndefined();
    s.writeOk(cr.id, [edit(a, '# A\n\ncr')]);
    expect(s.getCr(cr.id).outdated).toBe(false);
    const main = s.changeMain([edit(b, '# B\n\nmain'), insert('# Y')]);
    expect(s.getCr(cr.id).outdated).toBe(true);

    const before = s.getCr(cr.id).revision;
    const res = s.update(cr.id, s.editor);
    expectOk(res, 'updateChangeRequestFromMain');
    expect(res.body).toEqual({ revision: expect.any(String), result: 'update' });
    expect(res.body.revision).not.toBe(before);
    expect(s.getCr(cr.id)).toMatchObject({ outdated: false, revision: res.body.revision, revisionMergedAncestor: main, revisionInitial: cr.revisionInitial, status: 'open' });
    // The change request now has main's changes and keeps its own.
    expect(s.markdownOf(a, cr.id)).toBe('# A\n\ncr');
    expect(s.markdownOf(b, cr.id)).toBe('# B\n\nmain');
    expect(s.titles(cr.id)).toContain('Y');
    // The space did not change.
    expect(s.spaceRevision()).toBe(main);
    expect(s.markdownOf(a)).toBe('# A\n\na');
  });

  it('merges cleanly after an update: main’s changes pulled in are not conflicts', () => {
    const { s, cr, a, b } = seeded();
    s.writeOk(cr.id, [edit(a, '# A\n\ncr')]);
    s.changeMain([edit(b, '# B\n\nmain')]);
    expectOk(s.update(cr.id), 'updateChangeRequestFromMain');
    // An edit in the change request on top of main's version of B.
    s.writeOk(cr.id, [edit(b, '# B\n\nmain, then cr')]);
    const res = s.merge(cr.id);
    expectOk(res, 'mergeChangeRequest');
    expect(res.body.result).toBe('merge');
    expect(s.markdownOf(a)).toBe('# A\n\ncr');
    expect(s.markdownOf(b)).toBe('# B\n\nmain, then cr');
  });

  it('answers conflicts and changes nothing when the same page was edited differently', () => {
    const { s, cr, a, revisions } = seeded();
    s.writeOk(cr.id, [edit(a, '# A\n\ncr')]);
    s.changeMain([edit(a, '# A\n\nmain')]);
    const crBefore = s.getCr(cr.id);
    const count = revisions();
    const res = s.update(cr.id);
    expectOk(res, 'updateChangeRequestFromMain');
    expect(res.body).toEqual({ result: 'conflicts', conflicts: [{ page: a }] });
    expect(s.getCr(cr.id)).toEqual(crBefore);
    expect(crBefore.outdated).toBe(true);
    expect(s.markdownOf(a, cr.id)).toBe('# A\n\ncr');
    expect(revisions()).toBe(count);
  });

  it('brings main’s deletions and files into the change request', () => {
    const { s, cr, c } = seeded();
    const fileId = (() => {
      const other = s.createCr();
      const body = s.writeOk(other.id, [remove(c), { operation: 'insert_files', files: [{ name: 'm.txt', base64: 'bWFpbg==' }] }]);
      expectOk(s.merge(other.id), 'mergeChangeRequest');
      return body.insertedFiles[0].id as string;
    })();
    expectOk(s.update(cr.id), 'updateChangeRequestFromMain');
    expect(s.titles(cr.id)).toEqual(['A', 'B', 'D']);
    expectOk(s.api.request('GET', `${s.crUrl(cr.id)}/content/files/${fileId}`, { as: s.adminId }), 'getChangeRequestFile');
  });
});

describe('when merging or updating is not allowed', () => {
  it('refuses to merge a change request twice (409)', () => {
    const { s, cr, a } = seeded();
    s.writeOk(cr.id, [edit(a, '# A2')]);
    const first = s.merge(cr.id);
    expectOk(first, 'mergeChangeRequest');
    const revision = s.spaceRevision();
    expectError(s.merge(cr.id), 409, /merged/);
    expect(s.spaceRevision()).toBe(revision);
    expect(s.getCr(cr.id)).toMatchObject({ status: 'merged', revisionMerged: first.body.revision });
    expectError(s.update(cr.id), 409, /merged/);
  });

  it('refuses to merge or update an archived change request (409)', () => {
    const { s, cr, a } = seeded();
    s.writeOk(cr.id, [edit(a, '# A2')]);
    expectOk(s.patchCr(cr.id, { status: 'archived' }), 'updateChangeRequest');
    const revision = s.spaceRevision();
    expectError(s.merge(cr.id), 409, /archived/);
    expectError(s.update(cr.id), 409, /archived/);
    expect(s.spaceRevision()).toBe(revision);
    expect(s.getCr(cr.id).status).toBe('archived');
    expect(s.markdownOf(a)).toBe('# A\n\na');
  });

  it('refuses to merge or update on a locked space (423)', () => {
    const { s, cr, a, b } = seeded();
    s.writeOk(cr.id, [edit(a, '# A2')]);
    s.changeMain([edit(b, '# B2')]);
    expectOk(s.api.request('PATCH', `/v1/spaces/${s.spaceId}`, { as: s.adminId, body: { editMode: 'locked' } }), 'updateSpaceById');
    const revision = s.spaceRevision();
    const crBefore = s.getCr(cr.id);
    expectError(s.merge(cr.id, s.reviewer), 423, /locked/);
    expectError(s.update(cr.id), 423, /locked/);
    expect(s.spaceRevision()).toBe(revision);
    expect(s.getCr(cr.id)).toEqual(crBefore);
  });

  it('merges a draft', () => {
    const { s, cr, a } = seeded();
    s.writeOk(cr.id, [edit(a, '# A2')]);
    expectOk(s.patchCr(cr.id, { status: 'draft' }), 'updateChangeRequest');
    expectOk(s.merge(cr.id), 'mergeChangeRequest');
    expect(s.getCr(cr.id).status).toBe('merged');
    expect(s.markdownOf(a)).toBe('# A2');
  });
});
