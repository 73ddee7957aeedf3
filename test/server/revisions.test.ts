import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../helpers/app';
import { contentSetup, type ContentSetup } from '../helpers/content';
import { png } from '../fixtures/import/server';

/** Revision history and undo (issue 30, item 2): every route through the app. */

const insert = (markdown: string, extra: Record<string, unknown> = {}) => ({ operation: 'insert_page', document: { markdown }, ...extra });
const edit = (page: string, markdown: string) => ({ operation: 'update_page', page, document: { markdown } });
const remove = (page: string) => ({ operation: 'delete_page', page });

/** A change request written by the editor and merged by the reviewer; answers the merge revision. */
async function merged(s: ContentSetup, subject: string, changes: unknown[]) {
  const cr = await s.createCr({ subject }, s.editor);
  const written = await s.writeOk(cr.id, changes, s.editor);
  s.clock.advance(60_000);
  const res = await s.merge(cr.id, s.reviewer);
  expectOk(res, 'mergeChangeRequest');
  return { cr, revision: res.body.revision as string, written };
}

/** A space with a history: created (empty), seeded with A, B (with a sub-page B1) and C, then two merges. */
async function history() {
  const s = await contentSetup();
  const initial = await s.spaceRevision();
  s.clock.advance(60_000);
  const seed = await merged(s, 'Seed', [insert('# A\n\none\ntwo\nthree\n'), insert('# B\n\nb\n', { ref: 'b' }), insert('# B1\n\nb1\n', { into: 'b' }), insert('# C\n\nc\n')]);
  const [a, b, b1, c] = seed.written.changes.map((x: { page: string }) => x.page);
  const second = await merged(s, 'Edit A, drop B', [edit(a, '# A\n\none\n2\nthree\n'), remove(b), insert('# D\n\nd\n')]);
  const d = second.written.changes[2].page as string;
  const third = await merged(s, 'Move C under D', [{ operation: 'update_page', page: c, into: d }]);
  return { s, initial, seed, second, third, a, b, b1, c, d };
}

const base = (s: ContentSetup, space = s.spaceId) => `/v1/spaces/${space}`;

describe('revisions keep who made them', () => {
  it('records the writer of a change request\'s revisions and the merger of a merge', async () => {
    const { s, second } = await history();
    const by = async (id: string) => (await s.engine.core.get<{ created_by: string | null }>('SELECT created_by FROM revisions WHERE id = ?', [id]))!.created_by;
    expect(await by(second.revision)).toBe(s.reviewer);
    expect(await by(second.written.changeRequest.revision)).toBe(s.editor);
  });
});

describe('GET /v1/spaces/{spaceId}/revisions (listSpaceRevisions)', () => {
  it('lists the space\'s history newest first: who, the change request merged, and pages added, changed and removed', async () => {
    const { s, initial, seed, second, third } = await history();
    const res = await s.api.request('GET', `${base(s)}/revisions`, { as: s.reader });
    expectOk(res, 'listSpaceRevisions');
    expect(res.body.count).toBe(4);
    expect(res.body.items.map((r: { id: string }) => r.id)).toEqual([third.revision, second.revision, seed.revision, initial]);
    const reviewer = { object: 'user', id: s.reviewer, displayName: 'Reviewer', email: 'reviewer@acme.test' };
    expect(res.body.items[0]).toMatchObject({
      object: 'revision-summary', type: 'merge', parents: [second.revision, expect.any(String)], createdBy: reviewer,
      changeRequest: { id: third.cr.id, number: third.cr.number, subject: 'Move C under D' }, pages: { added: 0, changed: 1, removed: 0 },
    });
    // B and its sub-page B1 removed, A edited, D added.
    expect(res.body.items[1].pages).toEqual({ added: 1, changed: 1, removed: 2 });
    expect(res.body.items[2].pages).toEqual({ added: 4, changed: 0, removed: 0 });
    // The space's first revision: no parents, nobody recorded.
    expect(res.body.items[3]).toMatchObject({ id: initial, type: 'edits', parents: [], pages: { added: 0, changed: 0, removed: 0 } });
    expect(res.body.items[3]).not.toHaveProperty('createdBy');
    expect(res.body.items[3]).not.toHaveProperty('changeRequest');
  });

  it('leaves out change requests\' own revisions, updated from main or not', async () => {
    const { s } = await history();
    const open = await s.createCr({ subject: 'Not merged' }, s.editor);
    await s.writeOk(open.id, [insert('# Draft')], s.editor);
    await s.changeMain([insert('# Meanwhile')]);
    expectOk(await s.update(open.id, s.editor), 'updateChangeRequestFromMain');
    const res = await s.api.request('GET', `${base(s)}/revisions`, { as: s.admin.userId });
    expect(res.body.count).toBe(5);
    expect(res.body.items).toHaveLength(5);
    expect(res.body.items.map((r: { type: string }) => r.type)).toEqual(['merge', 'merge', 'merge', 'merge', 'edits']);
  });

  it('holds the changes made outside change requests: a site\'s sample pages, a duplicate\'s copy', async () => {
    const s = await contentSetup();
    const creator = s.admin.userId;
    const site = await s.api.request('POST', `/v1/orgs/${s.orgId}/sites`, { as: creator, body: { title: 'Handbook', spaces: 'sample' } });
    expect(site.status).toBe(201);
    const spaces = await s.api.request('GET', `/v1/orgs/${s.orgId}/spaces`, { as: creator });
    const spaceId = spaces.body.items.find((x: { title: string }) => x.title === 'Handbook').id as string;
    const res = await s.api.request('GET', `${base(s, spaceId)}/revisions`, { as: creator });
    expectOk(res, 'listSpaceRevisions');
    expect(res.body.items).toEqual([
      expect.objectContaining({ type: 'edits', createdBy: expect.objectContaining({ email: 'admin@acme.test' }), pages: { added: 3, changed: 0, removed: 0 } }),
      expect.objectContaining({ type: 'edits', parents: [] }),
    ]);
    const copy = await s.api.request('POST', `${base(s, spaceId)}/duplicate`, { as: s.admin.userId });
    const copied = await s.api.request('GET', `${base(s, copy.body.id)}/revisions`, { as: s.admin.userId });
    expect(copied.body).toEqual({
      count: 1,
      items: [expect.objectContaining({ type: 'edits', parents: [], createdBy: expect.objectContaining({ email: 'admin@acme.test' }), pages: { added: 3, changed: 0, removed: 0 } })],
    });
  });

  it('pages with a cursor, and refuses a cursor of another list or a bad limit', async () => {
    const { s, initial, seed, second, third } = await history();
    const ids: string[] = [];
    let url = `${base(s)}/revisions?limit=3`;
    for (;;) {
      const res = await s.api.request('GET', url, { as: s.reader });
      expectOk(res, 'listSpaceRevisions');
      expect(res.body.count).toBe(4);
      ids.push(...res.body.items.map((r: { id: string }) => r.id));
      if (!res.body.next) break;
      url = `${base(s)}/revisions?limit=3&page=${res.body.next.page}`;
    }
    expect(ids).toEqual([third.revision, second.revision, seed.revision, initial]);
    expectError(await s.api.request('GET', `${base(s)}/revisions?page=nonsense`, { as: s.reader }), 400, /page: is not a valid page cursor/);
    expectError(await s.api.request('GET', `${base(s)}/revisions?limit=0`, { as: s.reader }), 400, /limit/);
    expectError(await s.api.request('GET', `${base(s)}/revisions?since=1`, { as: s.reader }), 400, /since/);
  });

  it('is 404 for a space the caller cannot see, or that does not exist', async () => {
    const { s } = await history();
    expectError(await s.api.request('GET', `${base(s)}/revisions`, { as: s.stranger }), 404, /space .* not found/);
    expectError(await s.api.request('GET', `${base(s, 'nope')}/revisions`, { as: s.admin.userId }), 404);
  });
});

describe('GET /v1/spaces/{spaceId}/revisions/{revisionId} (getRevisionById)', () => {
  it('answers any revision of the space as the platform\'s Revision, a merge with the change request it merged', async () => {
    const { s, seed, second } = await history();
    const res = await s.api.request('GET', `${base(s)}/revisions/${seed.revision}`, { as: s.reader });
    expectOk(res, 'getRevisionById');
    expect(res.body).toMatchObject({ object: 'revision', id: seed.revision, type: 'merge', mergedFrom: { id: seed.cr.id, status: 'merged' } });
    expect(s.flat(res.body.pages).map((p) => p.title)).toEqual(['A', 'B', 'B1', 'C']);
    const edits = await s.api.request('GET', `${base(s)}/revisions/${second.written.changeRequest.revision}`, { as: s.reader });
    expectOk(edits, 'getRevisionById');
    expect(edits.body).not.toHaveProperty('mergedFrom');
  });

  it('is 404 for a revision of another space, an unknown one, or a space the caller cannot see', async () => {
    const { s, seed } = await history();
    const other = await s.createSpace('Other');
    expectError(await s.api.request('GET', `${base(s, other)}/revisions/${seed.revision}`, { as: s.admin.userId }), 404, /revision .* not found in space/);
    expectError(await s.api.request('GET', `${base(s)}/revisions/nope`, { as: s.admin.userId }), 404, /revision nope not found/);
    expectError(await s.api.request('GET', `${base(s)}/revisions/${seed.revision}`, { as: s.stranger }), 404, /space/);
    expectError(await s.api.request('GET', `${base(s)}/revisions/${seed.revision}?metadata=maybe`, { as: s.admin.userId }), 400, /metadata/);
  });
});

describe('GET /v1/spaces/{spaceId}/revisions/{revisionId}/page/{pageId} (getPageInRevisionById)', () => {
  it('answers a page as it was in a revision, a deleted one too, with its markdown or its document', async () => {
    const { s, a, b1, seed } = await history();
    const md = await s.api.request('GET', `${base(s)}/revisions/${seed.revision}/page/${b1}?format=markdown`, { as: s.reader });
    expectOk(md, 'getPageInRevisionById');
    expect(md.body).toMatchObject({ id: b1, type: 'document', title: 'B1', path: 'b/b1', markdown: '# B1\n\nb1\n' });
    const doc = await s.api.request('GET', `${base(s)}/revisions/${seed.revision}/page/${a}`, { as: s.reader });
    expectOk(doc, 'getPageInRevisionById');
    expect(doc.body.document).toMatchObject({ object: 'document' });
    expect(doc.body).not.toHaveProperty('markdown');
  });

  it('is 404 for a page the revision lacks, an unknown revision or a space the caller cannot see; checks format', async () => {
    const { s, b1, second, seed } = await history();
    expectError(await s.api.request('GET', `${base(s)}/revisions/${second.revision}/page/${b1}`, { as: s.reader }), 404, new RegExp(`page ${b1} not found in revision`));
    expectError(await s.api.request('GET', `${base(s)}/revisions/nope/page/${b1}`, { as: s.reader }), 404, /revision nope not found/);
    expectError(await s.api.request('GET', `${base(s)}/revisions/${seed.revision}/page/${b1}`, { as: s.stranger }), 404, /space/);
    expectError(await s.api.request('GET', `${base(s)}/revisions/${seed.revision}/page/${b1}?format=html`, { as: s.reader }), 400, /format/);
  });
});

describe('GET …/revisions/{revisionId}/changes and …/change-requests/{changeRequestId}/changes (semantic changes)', () => {
  it('lists pages created, edited, moved and deleted against the first parent, as the platform does', async () => {
    const { s, a, b, b1, d, second, third, c } = await history();
    const res = await s.api.request('GET', `${base(s)}/revisions/${second.revision}/changes`, { as: s.reader });
    expectOk(res, 'getRevisionSemanticChanges');
    expect(res.body.mergedFrom).toMatchObject({ id: second.cr.id, number: second.cr.number });
    expect(res.body.changes).toEqual([
      { type: 'page_created', page: { id: d, type: 'document', title: 'D', path: 'd' } },
      { type: 'page_edited', page: { id: a, type: 'document', title: 'A', path: 'a' }, attributes: { document: { before: expect.any(String), after: expect.any(String) } } },
      { type: 'page_deleted', page: { id: b, type: 'document', title: 'B', path: 'b' } },
      { type: 'page_deleted', page: { id: b1, type: 'document', title: 'B1', path: 'b/b1' } },
    ]);
    const moved = await s.api.request('GET', `${base(s)}/revisions/${third.revision}/changes`, { as: s.reader });
    expect(moved.body.changes).toEqual([
      { type: 'page_moved', page: { id: c, type: 'document', title: 'C', path: 'd/c' }, parent: { after: { id: d, type: 'document', title: 'D', path: 'd' } } },
    ]);
  });

  it('answers at most `limit` changes and says how many more there are', async () => {
    const { s, seed } = await history();
    const res = await s.api.request('GET', `${base(s)}/revisions/${seed.revision}/changes?limit=3`, { as: s.reader });
    expectOk(res, 'getRevisionSemanticChanges');
    expect(res.body.changes).toHaveLength(3);
    expect(res.body.more).toBe(1);
    expectError(await s.api.request('GET', `${base(s)}/revisions/${seed.revision}/changes?limit=0`, { as: s.reader }), 400, /limit/);
    expectError(await s.api.request('GET', `${base(s)}/revisions/${seed.revision}/changes?limit=x`, { as: s.reader }), 400, /limit: must be a whole number/);
    expectError(await s.api.request('GET', `${base(s)}/revisions/nope/changes`, { as: s.reader }), 404);
    expectError(await s.api.request('GET', `${base(s)}/revisions/${seed.revision}/changes`, { as: s.stranger }), 404);
  });

  it('a change request: what it changes since its base while open, what its merge changed once merged', async () => {
    const { s, a, second } = await history();
    const open = await s.createCr({ subject: 'Retitle A' }, s.editor);
    await s.writeOk(open.id, [{ operation: 'update_page', page: a, title: 'Alpha' }], s.editor);
    const res = await s.api.request('GET', `${base(s)}/change-requests/${open.number}/changes`, { as: s.reader });
    expectOk(res, 'getChangeRequestChanges');
    expect(res.body).toEqual({ changes: [{ type: 'page_edited', page: { id: a, type: 'document', title: 'Alpha', path: 'a' }, attributes: { title: { before: 'A', after: 'Alpha' }, document: { before: expect.any(String), after: expect.any(String) } } }] });
    const done = await s.api.request('GET', `${base(s)}/change-requests/${second.cr.id}/changes?limit=1`, { as: s.reader });
    expectOk(done, 'getChangeRequestChanges');
    expect(done.body).toMatchObject({ changes: [{ type: 'page_created' }], more: 3 });
    expectError(await s.api.request('GET', `${base(s)}/change-requests/99/changes`, { as: s.reader }), 404, /change request 99 not found/);
    expectError(await s.api.request('GET', `${base(s)}/change-requests/${open.id}/changes`, { as: s.stranger }), 404);
    expectError(await s.api.request('GET', `${base(s)}/change-requests/${open.id}/changes?metadata=true`, { as: s.reader }), 400, /metadata/);
  });
});

describe('GET …/revisions/{revisionId}/diff and …/change-requests/{changeRequestId}/diff (docsctl)', () => {
  it('answers pages added, removed, moved and changed, with a unified diff of each changed page\'s markdown', async () => {
    const { s, a, b, b1, d, seed, second } = await history();
    const res = await s.api.request('GET', `${base(s)}/revisions/${second.revision}/diff`, { as: s.reader });
    expectOk(res, 'getRevisionDiff');
    expect(res.body).toMatchObject({ object: 'content-diff', from: seed.revision, to: second.revision });
    expect(res.body.pages.added).toEqual([{ id: d, type: 'document', title: 'D', path: 'd' }]);
    expect(res.body.pages.removed).toEqual([{ id: b, type: 'document', title: 'B', path: 'b' }, { id: b1, type: 'document', title: 'B1', path: 'b/b1' }]);
    expect(res.body.pages.moved).toEqual([]);
    expect(res.body.pages.changed).toEqual([{
      id: a, type: 'document', title: 'A', path: 'a', attributes: {}, lines: { added: 1, removed: 1 },
      diff: '--- a/a\n+++ b/a\n@@ -1,5 +1,5 @@\n # A\n \n one\n-two\n+2\n three\n',
    }]);
    expect(res.body).not.toHaveProperty('truncated');
  });

  it('takes another revision to compare with (from), and shows a move with both places', async () => {
    const { s, c, d, seed, third } = await history();
    const res = await s.api.request('GET', `${base(s)}/revisions/${third.revision}/diff?from=${seed.revision}`, { as: s.reader });
    expectOk(res, 'getRevisionDiff');
    expect(res.body.from).toBe(seed.revision);
    expect(res.body.pages.moved).toEqual([{
      id: c, type: 'document', title: 'C', path: 'd/c',
      from: { parent: null, path: 'c', position: 2 },
      to: { parent: { id: d, type: 'document', title: 'D', path: 'd' }, path: 'd/c', position: 0 },
    }]);
    expect(res.body.pages.changed.map((p: { title: string }) => p.title)).toEqual(['A']);
    expect(res.body.pages.removed.map((p: { title: string }) => p.title)).toEqual(['B', 'B1']);
    expectError(await s.api.request('GET', `${base(s)}/revisions/${third.revision}/diff?from=nope`, { as: s.reader }), 400, /from: no revision nope in space/);
    expectError(await s.api.request('GET', `${base(s)}/revisions/${third.revision}/diff?from=`, { as: s.reader }), 400, /from/);
    expectError(await s.api.request('GET', `${base(s)}/revisions/${third.revision}/diff?to=x`, { as: s.reader }), 400, /to/);
    expectError(await s.api.request('GET', `${base(s)}/revisions/nope/diff`, { as: s.reader }), 404, /revision nope not found/);
    expectError(await s.api.request('GET', `${base(s)}/revisions/${third.revision}/diff`, { as: s.stranger }), 404);
  });

  it('shows title and path changes as attributes, and the first revision against empty content', async () => {
    const { s, a, initial } = await history();
    const rev = await s.changeMain([{ operation: 'update_page', page: a, title: 'Alpha', slug: 'alpha' }]);
    const res = await s.api.request('GET', `${base(s)}/revisions/${rev}/diff`, { as: s.reader });
    expect(res.body.pages.changed).toEqual([{
      id: a, type: 'document', title: 'Alpha', path: 'alpha',
      attributes: { title: { before: 'A', after: 'Alpha' }, slug: { before: 'a', after: 'alpha' }, path: { before: 'a', after: 'alpha' } },
    }]);
    const first = await s.api.request('GET', `${base(s)}/revisions/${initial}/diff`, { as: s.reader });
    expectOk(first, 'getRevisionDiff');
    expect(first.body).toMatchObject({ from: null, to: initial, pages: { added: [], removed: [], moved: [], changed: [] } });
  });

  it('bounds its work: a page with too many changed lines is shown replaced whole, and past 1 MiB of diffs pages come without theirs', async () => {
    const s = await contentSetup();
    const lines = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag} line ${i}`).join('\n') + '\n';
    const [big, huge1, huge2] = await s.seed(['# Big\n\n' + lines(3000, 'old'), '# H1\n\n' + lines(40_000, 'old'), '# H2\n\n' + lines(40_000, 'old')]);
    const rev = await s.changeMain([
      edit(big, '# Big\n\n' + lines(3000, 'new')),
      edit(huge1, '# H1\n\n' + lines(40_000, 'new')),
      edit(huge2, '# H2\n\n' + lines(40_000, 'new')),
    ]);
    const res = await s.api.request('GET', `${base(s)}/revisions/${rev}/diff`, { as: s.admin.userId });
    expectOk(res, 'getRevisionDiff');
    const [first, second, third] = res.body.pages.changed;
    expect(first).toMatchObject({ title: 'Big', lines: { added: 3000, removed: 3000 }, note: expect.stringMatching(/more than 2000 lines changed/) });
    expect(first.diff).toMatch(/^--- a\/big\n\+\+\+ b\/big\n@@ -1,3002 \+1,3002 @@\n # Big\n \n-old line 0\n/);
    // Every old line removed, then every new one added: correct, not the shortest.
    expect(first.diff).toMatch(/-old line 2999\n\+new line 0\n/);
    expect(second).toMatchObject({ title: 'H1', lines: { added: 40_000, removed: 40_000 }, omitted: expect.stringMatching(/at most 1 MiB of diffs/) });
    expect(second).not.toHaveProperty('diff');
    expect(third).toMatchObject({ title: 'H2', omitted: expect.stringMatching(/at most 1 MiB/) });
    expect(res.body.truncated).toMatch(/^2 diff\(s\) left out/);
  });

  it('a change request\'s diff: since its base while open, what its merge brought once merged', async () => {
    const { s, a, second } = await history();
    const open = await s.createCr({ subject: 'Rewrite A' }, s.editor);
    await s.writeOk(open.id, [edit(a, '# A\n\nrewritten\n')], s.editor);
    await s.changeMain([insert('# Elsewhere')]);
    const res = await s.api.request('GET', `${base(s)}/change-requests/${open.number}/diff`, { as: s.reader });
    expectOk(res, 'getChangeRequestDiff');
    expect(res.body).toMatchObject({ object: 'content-diff', changeRequest: { id: open.id, number: open.number }, to: (await s.getCr(open.id)).revision });
    expect(res.body.pages.added).toEqual([]);
    expect(res.body.pages.changed).toHaveLength(1);
    expect(res.body.pages.changed[0].diff).toBe('--- a/a\n+++ b/a\n@@ -1,5 +1,3 @@\n # A\n \n-one\n-2\n-three\n+rewritten\n');
    const done = await s.api.request('GET', `${base(s)}/change-requests/${second.cr.number}/diff`, { as: s.reader });
    expectOk(done, 'getChangeRequestDiff');
    expect(done.body).toMatchObject({ from: second.written.changeRequest.revisionInitial, to: second.revision });
    expect(done.body.pages.removed.map((p: { title: string }) => p.title)).toEqual(['B', 'B1']);
    expectError(await s.api.request('GET', `${base(s)}/change-requests/99/diff`, { as: s.reader }), 404);
    expectError(await s.api.request('GET', `${base(s)}/change-requests/${open.id}/diff`, { as: s.stranger }), 404);
  });
});

describe('GET /v1/spaces/{spaceId}/deleted-pages (listSpaceDeletedPages)', () => {
  it('lists pages removed in the last 7 days that the space still lacks: who, when, the revision that removed them and the last that had them', async () => {
    const { s, b, b1, seed, second } = await history();
    const res = await s.api.request('GET', `${base(s)}/deleted-pages`, { as: s.reader });
    expectOk(res, 'listSpaceDeletedPages');
    const reviewer = { object: 'user', id: s.reviewer, displayName: 'Reviewer', email: 'reviewer@acme.test', urls: { location: `http://docs.test/v1/users/${s.reviewer}` } };
    const common = { object: 'deleted-page', deletedBy: reviewer, revision: second.revision, lastRevision: seed.revision, changeRequest: { id: second.cr.id, number: second.cr.number, subject: 'Edit A, drop B' } };
    expect(res.body).toEqual({
      count: 2,
      items: [
        { ...common, page: { id: b, type: 'document', title: 'B', path: 'b' }, parent: null, deletedAt: expect.any(String) },
        { ...common, page: { id: b1, type: 'document', title: 'B1', path: 'b/b1' }, parent: b, deletedAt: expect.any(String) },
      ],
    });
  });

  it('looks back `days` days, pages with a cursor, and checks its query', async () => {
    const { s } = await history();
    s.clock.advance(8 * 86_400_000);
    const none = await s.api.request('GET', `${base(s)}/deleted-pages`, { as: s.reader });
    expectOk(none, 'listSpaceDeletedPages');
    expect(none.body).toEqual({ count: 0, items: [] });
    const month = await s.api.request('GET', `${base(s)}/deleted-pages?days=30&limit=1`, { as: s.reader });
    expectOk(month, 'listSpaceDeletedPages');
    expect(month.body.count).toBe(2);
    expect(month.body.items.map((i: { page: { title: string } }) => i.page.title)).toEqual(['B']);
    const rest = await s.api.request('GET', `${base(s)}/deleted-pages?days=30&limit=1&page=${month.body.next.page}`, { as: s.reader });
    expect(rest.body.items.map((i: { page: { title: string } }) => i.page.title)).toEqual(['B1']);
    expect(rest.body).not.toHaveProperty('next');
    expectError(await s.api.request('GET', `${base(s)}/deleted-pages?days=0`, { as: s.reader }), 400, /days/);
    expectError(await s.api.request('GET', `${base(s)}/deleted-pages?days=366`, { as: s.reader }), 400, /days/);
    expectError(await s.api.request('GET', `${base(s)}/deleted-pages?days=week`, { as: s.reader }), 400, /days: must be a whole number/);
    expectError(await s.api.request('GET', `${base(s)}/deleted-pages?page=bad`, { as: s.reader }), 400, /page/);
    expectError(await s.api.request('GET', `${base(s)}/deleted-pages`, { as: s.stranger }), 404);
  });
});

describe('POST /v1/spaces/{spaceId}/revisions/{revisionId}/restore (restoreRevision)', () => {
  /** Change requests in the space, and the page tree's titles. */
  const crCount = async (s: ContentSetup) => await s.count('SELECT COUNT(*) AS n FROM change_requests WHERE space_id = ?', [s.spaceId]);
  const restore = async (s: ContentSetup, revision: string, body: Record<string, unknown> = {}, as = s.admin.userId) =>
    await s.api.request('POST', `${base(s)}/revisions/${revision}/restore`, { as, body });

  it('brings back a page a merged change request deleted, with its markdown and its image byte for byte, and its sub-pages', async () => {
    const s = await contentSetup();
    // An image uploaded through the upload route, which the page references.
    const image = Buffer.concat([png(32, 16), Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 37) % 256))]);
    const uploaded = await s.api.request('POST', `${base(s)}/uploads?name=diagram.png`, { as: s.editor, bytes: image });
    expectOk(uploaded, 'createSpaceUpload');
    const first = await s.createCr({ subject: 'Add guide' }, s.editor);
    const files = await s.writeOk(first.id, [{ operation: 'insert_files', files: [{ name: 'diagram.png', upload: uploaded.body.id }] }], s.editor);
    const fileId = files.insertedFiles[0].id as string;
    const markdown = `---\ndescription: How it fits\n---\n\n# Guide\n\nSee the diagram:\n\n![Diagram](/files/${fileId})\n\nTrailing spaces  \nand no final newline`;
    const pages = await s.writeOk(first.id, [insert('# Intro\n'), insert(markdown, { ref: 'g' }), insert('# Step 1\n\nDo it.\n', { into: 'g' }), insert('# Outro\n')], s.editor);
    const [, guide, step] = pages.changes.map((c: { page: string }) => c.page);
    expectOk(await s.merge(first.id, s.reviewer), 'mergeChangeRequest');
    const before = await s.spaceRevision();

    // A change request deletes the page and its image; it is merged.
    const drop = await s.createCr({ subject: 'Remove the guide' }, s.editor);
    await s.writeOk(drop.id, [remove(guide), { operation: 'delete_files', files: [fileId] }], s.editor);
    expectOk(await s.merge(drop.id, s.reviewer), 'mergeChangeRequest');
    expect(await s.titles()).toEqual(['Intro', 'Outro']);

    // Support finds it and restores it from the last revision that had it.
    const deleted = await s.api.request('GET', `${base(s)}/deleted-pages`, { as: s.editor });
    const entry = deleted.body.items.find((i: { page: { id: string } }) => i.page.id === guide);
    expect(entry).toMatchObject({ lastRevision: before, deletedBy: { email: 'reviewer@acme.test' }, changeRequest: { number: drop.number } });
    const res = await restore(s, entry.lastRevision, { page: guide, merge: true }, s.reviewer);
    expectOk(res, 'restoreRevision');
    expect(res.body).toMatchObject({
      object: 'revision-restore', revision: before, page: guide,
      changeRequest: { status: 'merged', subject: `Restore "Guide" from revision ${before}` },
      pages: { added: 2, changed: 0, removed: 0 }, files: { added: [fileId], removed: [] },
    });

    // The same page ids, at their place, the markdown and the file's bytes exactly as before.
    expect(await s.titles()).toEqual(['Intro', 'Guide', 'Step 1', 'Outro']);
    expect(s.flat(await s.pages()).map((p) => p.id)).toContain(step);
    expect(await s.markdownOf(guide)).toBe(markdown);
    expect(await s.markdownOf(step)).toBe('# Step 1\n\nDo it.\n');
    const download = await s.api.request('GET', `${base(s)}/files/${fileId}/download`, { as: s.editor });
    expect(download.status).toBe(200);
    expect(Buffer.compare(download.body as Buffer, image)).toBe(0);
    const file = await s.api.request('GET', `${base(s)}/content/files/${fileId}`, { as: s.editor });
    expectOk(file, 'getSpaceFile');
    expect(file.body).toMatchObject({ name: 'diagram.png', contentType: 'image/png', size: image.length, dimensions: { width: 32, height: 16 } });
    // Nothing else changed: the deleted page is no longer listed, and the history shows the restore as a merge.
    expect((await s.api.request('GET', `${base(s)}/deleted-pages`, { as: s.editor })).body.count).toBe(0);
    const history = await s.api.request('GET', `${base(s)}/revisions?limit=1`, { as: s.editor });
    expect(history.body.items[0]).toMatchObject({ type: 'merge', changeRequest: { number: res.body.changeRequest.number }, pages: { added: 2, changed: 0, removed: 0 } });
  });

  it('puts a page whose parent is gone at the end of the root, and keeps a taken slug apart', async () => {
    const { s, b1, seed } = await history();
    await s.changeMain([insert('# B1\n\nanother page with the slug\n')]);
    const res = await restore(s, seed.revision, { page: b1, merge: true });
    expectOk(res, 'restoreRevision');
    const tree = s.flat(await s.pages());
    expect(tree.map((p) => p.title)).toEqual(['A', 'D', 'C', 'B1', 'B1']);
    const restored = tree.find((p) => p.id === b1)!;
    expect(restored.path).toBe('b1-2');
    expect(await s.markdownOf(b1)).toBe('# B1\n\nb1\n');
  });

  it('returns the whole content to a revision through an open change request, merged like any other', async () => {
    const { s, seed, a } = await history();
    const res = await restore(s, seed.revision, {}, s.editor);
    expectOk(res, 'restoreRevision');
    expect(res.body).toMatchObject({ changeRequest: { status: 'open', subject: `Restore the content of revision ${seed.revision}` }, pages: { added: 2, changed: 2, removed: 1 } });
    expect(await s.titles()).toEqual(['A', 'D', 'C']);
    expect(await s.titles(res.body.changeRequest.id)).toEqual(['A', 'B', 'B1', 'C']);
    expectOk(await s.merge(res.body.changeRequest.id, s.reviewer), 'mergeChangeRequest');
    expect(await s.titles()).toEqual(['A', 'B', 'B1', 'C']);
    expect(await s.markdownOf(a)).toBe('# A\n\none\ntwo\nthree\n');
    const diff = await s.api.request('GET', `${base(s)}/revisions/${await s.spaceRevision()}/diff?from=${seed.revision}`, { as: s.reader });
    expect(diff.body.pages).toEqual({ added: [], removed: [], moved: [], changed: [] });
  });

  it('restores a page that still exists to its content then, and takes a subject', async () => {
    const { s, a, seed } = await history();
    const res = await restore(s, seed.revision, { page: a, subject: 'Undo the edit of A' }, s.editor);
    expectOk(res, 'restoreRevision');
    expect(res.body).toMatchObject({ changeRequest: { subject: 'Undo the edit of A', status: 'open' }, pages: { added: 0, changed: 1, removed: 0 } });
    expect(await s.markdownOf(a, res.body.changeRequest.id)).toBe('# A\n\none\ntwo\nthree\n');
    expect(await s.titles(res.body.changeRequest.id)).toEqual(['A', 'D', 'C']);
  });

  it('refuses a restore that would change nothing, leaving no change request behind', async () => {
    const { s, c, third } = await history();
    const count = await crCount(s);
    const revisions = await s.count('SELECT COUNT(*) AS n FROM revisions');
    expectError(await restore(s, third.revision), 409, /nothing to restore/);
    expectError(await restore(s, third.revision, { page: c, merge: true }), 409, /nothing to restore: .*page/);
    expect(await crCount(s)).toBe(count);
    expect(await s.count('SELECT COUNT(*) AS n FROM revisions')).toBe(revisions);
  });

  it('needs edit on the space, review to merge; a reader or a stranger gets nothing made', async () => {
    const { s, seed, b } = await history();
    const count = await crCount(s);
    expectError(await restore(s, seed.revision, { page: b }, s.reader), 403, /edit role on the space required/);
    expectError(await restore(s, seed.revision, { page: b, merge: true }, s.editor), 403, /review role on the space required/);
    expectError(await restore(s, seed.revision, { page: b }, s.stranger), 404, /space/);
    expect(await crCount(s)).toBe(count);
    expectOk(await restore(s, seed.revision, { page: b }, s.editor), 'restoreRevision');
    expect(await crCount(s)).toBe(count + 1);
  });

  it('checks the revision, the page and the body; a locked space refuses', async () => {
    const { s, seed, b } = await history();
    const count = await crCount(s);
    const other = await s.createSpace('Other');
    expectError(await restore(s, 'nope'), 404, /revision nope not found in space/);
    expectError(await s.api.request('POST', `${base(s, other)}/revisions/${seed.revision}/restore`, { as: s.admin.userId, body: {} }), 404, /revision .* not found/);
    expectError(await restore(s, seed.revision, { page: 'nope' }), 400, /^page: no page nope in revision/);
    expectError(await restore(s, seed.revision, { page: '' }), 400, /page/);
    expectError(await restore(s, seed.revision, { merge: 'yes' }), 400, /merge/);
    expectError(await restore(s, seed.revision, { subject: 'x'.repeat(101) }), 400, /subject/);
    expectError(await restore(s, seed.revision, { pages: [b] }), 400, /pages/);
    await s.api.request('PATCH', base(s), { as: s.admin.userId, body: { editMode: 'locked' } });
    expectError(await restore(s, seed.revision, { page: b }), 423, /locked/);
    expect(await crCount(s)).toBe(count);
  });
});

describe('restore_content and restore_page in a write batch', () => {
  it('names the revision or page that is not there', async () => {
    const { s, seed } = await history();
    const other = await s.createSpace('Other');
    const otherRevision = await s.spaceRevision(other);
    const cr = await s.createCr({ subject: 'Restore by hand' }, s.editor);
    expectError(await s.write(cr.id, [{ operation: 'restore_content', revision: otherRevision }], s.editor), 400, /^changes\[0\]\.revision: no revision .* in this space/);
    expectError(await s.write(cr.id, [{ operation: 'restore_page', revision: seed.revision, page: 'nope' }], s.editor), 400, /^changes\[0\]\.page: no page nope in revision/);
    expectError(await s.write(cr.id, [{ operation: 'restore_page', revision: seed.revision }], s.editor), 400, /page/);
  });

  it('applies in order with the batch\'s other changes', async () => {
    const { s, seed, b } = await history();
    const cr = await s.createCr({ subject: 'Restore by hand' }, s.editor);
    const res = await s.writeOk(cr.id, [{ operation: 'restore_content', revision: seed.revision }, insert('# E', { into: b })], s.editor);
    expect(res.changes).toEqual([{ operation: 'restore_content' }, { operation: 'insert_page', page: expect.any(String) }]);
    expect(await s.titles(cr.id)).toEqual(['A', 'B', 'B1', 'E', 'C']);
  });
});
