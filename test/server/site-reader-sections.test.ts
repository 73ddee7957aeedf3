import { describe, expect, it } from 'vitest';
import { expectOk } from '../helpers/app';
import { publishedSiteSetup } from '../helpers/site-reader';
import { mcpBodyPolicy } from '../../src/server/site/mcp';
import { DatabaseUnavailable } from '../../src/engine/errors';
import { publishedSites } from '../../src/engine/sites/reader/locate';

/** A site of sections: the seeded space as the first section, a second section of two site spaces in a group. */
async function sectionsSetup() {
  const t = await publishedSiteSetup({
    pages: ['# Welcome\n\nSee [the install guide](install.md#requirements) and [the diagram](diagram.png).\n\n{% content-ref url="install.md" %}\n[install.md](install.md)\n{% endcontent-ref %}', '# Install\n\n## Requirements\n\nNode.'],
  });
  const cr = await t.createCr({ subject: 'structure' });
  await t.writeOk(cr.id, [
    { operation: 'insert_page', document: { markdown: '' }, title: 'Topics', type: 'group', ref: 'topics', slug: 'topics' },
    { operation: 'insert_page', document: { markdown: '# Deep\n\nInside a group.' }, into: 'topics' },
    { operation: 'insert_page', document: { markdown: '' }, title: 'Status', type: 'link', href: 'https://status.acme.example' },
    { operation: 'insert_page', document: { markdown: '' }, title: 'Bad link', type: 'link', href: 'javascript:alert(1)' },
    { operation: 'insert_files', files: [{ name: 'diagram.png', contentType: 'image/png', base64: 'iVBORw0KGgo=' }] },
  ]);
  await t.merge(cr.id);
  const site = `/v1/orgs/${t.orgId}/sites/${t.siteId}`;
  const call = async (method: string, path: string, body: unknown, operation: Parameters<typeof expectOk>[1]) => {
    const res = await t.api.request(method, path, { as: t.adminId, body });
    expectOk(res, operation);
    return res.body;
  };
  const api = await t.createSpace('API');
  const v2 = await t.createSpace('API v2');
  await t.seed(['# Reference\n\nEndpoints.'], api);
  await t.seed(['# Reference two\n\nMore endpoints.'], v2);
  // The first section takes the root's site space (the seeded one) beside its own.
  await call('POST', `${site}/sections`, { spaceId: api, title: 'Guides' }, 'addSiteSection');
  const section = await call('POST', `${site}/sections`, { spaceId: v2, title: 'Reference' }, 'addSiteSection');
  await call('POST', `${site}/section-groups`, { title: 'Developers', sections: [section.id] }, 'createSiteSectionGroup');
  return { ...t, section };
}

describe('a published site of sections, groups and site spaces, as visitors read it', () => {
  it('shows sections as tabs under their group, the section\'s site spaces as a switcher, and group pages as headings', async () => {
    const t = await sectionsSetup();
    const home = await t.visit(t.base);
    expect(home.status).toBe(200);
    expect(home.body).toContain('<nav class="sections" aria-label="Sections">');
    expect(home.body).toContain('<span class="group">Developers</span>');
    expect(home.body).toContain('<div class="toc-group">Topics</div>');
    // The first section: its two site spaces in a switcher.
    expect(home.body).toContain('<details class="variants"><summary>Docs</summary>');
    expect(home.body).toMatch(/<a href="[^"]+\/guides\/api">API<\/a>/);
    const api = await t.visit(`${t.base}/guides/api`);
    expect(api.body).toContain('<h1>Reference</h1>');
    const v2 = await t.visit(`${t.base}/reference`);
    expect(v2.body).toContain('<h1>Reference two</h1>');
    expect(v2.body).toMatch(/<a href="[^"]+\/reference" aria-current="page">Reference<\/a>/);
    // Search says where each page is.
    const found = JSON.parse((await t.visit(`${t.base}/~search?q=endpoints&format=json`)).body).results;
    expect(found.map((r: { where: string }) => r.where).sort()).toEqual(['Guides › API', 'Reference']);
    // llms.txt lists every site space under its heading.
    expect((await t.visit(`${t.base}/llms.txt`)).body).toMatch(/## Reference › API v2/);
  });

  it('resolves links to anchors, files and content-ref cards, and sends group and link pages on', async () => {
    const t = await sectionsSetup();
    const home = await t.visit(t.base);
    expect(home.body).toMatch(/<a href="[^"]*\/install#requirements">the install guide<\/a>/);
    expect(home.body).toMatch(/<a href="[^"]*\/~files\/[^/]+\/diagram\.png">the diagram<\/a>/);
    expect(home.body).toMatch(/<a class="card" href="[^"]*\/install"><span class="card-title">Install<\/span><\/a>/);
    const group = await t.visit(`${t.base}/topics`);
    expect(group.status).toBe(302);
    expect(group.headers.location).toBe(`${t.base}/topics/deep`);
    expect((await t.visit(`${t.base}/status`)).headers.location).toBe('https://status.acme.example');
    // A link page to an unsafe URL is no redirect: 404.
    expect((await t.visit(`${t.base}/bad-link`)).status).toBe(404);
  });

  it('ignores cookies that are not what the site wrote, paths that are not URLs, and says 503 while the database is away', async () => {
    const t = await sectionsSetup();
    for (const cookie of [`docsctl-site-${t.siteId}={not json`, `docsctl-site-${t.siteId}=%E0%A4%A`, 'gitbook-visitor-public=[1,2]', `docsctl-site-${t.siteId}=${'x'.repeat(9000)}`]) {
      expect((await t.visit(t.base, { cookie })).status).toBe(200);
    }
    expect((await t.visit(`${t.base}/%E0%A4%A`)).status).toBe(404);
    const core = t.engine.core as unknown as { revalidate: () => Promise<void> };
    const revalidate = core.revalidate;
    core.revalidate = async () => {
      throw new DatabaseUnavailable('the database is away');
    };
    try {
      const away = await t.visit(`${t.base}/install`);
      expect(away.status).toBe(503);
      expect(away.headers['retry-after']).toBe('1');
      // Health and readiness stay the app's: the reader leaves them alone.
      expect((await t.visit('/healthz')).status).toBe(200);
    } finally {
      core.revalidate = revalidate;
    }
  });

  it('reads an MCP request\'s body only at a site\'s endpoint, within its bound', () => {
    expect(mcpBodyPolicy({ method: 'POST', url: '/o/x/sites/y/~gitbook/mcp?shareKey=k', headers: {} })).toEqual({ read: true, maxBodyBytes: 65536, tooLarge: expect.stringContaining('65536 bytes') });
    expect(mcpBodyPolicy({ method: 'GET', url: '/o/x/sites/y/~gitbook/mcp', headers: {} })).toBeUndefined();
    expect(mcpBodyPolicy({ method: 'POST', url: '/v1/orgs', headers: {} })).toBeUndefined();
  });
  it('opens at an organization\'s custom hostname and at a site\'s own hostname without basename; lists the published sites serve announces', async () => {
    const t = await publishedSiteSetup();
    await t.engine.core.run('UPDATE organizations SET custom_hostname = ? WHERE id = ?', ['docs.acme.example', t.orgId]);
    await t.patchSite({ basename: 'handbook' });
    expect((await t.visit('http://docs.acme.example/handbook/install')).status).toBe(200);
    expect((await t.visit('http://docs.acme.example/other')).status).toBe(404);
    expect((await t.visit('http://docs.acme.example/')).status).toBe(404);
    await t.engine.core.run('UPDATE sites SET hostname = ?, basename = NULL WHERE id = ?', ['handbook.acme.example', t.siteId]);
    const own = await t.visit('http://handbook.acme.example/install');
    expect(own.status).toBe(200);
    expect(own.body).toContain('<a href="/install" aria-current="page">Install</a>');
    const sites = await publishedSites(t.engine.core);
    expect(sites).toEqual([{ id: t.siteId, title: 'Acme Docs', visibility: 'public', url: 'https://handbook.acme.example' }]);
  });
});
