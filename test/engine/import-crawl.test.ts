import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawl } from '../../src/engine/content/import/crawl';
import { openFetchSession } from '../../src/net/fetch';
import { importLimits, type ImportLimits } from '../../src/domain/import-limits';
import { siteTree } from '../../src/engine/content/import/site-tree';
import { newPageLinks } from '../../src/engine/content/import/content';
import { EngineError } from '../../src/engine/errors';
import { closedPort, fixtureSite, serve, type FixtureSite } from '../fixtures/import/server';

const PREFIX = 'LINK-';

/** Crawls with the given limits (a short request timeout by default, so the slow page is skipped fast). */
async function crawlOf(start: string, overrides: Partial<ImportLimits> = {}) {
  const limits = importLimits({ requestTimeoutMs: 300, ...overrides });
  const session = await openFetchSession(limits);
  try {
    return await crawl(start, session, limits, PREFIX);
  } finally {
    await session.close();
  }
}

async function crawlError(start: string, overrides: Partial<ImportLimits> = {}): Promise<string> {
  try {
    await crawlOf(start, overrides);
  } catch (error) {
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).kind).toBe('Invalid');
    return (error as Error).message;
  }
  throw new Error('expected the crawl to fail');
}


describe('website crawl', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await fixtureSite({
      '/docs/links.html': serve('<main><h1>Links</h1><a href="moved.html">Moved</a> <a href="guide/install.html">Install</a> <a href="away.html">Away</a> <a href="sneaky.html">Sneaky</a></main>', 'text/html'),
      '/docs/away.html': (_req, res) => res.writeHead(302, { location: '/blog/' }).end(),
      '/docs/sneaky.html': (_req, res) => res.writeHead(302, { location: '/docs/private/secret.html' }).end(),
    });
  });
  afterAll(() => site.close());

  it('follows links breadth first on the same origin under the start folder, skipping what fails, and counts all it found', async () => {
    site.hits.length = 0;
    const result = await crawlOf(`${site.url}/docs/`);
    expect(result.pages.map((p) => p.key)).toEqual([
      '', 'guide/install', 'guide/configure', 'deep/level1', 'deep/level2', 'deep/level3', 'deep/level4', 'deep/level5',
    ]);
    expect(result.pages[0]).toMatchObject({ url: `${site.url}/docs/`, title: 'Welcome' });
    expect(result.pages[0].markdown).toContain(`Start with [the installation guide](${PREFIX}0)`);
    expect(result.pages[0].markdown).toContain(`the [blog](${site.url}/blog/)`);
    // Found: the 8 pages, the robots-disallowed, slow, missing and non-HTML pages, and the PDF.
    expect(result.found).toBe(13);
    expect(result.skipped).toEqual([
      { url: `${site.url}/docs/private/secret.html`, reason: 'robots.txt does not allow it' },
      { url: `${site.url}/docs/slow.html`, reason: `no answer from ${site.url}/docs/slow.html within 300 ms` },
      { url: `${site.url}/docs/missing.html`, reason: 'it answered 404 Not Found' },
      { url: `${site.url}/docs/data`, reason: 'it is application/json, not HTML' },
    ]);
    // Neither the disallowed page, nor files, nor anything outside the folder or the origin was asked for.
    expect(site.hits).not.toContain('/docs/private/secret.html');
    expect(site.hits).not.toContain('/docs/report.pdf');
    expect(site.hits).not.toContain('/blog/');
    expect(site.hits[0]).toBe('/robots.txt');
    expect(site.hits.filter((h) => h === '/robots.txt')).toHaveLength(1);
  });

  it('stops at the depth bound: deeper pages are found but not fetched', async () => {
    site.hits.length = 0;
    const result = await crawlOf(`${site.url}/docs/`, { maxDepth: 2 });
    expect(result.pages.map((p) => p.key).filter((k) => k.startsWith('deep/'))).toEqual(['deep/level1', 'deep/level2']);
    expect(site.hits).not.toContain('/docs/deep/level3.html');
    // level3 was found (linked from level2); level4 never was.
    expect(result.found).toBe(11);
  });

  it('stops at the page bound', async () => {
    site.hits.length = 0;
    const result = await crawlOf(`${site.url}/docs/`, { maxPages: 3 });
    expect(result.pages.map((p) => p.key)).toEqual(['', 'guide/install', 'guide/configure']);
    expect(site.hits).not.toContain('/docs/deep/level1.html');
    expect(result.found).toBe(9);
  });

  it('stops when the whole import runs out of time, keeping what it has', async () => {
    site.hits.length = 0;
    const result = await crawlOf(`${site.url}/docs/`, { requestTimeoutMs: 10_000, totalTimeoutMs: 1500, concurrency: 1 });
    expect(result.pages.map((p) => p.key)).toEqual(['', 'guide/install', 'guide/configure', 'deep/level1']);
    expect(result.skipped.at(-1)).toEqual({ url: `${site.url}/docs/slow.html`, reason: `the import ran out of time (1500 ms in all) while fetching ${site.url}/docs/slow.html` });
    expect(site.hits).not.toContain('/docs/missing.html');
  });

  it('follows redirects within the folder, once per page, and skips those that lead out of it', async () => {
    site.hits.length = 0;
    const result = await crawlOf(`${site.url}/docs/links.html`, { maxDepth: 1 });
    expect(result.pages.map((p) => p.key)).toEqual(['links', 'guide/install']);
    expect(result.aliases).toEqual(new Map([['moved', 'guide/install']]));
    expect(result.skipped).toEqual([
      { url: `${site.url}/docs/away.html`, reason: `it redirects out of the import (${site.url}/blog/)` },
      { url: `${site.url}/docs/sneaky.html`, reason: `it redirects to ${site.url}/docs/private/secret.html, which robots.txt does not allow` },
    ]);
    expect(site.hits).not.toContain('/blog/');
    expect(site.hits).not.toContain('/docs/private/secret.html');
    // Links to the redirect and to its target both reach the page.
    const links = newPageLinks();
    links.prefix = PREFIX;
    const content = siteTree(result, links);
    expect(links.targets.map((t) => t.path)).toEqual(['guide/install', 'guide/install', undefined, undefined, undefined]);
    // Found: links, moved, install, away, sneaky, and from install the start folder page and configure.
    expect(content).toMatchObject({ totalResources: 7, importedResources: 2 });
  });

  it('fails with a 400 naming url when the start page cannot be imported', async () => {
    expect(await crawlError(`${site.url}/docs/missing.html`)).toBe(`url: ${site.url}/docs/missing.html answered 404 Not Found`);
    expect(await crawlError(`${site.url}/docs/data`)).toBe(`url: ${site.url}/docs/data answered application/json, not HTML (source website starts from an HTML page)`);
    expect(await crawlError(`${site.url}/docs/slow.html`, { requestTimeoutMs: 200 })).toBe(`url: no answer from ${site.url}/docs/slow.html within 200 ms`);
    expect(await crawlError(`${site.url}/docs/private/secret.html`)).toBe(
      `url: robots.txt of ${site.url} does not allow docsctl to fetch ${site.url}/docs/private/secret.html`,
    );
    const port = await closedPort();
    expect(await crawlError(`http://127.0.0.1:${port}/docs/`)).toMatch(
      new RegExp(`^url: http://127\\.0\\.0\\.1:${port}/robots\\.txt could not be read \\(cannot reach http://127\\.0\\.0\\.1:${port}/robots\\.txt: ECONNREFUSED\\)`),
    );
  });
});

describe('robots.txt', () => {
  it('refuses everything when it answers 5xx, and allows everything when it is missing (RFC 9309)', async () => {
    const down = await fixtureSite({ '/robots.txt': serve('busy', 'text/plain', 503) });
    expect(await crawlError(`${down.url}/docs/`)).toBe(`url: ${down.url}/robots.txt could not be read (it answered 503), and RFC 9309 then allows no crawling`);
    await down.close();

    const missing = await fixtureSite({ '/robots.txt': serve('none', 'text/plain', 404) });
    const result = await crawlOf(`${missing.url}/docs/`, { maxDepth: 1 });
    expect(result.pages.map((p) => p.key)).toContain('private/secret');
    await missing.close();
  });

  it('applies the group for docsctl, not the others', async () => {
    const site = await fixtureSite({
      '/robots.txt': serve('User-agent: *\nDisallow: /docs/guide/\n\nUser-agent: docsctl\nDisallow: /docs/deep/\n', 'text/plain'),
    });
    const result = await crawlOf(`${site.url}/docs/`, { maxDepth: 1 });
    const keys = result.pages.map((p) => p.key);
    expect(keys).toContain('guide/install');
    expect(keys).not.toContain('deep/level1');
    await site.close();
  });
});

describe('site tree', () => {
  it('mirrors URL paths: folders that are not pages become group pages, links point at paths with anchors', async () => {
    const site = await fixtureSite();
    const links = newPageLinks();
    const content = siteTree(await crawlOf(`${site.url}/docs/`, { maxDepth: 1 }), links);
    await site.close();
    expect(content.tree.pages.map((p) => [p.path, p.parentPath, p.title, p.group, p.file])).toEqual([
      ['welcome', null, 'Welcome', false, 'welcome.md'],
      ['guide', null, 'Guide', true, 'guide/README.md'],
      ['guide/install', 'guide', 'Install', false, 'guide/install.md'],
      ['guide/configure', 'guide', 'Configure', false, 'guide/configure.md'],
      ['deep', null, 'Deep', true, 'deep/README.md'],
      ['deep/level1', 'deep', 'Level 1', false, 'deep/level1.md'],
    ]);
    expect(content).toMatchObject({ totalResources: 10, importedResources: 4 });
    const options = links.targets.find((t) => t.url.endsWith('#options'));
    expect(options).toEqual({ path: 'guide/configure', url: `${site.url}/docs/guide/configure.html#options`, anchor: 'options' });
    // level2 was not imported (depth 1): its link stays a URL.
    expect(links.targets.find((t) => t.url.endsWith('level2.html'))).toEqual({ url: `${site.url}/docs/deep/level2.html` });
  });
});
