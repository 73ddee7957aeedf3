import { describe, expect, it } from 'vitest';
import { publishedSiteSetup } from '../helpers/site-reader';
import { STYLESHEET, SCRIPT } from '../../src/server/site/assets';
import { signVisitorToken } from '../helpers/visitor-token';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('published sites answer visitors\' browsers (server/site/reader.ts)', () => {
  it('renders the first page at the site\'s URL and each page at its path, with navigation', async () => {
    const t = await publishedSiteSetup();
    const home = await t.visit(t.base);
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.headers['content-security-policy']).toContain("script-src 'self'");
    expect(home.body).toContain('<title>Welcome | Acme Docs</title>');
    expect(home.body).toContain('Hello, visitor.');
    // The table of contents links both pages; the current one is marked.
    expect(home.body).toMatch(new RegExp(`<a href="${t.base}" aria-current="page">Welcome</a>`));
    expect(home.body).toContain(`<a href="${t.base}/install">Install</a>`);
    expect(home.body).toContain(`rel="next"`);
    const install = await t.visit(`${t.base}/install`);
    expect(install.status).toBe(200);
    expect(install.body).toContain('<h2 id="requirements">Requirements');
    // The outline links the page's headings; previous leads back to the first page.
    expect(install.body).toContain('<a href="#requirements">Requirements</a>');
    expect(install.body).toMatch(new RegExp(`<a class="previous" href="${t.base}" rel="prev">`));
    expect(install.body).toContain(`<link rel="canonical" href="http://docs.test${t.base}/`);
    // The stylesheet and script are the site's own, hashed and cached for good.
    for (const asset of [STYLESHEET, SCRIPT]) {
      expect(home.body).toContain(asset.path);
      const served = await t.visit(asset.path);
      expect(served.status).toBe(200);
      expect(served.headers['cache-control']).toContain('immutable');
      expect(served.body).toBe(asset.body);
    }
  });

  it("shows the site's icon beside its title and as the tab's icon: an image of the site's own origin, or an emoji", async () => {
    const t = await publishedSiteSetup();
    // The icon has no write operation yet (as the sample sets it, the row is written directly).
    const setIcon = (icon: unknown) => t.engine.core.run('UPDATE sites SET icon = ? WHERE id = ?', [JSON.stringify(icon), t.siteId]);
    await setIcon({ icon: { light: '/logo-light.png', dark: '/logo-dark.png' } });
    const images = (await t.visit(t.base)).body;
    expect(images).toContain('<source srcset="/logo-dark.png" media="(prefers-color-scheme: dark)"><img src="/logo-light.png"');
    expect(images).toContain('<link rel="icon" href="/logo-light.png">');
    await setIcon({ emoji: '📘' });
    expect((await t.visit(t.base)).body).toContain('<span class="brand-icon" aria-hidden="true">📘</span>');
    // Another host: no request from the page to it, so no icon.
    await setIcon({ icon: { light: 'https://acme.example/logo.svg', dark: 'https://acme.example/logo.svg' } });
    expect((await t.visit(t.base)).body).not.toContain('acme.example');
  });

  it('answers an unknown path with a 404 page that keeps the site\'s navigation, and leaves the API alone', async () => {
    const t = await publishedSiteSetup();
    const missing = await t.visit(`${t.base}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('Page not found');
    expect(missing.body).toContain(`<a href="${t.base}/install">Install</a>`);
    expect(missing.body).toContain('<meta name="robots" content="noindex">');
    const api = await t.visit(`/v1/orgs/${t.orgId}`);
    expect(api.status).toBe(401);
    expect(api.headers['content-type']).toContain('application/json');
  });

  it('opens by the site\'s basename, by the organization\'s hostname as a sub-domain, and by a custom hostname', async () => {
    const t = await publishedSiteSetup();
    const named = await t.patchSite({ basename: 'developers' });
    expect(named.urls.published).toBe(`http://docs.test/o/${t.orgId}/sites/developers`);
    expect((await t.visit(`/o/${t.orgId}/sites/developers/install`)).status).toBe(200);
    // The id still opens it: links of the page follow the path it was reached by.
    const byId = await t.visit(`${t.base}/install`);
    expect(byId.status).toBe(200);
    await t.api.request('PATCH', `/v1/orgs/${t.orgId}`, { as: t.adminId, body: { hostname: 'acme' } });
    const sub = await t.api.request('GET', `/v1/orgs/${t.orgId}/sites/${t.siteId}`, { as: t.adminId });
    expect(sub.body.urls.published).toBe('http://acme.docs.test/developers');
    const bySub = await t.visit('http://acme.docs.test/developers/install');
    expect(bySub.status).toBe(200);
    expect(bySub.body).toContain('<a href="/developers/install" aria-current="page">Install</a>');
    expect((await t.visit('http://other.docs.test/developers')).status).toBe(404);
    await t.engine.core.run('UPDATE sites SET hostname = ? WHERE id = ?', ['docs.acme.example', t.siteId]);
    const custom = await t.visit('http://docs.acme.example:8080/developers/install');
    expect(custom.status).toBe(200);
    expect(custom.body).toContain('<a href="/developers">Welcome</a>');
  });

  it('hands out the path form when the public URL\'s host is an IP address', async () => {
    const t = await publishedSiteSetup();
    await t.api.request('PATCH', `/v1/orgs/${t.orgId}`, { as: t.adminId, body: { hostname: 'acme' } });
    (t.engine.core as { publicUrl: string }).publicUrl = 'http://127.0.0.1:4000';
    const site = await t.api.request('GET', `/v1/orgs/${t.orgId}/sites/${t.siteId}`, { as: t.adminId });
    expect(site.body.urls.published).toBe(`http://127.0.0.1:4000/o/${t.orgId}/sites/${t.siteId}`);
    expect((await t.visit(`http://127.0.0.1:4000/o/${t.orgId}/sites/${t.siteId}`)).status).toBe(200);
  });

  it('shows nothing of an unpublished site, not even its title', async () => {
    const t = await publishedSiteSetup();
    await t.patchSite({ published: false });
    const hidden = await t.visit(t.base);
    expect(hidden.status).toBe(404);
    expect(hidden.body).not.toContain('Acme Docs');
    expect(hidden.body).not.toContain('Welcome');
  });

  it('opens a share-link site with its key once, remembers it in a cookie for the site\'s path, and refuses it after a rotation', async () => {
    const t = await publishedSiteSetup({ visibility: 'share-link' });
    expect((await t.visit(t.base)).status).toBe(404);
    const key = (await t.api.request('GET', `/v1/orgs/${t.orgId}/sites/${t.siteId}`, { as: t.adminId })).body.urls.published.split('shareKey=')[1];
    expect(key).toBeTruthy();
    expect((await t.visit(`${t.base}?shareKey=wrong`)).status).toBe(404);
    const opened = await t.visit(`${t.base}/install?shareKey=${key}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.location).toBe(`${t.base}/install`);
    const cookie = opened.headers['set-cookie'];
    expect(cookie).toMatch(new RegExp(`^docsctl-site-${t.siteId}=[^;]+; Path=${t.base}; HttpOnly; SameSite=Lax`));
    const again = await t.visit(`${t.base}/install`, { cookie: cookie.split(';')[0] });
    expect(again.status).toBe(200);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    expect(again.headers['x-robots-tag']).toBe('noindex');
    expect(again.body).toContain('<meta name="robots" content="noindex">');
    await t.engine.core.run('UPDATE sites SET share_key = ? WHERE id = ?', ['rotated-key', t.siteId]);
    expect((await t.visit(`${t.base}/install`, { cookie: cookie.split(';')[0] })).status).toBe(404);
  });

  it('opens a visitor-auth site with a signed visitor token, and refuses forged, expired and unsigned ones', async () => {
    const t = await publishedSiteSetup({ visibility: 'visitor-auth' });
    expect((await t.visit(t.base)).status).toBe(404);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const good = await signVisitorToken(t.engine, { org: t.orgId, iat: now, exp: now + 600 });
    const opened = await t.visit(`${t.base}?jwt_token=${good}`);
    expect(opened.status).toBe(302);
    expect((await t.visit(t.base, { cookie: opened.headers['set-cookie'].split(';')[0] })).status).toBe(200);
    const expired = await signVisitorToken(t.engine, { org: t.orgId, iat: now - 1200, exp: now - 600 });
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ org: t.orgId, exp: now + 600 })).toString('base64url')}.`;
    for (const bad of [expired, none, `${good.slice(0, -2)}xx`]) expect((await t.visit(`${t.base}?jwt_token=${bad}`)).status).toBe(404);
  });

  it('escapes what pages hold: no script, handler or javascript: link reaches the page, titles with quotes and brackets are text', async () => {
    const t = await publishedSiteSetup({
      pages: [
        '# Quotes " and <brackets> & </title><script>alert(1)</script>\n\n<script>alert(2)</script>\n\n<img src="x.png" onerror="alert(3)">\n\n[click](javascript:alert(4)) [data](data:text/html,hi) <a href="JaVaScRiPt&#58;alert(5)">a</a>\n\n<details><summary>More</summary>\n\nInside.\n\n</details>',
      ],
    });
    const page = await t.visit(t.base);
    expect(page.status).toBe(200);
    expect(page.body).not.toMatch(/<script(?! src="\/~docsctl\/assets\/)/);
    expect(page.body).not.toMatch(/onerror|javascript:|data:text/i);
    expect(page.body).toContain('<title>Quotes &quot; and &lt;brackets&gt; &amp; &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Acme Docs</title>');
    expect(text(page.body)).toContain('click');
    expect(page.body).toContain('<details><summary id="more">More</summary>');
  });

  it('serves the space\'s files at their URLs, with a policy that runs nothing they hold', async () => {
    const t = await publishedSiteSetup();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const cr = await t.createCr({ subject: 'files' });
    const wrote = await t.writeOk(cr.id, [
      { operation: 'insert_files', files: [{ name: 'diagram.svg', contentType: 'image/svg+xml', base64: svg.toString('base64') }] },
    ]);
    await t.merge(cr.id);
    const fileId = wrote.insertedFiles[0].id as string;
    const res = await t.visit(`${t.base}/~files/${fileId}/diagram.svg`);
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
    expect((await t.visit(`${t.base}/~files/nope/x.png`)).status).toBe(404);
  });
});
