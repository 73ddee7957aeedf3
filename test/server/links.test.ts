import { describe, expect, it } from 'vitest';
import { addMember, otherOrganization, PUBLIC_URL } from '../helpers/engine';
import { expectOk, expectError } from '../helpers/app';
import type { Routes } from '../../src/api/routes/index';
import { contentSetup } from '../helpers/content';

const b64 = (text: string) => Buffer.from(text).toString('base64');

interface Item {
  status: string;
  relation: string;
  targetReference: { kind: string; page?: string; path?: string; anchor?: string; file?: string; name?: string; url?: string; versionContext: { revision: string } };
  locationReferences: { page: string; path: string; title: string }[];
}

/** A short, readable name of an item's target, and where it is linked from. */
const describeItem = (i: Item) => {
  const t = i.targetReference;
  const target = t.kind === 'url' ? t.url : t.kind === 'file' ? (t.name ?? `/files/${t.file}`) : t.kind === 'anchor' ? `${t.path}#${t.anchor}` : t.path;
  return `${i.status} ${t.kind} ${target} <- ${i.locationReferences.map((l) => l.path).join(',')}`;
};

/**
 * Main content (tree order): guide (sub-pages install and faq), guide/install, guide/faq, changelog;
 * files logo.png and notes.txt. An open change request `cr` adds a page with one more broken link.
 */
async function linksSetup() {
  const s = await contentSetup();
  const seed = await s.createCr({ subject: 'seed' });
  const files = (await s.writeOk(seed.id, [
    { operation: 'insert_files', files: [{ name: 'logo.png', base64: b64('png') }, { name: 'notes.txt', base64: b64('notes') }] },
  ])).insertedFiles as { id: string; name: string }[];
  const logo = files.find((f) => f.name === 'logo.png')!.id;
  const notes = files.find((f) => f.name === 'notes.txt')!.id;
  const roots = (await s.writeOk(seed.id, [
    {
      operation: 'insert_page',
      document: { markdown: `# Guide\n\n## Overview\n\nSee [install](install.md), [the top](faq.md#top), [missing](missing.md) and ![logo](/files/${logo}).\n\n[up](#overview) [bad](#nope)\n` },
    },
    {
      operation: 'insert_page',
      document: { markdown: `# Changelog\n\n- [Guide](guide/README.md)\n- [Install](guide/install)\n- [app](${PUBLIC_URL}/app/s/x)\n- [site](https://example.com)\n- ![gone](/files/nope)\n` },
    },
  ])).changes.map((c: { page: string }) => c.page);
  const [guide, changelog] = roots;
  const [install, faq] = (await s.writeOk(seed.id, [
    { operation: 'insert_page', document: { markdown: `# Install\n\n## On Linux\n\n| back | [guide](README.md) |\n|---|---|\n| [log](../changelog.md) | [here](#on-linux) ![logo](/files/${logo}) |\n` }, into: guide },
    { operation: 'insert_page', document: { markdown: '# FAQ\n\n## Top\n\n[Install](install.md)\n' }, into: guide },
  ])).changes.map((c: { page: string }) => c.page);
  expectOk(await s.merge(seed.id), 'mergeChangeRequest');
  const cr = await s.createCr({ subject: 'pending' });
  const pending = (await s.writeOk(cr.id, [{ operation: 'insert_page', document: { markdown: '# Pending\n\n[soon](soon.md) [bad](guide/missing.md)\n' } }])).changes[0].page as string;
  return { ...s, ids: { guide, changelog, install, faq, pending }, logo, notes, cr };
}

type Setup = Awaited<ReturnType<typeof linksSetup>>;

const spaceLinks = (s: Setup, query = '') => `/v1/spaces/${s.spaceId}/links${query}`;
const crLinks = (s: Setup, cr: string | number = s.cr.id, query = '') => `${s.crUrl(cr)}/links${query}`;
const pageLinks = (s: Setup, page: string, cr?: string | number, query = '') => `${cr === undefined ? `/v1/spaces/${s.spaceId}` : s.crUrl(cr)}/content/page/${page}/links${query}`;
const backlinks = (s: Setup, file: string, cr?: string | number, query = '') => `${cr === undefined ? `/v1/spaces/${s.spaceId}` : s.crUrl(cr)}/content/files/${file}/backlinks${query}`;

const MAIN_LINKS = [
  'broken anchor guide#nope <- guide',
  'broken file /files/nope <- changelog',
  'broken page guide/missing <- guide',
  'in-app url http://docs.test/app/s/x <- changelog',
  'ok anchor guide#overview <- guide',
  'ok anchor guide/faq#top <- guide',
  'ok anchor guide/install#on-linux <- guide/install',
  'ok file logo.png <- guide,guide/install',
  'ok page changelog <- guide/install',
  'ok page guide <- guide/install,changelog',
  'ok page guide/install <- guide,guide/faq,changelog',
  'ok url https://example.com <- changelog',
];

describe('GET /v1/spaces/{spaceId}/links', () => {
  it('lists every distinct target of the space with the pages linking to it, broken first', async () => {
    const s = await linksSetup();
    const res = await s.api.request('GET', spaceLinks(s), { as: s.adminId });
    expectOk(res, 'listSpaceLinks');
    expect(res.body.count).toBe(12);
    expect(res.body.next).toBeUndefined();
    // broken.changeRequest: soon.md is broken only in the open change request (guide/missing is broken on main too).
    expect(res.body.stats).toEqual({ total: 12, broken: { total: 3, changeRequest: 1 } });
    expect((res.body.items as Item[]).map(describeItem).sort()).toEqual(MAIN_LINKS);
    const statuses = (res.body.items as Item[]).map((i) => i.status);
    expect(statuses).toEqual(['broken', 'broken', 'broken', 'in-app', ...Array(8).fill('ok')]);
  });

  it('presents references as api.md shapes them: kind, organization, space, versionContext, and the target', async () => {
    const s = await linksSetup();
    const revision = await s.spaceRevision();
    const items = (await s.api.request('GET', spaceLinks(s), { as: s.adminId })).body.items as Item[];
    const base = { organization: s.orgId, space: s.spaceId, versionContext: { type: 'revision', revision } };
    const logo = items.find((i) => i.targetReference.file === s.logo)!;
    expect(logo).toEqual({
      status: 'ok',
      relation: 'reference',
      targetReference: { kind: 'file', ...base, file: s.logo, name: 'logo.png' },
      locationReferences: [
        { kind: 'page', ...base, page: s.ids.guide, path: 'guide', title: 'Guide' },
        { kind: 'page', ...base, page: s.ids.install, path: 'guide/install', title: 'Install' },
      ],
    });
    expect(items.find((i) => i.targetReference.kind === 'anchor' && i.targetReference.anchor === 'top')!.targetReference).toEqual({
      kind: 'anchor', ...base, page: s.ids.faq, path: 'guide/faq', anchor: 'top',
    });
    expect(items.find((i) => i.targetReference.path === 'guide/missing')!.targetReference).toEqual({ kind: 'page', ...base, path: 'guide/missing' });
    expect(items.find((i) => i.status === 'in-app')!.targetReference).toEqual({ kind: 'url', ...base, url: `${PUBLIC_URL}/app/s/x` });
  });

  it('filters by status; stats still describe every link', async () => {
    const s = await linksSetup();
    for (const [status, n] of [['broken', 3], ['in-app', 1], ['ok', 8]] as const) {
      const res = await s.api.request('GET', spaceLinks(s, `?status=${status}`), { as: s.adminId });
      expectOk(res, 'listSpaceLinks');
      expect(res.body.count).toBe(n);
      expect((res.body.items as Item[]).every((i) => i.status === status)).toBe(true);
      expect(res.body.stats).toEqual({ total: 12, broken: { total: 3, changeRequest: 1 } });
    }
  });

  it('pages with opaque cursors that follow the same order', async () => {
    const s = await linksSetup();
    const all = (await s.api.request('GET', spaceLinks(s), { as: s.adminId })).body.items as Item[];
    const seen: Item[] = [];
    let url = spaceLinks(s, '?limit=5');
    for (;;) {
      const res = await s.api.request('GET', url, { as: s.adminId });
      expectOk(res, 'listSpaceLinks');
      expect(res.body.count).toBe(12);
      seen.push(...res.body.items);
      if (!res.body.next) break;
      expect(res.body.items).toHaveLength(5);
      url = spaceLinks(s, `?limit=5&page=${encodeURIComponent(res.body.next.page)}`);
    }
    expect(seen).toEqual(all);
    const broken = (await s.api.request('GET', spaceLinks(s, '?status=broken&limit=2'), { as: s.adminId })).body;
    const rest = (await s.api.request('GET', spaceLinks(s, `?status=broken&limit=2&page=${broken.next.page}`), { as: s.adminId })).body;
    expect([...broken.items, ...rest.items].map(describeItem)).toEqual(MAIN_LINKS.slice(0, 3));
  });

  it('rejects bad query values with a 400 naming the field', async () => {
    const s = await linksSetup();
    expectError(await s.api.request('GET', spaceLinks(s, '?status=dead'), { as: s.adminId }), 400, /^status: /);
    expectError(await s.api.request('GET', spaceLinks(s, '?limit=0'), { as: s.adminId }), 400, /^limit: /);
    expectError(await s.api.request('GET', spaceLinks(s, '?limit=1001'), { as: s.adminId }), 400, /^limit: /);
    expectError(await s.api.request('GET', spaceLinks(s, '?page=garbage'), { as: s.adminId }), 400, /page: is not a valid page cursor/);
    expectError(await s.api.request('GET', spaceLinks(s, '?broken=true'), { as: s.adminId }), 400, /broken/);
    // A backlinks cursor is not a links cursor.
    const files = (await s.api.request('GET', backlinks(s, s.logo, undefined, '?limit=1'), { as: s.adminId })).body;
    expectError(await s.api.request('GET', spaceLinks(s, `?page=${files.next.page}`), { as: s.adminId }), 400, /page: is not a valid page cursor for this list/);
  });

  it('follows the space content: a merge that fixes a link changes the listing', async () => {
    const s = await linksSetup();
    await s.changeMain([{ operation: 'update_page', page: s.ids.guide, document: { markdown: '# Guide\n\n## Overview\n\n[install](install.md) [up](#overview)\n' } }]);
    const res = await s.api.request('GET', spaceLinks(s), { as: s.adminId });
    expectOk(res, 'listSpaceLinks');
    expect(res.body.stats.broken.total).toBe(1);
    expect((res.body.items as Item[]).filter((i) => i.status === 'broken').map(describeItem)).toEqual(['broken file /files/nope <- changelog']);
    // Counted against the change request's base, not the new main: it still introduces only soon.md.
    expect(res.body.stats.broken.changeRequest).toBe(1);
    const cr = (await s.api.request('GET', crLinks(s), { as: s.adminId })).body;
    expect(cr.stats).toEqual({ total: 13, broken: { total: 4, changeRequest: 1 } });
    // Updated from main, its base is the fixed guide: the pending page's link to guide/missing is new now.
    expect((await s.update(s.cr.id)).body.result).toBe('update');
    expect((await s.api.request('GET', crLinks(s), { as: s.adminId })).body.stats).toEqual({ total: 11, broken: { total: 3, changeRequest: 2 } });
    expect((await s.api.request('GET', spaceLinks(s), { as: s.adminId })).body.stats.broken.changeRequest).toBe(2);
  });

  it('counts broken links only in open change requests', async () => {
    const s = await linksSetup();
    expectOk(await s.patchCr(s.cr.id, { status: 'draft' }), 'updateChangeRequest');
    expect((await s.api.request('GET', spaceLinks(s), { as: s.adminId })).body.stats.broken.changeRequest).toBe(0);
  });
});

describe('GET <change request>/links (added by docsctl)', () => {
  it('lists the change request content; broken.changeRequest counts what it would bring to the space', async () => {
    const s = await linksSetup();
    const res = await s.api.request('GET', crLinks(s), { as: s.adminId });
    expectOk(res, 'listChangeRequestLinks');
    expect(res.body.stats).toEqual({ total: 13, broken: { total: 4, changeRequest: 1 } });
    const described = (res.body.items as Item[]).map(describeItem);
    expect(described).toContain('broken page soon <- pending');
    expect(described).toContain('broken page guide/missing <- guide,pending');
    expect((res.body.items as Item[])[0].targetReference.versionContext.revision).toBe((await s.getCr(s.cr.id)).revision);
    // By number too.
    expect((await s.api.request('GET', crLinks(s, s.cr.number), { as: s.adminId })).body.count).toBe(13);
  });

  it('takes paging but not status (api.md gives status on the space root only)', async () => {
    const s = await linksSetup();
    expectOk(await s.api.request('GET', crLinks(s, s.cr.id, '?limit=1'), { as: s.adminId }), 'listChangeRequestLinks');
    expectError(await s.api.request('GET', crLinks(s, s.cr.id, '?status=broken'), { as: s.adminId }), 400, /status/);
  });
});

describe('GET <content>/page/{pageId}/links', () => {
  it('lists one page\'s links at the space root, with the page as the only location', async () => {
    const s = await linksSetup();
    const res = await s.api.request('GET', pageLinks(s, s.ids.guide), { as: s.adminId });
    expectOk(res, 'listSpacePageLinks');
    expect((res.body.items as Item[]).map(describeItem)).toEqual([
      'broken anchor guide#nope <- guide',
      'broken page guide/missing <- guide',
      'ok anchor guide#overview <- guide',
      'ok anchor guide/faq#top <- guide',
      'ok file logo.png <- guide',
      'ok page guide/install <- guide',
    ].sort((a, b) => (a.startsWith('broken') === b.startsWith('broken') ? 0 : a.startsWith('broken') ? -1 : 1)));
    expect(res.body.stats).toEqual({ total: 6, broken: { total: 2, changeRequest: 0 } });
    const broken = await s.api.request('GET', pageLinks(s, s.ids.guide, undefined, '?status=broken'), { as: s.adminId });
    expectOk(broken, 'listSpacePageLinks');
    expect(broken.body.count).toBe(2);
    const empty = await s.api.request('GET', pageLinks(s, s.ids.faq, undefined, '?status=in-app'), { as: s.adminId });
    expect(empty.body).toEqual({ count: 0, stats: { total: 1, broken: { total: 0, changeRequest: 0 } }, items: [] });
  });

  it('lists a page of a change request, and 404s a page that is not in that content', async () => {
    const s = await linksSetup();
    const res = await s.api.request('GET', pageLinks(s, s.ids.pending, s.cr.id), { as: s.adminId });
    expectOk(res, 'listChangeRequestPageLinks');
    // Both links are new on this page (it is new), although guide/missing was broken elsewhere already.
    expect(res.body.stats).toEqual({ total: 2, broken: { total: 2, changeRequest: 2 } });
    expectError(await s.api.request('GET', pageLinks(s, s.ids.pending), { as: s.adminId }), 404, `page ${s.ids.pending} not found in space ${s.spaceId}`);
    expectError(await s.api.request('GET', pageLinks(s, 'nope', s.cr.id), { as: s.adminId }), 404, /page nope not found in change request/);
    expectError(await s.api.request('GET', pageLinks(s, s.ids.pending, s.cr.id, '?status=ok'), { as: s.adminId }), 400, /status/);
    expectError(await s.api.request('GET', pageLinks(s, s.ids.guide, undefined, '?status=nope'), { as: s.adminId }), 400, /^status: /);
  });
});

describe('GET <content>/files/{fileId}/backlinks', () => {
  it('lists the pages referencing a file, by path, at both roots', async () => {
    const s = await linksSetup();
    const revision = await s.spaceRevision();
    const res = await s.api.request('GET', backlinks(s, s.logo), { as: s.adminId });
    expectOk(res, 'listSpaceFileBacklinks');
    const base = { kind: 'page', organization: s.orgId, space: s.spaceId, versionContext: { type: 'revision', revision }, file: s.logo };
    expect(res.body).toEqual({
      count: 2,
      items: [
        { ...base, page: s.ids.guide, path: 'guide', title: 'Guide' },
        { ...base, page: s.ids.install, path: 'guide/install', title: 'Install' },
      ],
    });
    const cr = await s.api.request('GET', backlinks(s, s.logo, s.cr.id), { as: s.adminId });
    expectOk(cr, 'listChangeRequestFileBacklinks');
    expect(cr.body.items.map((i: { versionContext: { revision: string } }) => i.versionContext.revision)).toEqual([(await s.getCr(s.cr.id)).revision, (await s.getCr(s.cr.id)).revision]);
    const unused = await s.api.request('GET', backlinks(s, s.notes), { as: s.adminId });
    expectOk(unused, 'listSpaceFileBacklinks');
    expect(unused.body).toEqual({ count: 0, items: [] });
  });

  it('finds files referenced by their name as well as by /files/<id>', async () => {
    const s = await linksSetup();
    await s.changeMain([{ operation: 'update_page', page: s.ids.faq, document: { markdown: '# FAQ\n\n[notes](../notes.txt)\n' } }]);
    const res = await s.api.request('GET', backlinks(s, s.notes), { as: s.adminId });
    expect(res.body.items.map((i: { path: string }) => i.path)).toEqual(['guide/faq']);
  });

  it('pages, and 404s a file that is not in the content', async () => {
    const s = await linksSetup();
    const first = await s.api.request('GET', backlinks(s, s.logo, undefined, '?limit=1'), { as: s.adminId });
    expectOk(first, 'listSpaceFileBacklinks');
    const second = await s.api.request('GET', backlinks(s, s.logo, undefined, `?limit=1&page=${first.body.next.page}`), { as: s.adminId });
    expect([...first.body.items, ...second.body.items].map((i: { path: string }) => i.path)).toEqual(['guide', 'guide/install']);
    expect(second.body.next).toBeUndefined();
    expectError(await s.api.request('GET', backlinks(s, 'nope'), { as: s.adminId }), 404, `file nope not found in space ${s.spaceId}`);
    const added = (await s.writeOk(s.cr.id, [{ operation: 'insert_files', files: [{ name: 'new.txt', base64: b64('x') }] }])).insertedFiles[0].id;
    expectOk(await s.api.request('GET', backlinks(s, added, s.cr.id), { as: s.adminId }), 'listChangeRequestFileBacklinks');
    expectError(await s.api.request('GET', backlinks(s, added), { as: s.adminId }), 404, /not found in space/);
    expectError(await s.api.request('GET', backlinks(s, s.logo, undefined, '?status=ok'), { as: s.adminId }), 400, /status/);
    expectError(await s.api.request('GET', backlinks(s, s.logo, undefined, '?limit=abc'), { as: s.adminId }), 400, /^limit: /);
  });
});

describe('links access', () => {
  const routesOf = (s: Setup, space = s.spaceId): [string, keyof Routes][] => {
    const crRoot = `/v1/spaces/${space}/change-requests/${s.cr.id}`;
    return [
      [`/v1/spaces/${space}/links`, 'listSpaceLinks'],
      [`${crRoot}/links`, 'listChangeRequestLinks'],
      [`/v1/spaces/${space}/content/page/${s.ids.guide}/links`, 'listSpacePageLinks'],
      [`${crRoot}/content/page/${s.ids.guide}/links`, 'listChangeRequestPageLinks'],
      [`/v1/spaces/${space}/content/files/${s.logo}/backlinks`, 'listSpaceFileBacklinks'],
      [`${crRoot}/content/files/${s.logo}/backlinks`, 'listChangeRequestFileBacklinks'],
    ];
  };

  it('lets anyone who can read the space list links, a reader and a guest with a read grant included', async () => {
    const s = await linksSetup();
    const guest = await addMember(s.engine, s.orgId, 'guest@acme.test', null, 'Guest');
    await s.grant(s.spaceId, 'read', [guest]);
    for (const who of [s.adminId, s.reader, s.editor, guest]) {
      for (const [url, operation] of routesOf(s)) expectOk(await s.api.request('GET', url, { as: who }), operation);
    }
  });

  it('answers 401 without a token or with an unknown one', async () => {
    const s = await linksSetup();
    for (const [url] of routesOf(s)) {
      expectError(await s.api.request('GET', url, { as: null }), 401);
      expectError(await s.api.request('GET', url, { token: 'dct_unknown' }), 401);
    }
  });

  it('answers 404 to members without access, other organizations, and for unknown spaces and change requests', async () => {
    const s = await linksSetup();
    const other = await otherOrganization(s.engine);
    for (const who of [s.stranger, other.adminId]) {
      for (const [url] of routesOf(s)) expectError(await s.api.request('GET', url, { as: who }), 404, `space ${s.spaceId} not found`);
    }
    for (const [url] of routesOf(s, 'nope')) expectError(await s.api.request('GET', url, { as: s.adminId }), 404, 'space nope not found');
    expectError(await s.api.request('GET', crLinks(s, 99), { as: s.adminId }), 404, /change request 99 not found/);
  });
});

describe('links of a large space', () => {
  it('classifies a few hundred pages, pages through them, and reuses the analysis of an unchanged revision', async () => {
    const s = await contentSetup();
    const cr = await s.createCr({ subject: 'many' });
    const N = 300;
    const changes = Array.from({ length: N }, (_, i) => ({
      operation: 'insert_page',
      title: `Page ${i + 1}`,
      document: { markdown: `# Page ${i + 1}\n\n[next](page-${i + 2}.md) [self](#page-${i + 1}) [gone](gone-${i % 10}.md) [site](https://example.com/${i % 3})\n` },
    }));
    await s.writeOk(cr.id, changes);
    expectOk(await s.merge(cr.id), 'mergeChangeRequest');

    const full = await s.api.request('GET', spaceLinks({ ...s, spaceId: s.spaceId } as Setup, '?limit=1000'), { as: s.adminId });
    expectOk(full, 'listSpaceLinks');
    // next: pages 2..300 ok, page-301 broken; self anchors: 300 ok; gone-0..9: 10 broken; 3 external URLs.
    expect(full.body.stats).toEqual({ total: 299 + 1 + 300 + 10 + 3, broken: { total: 11, changeRequest: 0 } });
    expect(full.body.items.find((i: Item) => i.targetReference.path === 'gone-0').locationReferences).toHaveLength(30);

    const seen: Item[] = [];
    let page: string | undefined;
    do {
      const res = await s.api.request('GET', `/v1/spaces/${s.spaceId}/links?limit=100${page ? `&page=${page}` : ''}`, { as: s.adminId });
      expectOk(res, 'listSpaceLinks');
      seen.push(...res.body.items);
      page = res.body.next?.page;
    } while (page);
    expect(seen).toEqual(full.body.items);

    // Revisions never change: the analysis is kept across listings, and across writes elsewhere.
    const revision = await s.spaceRevision();
    const analysis = await s.engine.links.ofRevision(revision);
    await s.createCr({ subject: 'unrelated write' });
    expectOk(await s.api.request('GET', `/v1/spaces/${s.spaceId}/links`, { as: s.adminId }), 'listSpaceLinks');
    expect(await s.engine.links.ofRevision(revision)).toBe(analysis);
  });
});

// Issue 58: an `{% openapi-operation %}` block is a link to an operation of a spec, checked when listed.
describe('links to API operations', () => {
  it('lists each operation a page names, broken until the spec holds it, ok once a version does, without a new revision', async () => {
    const s = await contentSetup();
    await s.seed(['# API\n\n{% openapi-operation spec="petstore" path="/pets" method="get" %}\n{% endopenapi-operation %}\n\n{% openapi-operation spec="petstore" path="/owners" method="get" %}\n{% endopenapi-operation %}\n']);
    const list = async () => {
      const res = await s.api.request('GET', `/v1/spaces/${s.spaceId}/links`, { as: s.adminId });
      expectOk(res, 'listSpaceLinks');
      return res.body as { stats: { broken: { total: number } }; items: Item[] };
    };
    const before = await list();
    expect(before.items.map((i) => `${i.status} ${i.targetReference.kind} ${i.targetReference.name}`)).toEqual([
      'broken openapi-operation petstore: GET /owners', 'broken openapi-operation petstore: GET /pets',
    ]);
    expect(before.stats.broken.total).toBe(2);
    const v1 = "openapi: 3.0.3\ninfo: { title: Pets, version: '1' }\npaths:\n  /pets:\n    get:\n      responses:\n        '200': { description: ok }\n";
    expect((await s.api.request('PUT', `/v1/orgs/${s.orgId}/openapi/petstore`, { as: s.adminId, body: { source: { text: v1 } } })).body).toMatchObject({ processingState: 'complete' });
    const after = await list();
    expect(after.items.map((i) => `${i.status} ${i.targetReference.name} <- ${i.locationReferences.map((l) => l.path).join(',')}`)).toEqual([
      'broken petstore: GET /owners <- api', 'ok petstore: GET /pets <- api',
    ]);
    expect(after.stats.broken.total).toBe(1);
  });

  it("reports an operation of a reusable content at each page that includes it", async () => {
    const s = await contentSetup();
    const cr = await s.createCr({ subject: 'reusable operation' });
    const made = await s.writeOk(cr.id, [{ operation: 'insert_reusable_content', title: 'Op', document: { markdown: '{% openapi-operation spec="petstore" path="/owners" method="get" %}\n{% endopenapi-operation %}\n' } }]);
    const id = (made.changes as { reusableContent?: string }[])[0].reusableContent!;
    await s.writeOk(cr.id, [{ operation: 'insert_page', document: { markdown: `# Guide\n\n{% include "/reusable-contents/${id}" %}\n` } }]);
    await s.merge(cr.id);
    const res = await s.api.request('GET', `/v1/spaces/${s.spaceId}/links`, { as: s.adminId });
    expectOk(res, 'listSpaceLinks');
    const items = (res.body as { items: Item[] }).items.filter((i) => i.targetReference.kind === 'openapi-operation');
    expect(items.map((i) => `${i.status} ${i.targetReference.name} <- ${i.locationReferences.map((l) => l.path).join(',')}`)).toEqual(['broken petstore: GET /owners <- guide']);
  });
});
