import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { expectOk, expectError } from '../helpers/app';
import { changeRequestApi, contentSetup, type ContentSetup, type PageNode } from '../helpers/content';

const insert = (markdown: string, extra: Record<string, unknown> = {}) => ({ operation: 'insert_page', document: { markdown }, ...extra });

/** A setup with one change request to write to. */
async function withCr() {
  const s = await contentSetup();
  const cr = await s.createCr({ subject: 'writes' });
  return { s, cr };
}

const shape = (tree: PageNode[]): unknown[] => tree.map((p) => (p.pages.length ? { [p.slug]: shape(p.pages) } : p.slug));

/** Bytes of a minimal PNG (signature and IHDR chunk) of the given size. */
function png(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'ascii');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.set([8, 6, 0, 0, 0], 16); // bit depth, colour type, compression, filter, interlace
  ihdr.writeUInt32BE(0, 21); // CRC (not checked)
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr]);
}

/** Bytes of a minimal GIF89a header (logical screen descriptor) of the given size. */
function gif(width: number, height: number): Buffer {
  const b = Buffer.alloc(14);
  b.write('GIF89a', 0, 'ascii');
  b.writeUInt16LE(width, 6);
  b.writeUInt16LE(height, 8);
  b.set([0, 0, 0], 10);
  b[13] = 0x3b; // trailer
  return b;
}

/** Bytes of a minimal JPEG: SOI, an APP0 (JFIF) segment, a DHT segment, then a baseline SOF0 with the size. */
function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const dht = Buffer.from([0xff, 0xc4, 0x00, 0x05, 0x00, 0x00, 0x00]);
  const sof = Buffer.alloc(19);
  sof.set([0xff, 0xc0, 0x00, 0x11, 0x08]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  sof.set([0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01], 9);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, dht, sof, Buffer.from([0xff, 0xd9])]);
}

describe('POST .../change-requests/{id}/content: insert_page', () => {
  it('adds a page to the change request only, as a new revision of it', async () => {
    const { s, cr } = await withCr();
    const body = await s.writeOk(cr.id, [insert('# Getting started\n\nWelcome.')], s.editor);
    expect(body.changes).toEqual([{ operation: 'insert_page', page: expect.any(String) }]);
    expect(body.insertedFiles).toEqual([]);
    const pageId = body.changes[0].page;
    expect(body.changeRequest).toMatchObject({ id: cr.id, number: 1, status: 'open', revisionInitial: cr.revisionInitial });
    expect(body.changeRequest.revision).not.toBe(cr.revision);
    expect((await s.getCr(cr.id)).revision).toBe(body.changeRequest.revision);
    const [page] = await s.pages(cr.id);
    expect(page).toMatchObject({ id: pageId, title: 'Getting started', slug: 'getting-started', path: 'getting-started', hidden: false, description: '' });
    expect(await s.markdownOf(pageId, cr.id)).toBe('# Getting started\n\nWelcome.');
    // The space's content does not change until the merge.
    expect(await s.pages()).toEqual([]);
    // Every write is a revision of its own.
    const again = await s.writeOk(cr.id, [insert('# Two')]);
    expect(again.changeRequest.revision).not.toBe(body.changeRequest.revision);
    expect(await s.titles(cr.id)).toEqual(['Getting started', 'Two']);
  });

  it('applies the frontmatter: title, description, icon and hidden', async () => {
    const { s, cr } = await withCr();
    const markdown = '---\ntitle: Setup guide\ndescription: How to set things up\nicon: rocket\nhidden: true\n---\n# Heading ignored\n\nBody';
    const body = await s.writeOk(cr.id, [insert(markdown)]);
    const [page] = await s.pages(cr.id);
    expect(page).toMatchObject({
      id: body.changes[0].page, title: 'Setup guide', slug: 'setup-guide', description: 'How to set things up', emoji: 'rocket', hidden: true,
    });
    expect(await s.markdownOf(page.id, cr.id)).toBe(markdown);
  });

  it('takes the title from the `title` field, else the frontmatter, else the first level-1 heading, else Untitled', async () => {
    const { s, cr } = await withCr();
    await s.writeOk(cr.id, [
      insert('---\ntitle: From frontmatter\n---\n# From heading', { title: 'From field' }),
      insert('---\ndescription: no title here\n---\n## Second level\n\n# From heading'),
      insert('Just a paragraph.'),
    ]);
    const tree = await s.pages(cr.id);
    expect(tree.map((p) => [p.title, p.slug])).toEqual([['From field', 'from-field'], ['From heading', 'from-heading'], ['Untitled', 'untitled']]);
    expect(tree[1].description).toBe('no title here');
    expect(tree[2]).toMatchObject({ hidden: false, description: '' });
    expect(tree[2].emoji).toBeUndefined();
  });

  it('keeps slugs unique among siblings, not across parents', async () => {
    const { s, cr } = await withCr();
    const body = await s.writeOk(cr.id, [insert('# Guide'), insert('# Guide'), insert('# Guide!'), insert('# Parent')]);
    const parent = body.changes[3].page;
    await s.writeOk(cr.id, [insert('# Guide', { into: parent }), insert('# Guide', { into: parent })]);
    const tree = await s.pages(cr.id);
    expect(shape(tree)).toEqual(['guide', 'guide-2', 'guide-3', { parent: ['guide', 'guide-2'] }]);
    expect(s.flat(tree).map((p) => p.path)).toEqual(['guide', 'guide-2', 'guide-3', 'parent', 'parent/guide', 'parent/guide-2']);
    expect(tree.map((p) => p.title)).toEqual(['Guide', 'Guide', 'Guide!', 'Parent']);
  });

  it('places pages with `into` and `at` (at past the end appends)', async () => {
    const { s, cr } = await withCr();
    const ids = (await s.writeOk(cr.id, [insert('# A'), insert('# B'), insert('# C')])).changes.map((c: { page: string }) => c.page);
    await s.writeOk(cr.id, [
      insert('# D', { at: 0 }),
      insert('# E', { at: 2 }),
      insert('# F', { at: 99 }),
      insert('# A1', { into: ids[0] }),
      insert('# A0', { into: ids[0], at: 0 }),
      insert('# G', { into: null }),
    ]);
    expect(shape(await s.pages(cr.id))).toEqual(['d', { a: ['a0', 'a1'] }, 'e', 'b', 'c', 'f', 'g']);
  });

  it('rejects `into` an unknown page (400 naming it)', async () => {
    const { s, cr } = await withCr();
    expectError(await s.write(cr.id, [insert('# X', { into: 'nope' })]), 400, /^changes\[0\]\.into: no page nope/);
  });

  it('rejects frontmatter that is not valid YAML (400 naming the markdown)', async () => {
    const { s, cr } = await withCr();
    expectError(await s.write(cr.id, [insert('---\ntitle: [unclosed\n---\nBody')]), 400, /^changes\[0\]\.document\.markdown: frontmatter is not valid YAML/);
  });
});

describe('POST .../content: update_page', () => {
  async function withPages() {
    const { s, cr } = await withCr();
    const [a, b, c] = (await s.writeOk(cr.id, [insert('# A'), insert('# B'), insert('# C')])).changes.map((x: { page: string }) => x.page);
    const a1 = (await s.writeOk(cr.id, [insert('# A1', { into: a })])).changes[0].page as string;
    const deep = (await s.writeOk(cr.id, [insert('# Deep', { into: a1 })])).changes[0].page as string;
    return { s, cr, a, b, c, a1, deep };
  }

  it('replaces the document and applies its frontmatter, keeping the slug', async () => {
    const { s, cr, b } = await withPages();
    const markdown = '---\ntitle: Bee\ndescription: about b\nicon: bee\nhidden: true\n---\nNew body';
    const body = await s.writeOk(cr.id, [{ operation: 'update_page', page: b, document: { markdown } }]);
    expect(body.changes).toEqual([{ operation: 'update_page', page: b }]);
    const page = s.flat(await s.pages(cr.id)).find((p) => p.id === b)!;
    expect(page).toMatchObject({ title: 'Bee', description: 'about b', emoji: 'bee', hidden: true, slug: 'b', path: 'b' });
    expect(await s.markdownOf(b, cr.id)).toBe(markdown);
  });

  it('changes the title alone, keeping the document', async () => {
    const { s, cr, c } = await withPages();
    await s.writeOk(cr.id, [{ operation: 'update_page', page: c, title: 'Sea' }]);
    expect(s.flat(await s.pages(cr.id)).find((p) => p.id === c)!.title).toBe('Sea');
    expect(await s.markdownOf(c, cr.id)).toBe('# C');
  });

  it('moves a page into another, to a position, and back to the root', async () => {
    const { s, cr, a, c } = await withPages();
    await s.writeOk(cr.id, [{ operation: 'update_page', page: c, into: a, at: 0 }]);
    expect(shape(await s.pages(cr.id))).toEqual([{ a: ['c', { a1: ['deep'] }] }, 'b']);
    expect(s.flat(await s.pages(cr.id)).find((p) => p.id === c)!.path).toBe('a/c');
    await s.writeOk(cr.id, [{ operation: 'update_page', page: c, into: null, at: 0 }]);
    expect(shape(await s.pages(cr.id))).toEqual(['c', { a: [{ a1: ['deep'] }] }, 'b']);
    // Reordering among the same siblings.
    await s.writeOk(cr.id, [{ operation: 'update_page', page: c, at: 2 }]);
    expect(shape(await s.pages(cr.id))).toEqual([{ a: [{ a1: ['deep'] }] }, 'b', 'c']);
  });

  it('renames the slug of a moved page that meets a sibling with the same slug', async () => {
    const { s, cr, a, a1 } = await withPages();
    const other = (await s.writeOk(cr.id, [insert('# A1')])).changes[0].page;
    expect(s.flat(await s.pages(cr.id)).find((p) => p.id === other)!.slug).toBe('a1');
    await s.writeOk(cr.id, [{ operation: 'update_page', page: other, into: a }]);
    const children = s.flat(await s.pages(cr.id)).find((p) => p.id === a)!.pages;
    expect(children.map((p) => [p.id, p.slug])).toEqual([[a1, 'a1'], [other, 'a1-2']]);
  });

  it('refuses to move a page into itself or one of its descendants (400), and unknown pages', async () => {
    const { s, cr, a, a1, deep } = await withPages();
    const before = (await s.getCr(cr.id)).revision;
    expectError(await s.write(cr.id, [{ operation: 'update_page', page: a, into: a }]), 400, /^changes\[0\]\.into: cannot move a page into itself/);
    expectError(await s.write(cr.id, [{ operation: 'update_page', page: a, into: deep }]), 400, /^changes\[0\]\.into: cannot move a page into itself or one of its sub-pages/);
    expectError(await s.write(cr.id, [{ operation: 'update_page', page: a1, into: deep }]), 400, /^changes\[0\]\.into/);
    expectError(await s.write(cr.id, [{ operation: 'update_page', page: 'nope', title: 'x' }]), 400, /^changes\[0\]\.page: no page nope/);
    expectError(await s.write(cr.id, [{ operation: 'update_page', page: a, into: 'nope' }]), 400, /^changes\[0\]\.into: no page nope/);
    expect((await s.getCr(cr.id)).revision).toBe(before);
  });
});

describe('POST .../content: delete_page', () => {
  it('removes the page with all its sub-pages, and the rest keeps its order', async () => {
    const { s, cr } = await withCr();
    const [a, b, c] = (await s.writeOk(cr.id, [insert('# A'), insert('# B'), insert('# C')])).changes.map((x: { page: string }) => x.page);
    const b1 = (await s.writeOk(cr.id, [insert('# B1', { into: b })])).changes[0].page;
    await s.writeOk(cr.id, [insert('# B1a', { into: b1 })]);
    const body = await s.writeOk(cr.id, [{ operation: 'delete_page', page: b }]);
    expect(body.changes).toEqual([{ operation: 'delete_page', page: b }]);
    expect(shape(await s.pages(cr.id))).toEqual(['a', 'c']);
    expect((await s.pages(cr.id)).map((p) => p.id)).toEqual([a, c]);
    expectError(await s.api.request('GET', `${s.crUrl(cr.id)}/content/page/${b1}`, { as: s.adminId }), 404);
    // Inserting at the end lands after C: positions were renumbered.
    await s.writeOk(cr.id, [insert('# D', { at: 2 })]);
    expect(shape(await s.pages(cr.id))).toEqual(['a', 'c', 'd']);
  });

  it('keeps order through deletes, moves and inserts in one batch (the batch indexes siblings once)', async () => {
    const { s, cr } = await withCr();
    const [a, b, c] = (await s.writeOk(cr.id, [insert('# A'), insert('# B'), insert('# C')])).changes.map((x: { page: string }) => x.page);
    const body = await s.writeOk(cr.id, [
      insert('# B1', { into: b, ref: 'b1' }),
      { operation: 'delete_page', page: a },
      insert('# D', { at: 1 }),
      { operation: 'update_page', page: c, into: 'b1', at: 0 },
      insert('# B2', { into: b, at: 0 }),
      insert('# E'),
      { operation: 'update_page', page: b, at: 99 },
    ]);
    expect(body.changes).toHaveLength(7);
    expect(shape(await s.pages(cr.id))).toEqual(['d', 'e', { b: ['b2', { b1: ['c'] }] }]);
  });

  it('rejects an unknown page, or a page already deleted in the same batch', async () => {
    const { s, cr } = await withCr();
    const [a] = (await s.writeOk(cr.id, [insert('# A')])).changes.map((x: { page: string }) => x.page);
    expectError(await s.write(cr.id, [{ operation: 'delete_page', page: 'nope' }]), 400, /^changes\[0\]\.page: no page nope/);
    expectError(await s.write(cr.id, [{ operation: 'delete_page', page: a }, { operation: 'delete_page', page: a }]), 400, /^changes\[1\]\.page: no page/);
    expect(await s.titles(cr.id)).toEqual(['A']);
  });
});

describe('POST .../content: insert_files', () => {
  it('stores files with a content type from the name (or the one given), their size and image dimensions', async () => {
    const { s, cr } = await withCr();
    const files = [
      { name: 'logo.png', base64: png(640, 480).toString('base64') },
      { name: 'anim.GIF', base64: gif(32, 16).toString('base64') },
      { name: 'photo.jpeg', base64: jpeg(1024, 768).toString('base64') },
      { name: 'notes.md', base64: Buffer.from('# notes').toString('base64') },
      { name: 'blob.weird', base64: Buffer.from('xyz').toString('base64') },
      { name: 'data.bin', contentType: 'application/x-custom', base64: Buffer.from('abc').toString('base64') },
    ];
    const body = await s.writeOk(cr.id, [{ operation: 'insert_files', files }]);
    expect(body.changes).toEqual([{ operation: 'insert_files', files: body.insertedFiles.map((f: { id: string }) => f.id) }]);
    expect(body.insertedFiles.map((f: Record<string, unknown>) => [f.name, f.contentType, f.size, f.dimensions])).toEqual([
      ['logo.png', 'image/png', 33, { width: 640, height: 480 }],
      ['anim.GIF', 'image/gif', 14, { width: 32, height: 16 }],
      ['photo.jpeg', 'image/jpeg', jpeg(1024, 768).length, { width: 1024, height: 768 }],
      ['notes.md', 'text/markdown', 7, undefined],
      ['blob.weird', 'application/octet-stream', 3, undefined],
      ['data.bin', 'application/x-custom', 3, undefined],
    ]);
    // The files belong to the change request's content, not (yet) the space's.
    const listed = await s.api.request('GET', `${s.crUrl(cr.id)}/content/files`, { as: s.adminId });
    expectOk(listed, 'listChangeRequestFiles');
    expect(listed.body.items.map((f: { name: string }) => f.name).sort()).toEqual(files.map((f) => f.name).sort());
    const main = await s.api.request('GET', `/v1/spaces/${s.spaceId}/content/files`, { as: s.adminId });
    expectOk(main, 'listSpaceFiles');
    expect(main.body.items).toEqual([]);
    // The bytes are kept as sent.
    const logo = body.insertedFiles[0];
    const download = await s.api.request('GET', `/v1/spaces/${s.spaceId}/files/${logo.id}/download`, { as: s.adminId });
    expect(download.status).toBe(200);
    expect(Buffer.compare(download.body as Buffer, png(640, 480))).toBe(0);
  });

  it('accepts a file past the old 1 MiB: the bound is the largest file size (100 MiB by default; test/server/uploads.test.ts)', async () => {
    const { s, cr } = await withCr();
    const big = Buffer.alloc(1024 * 1024 + 1, 1);
    const ok = await s.writeOk(cr.id, [{ operation: 'insert_files', files: [{ name: 'big.bin', base64: big.toString('base64') }] }]);
    expect(ok.insertedFiles[0].size).toBe(1024 * 1024 + 1);
  });

  it('rejects base64 that is not valid (400 naming it)', async () => {
    const { s, cr } = await withCr();
    for (const base64 of ['not base64!', 'ab$c', 'QU=JD', 'QUJDR', '=QUJD', 'QUJ==']) {
      expectError(await s.write(cr.id, [{ operation: 'insert_files', files: [{ name: 'x.txt', base64 }] }]), 400, /^changes\[0\]\.files\[0\]\.base64: is not valid base64/);
    }
    expect((await s.getCr(cr.id)).revision).toBe(cr.revision);
    // Unpadded base64 and line breaks are fine.
    const body = await s.writeOk(cr.id, [{ operation: 'insert_files', files: [{ name: 'a.txt', base64: 'QUJDRA' }, { name: 'b.txt', base64: 'QUJD\nRA==' }] }]);
    expect(body.insertedFiles.map((f: { size: number }) => f.size)).toEqual([4, 4]);
    const download = await s.api.request('GET', `/v1/spaces/${s.spaceId}/files/${body.insertedFiles[0].id}/download`, { as: s.adminId });
    expect((download.body as Buffer).toString()).toBe('ABCD');
  });
});

describe('POST .../content: files in a Git Sync folder (git.path, sha256, delete_files)', () => {
  const text = (s: string) => Buffer.from(s).toString('base64');

  it('keeps where Git Sync keeps each file and its bytes\' SHA-256, and deletes files with the change request', async () => {
    const { s, cr } = await withCr();
    const body = await s.writeOk(cr.id, [{ operation: 'insert_files', files: [
      { name: 'logo.png', base64: text('same'), git: { path: 'images/logo.png' } },
      { name: 'logo.png', base64: text('same'), git: { path: '.gitbook/assets/logo.png' } },
      { name: 'old.txt', base64: text('old') },
    ] }]);
    const [beside, inAssets, old] = body.insertedFiles;
    // Two files with the same bytes and name stay two files, each at its own path.
    expect(beside).toMatchObject({ name: 'logo.png', git: { path: 'images/logo.png' }, sha256: createHash('sha256').update('same').digest('hex') });
    expect(inAssets).toMatchObject({ name: 'logo.png', git: { path: '.gitbook/assets/logo.png' }, sha256: beside.sha256 });
    expect(beside.id).not.toBe(inAssets.id);
    expect(old.git).toBeUndefined();
    expect((await s.merge(cr.id)).body.result).toBe('merge');

    const next = await s.createCr({ subject: 'drop' });
    const dropped = await s.writeOk(next.id, [{ operation: 'delete_files', files: [old.id, inAssets.id] }]);
    expect(dropped.changes).toEqual([{ operation: 'delete_files', files: [old.id, inAssets.id] }]);
    const listed = async (root: string) => (await s.api.request('GET', `${root}/content/files`, { as: s.adminId })).body.items.map((f: { id: string }) => f.id);
    expect(await listed(s.crUrl(next.id))).toEqual([beside.id]);
    expect((await listed(`/v1/spaces/${s.spaceId}`)).sort()).toEqual([beside.id, inAssets.id, old.id].sort());
    expect((await s.merge(next.id)).body.result).toBe('merge');
    expect(await listed(`/v1/spaces/${s.spaceId}`)).toEqual([beside.id]);
  });

  it('refuses a git path that is not a relative path, an unknown file to delete, and an empty or oversized list (400 naming the field)', async () => {
    const { s, cr } = await withCr();
    const insert = (git: unknown) => s.write(cr.id, [{ operation: 'insert_files', files: [{ name: 'a.png', base64: text('a'), git }] }]);
    expectError(await insert({ path: '../a.png' }), 400, /^changes\[0\]\.files\[0\]\.git\.path: must not have empty, "\." or "\.\." path segments/);
    expectError(await insert({ path: '/abs/a.png' }), 400, /^changes\[0\]\.files\[0\]\.git\.path: must be a relative path/);
    expectError(await insert({ path: '' }), 400, /changes\[0\]\.files\[0\]\.git\.path/);
    expectError(await insert({ path: 'a.png', oid: 'x' }), 400, /changes\[0\]\.files\[0\]\.git/);
    const added = await s.writeOk(cr.id, [{ operation: 'insert_files', files: [{ name: 'a.png', base64: text('a') }] }]);
    const id = added.insertedFiles[0].id;
    expectError(await s.write(cr.id, [{ operation: 'delete_files', files: [id, 'nope'] }]), 400, /^changes\[0\]\.files\[1\]: no file nope in this content/);
    expectError(await s.write(cr.id, [{ operation: 'delete_files', files: [] }]), 400, /changes\[0\]\.files: must be at least 1 item/);
    expectError(await s.write(cr.id, [{ operation: 'delete_files', files: Array.from({ length: 1001 }, () => id) }]), 400, /changes\[0\]\.files: must be at most 1000 items/);
    // Nothing of a refused batch was applied: the file is still there.
    const files = (await s.api.request('GET', `${s.crUrl(cr.id)}/content/files`, { as: s.adminId })).body.items;
    expect(files.map((f: { id: string }) => f.id)).toEqual([id]);
  });
});

describe('POST .../content: a batch is all or nothing', () => {
  it('leaves no trace when the third change is invalid', async () => {
    const { s, cr } = await withCr();
    const [a] = (await s.writeOk(cr.id, [insert('# A')])).changes.map((x: { page: string }) => x.page);
    const before = await s.getCr(cr.id);
    const counts = async () => ({
      revisions: await s.count('SELECT COUNT(*) AS n FROM revisions'),
      files: await s.count('SELECT COUNT(*) AS n FROM revision_files'),
      blobs: await s.count('SELECT COUNT(*) AS n FROM blobs'),
      contributors: await s.count('SELECT COUNT(*) AS n FROM change_request_contributors'),
    });
    const countsBefore = await counts();
    s.clock.advance(5000);
    const res = await s.write(cr.id, [
      insert('# New page'),
      { operation: 'insert_files', files: [{ name: 'a.png', base64: png(1, 1).toString('base64') }] },
      { operation: 'update_page', page: 'missing', title: 'x' },
      { operation: 'delete_page', page: a },
    ], s.editor);
    expectError(res, 400, /^changes\[2\]\.page: no page missing/);
    expect(await s.getCr(cr.id)).toEqual(before);
    expect(await s.titles(cr.id)).toEqual(['A']);
    expect(await counts()).toEqual(countsBefore);
    const files = await s.api.request('GET', `${s.crUrl(cr.id)}/content/files`, { as: s.adminId });
    expect(files.body.items).toEqual([]);
    // The editor did not become a contributor.
    const listed = await s.api.request('GET', `${s.crs()}?contributor=${s.editor}`, { as: s.adminId });
    expect(listed.body.items).toEqual([]);
  });
});

describe('POST .../content: schema', () => {
  const cases: [string, unknown, RegExp][] = [
    ['empty changes', { changes: [] }, /^changes: must be at least 1 item$/],
    ['missing changes', {}, /^changes: is required$/],
    ['unknown operation', { changes: [{ operation: 'rename_page', page: 'p' }] }, /^changes\[0\]\.operation: /],
    ['unknown field in a change', { changes: [{ operation: 'delete_page', page: 'p', force: true }] }, /changes\[0\]\.force: is not a known field/],
    ['unknown field in the body', { changes: [{ operation: 'delete_page', page: 'p' }], dryRun: true }, /dryRun: is not a known field/],
    ['unknown field in a document', { changes: [{ operation: 'insert_page', document: { markdown: '# x', html: '' } }] }, /changes\[0\]\.document\.html: is not a known field/],
    ['unknown field in a file', { changes: [{ operation: 'insert_files', files: [{ name: 'a', base64: '', size: 1 }] }] }, /changes\[0\]\.files\[0\]\.size: is not a known field/],
    ['insert without a document', { changes: [{ operation: 'insert_page', title: 'x' }] }, /changes\[0\]\.document: is required/],
    ['negative at', { changes: [{ operation: 'insert_page', document: { markdown: '' }, at: -1 }] }, /changes\[0\]\.at: must be at least 0/],
    ['no files', { changes: [{ operation: 'insert_files', files: [] }] }, /changes\[0\]\.files: must be at least 1 item/],
  ];
  it.each(cases)('rejects %s (400)', async (_name, body, pattern) => {
    const { s, cr } = await withCr();
    const res = await s.api.request('POST', `${s.crUrl(cr.id)}/content`, { as: s.adminId, body });
    expectError(res, 400, pattern);
    expect((await s.getCr(cr.id)).revision).toBe(cr.revision);
  });
});

describe('POST .../content: when writing is not allowed', () => {
  async function lock(s: ContentSetup) {
    expectOk(await s.api.request('PATCH', `/v1/spaces/${s.spaceId}`, { as: s.adminId, body: { editMode: 'locked' } }), 'updateSpaceById');
  }

  it('is refused with 423 on a locked space, and works again once it is live', async () => {
    const { s, cr } = await withCr();
    await lock(s);
    expectError(await s.write(cr.id, [insert('# X')]), 423, /locked/);
    expect((await s.getCr(cr.id)).revision).toBe(cr.revision);
    expectOk(await s.api.request('PATCH', `/v1/spaces/${s.spaceId}`, { as: s.adminId, body: { editMode: 'live' } }), 'updateSpaceById');
    await s.writeOk(cr.id, [insert('# X')]);
    expect(await s.titles(cr.id)).toEqual(['X']);
  });

  it('is refused with 409 on a merged change request', async () => {
    const { s, cr } = await withCr();
    expectOk(await s.merge(cr.id), 'mergeChangeRequest');
    const merged = await s.getCr(cr.id);
    expectError(await s.write(cr.id, [insert('# X')]), 409, /merged/);
    expect(await s.getCr(cr.id)).toEqual(merged);
  });

  it('is refused with 409 on an archived change request', async () => {
    const { s, cr } = await withCr();
    expectOk(await s.patchCr(cr.id, { status: 'archived' }), 'updateChangeRequest');
    expectError(await s.write(cr.id, [insert('# X')]), 409, /archived/);
    expect((await s.getCr(cr.id)).revision).toBe(cr.revision);
    expect(await s.titles(cr.id)).toEqual([]);
  });

  it('is allowed on a draft', async () => {
    const { s, cr } = await withCr();
    expectOk(await s.patchCr(cr.id, { status: 'draft' }), 'updateChangeRequest');
    await s.writeOk(cr.id, [insert('# X')], s.editor);
    expect(await s.titles(cr.id)).toEqual(['X']);
  });
});

describe('docsctl batch extensions: ref, type and slug', () => {
  it('lets later changes of a batch put pages into a page inserted earlier, by its ref', async () => {
    const { t, api, space, cr, url } = await changeRequestApi();
    const res = await api.request('POST', url, {
      as: t.adminId,
      body: {
        changes: [
          { operation: 'insert_page', document: { markdown: '' }, title: 'Guides', type: 'group', ref: 'guides', slug: 'guides' },
          { operation: 'insert_page', document: { markdown: '# Install' }, into: 'guides', slug: 'setup' },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const pages = (await api.request('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}/content/pages`, { as: t.adminId })).body.pages;
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ title: 'Guides', type: 'group', path: 'guides' });
    expect(pages[0].pages[0]).toMatchObject({ title: 'Install', path: 'guides/setup' });

    const duplicate = await api.request('POST', url, {
      as: t.adminId,
      body: { changes: [
        { operation: 'insert_page', document: { markdown: '' }, ref: 'x' },
        { operation: 'insert_page', document: { markdown: '' }, ref: 'x' },
      ] },
    });
    expectError(duplicate, 400, /changes\[1\]\.ref: "x" is used by an earlier change/);
    expectError(await api.request('POST', url, { as: t.adminId, body: { changes: [{ operation: 'insert_page', document: { markdown: '' }, slug: 'Not A Slug' }] } }), 400, /slug: must match/);
    expectError(await api.request('POST', url, { as: t.adminId, body: { changes: [{ operation: 'insert_page', document: { markdown: '' }, type: 'bogus' }] } }), 400, /type: must be one of/);
  });
});

describe('link pages', () => {
  it('are inserted with an href, which they require', async () => {
    const { t, api, space, cr, url } = await changeRequestApi();
    const ok = await api.request('POST', url, { as: t.adminId, body: { changes: [{ operation: 'insert_page', document: { markdown: '' }, title: 'Status', type: 'link', href: 'https://status.acme.example' }] } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const page = (await api.request('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}/content/pages`, { as: t.adminId })).body.pages[0];
    expect(page).toMatchObject({ type: 'link', href: 'https://status.acme.example', title: 'Status' });
    expectError(await api.request('POST', url, { as: t.adminId, body: { changes: [{ operation: 'insert_page', document: { markdown: '' }, type: 'link' }] } }), 400, /changes\[0\]\.href: is required for a link page/);
    expectError(await api.request('POST', url, { as: t.adminId, body: { changes: [{ operation: 'insert_page', document: { markdown: '' }, href: 'https://x.y' }] } }), 400, /href: only link pages have one/);
  });
});

describe('Git Sync files of pages (git.path)', () => {
  it('are kept on insert and update, shown on the page, forgotten with null, and refused when they are not a relative markdown path', async () => {
    const { t, api, space, cr, url } = await changeRequestApi();
    const write = async (changes: unknown[]) => await api.request('POST', url, { as: t.adminId, body: { changes } });
    const pages = async () => (await api.request('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}/content/pages`, { as: t.adminId })).body.pages;

    const ok = await write([{ operation: 'insert_page', document: { markdown: '# Quick start' }, git: { path: 'tutorials/Quick Start.md' } }]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const id = ok.body.changes[0].page;
    expect((await pages())[0]).toMatchObject({ id, slug: 'quick-start', git: { path: 'tutorials/Quick Start.md' } });
    expect((await write([{ operation: 'update_page', page: id, git: { path: 'start.md' } }])).status).toBe(200);
    expect((await pages())[0].git).toEqual({ oid: expect.stringMatching(/^[0-9a-f]{40}$/), path: 'start.md' });
    expect((await write([{ operation: 'update_page', page: id, git: null }])).status).toBe(200);
    expect((await pages())[0].git).toBeUndefined();

    const refused = async (git: unknown, rule: RegExp, extra: object = {}) =>
      expectError(await write([{ operation: 'insert_page', document: { markdown: '' }, git, ...extra }]), 400, rule);
    await refused({ path: '../outside.md' }, /changes\[0\]\.git\.path: must not have empty, "\." or "\.\." path segments/);
    await refused({ path: '/etc/passwd.md' }, /changes\[0\]\.git\.path: must be a relative path/);
    await refused({ path: 'notes.txt' }, /changes\[0\]\.git\.path: must name a markdown file/);
    await refused({ path: 'a\\b.md' }, /git\.path: must not contain a backslash/);
    await refused({ path: 'group.md' }, /changes\[0\]\.git\.path: only document pages are kept in a file/, { type: 'group' });
    await refused({ path: '' }, /git\.path/);
    await refused({ path: 'a.md', oid: 'x' }, /git/);
    expectError(await write([{ operation: 'update_page', page: id, git: { path: 'x.yaml' } }]), 400, /changes\[0\]\.git\.path: must name a markdown file/);
  });

  it('need the right to edit the content (a reader is refused, nothing is written)', async () => {
    const { addMember } = await import('../helpers/engine');
    const { t, api, space, url } = await changeRequestApi();
    const reader = await addMember(t.engine, t.orgId, 'reader@acme.test', 'read');
    await t.engine.spacePermissions.grant({ userId: t.adminId }, space.id, { role: 'read', users: [reader] });
    expectError(await api.request('POST', url, { as: reader, body: { changes: [{ operation: 'insert_page', document: { markdown: '' }, git: { path: 'a.md' } }] } }), 403, /./);
    expect((await api.request('GET', `${url}/pages`, { as: t.adminId })).body.pages).toEqual([]);
  });
});
