/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { sampleSandbox } from '../helpers/teams';
import { startBuiltServer } from '../helpers/built';
import { accessibilityViolations, launchBrowser } from '../helpers/browser';
import { signJwt } from '../../src/engine/jwt';
import { readFileSync } from 'node:fs';

// Slow on purpose: a browser test. It starts Chromium (a second or two, more on a busy machine) and a
// built `serve`, and opens pages as a person does, with and without JavaScript.

type Served = Awaited<ReturnType<typeof startBuiltServer>>;

let browser: Browser | undefined;
let served: Served;
let site: { id: string; url: string };
let orgId: string;
let restApiSpace: string;

/** A call to the served API with the box's token. */
async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${served.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${served.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** A 2×2 PNG, red. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAwMDAxMDAAAAkYAMCFfMd4wAAAABJRU5ErkJggg==';

/** Writes pages (and files) into a space of the site through a merged change request. */
async function addPages(spaceId: string, markdowns: string[], files: { name: string; contentType: string; base64: string }[] = []) {
  const cr = await api('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'pages for the browser test' });
  const changes = [...markdowns.map((markdown) => ({ operation: 'insert_page', document: { markdown } })), ...(files.length ? [{ operation: 'insert_files', files }] : [])];
  await api('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/content`, { changes });
  await api('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`);
}

/** Opens the sample site, then the page whose entry in its table of contents starts with `title`; its URL. */
async function openFromContents(page: Page, title: string): Promise<string> {
  await page.goto(site.url);
  const href = await page.$$eval('nav.toc a', (as, wanted) => (as as HTMLAnchorElement[]).find((a) => a.textContent?.startsWith(wanted))!.getAttribute('href'), title);
  const url = new URL(href!, site.url).href;
  await page.goto(url);
  return url;
}

beforeAll(async () => {
  browser = await launchBrowser();
  if (!browser) return;
  const box = await sampleSandbox();
  served = await startBuiltServer(box);
  orgId = (await api('GET', '/v1/orgs')).items[0].id;
  const found = (await api('GET', `/v1/orgs/${orgId}/sites`)).items.find((s: { title: string }) => s.title === 'Acme Developers');
  site = { id: found.id, url: found.urls.published };
  const spaces = (await api('GET', `/v1/orgs/${orgId}/spaces?limit=100`)).items as { id: string; title: string }[];
  restApiSpace = spaces.find((s) => s.title === 'REST API')!.id;
  await addPages(restApiSpace, [
    '# Hostile "title" <b>bold</b> & </title><script>window.ran = 1</script>\n\n<script>window.ran = 2</script>\n\n<img src="/nothing.png" onerror="window.ran = 3">\n\n[a link](javascript:window.ran=4) <a href="javascript:window.ran=5">b</a>\n\n<details><summary>Click</summary>\n\nHidden text.\n\n</details>',
    '# Picture page\n\n<figure><img src="red.png" alt="A red square"><figcaption><p>Red</p></figcaption></figure>\n\n![Again](red.png)',
    '# Formula page\n\nEnergy: $$E = mc^2$$.\n\n```python\nprint("hi")  # greet\n```\n\n$$\n\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}\n$$',
    '# Operation page\n\n{% openapi-operation spec="browser-pets" path="/pets" method="get" %}\n{% endopenapi-operation %}',
    '# Cards page\n\n<table data-view="cards"><thead><tr><th></th><th></th><th data-hidden data-card-target data-type="content-ref"></th><th data-hidden data-card-cover data-type="files"></th></tr></thead><tbody><tr><td><strong>Pictures</strong></td><td>See the <a href="formula-page.md">formulas</a> too.</td><td><a href="picture-page.md">picture-page.md</a></td><td><a href="red.png">red.png</a></td></tr></tbody></table>',
    '# Tabs page\n\n{% tabs %}\n{% tab title="macOS" %}\nbrew install docsctl\n{% endtab %}\n{% tab title="Linux" %}\napt install docsctl\n{% endtab %}\n{% endtabs %}',
  ], [{ name: 'red.png', contentType: 'image/png', base64: PNG }]);
  await addPages(spaces.find((s) => s.title === 'Partner portal')!.id, ['# Partner pricing\n\nOnly for partners.']);
  await api('PUT', `/v1/orgs/${orgId}/openapi/browser-pets`, { source: { text: readFileSync(new URL('../fixtures/openapi/v1.yaml', import.meta.url), 'utf8') } });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await served?.stop();
});

describe('a published site in a real browser (headless Chromium)', () => {
  it('opens the sample site from the URL the API hands out, navigates by its links, and has no serious accessibility violation', async ({ skip }) => {
    if (!browser) return skip();
    expect(site.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/o\/[^/]+\/sites\/developers$/);
    const page = await browser.newPage();
    const response = await page.goto(site.url);
    expect(response?.status()).toBe(200);
    expect(await page.title()).toContain('Acme Developers');
    expect(await accessibilityViolations(page)).toEqual([]);
    // The table of contents leads to another page; its heading is the page's title.
    const links = await page.$$eval('nav.toc[aria-label="Pages"] > ul a', (as) => as.map((a) => ({ href: (a as HTMLAnchorElement).href, text: a.textContent })));
    expect(links.length).toBeGreaterThan(1);
    const other = links.find((l) => l.href !== page.url())!;
    await Promise.all([page.waitForNavigation(), page.click(`nav.toc[aria-label="Pages"] > ul a[href="${new URL(other.href).pathname}"]`)]);
    expect(await page.$eval('article h1', (h) => h.textContent)).toBe(other.text);
    expect(await accessibilityViolations(page)).toEqual([]);
    // Sections are tabs of the site; the Changelog section opens.
    await Promise.all([page.waitForNavigation(), page.click('nav.sections a:not([aria-current])')]);
    expect(page.url()).toMatch(/\/changelog/);
    await page.close();
  });

  it('loads a page\'s images from the site itself, with their captions', async ({ skip }) => {
    if (!browser) return skip();
    const page = await browser.newPage();
    const outside: string[] = [];
    page.on('request', (r) => void (new URL(r.url()).origin !== new URL(site.url).origin && outside.push(r.url())));
    await openFromContents(page, 'Picture page');
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    const images = await page.$$eval('article img', (imgs) => (imgs as HTMLImageElement[]).map((img) => ({ alt: img.alt, width: img.naturalWidth, src: img.getAttribute('src') })));
    expect(images).toHaveLength(2);
    // The title heads the page once: the content's own `# Picture page` is not shown again.
    expect(await page.$$eval('h1', (hs) => hs.length)).toBe(1);
    for (const image of images) {
      expect(image.width).toBe(2);
      expect(image.src).toMatch(/\/~files\/[^/]+\/red\.png$/);
    }
    expect(await page.$eval('article figcaption', (c) => c.textContent)).toBe('Red');
    expect(outside).toEqual([]);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.close();
  });

  // Issue 56: GitBook's cards: the cover loads from the site, the whole card opens its target, a link inside it its own page.
  it('shows cards: the cover image, a click anywhere on the card opening its target, with no serious accessibility violation', async ({ skip }) => {
    if (!browser) return skip();
    const page = await browser.newPage();
    const url = await openFromContents(page, 'Cards page');
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    expect(await page.$eval('article .card-cover', (img) => (img as HTMLImageElement).naturalWidth)).toBe(2);
    expect(await page.$$eval('article .card-cell', (cells) => cells.map((c) => c.textContent))).toEqual(['Pictures', 'See the formulas too.']);
    expect(await accessibilityViolations(page)).toEqual([]);
    const box = (await (await page.$('article .card-cell'))!.boundingBox())!;
    await Promise.all([page.waitForNavigation(), page.mouse.click(box.x + 2, box.y + 2)]);
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('Picture page');
    await page.goto(url);
    await Promise.all([page.waitForNavigation(), page.click('article .card-cell a')]);
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('Formula page');
    await page.close();
  });

  it('draws math (MathML) and highlighted code, with no serious accessibility violation', async ({ skip }) => {
    if (!browser) return skip();
    const page = await browser.newPage();
    await openFromContents(page, 'Formula page');
    const sizes = await page.$$eval('article math', (ms) => ms.map((m) => Math.round(m.getBoundingClientRect().width)));
    expect(sizes).toHaveLength(2);
    for (const width of sizes) expect(width).toBeGreaterThan(20);
    expect(await page.$eval('article .hljs-comment', (c) => getComputedStyle(c).fontStyle)).toBe('italic');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.close();
  });

  // Issue 58: an API operation rendered from the organization's spec, read as a person reads it.
  it('shows an API operation from its spec: parameters, a response that opens, a curl request, with no serious accessibility violation', async ({ skip }) => {
    if (!browser) return skip();
    const page = await browser.newPage();
    await openFromContents(page, 'Operation page');
    expect(await page.$eval('article .api-operation-title', (h) => h.textContent)).toBe('GET /pets');
    expect(await page.$eval('article .api-operation-summary', (p) => p.textContent)).toBe('List all pets');
    const response = await page.$('article details.api-response');
    expect(await response!.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false); // closed until opened
    await response!.$eval('summary', (s) => (s as HTMLElement).click());
    expect(await response!.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await response!.$eval('ul.schema-properties', (u) => (u as HTMLElement).innerText)).toContain('status');
    expect(await page.$eval('article pre.api-curl', (p) => (p as HTMLElement).innerText)).toContain('--request GET');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.close();
  });

  it('is readable at 360 px: the table of contents folds into a menu', async ({ skip }) => {
    if (!browser) return skip();
    const page = await browser.newPage();
    await page.setViewport({ width: 360, height: 740 });
    await page.goto(site.url);
    expect(await page.$eval('.layout > nav.toc', (n) => getComputedStyle(n).display)).toBe('none');
    expect(await page.$eval('details.menu', (n) => getComputedStyle(n).display)).toBe('block');
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.close();
  });

  it('runs nothing a page tries to run: script, handlers and javascript: links; the title shows as text', async ({ skip }) => {
    if (!browser) return skip();
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => (dialogs.push(d.message()), void d.dismiss()));
    // The page is found through the table of contents whatever its slug.
    await openFromContents(page, 'Hostile');
    expect(await page.$eval('article h1', (h) => h.textContent)).toBe('Hostile "title" <b>bold</b> & </title><script>window.ran = 1</script>');
    for (const link of await page.$$('article a[href^="javascript"]')) await link.click();
    await page.click('article details summary');
    expect(await page.evaluate(() => (window as unknown as { ran?: number }).ran)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await page.close();
  });

  it('shows tabs as tabs with JavaScript, and every panel under its title without', async ({ skip }) => {
    if (!browser) return skip();
    const page = await browser.newPage();
    const tabsUrl = await openFromContents(page, 'Tabs page');
    expect(await page.$$eval('[role=tab]', (tabs) => tabs.map((t) => t.textContent))).toEqual(['macOS', 'Linux']);
    expect(await page.$eval('[role=tabpanel]:not([hidden])', (p) => p.textContent)).toContain('brew install');
    await page.click('[role=tab]:nth-child(2)');
    expect(await page.$eval('[role=tabpanel]:not([hidden])', (p) => p.textContent)).toContain('apt install');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setJavaScriptEnabled(false);
    await page.goto(tabsUrl);
    expect(await page.$$eval('[role=tab]', (tabs) => tabs.length)).toBe(0);
    const panels = await page.$$eval('.tabs .tab', (ps) => ps.map((p) => (p as HTMLElement).innerText));
    expect(panels.join('\n')).toMatch(/macOS[\s\S]*brew install[\s\S]*Linux[\s\S]*apt install/);
    await page.close();
  });

  it('opens a share-link site with its key, and shows nothing of it without', async ({ skip }) => {
    if (!browser) return skip();
    const partner = (await api('GET', `/v1/orgs/${orgId}/sites`)).items.find((s: { title: string }) => s.title === 'Acme Partner Portal');
    await api('PATCH', `/v1/orgs/${orgId}/sites/${partner.id}`, { published: true });
    const withKey = (await api('GET', `/v1/orgs/${orgId}/sites/${partner.id}`)).urls.published as string;
    const bare = withKey.split('?')[0];
    const page = await browser.newPage();
    expect((await page.goto(bare))?.status()).toBe(404);
    expect(await page.content()).not.toMatch(/Partner|pricing/);
    await page.goto(withKey);
    expect(page.url()).toBe(bare);
    expect(await page.title()).toContain('Acme Partner Portal');
    // The key is remembered for the site: its pages open without it now.
    // 304 when the browser revalidates the page it has: opened either way.
    expect([200, 304]).toContain((await page.goto(bare))?.status());
    expect(await page.$eval('article h1', (h) => h.textContent)).toBe('Partner pricing');
    await page.close();
  });
  it('searches as one types with JavaScript (Ctrl+K to the box), and with the form and a results page without', async ({ skip }) => {
    if (!browser) return skip();
    const page = await browser.newPage();
    await page.goto(site.url);
    await page.keyboard.down('Control');
    await page.keyboard.press('k');
    await page.keyboard.up('Control');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('q');
    await page.keyboard.type('bearer');
    await page.waitForSelector('.suggest a', { visible: true });
    expect(await page.$$eval('.suggest a', (as) => as.map((a) => a.textContent))).toContain('Authentication');
    expect(await page.$eval('.suggest mark', (m) => m.textContent)).toBe('Bearer');
    await Promise.all([page.waitForNavigation(), page.click('.suggest a')]);
    expect(await page.$eval('article h1', (h) => h.textContent)).toBe('Authentication');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setJavaScriptEnabled(false);
    await page.goto(site.url);
    await page.type('#q', 'paginated');
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    expect(page.url()).toContain('/~search?q=paginated');
    expect(await page.$$eval('ol.results a.result', (as) => as.map((a) => a.textContent))).toEqual(['Overview']);
    await Promise.all([page.waitForNavigation(), page.click('ol.results a.result')]);
    expect(await page.$eval('article h1', (h) => h.textContent)).toBe('Overview');
    // axe-core runs as a script: the results page checked with JavaScript on.
    await page.setJavaScriptEnabled(true);
    await page.goto(`${site.url}/~search?q=paginated`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.close();
  });

  it('opens a visitor-auth site with a token its sign-in backend signed, and sends a visitor without one to the sign-in page', async ({ skip }) => {
    if (!browser) return skip();
    const created = await api('POST', `/v1/orgs/${orgId}/sites`, { title: 'Acme Internal', visibility: 'visitor-auth', spaces: [restApiSpace] });
    const published = await api('PATCH', `/v1/orgs/${orgId}/sites/${created.id}`, { published: true });
    const signIn = `${served.url}/sign-in`;
    const auth = await api('PATCH', `/v1/orgs/${orgId}/sites/${created.id}/visitor-auth`, { fallbackUrl: signIn });
    const base = published.urls.published as string;
    const page = await browser.newPage();
    await page.goto(`${base}/authentication`);
    expect(page.url()).toBe(`${signIn}?location=%2Fauthentication`);
    expect(await page.content()).not.toContain('Bearer');
    const now = Math.floor(Date.now() / 1000);
    const token = signJwt({ org: orgId, iat: now, exp: now + 600 }, auth.signingKey);
    await page.goto(`${base}/authentication?jwt_token=${token}`);
    expect(page.url()).toBe(`${base}/authentication`);
    expect(await page.$eval('article h1', (h) => h.textContent)).toBe('Authentication');
    // Remembered: the site opens without the token now; a forged one is not remembered.
    expect([200, 304]).toContain((await page.goto(base))?.status());
    const other = await browser.createBrowserContext();
    const stranger = await other.newPage();
    await stranger.goto(`${base}?jwt_token=${signJwt({ org: orgId, iat: now, exp: now + 600 }, 'a-key-of-someone-else-entirely-0123456789')}`);
    expect(stranger.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sign-in\?location=/);
    await other.close();
    await page.close();
  });

  // Last: it changes the sample site's structure.
  it('shows a section to visitors whose unsigned claims (the gitbook-visitor-public cookie) meet its condition, and hides it from others', async ({ skip }) => {
    if (!browser) return skip();
    await api('PUT', `/v1/orgs/${orgId}/sites/${site.id}/adaptive-schema`, {
      jsonSchema: { type: 'object', properties: { isBetaUser: { type: 'boolean', description: 'In the beta' }, unsigned: { type: 'object', properties: { beta: { type: 'boolean', description: 'Says so in a cookie' } }, additionalProperties: false } }, additionalProperties: false },
    });
    const changelog = (await api('GET', `/v1/orgs/${orgId}/sites/${site.id}/sections`)).items.find((s: { title: string }) => s.title === 'Changelog');
    await api('PATCH', `/v1/orgs/${orgId}/sites/${site.id}/sections/${changelog.id}`, { condition: 'visitor.claims.unsigned.beta' });
    const page = await browser.newPage();
    await page.goto(site.url);
    const sections = () => page.$$eval('nav.sections a', (as) => as.map((a) => a.textContent));
    expect(await sections()).not.toContain('Changelog');
    expect((await page.goto(`${site.url}/changelog`))?.status()).toBe(404);
    await page.setCookie({ name: 'gitbook-visitor-public', value: encodeURIComponent(JSON.stringify({ beta: true })), url: site.url });
    await page.goto(site.url);
    expect(await sections()).toContain('Changelog');
    await page.close();
  });
});
