/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'puppeteer-core';
import { createServer, type Server } from 'node:http';
import { appendFileSync, existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { sampleSandbox } from '../helpers/teams';
import { runBuilt, runBuiltJson, startBuiltServer } from '../helpers/built';
import { accessibilityViolations, launchBrowser } from '../helpers/browser';
import { deepSpec } from '../helpers/deep-spec';

// Slow on purpose: a browser test (Chromium starts in a second or two) over builds through the built CLI.
// Issue 58: `sites build` as a team deploys it, a plain file server serving the copy under /docs/.

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.json': 'application/json', '.md': 'text/markdown', '.txt': 'text/plain', '.xml': 'application/xml' };

/** A file server that knows nothing of docsctl: `/docs/…` is a file of `root`, a folder its index.html. */
function fileServer(root: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (!path.startsWith('/docs/') || path.includes('..')) return void res.writeHead(404).end();
    let file = join(root, path.slice('/docs/'.length));
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) return void res.writeHead(404).end('not found');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/docs/` })));
}

const filesUnder = (dir: string, at = ''): string[] => readdirSync(join(dir, at)).flatMap((name) => {
  const path = at ? `${at}/${name}` : name;
  return statSync(join(dir, path)).isDirectory() ? filesUnder(dir, path) : [path];
}).sort();

let browser: Browser | undefined;
let box: Awaited<ReturnType<typeof sampleSandbox>>;
let files: { server: Server; url: string };
let siteId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  box = await sampleSandbox();
  const sites = await runBuiltJson(box, ['sites', 'list']);
  siteId = sites.items.find((s: { title: string }) => s.title === 'Acme Developers').id;
  // The sample site adapts to its visitors' claims: a static copy cannot, so the build refuses it until that is off.
  const refused = await runBuilt(box, ['sites', 'build', siteId, '--out', 'public']);
  expect(refused.code).toBe(6);
  expect(refused.stderr).toContain('has adaptive content');
  expect((await runBuilt(box, ['sites', 'update', siteId, '--no-adaptive'])).code).toBe(0);
  // A page of the REST API space shows an operation whose schemas go deeper than its page opens: they have pages of their own.
  writeFileSync(join(box.dir, 'deep.json'), deepSpec());
  expect((await runBuilt(box, ['openapi', 'publish', 'deep.json', '--spec', 'deep'])).code).toBe(0);
  const restApi = (await runBuiltJson(box, ['spaces', 'list'])).items.find((s: { title: string }) => s.title === 'REST API').id as string;
  expect((await runBuilt(box, ['content', 'pull', 'rest-api', '--space', restApi])).code).toBe(0);
  writeFileSync(join(box.dir, 'rest-api', 'deep.md'), '# Deep things\n\n{% openapi-operation spec="deep" path="/deep/{id}" method="get" %}\n{% endopenapi-operation %}\n');
  appendFileSync(join(box.dir, 'rest-api', 'SUMMARY.md'), '* [Deep things](deep.md)\n');
  const pushed = await runBuilt(box, ['content', 'push', 'rest-api', '--space', restApi, '--merge']);
  expect(pushed.code, pushed.stderr).toBe(0);
  const built = await runBuiltJson(box, ['sites', 'build', siteId, '--out', 'public', '--base-url', 'https://docs.acme.test/docs']);
  expect(built.pages).toBeGreaterThan(5);
  files = await fileServer(join(box.dir, 'public'));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  files?.server.close();
});

describe('sites build: a published site as static files (issue 58)', () => {
  it('serves from a plain file server under /docs/: every internal link answers 200, with no serious accessibility violation', async ({ skip }) => {
    if (!browser) return skip();
    const page = await browser.newPage();
    await page.goto(files.url);
    expect(await page.$eval('header .brand', (a) => a.textContent)).toContain('Acme Developers');
    expect(await accessibilityViolations(page)).toEqual([]);
    // Every link of every page reached from the landing page, as a crawler follows them.
    const seen = new Set<string>([files.url]);
    const queue = [files.url];
    const failed: string[] = [];
    while (queue.length) {
      const url = queue.shift()!;
      const answer = await fetch(url);
      if (answer.status !== 200) {
        failed.push(`${url} ${answer.status}`);
        continue;
      }
      if (!(answer.headers.get('content-type') ?? '').startsWith('text/html')) continue;
      const html = await answer.text();
      for (const m of html.matchAll(/\b(?:href|src)="([^"#]+)/g)) {
        const next = new URL(m[1], url).href;
        if (next.startsWith(files.url) && !seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    // The sample's Changelog section and Webhooks site space have no pages yet: the site answers those 404 too.
    expect(failed.map((f) => f.replace(files.url, '')).sort()).toEqual(['api/webhooks/ 404', 'changelog/ 404']);
    expect(seen.size).toBeGreaterThan(10);
    await page.close();
  });

  it("opens an operation's schema past what its page shows on its own page of the copy, without script, and leaves it out of search", async ({ skip }) => {
    const out = join(box.dir, 'public');
    const schemaFiles = filesUnder(out).filter((f) => f.includes('~schemas/'));
    expect(schemaFiles).toEqual(expect.arrayContaining(['api/~schemas/deep/components/schemas/Level5/index.html', 'api/~schemas/deep/components/schemas/Level11/index.html', 'api/~schemas/deep/components/schemas/Tree/index.html']));
    expect(readFileSync(join(out, 'search-index.json'), 'utf8')).not.toContain('~schemas');
    if (!browser) return skip();
    const page = await browser.newPage();
    await page.setJavaScriptEnabled(false);
    await page.goto(`${files.url}api/deep/`);
    await page.click('.api-response summary');
    await Promise.all([page.waitForNavigation(), page.click('.schema-note a')]);
    expect(page.url()).toBe(`${files.url}api/~schemas/deep/components/schemas/Level5/`);
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('Level5');
    expect(await page.$$eval('article .schema-name', (names) => names.map((n) => n.textContent))).toEqual(['depth', 'next', 'depth', 'next', 'depth', 'next', 'depth', 'next', 'depth', 'next', 'depth', 'next']);
    await Promise.all([page.waitForNavigation(), page.click('.schema-note a')]);
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('Level11');
    // axe runs as a script.
    await page.setJavaScriptEnabled(true);
    await page.reload();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.close();
  });

  it('searches in the browser from the index built with the copy, and fills its results page from the form', async ({ skip }) => {
    if (!browser) return skip();
    const page = await browser.newPage();
    await page.goto(`${files.url}authentication/`);
    await page.type('form.search input', 'cursors');
    await page.waitForSelector('.suggest a');
    const found = await page.$$eval('.suggest a', (as) => (as as HTMLAnchorElement[]).map((a) => ({ title: a.textContent, href: a.href })));
    expect(found[0].title).toBe('Overview');
    await Promise.all([page.waitForNavigation(), page.click('.suggest a')]);
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('Overview');
    // The form itself (Enter) opens the copy's results page, which the script fills.
    await page.type('form.search input', 'Bad input');
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    await page.waitForSelector('article ol.results a');
    expect(await page.$$eval('article ol.results a', (as) => as.map((a) => a.textContent))).toContain('Errors');
    await page.close();
  });

  it('writes the files for machines with the base URL, and a second build writes nothing that did not change', async () => {
    const out = join(box.dir, 'public');
    expect(readFileSync(join(out, 'llms.txt'), 'utf8')).toContain('(https://docs.acme.test/docs/overview.md)');
    expect(readFileSync(join(out, 'sitemap.xml'), 'utf8')).toContain('<loc>https://docs.acme.test/docs/');
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('<link rel="canonical" href="https://docs.acme.test/docs/">');
    expect(readFileSync(join(out, 'overview.md'), 'utf8')).toContain('# Overview');
    const before = filesUnder(out);
    const again = await runBuiltJson(box, ['sites', 'build', siteId, '--out', 'public', '--base-url', 'https://docs.acme.test/docs']);
    expect(again.written).toBe(0);
    expect(again.unchanged).toBeGreaterThan(10);
    expect(filesUnder(out)).toEqual(before);
  });

  it('builds the same copy from a remote serve', async () => {
    const served = await startBuiltServer(box);
    try {
      const remote = await runBuilt(box, ['sites', 'build', siteId, '--out', 'remote', '--base-url', 'https://docs.acme.test/docs', '--url', served.url, '--token', served.token, '--json']);
      expect(remote.code, remote.stderr).toBe(0);
    } finally {
      await served.stop();
    }
    const local = filesUnder(join(box.dir, 'public')).filter((f) => f !== '.docsctl-build.json');
    expect(filesUnder(join(box.dir, 'remote')).filter((f) => f !== '.docsctl-build.json')).toEqual(local);
    for (const file of local) expect(readFileSync(join(box.dir, 'remote', file)).equals(readFileSync(join(box.dir, 'public', file))), file).toBe(true);
  });
});
