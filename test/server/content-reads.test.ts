import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addMember, otherOrganization, PUBLIC_URL } from '../helpers/engine';
import { expectOk, expectError, type CallResult } from '../helpers/app';
import type { Routes } from '../../src/api/routes/index';
import { contentSetup, type ContentSetup, type PageNode } from '../helpers/content';
import { mapInOrder } from '../../src/engine/in-order';

type Root = 'space' | 'cr';

/** The content root of the space, or of a change request of it. */
const rootOf = (s: ContentSetup, cr?: string | number, space = s.spaceId) =>
  cr === undefined ? `/v1/spaces/${space}/content` : `${s.crUrl(cr, space)}/content`;

/** expectOk, and for the raw download route (no JSON schema): 200 with bytes. */
function expectRead(res: CallResult, operation: keyof Routes): void {
  if (operation !== 'downloadSpaceFile') return expectOk(res, operation);
  expect(res.status, String(res.body)).toBe(200);
  expect(Buffer.isBuffer(res.body)).toBe(true);
}

const op = (root: Root, space: keyof Routes, changeRequest: keyof Routes) => (root === 'space' ? space : changeRequest);

/** A 2x3 PNG (signature + IHDR), a 5x7 GIF and a 9x4 JPEG (SOI, APP0, SOF0). */
function png(width: number, height: number): Buffer {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).copy(b, 0);
  b.write('IHDR', 12, 'ascii');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  b[24] = 8;
  b[25] = 6;
  return b;
}
function gif(width: number, height: number): Buffer {
  const b = Buffer.alloc(13);
  b.write('GIF89a', 0, 'ascii');
  b.writeUInt16LE(width, 6);
  b.writeUInt16LE(height, 8);
  return b;
}
function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

const GUIDE = [
  '---',
  'title: The Guide',
  'description: Everything in one place',
  'icon: 📘',
  '---',
  '# Guide heading',
  '',
  'Some **bold**, *italic*, `inline code` and a [link](https://example.com/docs).',
  '',
  '- first *item*',
  '- second',
  '',
  '```ts',
  'const answer: number = 42;',
  '```',
  '',
  '| Key | Value |',
  '|-----|-------|',
  '| a   | **1** |',
  '',
].join('\n');

/**
 * A space whose merged content is a tree:
 *   getting-started (Getting Started)
 *     install (Install)
 *       on-linux (On Linux)
 *     install-2 (Install, a second page with the same title)
 *   api-reference (API Reference)
 *     install (Install: same slug under another parent)
 * plus the GUIDE page at the root, and a change request `cr` (open, unmerged) that adds a page and a file.
 */
async function treeSetup() {
  const s = await contentSetup();
  const seedCr = await s.createCr({ subject: 'seed' });
  const first = await s.writeOk(seedCr.id, [
    { operation: 'insert_page', document: { markdown: '# Getting Started\n\nWelcome.' } },
    { operation: 'insert_page', document: { markdown: '# API Reference\n\nEndpoints.' } },
  ]);
  const [gettingStarted, apiReference] = first.changes.map((c: { page: string }) => c.page);
  const second = await s.writeOk(seedCr.id, [
    { operation: 'insert_page', document: { markdown: '# Install\n\nnpm i' }, into: gettingStarted },
    { operation: 'insert_page', document: { markdown: 'Second install page' }, title: 'Install', into: gettingStarted },
    { operation: 'insert_page', document: { markdown: '# Install\n\nThe API install.' }, into: apiReference },
    { operation: 'insert_page', document: { markdown: GUIDE }, at: 0 },
  ]);
  const [install, install2, apiInstall, guide] = second.changes.map((c: { page: string }) => c.page);
  const third = await s.writeOk(seedCr.id, [{ operation: 'insert_page', document: { markdown: '# On Linux\n\napt-get install docs' }, into: install }]);
  const onLinux = third.changes[0].page as string;
  expectOk(await s.merge(seedCr.id), 'mergeChangeRequest');
  const cr = await s.createCr({ subject: 'pending' });
  const pending = await s.writeOk(cr.id, [
    { operation: 'insert_page', document: { markdown: '# Pending page\n\nNot merged yet.' }, into: apiReference },
    { operation: 'insert_files', files: [{ name: 'pending.txt', base64: Buffer.from('pending bytes').toString('base64') }] },
  ]);
  return {
    ...s,
    seedCr,
    cr,
    ids: { gettingStarted, apiReference, install, install2, apiInstall, guide, onLinux, pendingPage: pending.changes[0].page as string },
    pendingFile: pending.insertedFiles[0].id as string,
  };
}

const paths = (tree: PageNode[], flat: (t: PageNode[]) => PageNode[]) => flat(tree).map((p) => p.path);


/** What a capability URL for `path` handed to `userId` looks like. */
const capability = (path: string, userId: string) =>
  expect.stringMatching(new RegExp(`^${PUBLIC_URL.replace(/[.]/g, '\\.')}${path}\\?user=${userId}&expires=\\d+&signature=[\\w-]{43}$`));

/** A SHA-256 in hex. */
const HEX64 = expect.stringMatching(/^[0-9a-f]{64}$/);

describe('GET <content> (the revision)', () => {
  it('shows the empty first revision of a new space: no pages, files or parents', async () => {
    const s = await contentSetup();
    const res = await s.api.request('GET', rootOf(s), { as: s.adminId });
    expectOk(res, 'getSpaceContent');
    const revision = await s.spaceRevision();
    expect(res.body).toEqual({
      object: 'revision',
      id: revision,
      parents: [],
      pages: [],
      files: [],
      reusableContents: [],
      tags: [],
      createdAt: '2026-03-01T10:00:00.000Z',
      type: 'edits',
      urls: {
        app: `${PUBLIC_URL}/app/s/${s.spaceId}/~/revisions/${revision}`,
        published: expect.any(String),
        public: expect.any(String),
      },
    });
  });

  it('chains parents: a change request starts from the space revision, each write and the merge name the previous ones', async () => {
    const s = await contentSetup();
    const initial = await s.spaceRevision();
    const cr = await s.createCr();
    const crRoot = rootOf(s, cr.id);
    const afterCreate = await s.api.request('GET', crRoot, { as: s.adminId });
    expectOk(afterCreate, 'getChangeRequestContent');
    expect(afterCreate.body.id).toBe(cr.revision);
    expect(afterCreate.body.parents).toEqual([initial]);

    s.clock.advance(60_000);
    await s.writeOk(cr.id, [{ operation: 'insert_page', document: { markdown: '# One' } }]);
    const afterFirst = await s.api.request('GET', crRoot, { as: s.adminId });
    expectOk(afterFirst, 'getChangeRequestContent');
    expect(afterFirst.body.parents).toEqual([cr.revision]);
    expect(afterFirst.body.id).toBe((await s.getCr(cr.id)).revision);
    expect(afterFirst.body.createdAt).toBe('2026-03-01T10:01:00.000Z');
    expect(afterFirst.body.type).toBe('edits');

    await s.writeOk(cr.id, [{ operation: 'insert_page', document: { markdown: '# Two' } }]);
    const afterSecond = await s.api.request('GET', crRoot, { as: s.adminId });
    expect(afterSecond.body.parents).toEqual([afterFirst.body.id]);
    expect(afterSecond.body.pages.map((p: PageNode) => p.title)).toEqual(['One', 'Two']);

    // the space has not moved
    const before = await s.api.request('GET', rootOf(s), { as: s.adminId });
    expect(before.body.id).toBe(initial);
    expect(before.body.pages).toEqual([]);

    const merged = await s.merge(cr.id);
    expectOk(merged, 'mergeChangeRequest');
    const space = await s.api.request('GET', rootOf(s), { as: s.adminId });
    expectOk(space, 'getSpaceContent');
    expect(space.body.id).toBe(merged.body.revision);
    expect(space.body.id).toBe(await s.spaceRevision());
    expect(space.body.type).toBe('merge');
    expect(space.body.parents).toEqual([initial, afterSecond.body.id]);
    expect(space.body.pages.map((p: PageNode) => p.title)).toEqual(['One', 'Two']);

    // the next change request starts from the merge
    const next = await s.createCr();
    const nextContent = await s.api.request('GET', rootOf(s, next.id), { as: s.adminId });
    expect(nextContent.body.parents).toEqual([merged.body.revision]);
  });

  it('names both sides as parents when a change request is updated from main', async () => {
    const s = await contentSetup();
    const cr = await s.createCr();
    await s.writeOk(cr.id, [{ operation: 'insert_page', document: { markdown: '# Mine' } }]);
    const head = (await s.getCr(cr.id)).revision;
    const main = await s.changeMain([{ operation: 'insert_page', document: { markdown: '# Theirs' } }]);
    expectOk(await s.update(cr.id), 'updateChangeRequestFromMain');
    const res = await s.api.request('GET', rootOf(s, cr.id), { as: s.adminId });
    expectOk(res, 'getChangeRequestContent');
    expect(res.body.type).toBe('update');
    expect(res.body.parents).toEqual([head, main]);
    expect(res.body.pages.map((p: PageNode) => p.title).sort()).toEqual(['Mine', 'Theirs']);
  });

  it('lists the pages (as GET pages does) and the files in name order with their metadata', async () => {
    const s = await treeSetup();
    const res = await s.api.request('GET', rootOf(s, s.cr.id), { as: s.adminId });
    expectOk(res, 'getChangeRequestContent');
    const pages = await s.api.request('GET', `${rootOf(s, s.cr.id)}/pages`, { as: s.adminId });
    expect(res.body.pages).toEqual(pages.body.pages);
    expect(res.body.files).toEqual([
      {
        object: 'file',
        id: s.pendingFile,
        name: 'pending.txt',
        contentType: 'text/plain',
        size: 13,
        sha256: HEX64,
        downloadURL: capability(`/v1/spaces/${s.spaceId}/files/${s.pendingFile}/download`, s.adminId),
      },
    ]);
    const space = await s.api.request('GET', rootOf(s), { as: s.adminId });
    expect(space.body.files).toEqual([]);
  });

  it('orders the files of the revision as the files listing does', async () => {
    const s = await contentSetup();
    const cr = await s.createCr();
    const names = ['b.txt', 'A.txt', 'a.txt', 'B.txt', '_x.txt', '10.txt', '9.txt'];
    await s.writeOk(cr.id, [{ operation: 'insert_files', files: names.map((name) => ({ name, base64: Buffer.from(name).toString('base64') })) }]);
    const revision = await s.api.request('GET', rootOf(s, cr.id), { as: s.adminId });
    const listed = await s.api.request('GET', `${rootOf(s, cr.id)}/files`, { as: s.adminId });
    expectOk(listed, 'listChangeRequestFiles');
    expect(revision.body.files.map((f: { name: string }) => f.name)).toEqual(listed.body.items.map((f: { name: string }) => f.name));
    expect(revision.body.files).toEqual(listed.body.items);
  });

  it('accepts metadata and computed as true or false only, and no other parameter', async () => {
    const s = await contentSetup();
    for (const root of [rootOf(s), rootOf(s, (await s.createCr()).id)]) {
      expect((await s.api.request('GET', `${root}?metadata=false&computed=true`, { as: s.adminId })).status).toBe(200);
      expect((await s.api.request('GET', `${root}?metadata=true&computed=false`, { as: s.adminId })).status).toBe(200);
      expectError(await s.api.request('GET', `${root}?metadata=yes`, { as: s.adminId }), 400, /metadata.*must be true or false/);
      expectError(await s.api.request('GET', `${root}?computed=1`, { as: s.adminId }), 400, /computed.*must be true or false/);
      expectError(await s.api.request('GET', `${root}?format=markdown`, { as: s.adminId }), 400, /format/);
    }
  });
});

describe('GET <content>/pages (the page tree)', () => {
  it('nests pages under their parents in order, with paths made of the ancestors’ slugs', async () => {
    const s = await treeSetup();
    const res = await s.api.request('GET', `${rootOf(s)}/pages`, { as: s.adminId });
    expectOk(res, 'listSpacePages');
    const shape = (tree: PageNode[]): unknown[] => tree.map((p) => ({ id: p.id, title: p.title, slug: p.slug, path: p.path, pages: shape(p.pages) }));
    const { ids } = s;
    expect(shape(res.body.pages)).toEqual([
      { id: ids.guide, title: 'The Guide', slug: 'the-guide', path: 'the-guide', pages: [] },
      {
        id: ids.gettingStarted, title: 'Getting Started', slug: 'getting-started', path: 'getting-started',
        pages: [
          {
            id: ids.install, title: 'Install', slug: 'install', path: 'getting-started/install',
            pages: [{ id: ids.onLinux, title: 'On Linux', slug: 'on-linux', path: 'getting-started/install/on-linux', pages: [] }],
          },
          { id: ids.install2, title: 'Install', slug: 'install-2', path: 'getting-started/install-2', pages: [] },
        ],
      },
      {
        id: ids.apiReference, title: 'API Reference', slug: 'api-reference', path: 'api-reference',
        pages: [{ id: ids.apiInstall, title: 'Install', slug: 'install', path: 'api-reference/install', pages: [] }],
      },
    ]);
    const all = paths(res.body.pages, s.flat);
    expect(all).toHaveLength(7);
    expect(new Set(all).size).toBe(all.length);
  });

  it('presents each page’s metadata, from frontmatter where given, without its content', async () => {
    const s = await treeSetup();
    const res = await s.api.request('GET', `${rootOf(s)}/pages`, { as: s.adminId });
    const guide = res.body.pages[0];
    expect(guide).toEqual({
      kind: 'sheet',
      id: s.ids.guide,
      title: 'The Guide',
      emoji: '📘',
      type: 'document',
      slug: 'the-guide',
      path: 'the-guide',
      description: 'Everything in one place',
      documentId: expect.any(String),
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-01T10:00:00.000Z',
      hidden: false,
      noIndex: false,
      noRobotsIndex: false,
      layout: {
        width: 'default', cover: true, coverSize: 'hero', coverMask: 'none', title: true, description: true, tableOfContents: true,
        outline: true, pagination: true, metadata: true, tags: true, actions: true, anchors: true,
      },
      tags: [],
      urls: { app: `${PUBLIC_URL}/app/s/${s.spaceId}/the-guide` },
      pages: [],
    });
    for (const page of s.flat(res.body.pages)) {
      expect(page).not.toHaveProperty('markdown');
      expect(page).not.toHaveProperty('document');
      expect((page as unknown as { urls: { app: string } }).urls.app).toBe(`${PUBLIC_URL}/app/s/${s.spaceId}/${page.path}`);
    }
    const onLinux = s.flat(res.body.pages).find((p) => p.id === s.ids.onLinux)!;
    expect(onLinux.description).toBe('');
    expect(onLinux).not.toHaveProperty('emoji');
  });

  it('derives paths from the tree: moving or renaming under a new parent changes them, and they stay unique', async () => {
    const s = await treeSetup();
    await s.writeOk(s.cr.id, [
      // Install (with On Linux below it) moves to the root; On Linux follows it
      { operation: 'update_page', page: s.ids.install, into: null, at: 0 },
      // the API's Install moves next to the other Install pages and has to take a free slug
      { operation: 'update_page', page: s.ids.apiInstall, into: s.ids.gettingStarted },
    ]);
    const res = await s.api.request('GET', `${rootOf(s, s.cr.id)}/pages`, { as: s.adminId });
    expectOk(res, 'listChangeRequestPages');
    const byId = new Map(s.flat(res.body.pages).map((p) => [p.id, p.path]));
    expect(byId.get(s.ids.install)).toBe('install');
    expect(byId.get(s.ids.onLinux)).toBe('install/on-linux');
    expect(byId.get(s.ids.install2)).toBe('getting-started/install-2');
    expect(byId.get(s.ids.apiInstall)).toBe('getting-started/install');
    expect(byId.get(s.ids.pendingPage)).toBe('api-reference/pending-page');
    expect(res.body.pages.map((p: PageNode) => p.id)).toEqual([s.ids.install, s.ids.guide, s.ids.gettingStarted, s.ids.apiReference]);
    const all = paths(res.body.pages, s.flat);
    expect(new Set(all).size).toBe(all.length);
    // the space still has the merged tree
    const space = await s.api.request('GET', `${rootOf(s)}/pages`, { as: s.adminId });
    expect(new Map(s.flat(space.body.pages).map((p) => [p.id, p.path])).get(s.ids.install)).toBe('getting-started/install');
  });

  it('keeps paths unique when two change requests add a page with the same title and both are merged', async () => {
    const s = await contentSetup();
    const a = await s.createCr();
    const b = await s.createCr();
    await s.writeOk(a.id, [{ operation: 'insert_page', document: { markdown: '# Intro\n\nfrom A' } }]);
    await s.writeOk(b.id, [{ operation: 'insert_page', document: { markdown: '# Intro\n\nfrom B' } }]);
    expect((await s.merge(a.id)).body.result).toBe('merge');
    expect((await s.merge(b.id)).body.result).toBe('merge');
    const res = await s.api.request('GET', `${rootOf(s)}/pages`, { as: s.adminId });
    expectOk(res, 'listSpacePages');
    const all = paths(res.body.pages, s.flat);
    expect(all).toHaveLength(2);
    expect(new Set(all).size).toBe(2);
    // each path finds its own page
    for (const page of res.body.pages as PageNode[]) {
      const found = await s.api.request('GET', `${rootOf(s)}/path/${encodeURIComponent(page.path)}`, { as: s.adminId });
      expectOk(found, 'getSpacePageByPath');
      expect(found.body.id).toBe(page.id);
    }
  });

  it('shows the change request’s content at its root and the merged content at the space root', async () => {
    const s = await treeSetup();
    const crPages = await s.api.request('GET', `${rootOf(s, s.cr.id)}/pages`, { as: s.adminId });
    const spacePages = await s.api.request('GET', `${rootOf(s)}/pages`, { as: s.adminId });
    expectOk(crPages, 'listChangeRequestPages');
    const crIds = s.flat(crPages.body.pages).map((p) => p.id);
    const spaceIds = s.flat(spacePages.body.pages).map((p) => p.id);
    expect(crIds).toContain(s.ids.pendingPage);
    expect(spaceIds).not.toContain(s.ids.pendingPage);
    expect(crIds.filter((id) => id !== s.ids.pendingPage)).toEqual(spaceIds);
    // the change request by its number shows the same
    const byNumber = await s.api.request('GET', `${rootOf(s, s.cr.number)}/pages`, { as: s.adminId });
    expect(byNumber.body).toEqual(crPages.body);
    // a merged change request still shows its own content
    const merged = await s.api.request('GET', `${rootOf(s, s.seedCr.id)}/pages`, { as: s.adminId });
    expectOk(merged, 'listChangeRequestPages');
    expect(s.flat(merged.body.pages).map((p) => p.id)).toEqual(spaceIds);
    // once merged, the space shows it
    expectOk(await s.merge(s.cr.id), 'mergeChangeRequest');
    const after = await s.api.request('GET', `${rootOf(s)}/pages`, { as: s.adminId });
    expect(s.flat(after.body.pages).map((p) => p.id)).toContain(s.ids.pendingPage);
  });

  it('answers 404 for an unknown change request, or one of another space', async () => {
    const s = await contentSetup();
    const other = await s.createSpace('Other');
    const otherCr = await s.createCr({}, s.adminId, other);
    for (const url of [`${rootOf(s, 'nope')}/pages`, `${rootOf(s, 99)}/pages`, `${rootOf(s, otherCr.id)}/pages`]) {
      expectError(await s.api.request('GET', url, { as: s.adminId }), 404, /change request .* not found/);
    }
    expectOk(await s.api.request('GET', `${rootOf(s, otherCr.id, other)}/pages`, { as: s.adminId }), 'listChangeRequestPages');
  });
});

describe('GET <content>/files and <content>/files/{fileId}', () => {
  async function filesSetup() {
    const s = await contentSetup();
    const cr = await s.createCr();
    const text = Buffer.from('hello, files\n');
    const inputs = [
      { name: 'photo.jpg', base64: jpeg(9, 4).toString('base64') },
      { name: 'diagram.png', base64: png(2, 3).toString('base64') },
      { name: 'notes.txt', base64: text.toString('base64') },
      { name: 'anim.gif', base64: gif(5, 7).toString('base64') },
      { name: 'custom.bin', contentType: 'application/x-custom', base64: Buffer.from([0, 1, 2, 255]).toString('base64') },
    ];
    const body = await s.writeOk(cr.id, [{ operation: 'insert_files', files: inputs }]);
    const idOf = Object.fromEntries(inputs.map((f, i) => [f.name, body.changes[0].files[i] as string]));
    return { ...s, cr, idOf, text };
  }
  // A capability URL: the download path, the viewer, an expiry and a signature (engine/capability.ts).
  const download = (s: ContentSetup, id: string, space = s.spaceId) => capability(`/v1/spaces/${space}/files/${id}/download`, s.adminId);

  it('pages through the files in name order with limit and the next cursor', async () => {
    const s = await filesSetup();
    const url = `${rootOf(s, s.cr.id)}/files`;
    const first = await s.api.request('GET', `${url}?limit=2`, { as: s.adminId });
    expectOk(first, 'listChangeRequestFiles');
    expect(first.body.count).toBe(5);
    expect(first.body.items.map((f: { name: string }) => f.name)).toEqual(['anim.gif', 'custom.bin']);
    expect(first.body.next.page).toEqual(expect.any(String));
    const second = await s.api.request('GET', `${url}?limit=2&page=${encodeURIComponent(first.body.next.page)}`, { as: s.adminId });
    expectOk(second, 'listChangeRequestFiles');
    expect(second.body.items.map((f: { name: string }) => f.name)).toEqual(['diagram.png', 'notes.txt']);
    const third = await s.api.request('GET', `${url}?limit=2&page=${encodeURIComponent(second.body.next.page)}`, { as: s.adminId });
    expectOk(third, 'listChangeRequestFiles');
    expect(third.body).toEqual({ count: 5, items: [expect.objectContaining({ name: 'photo.jpg' })] });
    const all = await s.api.request('GET', url, { as: s.adminId });
    expect(all.body.items).toEqual([...first.body.items, ...second.body.items, ...third.body.items]);
    expect(all.body.next).toBeUndefined();
  });

  it('presents size, content type (given or from the name), dimensions of images and the download URL', async () => {
    const s = await filesSetup();
    const res = await s.api.request('GET', `${rootOf(s, s.cr.id)}/files`, { as: s.adminId });
    const byName = Object.fromEntries(res.body.items.map((f: { name: string }) => [f.name, f]));
    const id = s.idOf;
    expect(byName['anim.gif']).toEqual({ object: 'file', id: id['anim.gif'], sha256: HEX64, name: 'anim.gif', contentType: 'image/gif', size: 13, dimensions: { width: 5, height: 7 }, downloadURL: download(s, id['anim.gif']) });
    expect(byName['diagram.png']).toEqual({ object: 'file', id: id['diagram.png'], sha256: HEX64, name: 'diagram.png', contentType: 'image/png', size: 33, dimensions: { width: 2, height: 3 }, downloadURL: download(s, id['diagram.png']) });
    expect(byName['photo.jpg']).toEqual({ object: 'file', id: id['photo.jpg'], sha256: HEX64, name: 'photo.jpg', contentType: 'image/jpeg', size: jpeg(9, 4).length, dimensions: { width: 9, height: 4 }, downloadURL: download(s, id['photo.jpg']) });
    expect(byName['notes.txt']).toEqual({ object: 'file', id: id['notes.txt'], sha256: HEX64, name: 'notes.txt', contentType: 'text/plain', size: s.text.length, downloadURL: download(s, id['notes.txt']) });
    // docsctl's extension: the SHA-256 of the bytes (content push compares files by it).
    expect(byName['notes.txt'].sha256).toBe(createHash('sha256').update(s.text).digest('hex'));
    expect(byName['custom.bin']).toEqual({ object: 'file', id: id['custom.bin'], sha256: HEX64, name: 'custom.bin', contentType: 'application/x-custom', size: 4, downloadURL: download(s, id['custom.bin']) });
  });

  it('gets one file as the listing shows it', async () => {
    const s = await filesSetup();
    const listed = (await s.api.request('GET', `${rootOf(s, s.cr.id)}/files`, { as: s.adminId })).body.items;
    expect(listed).toHaveLength(5);
    for (const file of listed) {
      const res = await s.api.request('GET', `${rootOf(s, s.cr.id)}/files/${file.id}`, { as: s.adminId });
      expectOk(res, 'getChangeRequestFile');
      expect(res.body).toEqual(file);
    }
    expectError(await s.api.request('GET', `${rootOf(s, s.cr.id)}/files/nope`, { as: s.adminId }), 404, /file nope not found/);
  });

  it('shows a change request’s files at the space root only once it is merged', async () => {
    const s = await filesSetup();
    const id = s.idOf['notes.txt'];
    expect((await s.api.request('GET', `${rootOf(s)}/files`, { as: s.adminId })).body).toEqual({ count: 0, items: [] });
    expectError(await s.api.request('GET', `${rootOf(s)}/files/${id}`, { as: s.adminId }), 404);
    expectOk(await s.merge(s.cr.id), 'mergeChangeRequest');
    const listed = await s.api.request('GET', `${rootOf(s)}/files?limit=1`, { as: s.adminId });
    expectOk(listed, 'listSpaceFiles');
    expect(listed.body.count).toBe(5);
    expect(listed.body.items.map((f: { name: string }) => f.name)).toEqual(['anim.gif']);
    const one = await s.api.request('GET', `${rootOf(s)}/files/${id}`, { as: s.adminId });
    expectOk(one, 'getSpaceFile');
    expect(one.body).toMatchObject({ id, name: 'notes.txt', size: s.text.length });
  });

  it('rejects a bad cursor, a cursor of another listing, limits out of 1..1000 and bad flags (400)', async () => {
    const s = await filesSetup();
    const url = `${rootOf(s, s.cr.id)}/files`;
    expectError(await s.api.request('GET', `${url}?page=garbage`, { as: s.adminId }), 400, /page/);
    // a cursor of the change-request listing (two change requests, one a page)
    await s.createCr();
    const other = await s.api.request('GET', `${s.crs()}?limit=1`, { as: s.adminId });
    expect(other.body.next).toBeDefined();
    expectError(await s.api.request('GET', `${url}?page=${encodeURIComponent(other.body.next.page)}`, { as: s.adminId }), 400, /page/);
    expectError(await s.api.request('GET', `${url}?limit=0`, { as: s.adminId }), 400, /limit/);
    expectError(await s.api.request('GET', `${url}?limit=1001`, { as: s.adminId }), 400, /limit/);
    expectError(await s.api.request('GET', `${url}?metadata=maybe`, { as: s.adminId }), 400, /metadata/);
    expectError(await s.api.request('GET', `${url}/${s.idOf['notes.txt']}?computed=no`, { as: s.adminId }), 400, /computed/);
    expect((await s.api.request('GET', `${url}?metadata=false&computed=false&limit=1000`, { as: s.adminId })).status).toBe(200);
  });
});

describe('GET /v1/spaces/{spaceId}/files/{fileId}/download', () => {
  it('answers the exact bytes with the file’s content type, for every file', async () => {
    const s = await contentSetup();
    const cr = await s.createCr();
    const bytes = {
      'image.png': png(640, 480),
      'photo.jpeg': jpeg(3, 2),
      'data.bin': Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
      'custom.dat': Buffer.from('custom'),
    };
    const body = await s.writeOk(cr.id, [{
      operation: 'insert_files',
      files: [
        { name: 'image.png', base64: bytes['image.png'].toString('base64') },
        { name: 'photo.jpeg', base64: bytes['photo.jpeg'].toString('base64') },
        { name: 'data.bin', base64: bytes['data.bin'].toString('base64') },
        { name: 'custom.dat', contentType: 'text/x-custom', base64: bytes['custom.dat'].toString('base64') },
      ],
    }]);
    const types = ['image/png', 'image/jpeg', 'application/octet-stream', 'text/x-custom'];
    await mapInOrder(Object.values(bytes), async (expected, i) => {
      const file = body.insertedFiles[i];
      const res = await s.api.request('GET', new URL(file.downloadURL).pathname, { as: s.adminId });
      expectRead(res, 'downloadSpaceFile');
      expect(res.headers['content-type']).toBe(types[i]);
      expect(Buffer.isBuffer(res.body)).toBe(true);
      expect(Buffer.compare(res.body, expected)).toBe(0);
      expect(res.body.length).toBe(file.size);
    });
  });

  it('serves the files of the space’s content and of its change requests, not other spaces’', async () => {
    const s = await contentSetup();
    const cr = await s.createCr();
    const fileId = (await s.writeOk(cr.id, [{ operation: 'insert_files', files: [{ name: 'a.txt', base64: Buffer.from('A').toString('base64') }] }])).insertedFiles[0].id;
    const url = `/v1/spaces/${s.spaceId}/files/${fileId}/download`;
    expect((await s.api.request('GET', url, { as: s.adminId })).body.toString()).toBe('A');
    expectOk(await s.merge(cr.id), 'mergeChangeRequest');
    expect((await s.api.request('GET', url, { as: s.reader })).body.toString()).toBe('A');
    const other = await s.createSpace('Other');
    expectError(await s.api.request('GET', `/v1/spaces/${other}/files/${fileId}/download`, { as: s.adminId }), 404, /file .* not found/);
    expectError(await s.api.request('GET', `/v1/spaces/${s.spaceId}/files/nope/download`, { as: s.adminId }), 404, /file nope not found/);
  });
});

describe('GET <content>/page/{pageId}', () => {
  const pageUrl = (s: ContentSetup, page: string, cr?: string, query = '') => `${rootOf(s, cr)}/page/${page}${query}`;

  it('answers the markdown exactly as written with format=markdown, frontmatter included', async () => {
    const s = await treeSetup();
    for (const [root, cr] of [['space', undefined], ['cr', s.cr.id]] as const) {
      const res = await s.api.request('GET', pageUrl(s, s.ids.guide, cr, '?format=markdown'), { as: s.adminId });
      expectOk(res, op(root, 'getSpacePage', 'getChangeRequestPage'));
      expect(res.body.markdown).toBe(GUIDE);
      expect(res.body).not.toHaveProperty('document');
      expect(res.body).toMatchObject({ id: s.ids.guide, title: 'The Guide', path: 'the-guide', description: 'Everything in one place', emoji: '📘' });
    }
    const odd = 'line with trailing spaces   \r\n\n\n\ttabbed\n\n<b>html</b> & *stars*  ';
    const cr = await s.createCr();
    const id = (await s.writeOk(cr.id, [{ operation: 'insert_page', document: { markdown: odd }, title: 'Odd' }])).changes[0].page;
    expect(await s.markdownOf(id, cr.id)).toBe(odd);
  });

  it('answers a structured document by default and with format=document, leaving the frontmatter out', async () => {
    const s = await treeSetup();
    const byDefault = await s.api.request('GET', pageUrl(s, s.ids.guide), { as: s.adminId });
    expectOk(byDefault, 'getSpacePage');
    const explicit = await s.api.request('GET', pageUrl(s, s.ids.guide, undefined, '?format=document'), { as: s.adminId });
    expectOk(explicit, 'getSpacePage');
    expect(explicit.body).toEqual(byDefault.body);
    expect(byDefault.body).not.toHaveProperty('markdown');
    const leaf = (text: string, ...marks: string[]) => ({ object: 'leaf', text, marks: marks.map((type) => ({ object: 'mark', type })) });
    const t = (...leaves: ReturnType<typeof leaf>[]) => ({ object: 'text', leaves });
    const p = (...nodes: unknown[]) => ({ object: 'block', type: 'paragraph', isVoid: false, data: {}, nodes });
    const cell = (fragment: string, ...nodes: unknown[]) => ({ object: 'fragment', fragment, type: 'table-cell', nodes: [p(...nodes)] });
    // The platform's tree: texts of leaves with marks, code of code lines, a table of records and cell fragments.
    expect(byDefault.body.document).toEqual({
      object: 'document',
      data: {},
      nodes: [
        { object: 'block', type: 'heading-1', isVoid: false, data: {}, nodes: [t(leaf('Guide heading'))] },
        p(
          t(leaf('Some '), leaf('bold', 'bold'), leaf(', '), leaf('italic', 'italic'), leaf(', '), leaf('inline code', 'code'), leaf(' and a ')),
          { object: 'inline', type: 'link', isVoid: false, data: { ref: { kind: 'url', url: 'https://example.com/docs' } }, nodes: [t(leaf('link'))] },
          t(leaf('.')),
        ),
        {
          object: 'block',
          type: 'list-unordered',
          isVoid: false,
          data: {},
          nodes: [
            { object: 'block', type: 'list-item', isVoid: false, data: {}, nodes: [p(t(leaf('first '), leaf('item', 'italic')))] },
            { object: 'block', type: 'list-item', isVoid: false, data: {}, nodes: [p(t(leaf('second')))] },
          ],
        },
        {
          object: 'block', type: 'code', isVoid: false, data: { syntax: 'ts' },
          nodes: [{ object: 'block', type: 'code-line', isVoid: false, data: {}, nodes: [t(leaf('const answer: number = 42;'))] }],
        },
        {
          object: 'block',
          type: 'table',
          isVoid: true,
          data: {
            view: { type: 'grid', columns: ['col1', 'col2'], hideHeader: false },
            records: { row1: { orderIndex: '000000', values: { col1: 'row1-col1', col2: 'row1-col2' } } },
            definition: {
              col1: { id: 'col1', title: 'Key', type: 'text', textAlignment: 'left' },
              col2: { id: 'col2', title: 'Value', type: 'text', textAlignment: 'left' },
            },
          },
          fragments: [cell('row1-col1', t(leaf('a'))), cell('row1-col2', t(leaf('1', 'bold')))],
        },
      ],
    });
    expect(JSON.stringify(byDefault.body.document)).not.toMatch(/The Guide|Everything in one place|---/);
  });

  it('includes the sub-pages as the tree shows them, without their content', async () => {
    const s = await treeSetup();
    const res = await s.api.request('GET', pageUrl(s, s.ids.gettingStarted, undefined, '?format=markdown'), { as: s.adminId });
    expectOk(res, 'getSpacePage');
    expect(res.body.markdown).toBe('# Getting Started\n\nWelcome.');
    const tree = await s.pages();
    expect(res.body.pages).toEqual(tree.find((p) => p.id === s.ids.gettingStarted)!.pages);
    // Install (with On Linux under it) and the second Install.
    expect(s.flat(res.body.pages).map((p) => p.id)).toEqual([s.ids.install, s.ids.onLinux, s.ids.install2]);
    for (const child of s.flat(res.body.pages)) {
      expect(child).not.toHaveProperty('markdown');
      expect(child).not.toHaveProperty('document');
    }
  });

  it('reads the change request’s version of a page at its root, the merged one at the space root', async () => {
    const s = await treeSetup();
    await s.writeOk(s.cr.id, [{ operation: 'update_page', page: s.ids.install, document: { markdown: '# Install\n\nyarn add docs' } }]);
    expect(await s.markdownOf(s.ids.install, s.cr.id)).toBe('# Install\n\nyarn add docs');
    expect(await s.markdownOf(s.ids.install)).toBe('# Install\n\nnpm i');
    const crDoc = await s.api.request('GET', pageUrl(s, s.ids.install, s.cr.id), { as: s.adminId });
    expectOk(crDoc, 'getChangeRequestPage');
    expect(crDoc.body.document.nodes[1].nodes[0].leaves[0].text).toBe('yarn add docs');
    expect(crDoc.body.path).toBe('getting-started/install');
    // a page only in the change request is not in the space
    expectOk(await s.api.request('GET', pageUrl(s, s.ids.pendingPage, s.cr.id), { as: s.adminId }), 'getChangeRequestPage');
    expectError(await s.api.request('GET', pageUrl(s, s.ids.pendingPage), { as: s.adminId }), 404, /not found in space/);
  });

  it('answers 404 for an unknown page and 400 for an unknown format or flag value', async () => {
    const s = await treeSetup();
    for (const cr of [undefined, s.cr.id]) {
      expectError(await s.api.request('GET', pageUrl(s, 'nope', cr), { as: s.adminId }), 404, /page nope not found/);
      expectError(await s.api.request('GET', pageUrl(s, s.ids.guide, cr, '?format=html'), { as: s.adminId }), 400, /format/);
      expectError(await s.api.request('GET', pageUrl(s, s.ids.guide, cr, '?metadata=nope'), { as: s.adminId }), 400, /metadata.*must be true or false/);
      expectError(await s.api.request('GET', pageUrl(s, s.ids.guide, cr, '?computed=TRUE'), { as: s.adminId }), 400, /computed.*must be true or false/);
      expect((await s.api.request('GET', pageUrl(s, s.ids.guide, cr, '?format=markdown&metadata=false&computed=false'), { as: s.adminId })).status).toBe(200);
    }
  });
});

describe('GET <content>/path/{pagePath}', () => {
  const pathUrl = (s: ContentSetup, path: string, cr?: string, query = '') => `${rootOf(s, cr)}/path/${path}${query}`;

  it('finds pages at every depth, with slashes encoded as %2F', async () => {
    const s = await treeSetup();
    const cases: [string, string][] = [
      ['the-guide', s.ids.guide],
      ['getting-started', s.ids.gettingStarted],
      ['getting-started%2Finstall', s.ids.install],
      ['getting-started%2Finstall-2', s.ids.install2],
      ['getting-started%2Finstall%2Fon-linux', s.ids.onLinux],
      ['api-reference%2Finstall', s.ids.apiInstall],
      ['getting-started%2finstall%2fon-linux', s.ids.onLinux], // lowercase escapes
      ['%2Fgetting-started%2Finstall%2F', s.ids.install], // surrounding slashes are ignored
    ];
    for (const [path, id] of cases) {
      const res = await s.api.request('GET', pathUrl(s, path), { as: s.adminId });
      expectOk(res, 'getSpacePageByPath');
      expect(res.body.id, path).toBe(id);
      expect(res.body.document.object).toBe('document');
    }
  });

  it('answers the same page as by id, in either format', async () => {
    const s = await treeSetup();
    for (const format of ['markdown', 'document']) {
      const byPath = await s.api.request('GET', pathUrl(s, 'getting-started%2Finstall%2Fon-linux', undefined, `?format=${format}`), { as: s.adminId });
      const byId = await s.api.request('GET', `${rootOf(s)}/page/${s.ids.onLinux}?format=${format}`, { as: s.adminId });
      expectOk(byPath, 'getSpacePageByPath');
      expect(byPath.body).toEqual(byId.body);
    }
    const md = await s.api.request('GET', pathUrl(s, 'getting-started%2Finstall%2Fon-linux', undefined, '?format=markdown'), { as: s.adminId });
    expect(md.body.markdown).toBe('# On Linux\n\napt-get install docs');
  });

  it('looks paths up in the change request’s tree at its root', async () => {
    const s = await treeSetup();
    await s.writeOk(s.cr.id, [{ operation: 'update_page', page: s.ids.install, into: null }]);
    const moved = await s.api.request('GET', pathUrl(s, 'install%2Fon-linux', s.cr.id), { as: s.adminId });
    expectOk(moved, 'getChangeRequestPageByPath');
    expect(moved.body.id).toBe(s.ids.onLinux);
    expect(moved.body.path).toBe('install/on-linux');
    const pending = await s.api.request('GET', pathUrl(s, 'api-reference%2Fpending-page', s.cr.id, '?format=markdown'), { as: s.adminId });
    expectOk(pending, 'getChangeRequestPageByPath');
    expect(pending.body.markdown).toBe('# Pending page\n\nNot merged yet.');
    // the space still has the old paths
    expectError(await s.api.request('GET', pathUrl(s, 'install%2Fon-linux'), { as: s.adminId }), 404, /page at path install\/on-linux not found/);
    expectError(await s.api.request('GET', pathUrl(s, 'api-reference%2Fpending-page'), { as: s.adminId }), 404);
    expectOk(await s.api.request('GET', pathUrl(s, 'getting-started%2Finstall%2Fon-linux'), { as: s.adminId }), 'getSpacePageByPath');
    expectError(await s.api.request('GET', pathUrl(s, 'getting-started%2Finstall%2Fon-linux', s.cr.id), { as: s.adminId }), 404);
  });

  it('answers 404 for unknown paths, partial paths and unencoded slashes; 400 for a bad format', async () => {
    const s = await treeSetup();
    for (const cr of [undefined, s.cr.id]) {
      for (const path of ['nope', 'install', 'on-linux', 'getting-started%2Fon-linux', 'getting-started%2Finstall%2Fon-linux%2Fmore', 'Getting-Started']) {
        expectError(await s.api.request('GET', pathUrl(s, path, cr), { as: s.adminId }), 404, /not found/);
      }
      // an unencoded slash is another route, which does not exist
      expectError(await s.api.request('GET', pathUrl(s, 'getting-started/install', cr), { as: s.adminId }), 404);
      expectError(await s.api.request('GET', pathUrl(s, 'the-guide', cr, '?format=html'), { as: s.adminId }), 400, /format/);
      expectError(await s.api.request('GET', pathUrl(s, 'the-guide', cr, '?metadata=1'), { as: s.adminId }), 400, /metadata/);
    }
  });
});

describe('access to content', () => {
  /** Every read route of the space (root and change request) with the operation that answers it. */
  function routesOf(s: Awaited<ReturnType<typeof treeSetup>>, space = s.spaceId, cr: string = s.cr.id, page = s.ids.guide, file = s.pendingFile) {
    const list: [string, keyof Routes][] = [];
    for (const [root, prefix] of [[rootOf(s, undefined, space), 'Space'], [rootOf(s, cr, space), 'ChangeRequest']] as const) {
      list.push(
        [root, `get${prefix}Content`],
        [`${root}/pages`, `list${prefix}Pages`],
        [`${root}/files`, `list${prefix}Files`],
        [`${root}/page/${page}`, `get${prefix}Page`],
        [`${root}/path/the-guide`, `get${prefix}PageByPath`],
      );
    }
    // the pending file is only in the change request's content
    list.push([`${rootOf(s, cr, space)}/files/${file}`, 'getChangeRequestFile'], [`/v1/spaces/${space}/files/${file}/download`, 'downloadSpaceFile']);
    return list;
  }

  it('lets anyone with access to the space read every route, including a guest with a read grant', async () => {
    const s = await treeSetup();
    const guest = await addMember(s.engine, s.orgId, 'guest@acme.test', null, 'Guest');
    await s.grant(s.spaceId, 'read', [guest]);
    expectOk(await s.merge(s.cr.id), 'mergeChangeRequest');
    const routes = [...routesOf(s), [`${rootOf(s)}/files/${s.pendingFile}`, 'getSpaceFile'] as [string, keyof Routes]];
    expect(routes).toHaveLength(12 + 1);
    for (const who of [s.adminId, s.reader, guest]) {
      for (const [url, operation] of routes) expectRead(await s.api.request('GET', url, { as: who }), operation);
    }
  });

  it('answers 401 on every route without a token or with an unknown one', async () => {
    const s = await treeSetup();
    for (const [url] of routesOf(s)) {
      expectError(await s.api.request('GET', url, { as: null }), 401);
      expectError(await s.api.request('GET', url, { token: 'not-a-token' }), 401);
    }
  });

  it('answers 404 to members without access, guests without grants and unknown spaces, on every route', async () => {
    const s = await treeSetup();
    const guest = await addMember(s.engine, s.orgId, 'guest@acme.test', null, 'Guest');
    for (const who of [s.stranger, guest]) {
      for (const [url] of routesOf(s)) expectError(await s.api.request('GET', url, { as: who }), 404, /not found/);
    }
    for (const [url] of routesOf(s, 'nope')) expectError(await s.api.request('GET', url, { as: s.adminId }), 404, /space nope not found/);
    // a default level gives members access, but never guests
    expectOk(await s.api.request('PATCH', `/v1/spaces/${s.spaceId}`, { as: s.adminId, body: { defaultLevel: 'read' } }), 'updateSpaceById');
    for (const [url, operation] of routesOf(s)) {
      expectRead(await s.api.request('GET', url, { as: s.stranger }), operation);
      expectError(await s.api.request('GET', url, { as: guest }), 404);
    }
  });

  it('lets a reader read content but not change it (403)', async () => {
    const s = await treeSetup();
    expectOk(await s.api.request('GET', `${rootOf(s, s.cr.id)}/pages`, { as: s.reader }), 'listChangeRequestPages');
    expectError(await s.write(s.cr.id, [{ operation: 'insert_page', document: { markdown: '# No' } }], s.reader), 403);
    expect(await s.titles(s.cr.id)).not.toContain('No');
  });

  it('answers 404 for another organization’s space, and to its admin for ours', async () => {
    const s = await treeSetup();
    const other = await otherOrganization(s.engine);
    for (const [url] of routesOf(s)) expectError(await s.api.request('GET', url, { as: other.adminId }), 404);
    const theirs = (await s.engine.spaces.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' })).id;
    const theirCr = await s.engine.changeRequests.create({ userId: other.adminId }, theirs, {});
    const written = await s.engine.changeRequests.write({ userId: other.adminId }, theirs, theirCr.id, [
      { operation: 'insert_page', document: { markdown: '# The Guide\n\nsecret' } },
      { operation: 'insert_files', files: [{ name: 'secret.txt', base64: Buffer.from('secret').toString('base64') }] },
    ]);
    await s.engine.changeRequests.merge({ userId: other.adminId }, theirs, theirCr.id);
    const secret = routesOf(s, theirs, theirCr.id, written.changes[0].page!, written.insertedFiles[0].id);
    for (const [url, operation] of secret) expectRead(await s.api.request('GET', url, { as: other.adminId }), operation);
    for (const [url] of secret) expectError(await s.api.request('GET', url, { as: s.adminId }), 404, /not found/);
  });
});
