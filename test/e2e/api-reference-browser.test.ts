/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'puppeteer-core';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sampleSandbox } from '../helpers/teams';
import { runBuilt, runBuiltJson, startBuiltServer } from '../helpers/built';
import { accessibilityViolations, launchBrowser } from '../helpers/browser';

// Slow on purpose: a browser test (Chromium starts in a second or two) over a built `serve` driven by the built CLI in remote mode.
// Issue 58, item 3: an API reference section, as a CI pipeline makes it and a visitor reads it.

let browser: Browser | undefined;
let box: Awaited<ReturnType<typeof sampleSandbox>>;
let served: Awaited<ReturnType<typeof startBuiltServer>>;
let remote: (argv: string[]) => Promise<{ code: number; stdout: string; stderr: string }>;

beforeAll(async () => {
  browser = await launchBrowser();
  box = await sampleSandbox();
  served = await startBuiltServer(box);
  remote = async (argv) => await runBuilt(box, [...argv, '--url', served.url, '--token', served.token]);
  writeFileSync(join(box.dir, 'v1.yaml'), readFileSync(new URL('../fixtures/openapi/v1.yaml', import.meta.url)));
  writeFileSync(join(box.dir, 'v2.yaml'), readFileSync(new URL('../fixtures/openapi/v2.yaml', import.meta.url)));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await served?.stop();
});

describe('an API reference section (sites api-reference add, remote mode)', () => {
  it('shows a page per tag with its operations, and a new version at the next view with its new tag, with no serious accessibility violation', async ({ skip }) => {
    expect((await remote(['openapi', 'publish', 'v1.yaml', '--spec', 'shop'])).code).toBe(0);
    const site = await runBuiltJson(box, ['sites', 'create', '--title', 'Shop docs', '--new-space', 'sample', '--url', served.url, '--token', served.token]);
    expect((await remote(['sites', 'publish', site.id])).code).toBe(0);
    const added = await remote(['sites', 'api-reference', 'add', site.id, '--spec', 'shop', '--json']);
    expect(added.code, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({ created: true, tags: ['pets'] });
    const url = (await runBuiltJson(box, ['sites', 'open', site.id, '--url', served.url, '--token', served.token])).url as string;
    if (!browser) return skip();
    const page = await browser.newPage();
    await page.goto(url);
    await Promise.all([page.waitForNavigation(), page.click('nav.sections a:not([aria-current])')]);
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('pets');
    const operations = await page.$$eval('article .api-operation-title', (hs) => hs.map((h) => h.textContent));
    expect(operations).toContain('DELETE /pets/{petId}');
    expect(await accessibilityViolations(page)).toEqual([]);
    // A new version, published by CI: the page follows at the next view, and its new tag has a page.
    expect((await remote(['openapi', 'publish', 'v2.yaml', '--spec', 'shop'])).code).toBe(0);
    await page.reload();
    expect(await page.$$eval('article .api-operation-title', (hs) => hs.map((h) => h.textContent))).not.toContain('DELETE /pets/{petId}');
    const toc = await page.$$eval('nav.toc a', (as) => as.map((a) => a.textContent));
    expect(toc).toContain('stores');
    await page.close();
  });
});
