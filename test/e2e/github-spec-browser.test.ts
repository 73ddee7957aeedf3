/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'puppeteer-core';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { sampleSandbox } from '../helpers/teams';
import { runBuilt, runBuiltJson, startBuiltServer } from '../helpers/built';
import { accessibilityViolations, launchBrowser } from '../helpers/browser';

// Slow on purpose: a browser test over a built `serve`, and GitHub's 13 MB description published through the built CLI.
// Issue 58, done means: an operation page from a real public spec (GitHub's REST API description).

let browser: Browser | undefined;
let box: Awaited<ReturnType<typeof sampleSandbox>>;
let served: Awaited<ReturnType<typeof startBuiltServer>>;

beforeAll(async () => {
  browser = await launchBrowser();
  box = await sampleSandbox();
  served = await startBuiltServer(box);
  const spec = brotliDecompressSync(readFileSync(new URL('../fixtures/openapi/github/api.github.com.json.br', import.meta.url)));
  writeFileSync(join(box.dir, 'github.json'), spec);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await served?.stop();
});

describe("an operation of GitHub's REST API description on a published page", () => {
  it('shows its method and path, parameters, responses with their schemas, a curl request and the servers, a schema past its bounds on its own page, with no serious accessibility violation', async ({ skip }) => {
    const published = await runBuilt(box, ['openapi', 'publish', 'github.json', '--spec', 'github']);
    expect(published.code, published.stderr).toBe(0);
    const space = (await runBuiltJson(box, ['spaces', 'create', '--title', 'GitHub'])).id as string;
    mkdirSync(join(box.dir, 'docs'));
    writeFileSync(join(box.dir, 'docs', 'README.md'), '# Repositories\n\nGet a repository.\n\n{% openapi-operation spec="github" path="/repos/{owner}/{repo}" method="get" %}\n[OpenAPI github](https://example.com/github.json)\n{% endopenapi-operation %}\n\n{% openapi-operation spec="github" path="/repos/{owner}/{repo}" method="trace" %}\n{% endopenapi-operation %}\n');
    expect((await runBuilt(box, ['content', 'push', 'docs', '--space', space, '--merge'])).code).toBe(0);
    const site = await runBuiltJson(box, ['sites', 'create', '--title', 'GitHub docs', '--space', space]);
    expect((await runBuilt(box, ['sites', 'publish', site.id])).code).toBe(0);
    const url = (await runBuiltJson(box, ['sites', 'open', site.id, '--url', served.url, '--token', served.token])).url as string;
    if (!browser) return skip();
    const page = await browser.newPage();
    await page.goto(url);
    const operation = await page.$eval('article .api-operation', (o) => ({
      title: o.querySelector('.api-operation-title')?.textContent,
      summary: o.querySelector('.api-operation-summary')?.textContent,
      parameters: Array.from(o.querySelectorAll(':scope > ul.schema-properties > li > .schema-name')).map((n) => n.textContent),
      responses: Array.from(o.querySelectorAll('.api-response > summary > code')).map((c) => c.textContent),
      curl: o.querySelector('.api-curl')?.textContent ?? '',
      servers: o.querySelector('.api-servers')?.textContent ?? '',
    }));
    expect(operation.title).toBe('GET /repos/{owner}/{repo}');
    expect(operation.summary).toBe('Get a repository');
    expect(operation.parameters).toEqual(['owner', 'repo']);
    expect(operation.responses).toEqual(expect.arrayContaining(['200', '301', '403', '404']));
    expect(operation.curl).toContain('https://api.github.com/repos/');
    expect(operation.servers).toContain('https://api.github.com');
    // The 200's schema (full-repository, hundreds of nested properties) opens without script.
    await page.$eval('.api-response', (d) => ((d as HTMLDetailsElement).open = true));
    expect(await page.$$eval('.api-response .schema-name', (names) => names.map((n) => n.textContent))).toEqual(expect.arrayContaining(['id', 'full_name', 'owner', 'permissions']));
    // A method the path does not have: a visible notice, not an empty block.
    expect(await page.$eval('article', (a) => a.textContent)).toMatch(/trace/i);
    expect(await page.$$eval('article .api-operation-notice', (n) => n.length)).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);
    // Past the page's node bound (the 200's schema takes it), the 404's schema is a link to its own page.
    const errors = await page.$$('.api-response');
    await errors[operation.responses.indexOf('404')].$eval('summary', (s) => (s as HTMLElement).click());
    await Promise.all([page.waitForNavigation(), page.click('.api-response[open] a[href$="/~schemas/github/components/schemas/basic-error"]')]);
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('basic-error');
    expect(await page.$$eval('article .schema-name', (names) => names.map((n) => n.textContent))).toEqual(['message', 'documentation_url', 'url', 'status']);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.close();
  }, 180_000);
});
