import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addMember } from '../helpers/engine';
import { expectError, expectOk } from '../helpers/app';
import { contentSetup, type ContentSetup } from '../helpers/content';

/** Git Sync's include files, as a repository holds them: frontmatter, CRLF, trailing blanks, no final newline. */
const RESTART = '---\ntitle: Restart Lawnchair\n---\n\n1. Long press on the home screen.\n2. Tap **Restart**.\n';
const ODD = 'Line one  \r\nLine two é\t\r\n\r\n* item';

const insert = (title: string, markdown: string, extra: Record<string, unknown> = {}) => ({ operation: 'insert_reusable_content', title, document: { markdown }, ...extra });
const gitOid = (text: string) => {
  const bytes = Buffer.from(text);
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
};
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const contentUrl = (s: ContentSetup, cr?: string) => (cr === undefined ? `/v1/spaces/${s.spaceId}/content` : `${s.crUrl(cr)}/content`);
async function listed(s: ContentSetup, cr?: string, query = '', as = s.adminId) {
  const res = await s.api.request('GET', `${contentUrl(s, cr)}/reusable-contents${query}`, { as });
  expectOk(res, cr === undefined ? 'listSpaceReusableContents' : 'listChangeRequestReusableContents');
  return res.body as { next?: { page: string }; count: number; items: { id: string; title: string; markdown: string; document: { nodes: unknown[] }; git?: { oid: string; path: string } }[] };
}
async function revision(s: ContentSetup, cr?: string) {
  const res = await s.api.request('GET', contentUrl(s, cr), { as: s.adminId });
  expectOk(res, cr === undefined ? 'getSpaceContent' : 'getChangeRequestContent');
  return res.body as { reusableContents: { id: string; title: string; document: string; git?: { oid: string; path: string } }[] };
}

/** A change request holding reusable content "Restart" (kept in a Git Sync file), and its id. */
async function withRestart() {
  const s = await contentSetup();
  const cr = await s.createCr();
  const body = await s.writeOk(cr.id, [insert('Restart Lawnchair', RESTART, { git: { path: '.gitbook/includes/restart-lawnchair.md' } })]);
  return { s, cr, id: body.changes[0].reusableContent as string, body };
}

describe('write batch: insert_reusable_content, update_reusable_content, delete_reusable_content', () => {
  it('inserts one, answering its id, and keeps its text byte for byte', async () => {
    const { s, cr, id, body } = await withRestart();
    expect(body.changes).toEqual([{ operation: 'insert_reusable_content', reusableContent: id }]);
    const second = await s.writeOk(cr.id, [insert('Odd', ODD)]);
    const odd = second.changes[0].reusableContent as string;
    const { items } = await listed(s, cr.id);
    expect(items).toEqual([
      { object: 'reusable-content', id: odd, title: 'Odd', document: expect.objectContaining({ object: 'document' }), markdown: ODD },
      {
        object: 'reusable-content', id, title: 'Restart Lawnchair', markdown: RESTART,
        document: expect.objectContaining({ object: 'document' }),
        git: { oid: gitOid(RESTART), path: '.gitbook/includes/restart-lawnchair.md' },
      },
    ]);
    // The document is the body's, as a page's is: the frontmatter is not content.
    expect(items[1].document.nodes).toEqual([expect.objectContaining({ type: 'list-ordered' })]);
    // Only in the change request until it is merged.
    expect((await listed(s)).items).toEqual([]);
  });

  it('shows them in the revision as the platform does: id, title, the id of the document, git', async () => {
    const { s, cr, id } = await withRestart();
    expect((await revision(s, cr.id)).reusableContents).toEqual([
      { id, title: 'Restart Lawnchair', document: sha256(RESTART), git: { oid: gitOid(RESTART), path: '.gitbook/includes/restart-lawnchair.md' } },
    ]);
    expect((await revision(s)).reusableContents).toEqual([]);
  });

  it('updates the title, the text and the file, each alone, and forgets the file with null', async () => {
    const { s, cr, id } = await withRestart();
    const one = async () => (await listed(s, cr.id)).items[0];
    expect((await s.writeOk(cr.id, [{ operation: 'update_reusable_content', reusableContent: id, title: 'Restart' }])).changes)
      .toEqual([{ operation: 'update_reusable_content', reusableContent: id }]);
    expect(await one()).toMatchObject({ title: 'Restart', markdown: RESTART, git: { path: '.gitbook/includes/restart-lawnchair.md' } });
    await s.writeOk(cr.id, [{ operation: 'update_reusable_content', reusableContent: id, document: { markdown: 'Restart it.\n' } }]);
    expect(await one()).toMatchObject({ title: 'Restart', markdown: 'Restart it.\n', git: { oid: gitOid('Restart it.\n'), path: '.gitbook/includes/restart-lawnchair.md' } });
    await s.writeOk(cr.id, [{ operation: 'update_reusable_content', reusableContent: id, git: { path: 'includes/restart.md' } }]);
    expect((await one()).git?.path).toBe('includes/restart.md');
    await s.writeOk(cr.id, [{ operation: 'update_reusable_content', reusableContent: id, git: null }]);
    expect(await one()).not.toHaveProperty('git');
  });

  it('takes a document tree as pages do, written as markdown', async () => {
    const s = await contentSetup();
    const cr = await s.createCr();
    const tree = { object: 'document', nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Sign in first.', marks: [] }] }] }] };
    await s.writeOk(cr.id, [{ operation: 'insert_reusable_content', title: 'Sign in', document: tree }]);
    expect((await listed(s, cr.id)).items[0].markdown).toBe('Sign in first.\n');
  });

  it('deletes one, and names one inserted earlier in the batch by its ref', async () => {
    const { s, cr, id } = await withRestart();
    const body = await s.writeOk(cr.id, [
      insert('Draft', 'draft', { ref: 'draft' }),
      { operation: 'update_reusable_content', reusableContent: 'draft', title: 'Final', document: { markdown: 'final' } },
      { operation: 'delete_reusable_content', reusableContent: id },
    ]);
    const draft = body.changes[0].reusableContent;
    expect(body.changes).toEqual([
      { operation: 'insert_reusable_content', reusableContent: draft },
      { operation: 'update_reusable_content', reusableContent: draft },
      { operation: 'delete_reusable_content', reusableContent: id },
    ]);
    expect((await listed(s, cr.id)).items.map((r) => [r.id, r.title, r.markdown])).toEqual([[draft, 'Final', 'final']]);
  });

  it('is carried by every later revision: page writes, merges, a duplicated space', async () => {
    const { s, cr, id } = await withRestart();
    await s.writeOk(cr.id, [{ operation: 'insert_page', document: { markdown: '# Guide' } }]);
    expect((await listed(s, cr.id)).items.map((r) => r.id)).toEqual([id]);
    expectOk(await s.merge(cr.id), 'mergeChangeRequest');
    expect((await listed(s)).items.map((r) => r.id)).toEqual([id]);
    const copy = await s.api.request('POST', `/v1/spaces/${s.spaceId}/duplicate`, { as: s.adminId });
    expectOk(copy, 'duplicateSpace');
    const res = await s.api.request('GET', `/v1/spaces/${copy.body.id}/content/reusable-contents`, { as: s.adminId });
    expect(res.body.items.map((r: { id: string; markdown: string }) => [r.id, r.markdown])).toEqual([[id, RESTART]]);
  });
});

describe('a page including a reusable content', () => {
  it('stores the include line, and reads it as the reusable-content block (from markdown or a tree)', async () => {
    const { s, cr, id } = await withRestart();
    const line = `{% include "/reusable-contents/${id}" %}`;
    const block = { object: 'block', type: 'reusable-content', isVoid: true, data: { ref: { kind: 'reusable-content', reusableContent: id } } };
    const tree = { object: 'document', nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Then:', marks: [] }] }] }, block] };
    const body = await s.writeOk(cr.id, [
      { operation: 'insert_page', title: 'From markdown', document: { markdown: `# Crashes\n\n${line}\n` } },
      { operation: 'insert_page', title: 'From a tree', document: tree },
    ]);
    const [fromMarkdown, fromTree] = body.changes.map((c: { page: string }) => c.page);
    expect(await s.markdownOf(fromMarkdown, cr.id)).toBe(`# Crashes\n\n${line}\n`);
    expect(await s.markdownOf(fromTree, cr.id)).toBe(`Then:\n\n${line}\n`);
    const page = await s.api.request('GET', `${contentUrl(s, cr.id)}/page/${fromMarkdown}?format=document`, { as: s.adminId });
    expectOk(page, 'getChangeRequestPage');
    expect(page.body.document.nodes).toEqual([expect.objectContaining({ type: 'heading-1' }), block]);
  });

  it('refuses a tree whose reusable-content block names no id (400 naming it)', async () => {
    const s = await contentSetup();
    const cr = await s.createCr();
    const tree = { object: 'document', nodes: [{ object: 'block', type: 'reusable-content', isVoid: true, data: { ref: { kind: 'reusable-content', reusableContent: 'a/b' } } }] };
    expectError(await s.write(cr.id, [{ operation: 'insert_page', document: tree }]), 400, /^changes\[0\]\.document\.nodes\[0\]\.data\.ref: must be a reusable content reference/);
  });
});

describe('write batch: reusable content validation', () => {
  const cases: [string, (id: string) => unknown[], RegExp][] = [
    ['a missing title', () => [{ operation: 'insert_reusable_content', document: { markdown: 'x' } }], /^changes\[0\]\.title: is required/],
    ['an empty title', () => [insert('', 'x')], /^changes\[0\]\.title: /],
    ['a title past 256 characters', () => [insert('t'.repeat(257), 'x')], /^changes\[0\]\.title: /],
    ['a missing document', () => [{ operation: 'insert_reusable_content', title: 'T' }], /^changes\[0\]\.document: is required/],
    ['an unknown field', () => [insert('T', 'x', { slug: 't' })], /^changes\[0\]\.slug: is not a known field/],
    ['frontmatter that is not YAML', () => [insert('T', '---\ntitle: [\n---\nx')], /^changes\[0\]\.document\.markdown: /],
    ['a git path out of the folder', () => [insert('T', 'x', { git: { path: '../restart.md' } })], /^changes\[0\]\.git\.path: /],
    ['a git path that is not markdown', () => [insert('T', 'x', { git: { path: '.gitbook/includes/restart.txt' } })], /^changes\[0\]\.git\.path: must name a markdown file \(ending in \.md\)/],
    ['a ref used twice', () => [insert('A', 'a', { ref: 'r' }), insert('B', 'b', { ref: 'r' })], /^changes\[1\]\.ref: "r" is used by an earlier change of this batch/],
    ['an update of an unknown one', (id) => [{ operation: 'update_reusable_content', reusableContent: id, title: 'ok' }, { operation: 'update_reusable_content', reusableContent: 'nope', title: 'T' }], /^changes\[1\]\.reusableContent: no reusable content nope in this content$/],
    ['a delete of an unknown one', () => [{ operation: 'delete_reusable_content', reusableContent: 'nope' }], /^changes\[0\]\.reusableContent: no reusable content nope in this content$/],
    ['an update of one deleted earlier in the batch', (id) => [{ operation: 'delete_reusable_content', reusableContent: id }, { operation: 'update_reusable_content', reusableContent: id, title: 'T' }], /^changes\[1\]\.reusableContent: no reusable content /],
    ['an update with a bad git path', (id) => [{ operation: 'update_reusable_content', reusableContent: id, git: { path: '/abs.md' } }], /^changes\[0\]\.git\.path: /],
    ['an update with bad frontmatter', (id) => [{ operation: 'update_reusable_content', reusableContent: id, document: { markdown: '---\n: :\n  - [\n---\n' } }], /^changes\[0\]\.document\.markdown: /],
  ];
  it.each(cases)('refuses %s (400), writing nothing', async (_name, changes, pattern) => {
    const { s, cr, id } = await withRestart();
    const before = (await s.getCr(cr.id)).revision;
    expectError(await s.write(cr.id, changes(id)), 400, pattern);
    // After a valid change, the batch is still all or nothing.
    expectError(await s.write(cr.id, [{ operation: 'insert_page', document: { markdown: '# First' } }, ...changes(id)]), 400, /^changes\[\d+\]\./);
    expect((await s.getCr(cr.id)).revision).toBe(before);
    expect((await listed(s, cr.id)).items.map((r) => [r.id, r.title])).toEqual([[id, 'Restart Lawnchair']]);
  });
});

describe('GET <content>/reusable-contents', () => {
  it('pages through them by title then id, with limit and the next cursor, at both roots', async () => {
    const s = await contentSetup();
    const cr = await s.createCr();
    const titles = ['Delta', 'alpha', 'Charlie', 'Bravo', 'Echo'];
    await s.writeOk(cr.id, titles.map((title) => insert(title, `# ${title}\n`)));
    for (const root of [cr.id, undefined]) {
      if (root === undefined) expectOk(await s.merge(cr.id), 'mergeChangeRequest');
      const first = await listed(s, root, '?limit=2');
      expect(first.count).toBe(5);
      expect(first.items.map((r) => r.title)).toEqual(['Bravo', 'Charlie']);
      const second = await listed(s, root, `?limit=2&page=${encodeURIComponent(first.next!.page)}`);
      expect(second.items.map((r) => r.title)).toEqual(['Delta', 'Echo']);
      const third = await listed(s, root, `?limit=2&page=${encodeURIComponent(second.next!.page)}`);
      expect(third.items.map((r) => r.title)).toEqual(['alpha']);
      expect(third.next).toBeUndefined();
      // The revision lists them in the same order.
      expect((await revision(s, root)).reusableContents.map((r) => r.title)).toEqual(['Bravo', 'Charlie', 'Delta', 'Echo', 'alpha']);
    }
  });

  it('refuses a limit past 1000, an unknown parameter and a cursor of another listing (400)', async () => {
    const s = await contentSetup();
    const url = `${contentUrl(s)}/reusable-contents`;
    expectError(await s.api.request('GET', `${url}?limit=1001`, { as: s.adminId }), 400, /^limit: /);
    expectError(await s.api.request('GET', `${url}?limit=0`, { as: s.adminId }), 400, /^limit: /);
    expectError(await s.api.request('GET', `${url}?order=desc`, { as: s.adminId }), 400, /order: is not a known/);
    const cursor = Buffer.from(JSON.stringify(['files', ['a', 'b']])).toString('base64url');
    expectError(await s.api.request('GET', `${url}?page=${cursor}`, { as: s.adminId }), 400, /page: is not a valid page cursor for this list/);
    expectError(await s.api.request('GET', `${url}?page=!!`, { as: s.adminId }), 400, /page: /);
  });

  it('answers 404 for an unknown space or change request, and to those who may not see the space', async () => {
    const { s, cr } = await withRestart();
    expectError(await s.api.request('GET', '/v1/spaces/nope/content/reusable-contents', { as: s.adminId }), 404, /space nope not found/);
    expectError(await s.api.request('GET', `${s.crUrl('nope')}/content/reusable-contents`, { as: s.adminId }), 404, /change request nope not found/);
    const guest = await addMember(s.engine, s.orgId, 'guest@acme.test', null, 'Guest');
    for (const who of [s.stranger, guest]) {
      for (const root of [undefined, cr.id]) expectError(await s.api.request('GET', `${contentUrl(s, root)}/reusable-contents`, { as: who }), 404, /not found/);
    }
    for (const root of [undefined, cr.id]) {
      expectError(await s.api.request('GET', `${contentUrl(s, root)}/reusable-contents`, { as: null }), 401);
    }
  });

  it('lets a reader read them, but not write them (403, nothing written)', async () => {
    const { s, cr, id } = await withRestart();
    expect((await listed(s, cr.id, '', s.reader)).items.map((r) => r.id)).toEqual([id]);
    expectError(await s.write(cr.id, [insert('No', 'no')], s.reader), 403);
    expectError(await s.write(cr.id, [{ operation: 'delete_reusable_content', reusableContent: id }], s.reader), 403);
    expect((await listed(s, cr.id)).items.map((r) => r.id)).toEqual([id]);
  });
});

describe('merging reusable contents', () => {
  /** Reusable contents A and B on the space's content, and a change request opened from it. */
  async function seeded() {
    const s = await contentSetup();
    const seed = await s.createCr();
    const body = await s.writeOk(seed.id, [insert('A', 'a'), insert('B', 'b')]);
    expectOk(await s.merge(seed.id), 'mergeChangeRequest');
    const [a, b] = body.changes.map((c: { reusableContent: string }) => c.reusableContent);
    const cr = await s.createCr({ subject: 'work' }, s.editor);
    const texts = async (root?: string) => (await listed(s, root)).items.map((r) => `${r.title}:${r.markdown}`);
    return { s, cr, a, b, texts };
  }
  const update = (id: string, markdown: string) => ({ operation: 'update_reusable_content', reusableContent: id, document: { markdown } });

  it('takes each from the side that changed it, new ones from both sides, and deletions', async () => {
    const { s, cr, a, b, texts } = await seeded();
    await s.writeOk(cr.id, [update(a, 'a from the change request'), insert('C', 'c')], s.editor);
    await s.changeMain([{ operation: 'delete_reusable_content', reusableContent: b }, insert('D', 'd')]);
    const res = await s.merge(cr.id, s.reviewer);
    expectOk(res, 'mergeChangeRequest');
    expect(res.body.result).toBe('merge');
    expect(await texts()).toEqual(['A:a from the change request', 'C:c', 'D:d']);
  });

  it('deletes one the change request deleted and main left alone', async () => {
    const { s, cr, a, texts } = await seeded();
    await s.writeOk(cr.id, [{ operation: 'delete_reusable_content', reusableContent: a }], s.editor);
    await s.changeMain([insert('E', 'e')]);
    expectOk(await s.merge(cr.id, s.reviewer), 'mergeChangeRequest');
    expect(await texts()).toEqual(['B:b', 'E:e']);
  });

  it('answers conflicts naming the reusable content changed differently on both sides, and changes nothing', async () => {
    const { s, cr, a, b, texts } = await seeded();
    await s.writeOk(cr.id, [update(a, 'a from the change request'), { operation: 'delete_reusable_content', reusableContent: b }], s.editor);
    await s.changeMain([update(a, 'a from main'), update(b, 'b from main')]);
    const main = await s.spaceRevision();
    const merged = await s.merge(cr.id, s.reviewer);
    expectOk(merged, 'mergeChangeRequest');
    expect(merged.body).toEqual({ revision: main, result: 'conflicts', conflicts: [{ reusableContent: a }, { reusableContent: b }] });
    expect(await texts()).toEqual(['A:a from main', 'B:b from main']);
    const before = (await s.getCr(cr.id)).revision;
    const updated = await s.update(cr.id, s.editor);
    expectOk(updated, 'updateChangeRequestFromMain');
    expect(updated.body).toEqual({ revision: before, result: 'conflicts', conflicts: [{ reusableContent: a }, { reusableContent: b }] });
    expect(await texts(cr.id)).toEqual(['A:a from the change request']);
  });

  it('updates a change request from main without conflict when only main changed one', async () => {
    const { s, cr, b, texts } = await seeded();
    await s.writeOk(cr.id, [insert('C', 'c')], s.editor);
    await s.changeMain([update(b, 'b from main')]);
    const res = await s.update(cr.id, s.editor);
    expectOk(res, 'updateChangeRequestFromMain');
    expect(res.body.result).toBe('update');
    expect(await texts(cr.id)).toEqual(['A:a', 'B:b from main', 'C:c']);
  });
});

describe('/openapi.json', () => {
  it('describes the listings at both roots and the three operations of the write batch', async () => {
    const s = await contentSetup();
    const res = await s.api.request('GET', '/openapi.json');
    expect(res.status).toBe(200);
    const paths = res.body.paths;
    expect(paths['/v1/spaces/{spaceId}/content/reusable-contents'].get.operationId).toBe('listSpaceReusableContents');
    expect(paths['/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/reusable-contents'].get.operationId).toBe('listChangeRequestReusableContents');
    const text = JSON.stringify(res.body);
    for (const operation of ['insert_reusable_content', 'update_reusable_content', 'delete_reusable_content', 'reusable-content']) expect(text).toContain(`"${operation}"`);
  });
});
