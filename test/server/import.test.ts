import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, testApp, type CallResult } from '../helpers/app';
import { contentSetup, type ContentSetup } from '../helpers/content';
import { createEngine } from '../../src/engine/index';
import { openDb } from '../../src/engine/store/db';
import { SqliteStore } from '../../src/engine/store/sqlite-store';
import { manualClock, sequentialIds } from '../../src/engine/clock';
import type { ImportLimits } from '../../src/domain/import-limits';
import { closedPort, docxOf, fixtureSite, png, serve, zipOf, type FixtureSite, type Handler } from '../fixtures/import/server';

let site: FixtureSite;
const logo = png(40, 20);

beforeAll(async () => {
  site = await fixtureSite({
    '/files/handbook.zip': async (req, res) =>
      serve(await zipOf({
        'handbook/README.md': '# Handbook\n\n![logo](img/logo.png)\n\nSee [setup](setup.md).',
        'handbook/setup.md': '# Setup',
        'handbook/img/logo.png': logo,
      }), 'application/zip')(req, res),
    '/files/report.docx': async (req, res) =>
      serve(await docxOf({ title: 'Quarterly report', text: 'Sales grew', image: logo }), 'application/octet-stream')(req, res),
    '/files/fake.docx': serve('plain words', 'application/octet-stream'),
    '/files/page.zip': serve('<html></html>', 'text/html'),
    '/big.html': serve(`<main>${'x'.repeat(4096)}</main>`, 'text/html'),
  });
});
afterAll(() => site.close());

const GUIDE = () => `${site.url}/docs/guide/install.html`;

function importPath(s: { spaceId: string; crUrl: (ref: string | number) => string }, cr?: string | number): string {
  return cr === undefined ? `/v1/spaces/${s.spaceId}/content/import` : `${s.crUrl(cr)}/content/import`;
}

/** POSTs through the app, waiting for the answer (imports answer asynchronously). */
async function post(api: ContentSetup['api'], url: string, body: unknown, as: string | null, rawQuery = ''): Promise<CallResult> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (as) headers.authorization = `Bearer ${await api.tokenFor(as)}`;
  const res = await api.app.handleAsync({ method: 'POST', url: `${url}${rawQuery}`, headers, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, body: res.body === undefined ? undefined : JSON.parse(res.body.toString()) };
}

const revisions = async (s: ContentSetup) => await s.count('SELECT COUNT(*) AS n FROM revisions');

describe('POST /v1/spaces/{spaceId}/content/import', () => {
  it('crawls a website into a new revision of the space, appended after its pages, with links between pages made relative', async () => {
    const s = await contentSetup();
    const [existing] = await s.seed(['# Install\n\nOur own install page.']);
    const before = await s.spaceRevision();
    s.clock.advance(60_000);
    const res = await post(s.api, importPath(s), { url: GUIDE(), source: 'website' }, s.editor);
    expectOk(res, 'importContentInSpace');
    expect(res.body).toEqual({ revision: expect.any(String), importedResources: 2, totalResources: 2 });
    const space = await s.spaceOf();
    expect(space.revision).toBe(res.body.revision);
    expect(space.updatedAt).toBe('2026-03-01T10:01:00.000Z');

    const content = await s.api.request('GET', `/v1/spaces/${s.spaceId}/content`, { as: s.adminId });
    expect(content.body.parents).toEqual([before]);
    const tree = await s.pages();
    // The existing "install" keeps its slug; the imported one, at the root too, becomes install-2.
    expect(tree.map((p) => [p.path, p.title])).toEqual([['install', 'Install'], ['install-2', 'Install'], ['configure', 'Configure']]);
    expect(tree[0].id).toBe(existing);
    expect(await s.markdownOf(tree[1].id)).toBe('# Install\n\nRun the installer:\n\n```sh\nnpm install acme\n```\n\nThen set the [options](configure.md#options).\n');
    expect(await s.markdownOf(tree[2].id)).toBe(
      `# Configure\n\nBack to the [start](${site.url}/docs/), or to [install](install-2.md).\n\n## Options\n\n| Name | Default |\n| --- | --- |\n| color | blue |\n`,
    );
    // The space's search follows its new revision.
    const found = await s.api.request('GET', `/v1/spaces/${s.spaceId}/search?query=acme`, { as: s.adminId });
    expectOk(found, 'searchSpaceContent');
    expect(found.body.items.map((i: { id: string }) => i.id)).toEqual([tree[1].id]);
  });

  it('writes links between imported pages that the links listing finds ok, anchors included', async () => {
    const s = await contentSetup();
    await s.seed(['# Install\n\nAlready here.']);
    const res = await post(s.api, importPath(s), { url: GUIDE(), source: 'website' }, s.adminId);
    expectOk(res, 'importContentInSpace');
    const links = await s.api.request('GET', `/v1/spaces/${s.spaceId}/links`, { as: s.adminId });
    expectOk(links, 'listSpaceLinks');
    expect(links.body.stats.broken.total).toBe(0);
    const targets = links.body.items.map((i: { status: string; targetReference: { kind: string; path?: string; anchor?: string; url?: string } }) => [
      i.status, i.targetReference.kind, i.targetReference.path ?? i.targetReference.url, i.targetReference.anchor,
    ]);
    // The imported install page went to install-2 (the space had one), and the links to it followed.
    expect(targets).toEqual(expect.arrayContaining([
      ['ok', 'anchor', 'configure', 'options'],
      ['ok', 'page', 'install-2', undefined],
      ['ok', 'url', `${site.url}/docs/`, undefined],
    ]));
  });

  it('mirrors the URL folders as the page tree, group pages for folders that are not pages', async () => {
    const s = await contentSetup();
    const res = await post(s.api, importPath(s), { url: `${site.url}/docs/deep/level1.html`, source: 'website' }, s.adminId);
    expectOk(res, 'importContentInSpace');
    expect(res.body).toMatchObject({ importedResources: 5, totalResources: 5 });
    expect(s.flat(await s.pages()).map((p) => p.path)).toEqual(['level1', 'level2', 'level3', 'level4', 'level5']);

    const nested = await contentSetup();
    const again = await post(nested.api, importPath(nested), { url: `${site.url}/docs/guide/`, source: 'website' }, nested.adminId);
    // /docs/guide/ itself is a 404: the start page must exist.
    expectError(again, 400, `url: ${site.url}/docs/guide/ answered 404 Not Found`);
  });

  it('imports one HTML page (its main content, links absolute) with source html', async () => {
    const s = await contentSetup();
    const res = await post(s.api, importPath(s), { url: `${site.url}/files/page.html`, source: 'html' }, s.editor);
    expectOk(res, 'importContentInSpace');
    expect(res.body).toMatchObject({ importedResources: 1, totalResources: 1 });
    const [page] = await s.pages();
    expect(page).toMatchObject({ title: 'Release notes', path: 'release-notes' });
    expect(await s.markdownOf(page.id)).toBe(`# Release notes\n\n## Version 2.0\n\n-   New _importer_\n-   See [all changes](${site.url}/files/changes.html)\n`);
  });

  it('imports one markdown document with source markdown (frontmatter applies, relative links made absolute)', async () => {
    const s = await contentSetup();
    const res = await post(s.api, importPath(s), { url: `${site.url}/files/guide.md`, source: 'markdown' }, s.editor);
    expectOk(res, 'importContentInSpace');
    const [page] = await s.pages();
    expect(page).toMatchObject({ title: 'Markdown guide', description: 'A guide written in markdown', path: 'markdown-guide' });
    expect(await s.markdownOf(page.id)).toContain(`Read the [changelog](${site.url}/files/changelog.md)`);
    expect(await s.markdownOf(page.id)).toContain(`![diagram](${site.url}/files/img/flow.png)`);
  });

  it('imports a zip of markdown like content push, its images as files the pages reference', async () => {
    const s = await contentSetup();
    const res = await post(s.api, importPath(s), { url: `${site.url}/files/handbook.zip`, source: 'zip' }, s.editor);
    expectOk(res, 'importContentInSpace');
    expect(res.body).toMatchObject({ importedResources: 3, totalResources: 3 });
    const files = (await s.api.request('GET', `/v1/spaces/${s.spaceId}/content/files`, { as: s.adminId })).body.items;
    expect(files).toEqual([expect.objectContaining({ name: 'img/logo.png', contentType: 'image/png', size: logo.length, dimensions: { width: 40, height: 20 } })]);
    const tree = await s.pages();
    expect(tree.map((p) => [p.path, p.title])).toEqual([['readme', 'Handbook'], ['setup', 'Setup']]);
    expect(await s.markdownOf(tree[0].id)).toBe(`# Handbook\n\n![logo](/files/${files[0].id})\n\nSee [setup](setup.md).`);
  });

  it('imports a Word document with source docx, its image as a file', async () => {
    const s = await contentSetup();
    const res = await post(s.api, importPath(s), { url: `${site.url}/files/report.docx`, source: 'docx' }, s.editor);
    expectOk(res, 'importContentInSpace');
    expect(res.body).toMatchObject({ importedResources: 2, totalResources: 2 });
    const files = (await s.api.request('GET', `/v1/spaces/${s.spaceId}/content/files`, { as: s.adminId })).body.items;
    expect(files).toEqual([expect.objectContaining({ name: 'report-image-1.png', dimensions: { width: 40, height: 20 } })]);
    const [page] = await s.pages();
    expect(page.title).toBe('Quarterly report');
    expect(await s.markdownOf(page.id)).toBe(`# Quarterly report\n\nSales grew **bold** and [a link](https://example.org/)\n\n![A diagram](/files/${files[0].id})\n`);
  });

  it('validates the body: url (http or https, at most 2048 characters) and source, nothing else', async () => {
    const s = await contentSetup();
    const call = (body: unknown, query = '') => post(s.api, importPath(s), body, s.editor, query);
    expectError(await call({ source: 'website' }), 400, /^url: /);
    expectError(await call({ url: 'not a url', source: 'website' }), 400, /^url: /);
    expectError(await call({ url: 'ftp://example.org/docs', source: 'website' }), 400, /^url: /);
    expectError(await call({ url: `http://example.org/${'a'.repeat(2048)}`, source: 'website' }), 400, /^url: must be at most 2048 characters/);
    expectError(await call({ url: GUIDE() }), 400, /^source: /);
    expectError(await call({ url: GUIDE(), source: 'pdf' }), 400, /^source: /);
    expectError(await call({ url: GUIDE(), source: 'website', depth: 3 }), 400, /depth: is not a known field/);
    expectError(await call({ url: GUIDE(), source: 'website' }, '?depth=3'), 400, /depth: is not a known field/);
    for (const source of ['confluence', 'github-wiki', 'notion', 'google-docs']) {
      expectError(await call({ url: GUIDE(), source }), 400, `source: "${source}" imports are not supported by this instance; use one of website, html, markdown, zip, docx`);
    }
  });

  it('needs a token (401), the edit role (403) and a space the caller can see (404), before fetching anything', async () => {
    const s = await contentSetup();
    site.hits.length = 0;
    const body = { url: GUIDE(), source: 'website' };
    expectError(await post(s.api, importPath(s), body, null), 401);
    expectError(await post(s.api, importPath(s), body, s.reader), 403, /edit role on the space required/);
    const hidden = await s.createSpace('Hidden');
    await s.api.request('DELETE', `/v1/spaces/${hidden}/permissions/users/${s.stranger}`, { as: s.adminId });
    expectError(await post(s.api, `/v1/spaces/${hidden}/content/import`, body, s.stranger), 404);
    expectError(await post(s.api, '/v1/spaces/nope/content/import', body, s.adminId), 404, 'space nope not found');
    expect(site.hits).toEqual([]);
  });

  it('is refused on a locked space (423)', async () => {
    const s = await contentSetup();
    expectOk(await s.api.request('PATCH', `/v1/spaces/${s.spaceId}`, { as: s.adminId, body: { editMode: 'locked' } }), 'updateSpaceById');
    expectError(await post(s.api, importPath(s), { url: GUIDE(), source: 'website' }, s.adminId), 423, /locked/);
  });

  it('answers fetch and conversion failures with a 400 naming url, and changes nothing', async () => {
    const s = await contentSetup();
    await s.seed(['# Existing']);
    const revision = await s.spaceRevision();
    const before = [await revisions(s), await s.count('SELECT COUNT(*) AS n FROM page_versions'), await s.count('SELECT COUNT(*) AS n FROM blobs')];
    const call = (url: string, source: string) => post(s.api, importPath(s), { url, source }, s.editor);
    expectError(await call(`${site.url}/docs/missing.html`, 'website'), 400, `url: ${site.url}/docs/missing.html answered 404 Not Found`);
    expectError(await call(`${site.url}/docs/data`, 'html'), 400, `url: ${site.url}/docs/data answered application/json, not HTML (source html imports one HTML page)`);
    expectError(await call(`${site.url}/files/page.html`, 'markdown'), 400, `url: ${site.url}/files/page.html answered text/html, not markdown (use source html for an HTML page)`);
    expectError(await call(`${site.url}/files/page.zip`, 'zip'), 400, `url: ${site.url}/files/page.zip answered text/html, not a zip archive`);
    expectError(await call(`${site.url}/files/fake.docx`, 'docx'), 400, /^url: http:\/\/127\.0\.0\.1:\d+\/files\/fake\.docx is not a Word document \(\.docx\) that can be read/);
    expectError(await call(`${site.url}/docs/private/secret.html`, 'website'), 400, /^url: robots\.txt of .* does not allow docsctl/);
    const port = await closedPort();
    expectError(await call(`http://127.0.0.1:${port}/notes.md`, 'markdown'), 400, `url: cannot reach http://127.0.0.1:${port}/notes.md: ECONNREFUSED`);
    expect(await s.spaceRevision()).toBe(revision);
    expect([await revisions(s), await s.count('SELECT COUNT(*) AS n FROM page_versions'), await s.count('SELECT COUNT(*) AS n FROM blobs')]).toEqual(before);
  });
});

describe('POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/import', () => {
  it('imports into a new revision of the change request (by number), leaving the space alone; the importer becomes a contributor', async () => {
    const s = await contentSetup();
    const cr = await s.createCr({ subject: 'Import the guide' });
    const spaceRevision = await s.spaceRevision();
    const res = await post(s.api, importPath(s, cr.number), { url: GUIDE(), source: 'website' }, s.editor);
    expectOk(res, 'importContentInChangeRequest');
    expect(res.body).toEqual({ revision: expect.any(String), importedResources: 2, totalResources: 2 });
    expect((await s.getCr(cr.id)).revision).toBe(res.body.revision);
    expect(res.body.revision).not.toBe(cr.revision);
    expect(await s.spaceRevision()).toBe(spaceRevision);
    expect(await s.pages()).toEqual([]);
    expect(await s.titles(cr.id)).toEqual(['Install', 'Configure']);
    const mine = await s.api.request('GET', `${s.crs()}?contributor=${s.editor}`, { as: s.adminId });
    expect(mine.body.items.map((c: { id: string }) => c.id)).toEqual([cr.id]);
    // Merging brings the imported pages to the space.
    expectOk(await s.merge(cr.id), 'mergeChangeRequest');
    expect(await s.titles()).toEqual(['Install', 'Configure']);
  });

  it('writes a zip\'s files first, then pages that reference them, like content push', async () => {
    const s = await contentSetup();
    const cr = await s.createCr();
    const res = await post(s.api, importPath(s, cr.id), { url: `${site.url}/files/handbook.zip`, source: 'zip' }, s.editor);
    expectOk(res, 'importContentInChangeRequest');
    expect((await s.getCr(cr.id)).revision).toBe(res.body.revision);
    const files = (await s.api.request('GET', `${s.crUrl(cr.id)}/content/files`, { as: s.adminId })).body.items;
    expect(files.map((f: { name: string }) => f.name)).toEqual(['img/logo.png']);
    const [readme] = await s.pages(cr.id);
    expect(await s.markdownOf(readme.id, cr.id)).toContain(`![logo](/files/${files[0].id})`);
  });

  it('is 409 on a merged or archived change request, 404 for an unknown one, 403 without edit, 423 when locked', async () => {
    const s = await contentSetup();
    const body = { url: GUIDE(), source: 'website' };
    const merged = await s.createCr();
    expectOk(await s.merge(merged.id), 'mergeChangeRequest');
    expectError(await post(s.api, importPath(s, merged.id), body, s.adminId), 409, `change request #${merged.number} is merged: importing content is not allowed`);
    const archived = await s.createCr();
    expectOk(await s.patchCr(archived.id, { status: 'archived' }), 'updateChangeRequest');
    expectError(await post(s.api, importPath(s, archived.number), body, s.adminId), 409, /is archived/);
    expectError(await post(s.api, importPath(s, 99), body, s.adminId), 404, /change request 99 not found/);
    const open = await s.createCr();
    expectError(await post(s.api, importPath(s, open.id), body, s.reader), 403);
    expectError(await post(s.api, importPath(s, open.id), body, null), 401);
    expectOk(await s.api.request('PATCH', `/v1/spaces/${s.spaceId}`, { as: s.adminId, body: { editMode: 'locked' } }), 'updateSpaceById');
    expectError(await post(s.api, importPath(s, open.id), body, s.adminId), 423, /locked/);
  });
});

describe('an import racing other writes', () => {
  /** A page whose answer first runs `during` (as if another request got in while the import fetched). */
  // The change is made (committed) before the page is answered: the import's write always comes after it.
  const racing = (during: () => Promise<unknown>) => async (_req: unknown, res: import('node:http').ServerResponse) => {
    await during();
    res.writeHead(200, { 'content-type': 'text/html' }).end('<main><h1>Late</h1></main>');
  };

  it('checks again when writing: a space locked meanwhile is 423 and nothing is written', async () => {
    const s = await contentSetup();
    const revision = await s.spaceRevision();
    const count = await revisions(s);
    const race = await fixtureSite({ '/page.html': racing(async () => await s.engine.spaces.update(s.admin, s.spaceId, { editMode: 'locked' })) });
    expectError(await post(s.api, importPath(s), { url: `${race.url}/page.html`, source: 'html' }, s.editor), 423, /locked/);
    await race.close();
    expect(await s.spaceRevision()).toBe(revision);
    expect(await revisions(s)).toBe(count);
  });

  it('checks again when writing: a change request archived meanwhile is 409 and nothing is written', async () => {
    const s = await contentSetup();
    const cr = await s.createCr();
    const count = await revisions(s);
    const race = await fixtureSite({ '/page.html': racing(async () => await s.engine.changeRequests.update(s.admin, s.spaceId, cr.id, { status: 'archived' })) });
    expectError(await post(s.api, importPath(s, cr.id), { url: `${race.url}/page.html`, source: 'html' }, s.editor), 409, /is archived/);
    await race.close();
    expect((await s.getCr(cr.id)).revision).toBe(cr.revision);
    expect(await revisions(s)).toBe(count);
  });
});

describe('import limits', () => {
  /** An engine whose imports have the given limits, with its admin's app. */
  async function limited(limits: Partial<ImportLimits>) {
    const engine = await createEngine({ store: new SqliteStore(openDb(':memory:')), clock: manualClock('2026-03-01T10:00:00.000Z'), ids: sequentialIds('id'), publicUrl: 'http://docs.test', importLimits: limits });
    const { organizationId, userId } = await engine.install({ organizationTitle: 'Acme', adminEmail: 'admin@acme.test' });
    const api = testApp(engine);
    const space = (await api.request('POST', `/v1/orgs/${organizationId}/spaces`, { as: userId, body: { title: 'Docs' } })).body.id as string;
    return { api, userId, path: `/v1/spaces/${space}/content/import`, engine };
  }

  it('are the engine\'s: a slow page times out and a large one is refused, as 400s naming url', async () => {
    const t = await limited({ requestTimeoutMs: 200, maxResponseBytes: 3072 });
    expect(t.engine.imports.limits).toMatchObject({ requestTimeoutMs: 200, maxResponseBytes: 3072, maxPages: 100 });
    expectError(await post(t.api, t.path, { url: `${site.url}/docs/slow.html`, source: 'html' }, t.userId), 400, `url: no answer from ${site.url}/docs/slow.html within 200 ms`);
    expectError(await post(t.api, t.path, { url: `${site.url}/big.html`, source: 'html' }, t.userId), 400, `url: the answer from ${site.url}/big.html is larger than 3 KiB`);
    const crawled = await post(t.api, t.path, { url: `${site.url}/docs/`, source: 'website' }, t.userId);
    expectOk(crawled, 'importContentInSpace');
    // 8 pages of 13 found: robots.txt, the timeout, the 404 and the JSON answer left 4 out, and the PDF is not a page.
    expect(crawled.body).toMatchObject({ importedResources: 8, totalResources: 13 });
  });

  it('honours a robots.txt Crawl-delay: one request at a time, that far apart, within the time bound', async () => {
    const starts: number[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const page = (title: string, body = ''): Handler => (_req, res) => {
      starts.push(performance.now());
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      setTimeout(() => {
        inFlight--;
        serve(`<html><main><h1>${title}</h1>${body}</main></html>`, 'text/html')(_req, res);
      }, 10);
    };
    const links = [1, 2, 3, 4, 5].map((i) => `<a href="p${i}.html">${i}</a>`).join(' ');
    const routes: Record<string, Handler> = { '/polite/index.html': page('Polite', `<p>${links}</p>`) };
    for (const i of [1, 2, 3, 4, 5]) routes[`/polite/p${i}.html`] = page(`Page ${i}`);
    const polite = await fixtureSite({ ...routes, '/robots.txt': serve('User-agent: docsctl\nCrawl-delay: 0.05\n', 'text/plain') });
    try {
      const t = await limited({});
      const crawled = await post(t.api, t.path, { url: `${polite.url}/polite/index.html`, source: 'website' }, t.userId);
      expect(crawled.body).toMatchObject({ importedResources: 6, totalResources: 6 });
      expect(mostInFlight).toBe(1);
      const gaps = starts.slice(1).map((at, i) => at - starts[i]);
      expect(gaps).toHaveLength(5);
      for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(45);

      // A delay longer than the whole import may take ends the crawl at its time bound, with what it has.
      const slow = await fixtureSite({ ...routes, '/robots.txt': serve('User-agent: *\nCrawl-delay: 30\n', 'text/plain') });
      try {
        // (Waiting out the 30 s would fail this test on vitest's 5 s timeout.)
        const bounded = await limited({ totalTimeoutMs: 300 });
        const partial = await post(bounded.api, bounded.path, { url: `${slow.url}/polite/index.html`, source: 'website' }, bounded.userId);
        expect(partial.body).toMatchObject({ importedResources: 1, totalResources: 6 });
      } finally {
        await slow.close();
      }
    } finally {
      await polite.close();
    }
  });

  it('can refuse internal addresses (SSRF guard)', async () => {
    const t = await limited({ refusePrivateAddresses: true });
    const refused = 'url: 127.0.0.1 is an internal address; this instance refuses to fetch from internal addresses (serve --allow-private-addresses allows it)';
    site.hits.length = 0;
    expectError(await post(t.api, t.path, { url: GUIDE(), source: 'website' }, t.userId), 400, refused);
    expectError(await post(t.api, t.path, { url: `${site.url}/files/guide.md`, source: 'markdown' }, t.userId), 400, refused);
    expect(site.hits).toEqual([]);
  });
});

