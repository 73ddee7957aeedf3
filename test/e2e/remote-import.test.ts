import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { sandbox } from '../helpers/cli';
import { startServe, type Served } from '../helpers/serve';
import { fixtureSite, zipOf, type FixtureSite } from '../fixtures/import/server';

/**
 * Import through a real `docsctl serve`: the server fetches the fixture site, the CLI only sees the API.
 * The fixture site is on loopback, which a server refuses by default: these servers allow it.
 */
describe('content import in remote mode through serve', () => {
  const box = sandbox();
  let served: Served;
  let site: FixtureSite;
  const remote = (argv: string[], tty = false) => served.remote(argv, tty);

  beforeAll(async () => {
    expect((await box.run(['init'])).code).toBe(0);
    served = await startServe(box, { args: ['--allow-private-addresses'] });
    site = await fixtureSite();
  });

  afterAll(async () => {
    await served.stop();
    await site.close();
  });

  it('crawls a website into a change request over HTTP, merges it, and reports failures as the API says', async () => {
    const space = JSON.parse((await remote(['spaces', 'create', '--title', 'Imported', '--json'])).stdout).id;
    const cr = JSON.parse((await remote(['cr', 'create', '--space', space, '--json'])).stdout);

    site.hits.length = 0;
    const imported = await remote(['content', 'import', `${site.url}/docs/guide/install.html`, '--space', space, '--change-request', String(cr.number), '--json']);
    expect(imported.code, imported.stderr).toBe(0);
    const result = JSON.parse(imported.stdout);
    expect(result).toEqual({ revision: expect.any(String), importedResources: 2, totalResources: 2 });
    expect(imported.stderr).toContain(`Imported 2 of 2 resources into change request ${cr.number} of space ${space}`);
    expect(site.hits).toEqual(['/robots.txt', '/docs/guide/install.html', '/docs/guide/configure.html']);

    expect((await remote(['cr', 'merge', String(cr.number), '--space', space])).code).toBe(0);
    const tree = await remote(['content', 'tree', '--space', space, '--json']);
    expect(JSON.parse(tree.stdout).pages.map((p: { path: string }) => p.path)).toEqual(['install', 'configure']);
    const page = await remote(['content', 'page', 'install', '--path', '--space', space]);
    expect(page.stdout).toContain('Then set the [options](configure.md#options).');

    const missing = await remote(['content', 'import', `${site.url}/docs/missing.html`, '--space', space]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`url: ${site.url}/docs/missing.html answered 404 Not Found`);
  });
});

describe('serve refuses internal addresses by default (server-side request forgery)', () => {
  it('refuses to import from loopback, by address or by name, with a generic reason; --allow-private-addresses opts out', async () => {
    const box = sandbox();
    expect((await box.run(['init'])).code).toBe(0);
    const site = await fixtureSite();
    const guarded = await startServe(box);
    try {
      const space = JSON.parse((await guarded.remote(['spaces', 'create', '--title', 'Guarded', '--json'])).stdout).id;
      const port = new URL(site.url).port;
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `[::ffff:127.0.0.1]:${port}`, `127.1:${port}`]) {
        const refused = await guarded.remote(['content', 'import', `http://${host}/docs/guide/install.html`, '--space', space]);
        expect(refused.code, host).toBe(1);
        expect(refused.stderr, host).toMatch(/^error: url: .* is an internal address; this instance refuses to fetch from internal addresses \(serve --allow-private-addresses allows it\)/m);
      }
      // A closed port and an open one read the same: no socket error leaks out.
      const closed = await guarded.remote(['content', 'import', 'http://127.0.0.1:1/', '--space', space]);
      expect(closed.stderr).not.toMatch(/ECONNREFUSED/);
      // An OpenAPI spec's source.url, which the server fetches itself, goes through the same guard.
      const org = JSON.parse((await guarded.remote(['orgs', 'list', '--json'])).stdout).items[0].id;
      const res = await request(`${guarded.url}/v1/orgs/${org}/openapi/internal`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${guarded.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ source: { url: `${site.url}/openapi.yaml` } }),
      });
      const spec = (await res.body.json()) as { lastProcessErrorCode?: string; lastProcessError?: string };
      expect(spec).toMatchObject({ lastProcessErrorCode: 'FETCH_ERROR', lastProcessError: expect.stringMatching(/is an internal address/) });
      expect(site.hits).toEqual([]);
    } finally {
      await guarded.stop();
    }
    const open = await startServe(box, { args: ['--allow-private-addresses'] });
    try {
      const space = JSON.parse((await open.remote(['spaces', 'create', '--title', 'Open', '--json'])).stdout).id;
      const imported = await open.remote(['content', 'import', `${site.url}/docs/guide/install.html`, '--space', space, '--json']);
      expect(imported.code, imported.stderr).toBe(0);
      expect(site.hits.length).toBeGreaterThan(0);
      expect((await box.run(['serve', '--allow-private-addresses', '--refuse-private-addresses'])).stderr).toContain('contradict');
    } finally {
      await open.stop();
      await site.close();
    }
  });
});

describe('serve --import-max-pages and --import-max-depth', () => {
  it('bound the crawls the server runs for its clients', async () => {
    const box = sandbox();
    expect((await box.run(['init'])).code).toBe(0);
    expect((await box.run(['serve', '--import-max-pages', 'lots'])).stderr).toContain('--import-max-pages: must be a whole number from 1 to 10000');
    const served = await startServe(box, { args: ['--import-max-pages', '1', '--allow-private-addresses'] });
    const site = await fixtureSite();
    try {
      const space = JSON.parse((await served.remote(['spaces', 'create', '--title', 'Bounded', '--json'])).stdout).id;
      const r = await served.remote(['content', 'import', `${site.url}/docs/guide/install.html`, '--space', space, '--json']);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ importedResources: 1, totalResources: 2 });
    } finally {
      await served.stop();
      await site.close();
    }
  });
});

describe('archives that unpack to far more than they weigh, through serve (issue 13, item 5)', () => {
  it('refuses a zip bomb and a docx bomb with 400s naming the bound, before inflating them, and keeps serving', async () => {
    const box = sandbox();
    expect((await box.run(['init'])).code).toBe(0);
    // 120 MiB of zeros in one entry (over the 100 MiB bound), and a Word document of 17 MiB of XML: each well under 1 MiB.
    const zipBomb = await zipOf({ 'a.md': '# A', 'zeros.bin': Buffer.alloc(120 * 1024 * 1024) });
    const docxBomb = await zipOf({ '[Content_Types].xml': '<Types/>', 'word/document.xml': `<w:document><w:body>${'<w:p><w:r><w:t>bomb</w:t></w:r></w:p>'.repeat(500_000)}</w:body></w:document>` });
    expect(zipBomb.length + docxBomb.length).toBeLessThan(2 * 1024 * 1024);
    const site = await fixtureSite({
      '/bomb.zip': (_req, res) => res.writeHead(200, { 'content-type': 'application/zip' }).end(zipBomb),
      '/bomb.docx': (_req, res) => res.writeHead(200, { 'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }).end(docxBomb),
    });
    const served = await startServe(box, { args: ['--allow-private-addresses'] });
    try {
      const space = JSON.parse((await served.remote(['spaces', 'create', '--title', 'Bombs', '--json'])).stdout).id;
      const zip = await served.remote(['content', 'import', `${site.url}/bomb.zip`, '--source', 'zip', '--space', space]);
      expect(zip.code).toBe(1);
      expect(zip.stderr).toContain('error: url: a zip archive declares 125829123 bytes unpacked; an import unpacks at most 100 MiB');
      const docx = await served.remote(['content', 'import', `${site.url}/bomb.docx`, '--source', 'docx', '--space', space]);
      expect(docx.code).toBe(1);
      expect(docx.stderr).toContain("error: url: the Word document's XML unpacks to more than 16 MiB");
      expect((await served.remote(['whoami'])).code).toBe(0);
    } finally {
      await served.stop();
      await site.close();
    }
  }, 60_000);
});
