import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { publishedSiteSetup } from '../helpers/site-reader';

const PAGES = [
  '# Welcome\n\nHello, visitor. Read about the **zeppelin** below.',
  '# Install\n\nSome setup.\n\n## Requirements\n\nA zeppelin hangar and Node.',
  '---\ntitle: Secret plans\nhidden: true\n---\nThe zeppelin launch date.',
  '# Quotes <b>"zeppelin"</b>\n\nThe zeppelin & its <script>alert(1)</script> crew.',
];

describe('published sites: search, for machines, and cheap to read again', () => {
  it('searches what the visitor sees: results page without JavaScript, JSON for the search box, hidden pages left out', async () => {
    const t = await publishedSiteSetup({ pages: PAGES });
    const page = await t.visit(`${t.base}/~search?q=zeppelin`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<meta name="robots" content="noindex">');
    expect(page.body).toContain(`<a class="result" href="${t.base}/install">Install</a>`);
    expect(page.body).toContain('<mark>');
    expect(page.body).not.toContain('Secret plans');
    expect(page.body).not.toMatch(/<script>alert/);
    const json = await t.visit(`${t.base}/~search?q=zeppelin&format=json`);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    const found = JSON.parse(json.body) as { query: string; results: { title: string; url: string; sections: { url: string; snippet: string }[] }[] };
    expect(found.query).toBe('zeppelin');
    expect(found.results.map((r) => r.title).sort()).toEqual(['Install', 'Quotes <b>"zeppelin"</b>', 'Welcome']);
    const install = found.results.find((r) => r.title === 'Install')!;
    expect(install.sections.some((s) => s.url === `${t.base}/install#requirements` && s.snippet.includes('**zeppelin**'))).toBe(true);
    // Nothing asked, nothing found; a query past the bound is cut, never refused.
    expect(JSON.parse((await t.visit(`${t.base}/~search?q=&format=json`)).body).results).toEqual([]);
    expect((await t.visit(`${t.base}/~search?q=${'zeppelin%20'.repeat(200)}`)).status).toBe(200);
    expect((await t.visit(`${t.base}/~search`)).body).toContain('Type what you are looking for');
  });

  it('shows nothing of a site to a visitor without its key, search included', async () => {
    const t = await publishedSiteSetup({ pages: PAGES, visibility: 'share-link' });
    const res = await t.visit(`${t.base}/~search?q=zeppelin&format=json`);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('zeppelin');
  });

  it('answers each page as markdown at its path plus .md, llms.txt and llms-full.txt with every page a visitor sees', async () => {
    const t = await publishedSiteSetup({ pages: PAGES });
    const md = await t.visit(`${t.base}/install.md`);
    expect(md.status).toBe(200);
    expect(md.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(md.body).toMatch(/^# Install\n\nSome setup\.\n\n## Requirements/);
    // Tagged by the page's version: a copy that has it (a second `sites build`) gets 304.
    expect((await t.visit(`${t.base}/install.md`, { 'if-none-match': md.headers.etag })).status).toBe(304);
    expect((await t.visit(`${t.base}/welcome.md`, { 'if-none-match': md.headers.etag })).status).toBe(200);
    expect((await t.visit(`${t.base}/nothing.md`)).status).toBe(404);
    const llms = await t.visit(`${t.base}/llms.txt`);
    expect(llms.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(llms.body).toContain('# Acme Docs\n');
    expect(llms.body).toContain(`- [Install](http://docs.test${t.base}/`);
    expect(llms.body).toMatch(/\/install\.md\)/);
    expect(llms.body).not.toContain('Secret plans');
    const full = await t.visit(`${t.base}/llms-full.txt`);
    expect(full.body).toContain('# Welcome\n\nHello, visitor.');
    expect(full.body).toContain('A zeppelin hangar and Node.');
    expect(full.body).not.toContain('launch date');
  });

  it('lists a public site\'s pages in sitemap.xml, lets robots in, and keeps them out of an unlisted one', async () => {
    const t = await publishedSiteSetup({ pages: PAGES });
    const sitemap = await t.visit(`${t.base}/sitemap.xml`);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.body).toContain(`<loc>http://docs.test${t.base}/`);
    expect(sitemap.body.match(/<loc>/g)).toHaveLength(3);
    expect((await t.visit(`${t.base}/robots.txt`)).body).toBe(`User-agent: *\nAllow: /\nSitemap: http://docs.test${t.base}/sitemap.xml\n`);
    await t.patchSite({ visibility: 'unlisted' });
    expect((await t.visit(`${t.base}/sitemap.xml`)).status).toBe(404);
    expect((await t.visit(`${t.base}/robots.txt`)).body).toBe('User-agent: *\nDisallow: /\n');
    expect((await t.visit(`${t.base}/install`)).headers['x-robots-tag']).toBe('noindex');
  });

  it('tags pages for sharing (OpenGraph) and answers 304 to a browser that has the page, compressed when asked', async () => {
    const t = await publishedSiteSetup({ pages: PAGES });
    const page = await t.visit(`${t.base}/install`);
    expect(page.body).toContain('<meta property="og:title" content="Install">');
    expect(page.body).toContain('<meta property="og:site_name" content="Acme Docs">');
    expect(page.body).toMatch(new RegExp(`<meta property="og:url" content="http://docs.test${t.base}/[^"]*install">`));
    const etag = page.headers.etag;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const again = await t.visit(`${t.base}/install`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    // A change of the page is a new ETag: the browser's copy is not used.
    const cr = await t.createCr({ subject: 'edit' });
    await t.writeOk(cr.id, [{ operation: 'update_page', page: t.pageIds[1], document: { markdown: '# Install\n\nChanged.' } }]);
    await t.merge(cr.id);
    const changed = await t.visit(`${t.base}/install`, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.body).toContain('Changed.');
    // The same bytes, compressed.
    const gz = await t.visitBytes(`${t.base}/install`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(changed.body);
    const br = await t.visitBytes(`${t.base}/install`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(changed.body);
  });
  // Issue 56: a page everyone sees alike is kept whole (bench: sites); any write of the organization is a new page.
  it('keeps a whole page for visitors who see it alike, and shows a write of the site or of a page at the next view', async () => {
    const t = await publishedSiteSetup({ pages: PAGES });
    const first = await t.visit(`${t.base}/install`);
    const kept = await t.visit(`${t.base}/install`);
    expect(kept.body).toBe(first.body);
    expect(kept.headers.etag).toBe(first.headers.etag);
    await t.patchSite({ title: 'Renamed Docs' });
    const renamed = await t.visit(`${t.base}/install`);
    expect(renamed.body).toContain('<meta property="og:site_name" content="Renamed Docs">');
    expect(renamed.headers.etag).not.toBe(first.headers.etag);
    // Another page's new title is in this page's navigation: a new tag, and a browser's copy is not used.
    const cr = await t.createCr({ subject: 'rename' });
    await t.writeOk(cr.id, [{ operation: 'update_page', page: t.pageIds[0], title: 'Hello there' }]);
    await t.merge(cr.id);
    const renamedOther = await t.visit(`${t.base}/install`, { 'if-none-match': renamed.headers.etag });
    expect(renamedOther.status).toBe(200);
    expect(renamedOther.body).toContain('Hello there');
    expect((await t.visit(`${t.base}/install`, { 'if-none-match': renamedOther.headers.etag })).status).toBe(304);
    // A visitor with claims of their own gets their own page, which nobody after them is served.
    const claimed = await t.visit(`${t.base}/install`, { cookie: 'gitbook-visitor-public={"beta":true}' });
    expect(claimed.headers['cache-control']).toBe('private, no-cache');
    expect((await t.visit(`${t.base}/install`)).headers['cache-control']).toBe('no-cache');
  });

  it('answers the paths .gitbook.yaml redirects with 301 to the page of the file each names', async () => {
    const t = await publishedSiteSetup({ pages: ['# Welcome\n\nHello.'] });
    const config = 'root: ./\nredirects:\n  old/setup: ./guides/setup.md\n  Legacy: guides/\n  gone: ./nowhere.md\n  bad: [1, 2]\n';
    const cr = await t.createCr({ subject: 'git sync' });
    await t.writeOk(cr.id, [
      { operation: 'insert_page', document: { markdown: '# Guides\n\nAll of them.' }, git: { path: 'guides/README.md' }, ref: 'guides' },
      { operation: 'insert_page', document: { markdown: '# Setup\n\nSteps.' }, git: { path: 'guides/setup.md' }, into: 'guides' },
      { operation: 'insert_files', files: [{ name: '.gitbook.yaml', contentType: 'text/yaml', base64: Buffer.from(config).toString('base64'), git: { path: '.gitbook.yaml' } }] },
    ]);
    await t.merge(cr.id);
    const moved = await t.visit(`${t.base}/old/setup`);
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe(`${t.base}/guides/setup`);
    expect((await t.visit(`${t.base}/legacy/`)).headers.location).toBe(`${t.base}/guides`);
    // A redirect to a file that is no page, or a value that is no path, is no redirect: 404.
    expect((await t.visit(`${t.base}/gone`)).status).toBe(404);
    expect((await t.visit(`${t.base}/bad`)).status).toBe(404);
    // A page at the path wins over a redirect.
    expect((await t.visit(`${t.base}/guides/setup`)).status).toBe(200);
    // The same redirects for machines (`sites build` makes redirect pages of them), as paths of the site as reached.
    const listed = await t.visit(`${t.base}/~redirects.json`);
    expect(listed.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(listed.body)).toEqual({ redirects: [{ from: 'old/setup', to: `${t.base}/guides/setup` }, { from: 'legacy', to: `${t.base}/guides` }] });
    // A configuration that is no YAML, or whose redirects are no mapping, redirects nothing.
    for (const text of ['redirects: [old/setup, x]\n', 'redirects:\n  a: [\n']) {
      const next = await t.createCr({ subject: 'config' });
      const files = (await t.api.request('GET', `/v1/spaces/${t.spaceId}/content/files`, { as: t.adminId })).body.items as { id: string; name: string }[];
      const configId = files.find((f) => f.name === '.gitbook.yaml')?.id;
      await t.writeOk(next.id, [
        ...(configId ? [{ operation: 'delete_files', files: [configId] }] : []),
        { operation: 'insert_files', files: [{ name: '.gitbook.yaml', contentType: 'text/yaml', base64: Buffer.from(text).toString('base64'), git: { path: '.gitbook.yaml' } }] },
      ]);
      await t.merge(next.id);
      expect((await t.visit(`${t.base}/old/setup`)).status).toBe(404);
    }
  });
});
