import { describe, expect, it } from 'vitest';
import { publishedSiteSetup } from '../helpers/site-reader';
import { MAX_POINTER_SEGMENTS } from '../../src/engine/sites/reader/schemas';
import { deepSpec } from '../helpers/deep-spec';
import { SPACE_TAG_HEADER } from '../../src/domain/build-tags';

const page = ['# Deep API', '', '{% openapi-operation spec="deep" path="/deep/{id}" method="get" %}', '{% endopenapi-operation %}'].join('\n');

/** The hrefs of the schema pages a page links to, in its order. */
const schemaLinks = (html: string) => [...html.matchAll(/href="([^"]*\/~schemas\/[^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));

async function withDeepSpec(options: { pages?: string[]; visibility?: string } = {}) {
  const t = await publishedSiteSetup({ pages: options.pages ?? [page], ...(options.visibility ? { visibility: options.visibility } : {}) });
  const publish = async (slug: string, text = deepSpec()) => {
    const res = await t.api.request('PUT', `/v1/orgs/${t.orgId}/openapi/${slug}`, { as: t.adminId, body: { source: { text } } });
    expect(res.body).toMatchObject({ processingState: 'complete' });
  };
  await publish('deep');
  return { ...t, publish };
}

// Issue 58, item 2: a schema past what an operation's page opens is on a page of its own, without script.
describe('a schema on its own page (server/site/reader.ts, engine/sites/reader/schemas.ts)', () => {
  it('links what an operation leaves unopened to pages that open it further, each page to the next, and a schema inside itself to its own page', async () => {
    const t = await withDeepSpec();
    const html = (await t.visit(t.base)).body;
    const links = schemaLinks(html);
    expect(links).toEqual([
      `${t.base}/~schemas/deep/components/schemas/Level5`,
      `${t.base}/~schemas/deep/paths/~1deep~1%7Bid%7D/get/responses/200/content/application~1json/schema/properties/inline/properties/in~10/properties/in~11/properties/in~12/properties/in~13/properties/in~14`,
      `${t.base}/~schemas/deep/components/schemas/Tree`,
    ]);
    expect(html).toContain(`<p class="schema-note">More on its own page: <a href="${t.base}/~schemas/deep/components/schemas/Level5">Level5</a>.</p>`);

    const level5 = await t.visit(links[0]);
    expect(level5.status).toBe(200);
    expect(level5.body).toContain('<h1>Level5</h1>');
    expect(level5.body).toContain('<meta name="robots" content="noindex">');
    expect(level5.body).toContain('A schema of the API specification &quot;deep&quot;, at <code>components/schemas/Level5</code>.');
    // Descriptions keep their links out of the site; a relative one (not a page of the site) is text.
    expect(level5.body).toContain('Level <strong>5</strong>, see <a href="https://example.com/guide">the guide</a> and a page.');
    expect(schemaLinks(level5.body)).toEqual([`${t.base}/~schemas/deep/components/schemas/Level11`]);
    const level11 = await t.visit(schemaLinks(level5.body)[0]);
    expect(level11.body).toContain('<h1>Level11</h1>');
    expect(level11.body).toContain('<code class="schema-name">next</code> <span class="schema-type">Level13</span>');
    expect(schemaLinks(level11.body)).toEqual([]);

    const inline = await t.visit(links[1]);
    expect(inline.status).toBe(200);
    expect(inline.body).toContain('<h1>in/4</h1>');
    expect(inline.body).toContain('the bottom of the chain');
    const tree = await t.visit(links[2]);
    expect(tree.body).toContain(`<a href="${t.base}/~schemas/deep/components/schemas/Tree">Tree</a> again (it holds itself).`);
  });

  it('answers 404 for a spec no page of the space names, a slug or pointer that names nothing, and a pointer past its bound', async () => {
    const t = await withDeepSpec();
    await t.publish('secret');
    expect((await t.visit(`${t.base}/~schemas/deep/components/schemas/Level5`)).status).toBe(200);
    // Published in the organization, but shown by no page of this site: not read through it.
    const secret = await t.visit(`${t.base}/~schemas/secret/components/schemas/Level5`);
    expect(secret.status).toBe(404);
    expect(secret.body).not.toContain('Level5');
    for (const tail of ['nowhere/components/schemas/Level5', 'deep/components/schemas/Nowhere', 'deep', 'deep/components/schemas/Level0/properties/depth/x', 'deep/%zz', `deep/${Array.from({ length: MAX_POINTER_SEGMENTS + 1 }, () => 'a').join('/')}`]) {
      expect((await t.visit(`${t.base}/~schemas/${tail}`)).status, tail).toBe(404);
    }
  });

  it('tags a schema page by what it is made of, as pages are: 304 for what a browser has, a new tag after a new version', async () => {
    const t = await withDeepSpec();
    const url = `${t.base}/~schemas/deep/components/schemas/Level5`;
    const first = await t.visit(url);
    expect(first.headers.etag).toMatch(/^"[\w-]{22}"$/);
    expect(first.headers[SPACE_TAG_HEADER]).toMatch(/^"/);
    const again = await t.visit(url, { 'if-none-match': first.headers.etag });
    expect(again.status).toBe(304);
    expect(again.headers[SPACE_TAG_HEADER]).toBe(first.headers[SPACE_TAG_HEADER]);
    await t.publish('deep', deepSpec().replace('Level **5**', 'Level **five**'));
    const changed = await t.visit(url, { 'if-none-match': first.headers.etag });
    expect(changed.status).toBe(200);
    expect(changed.body).toContain('Level <strong>five</strong>');
    expect(changed.headers[SPACE_TAG_HEADER]).not.toBe(first.headers[SPACE_TAG_HEADER]);
  });

  it('shows nothing of a share-link site to a visitor without its key', async () => {
    const t = await withDeepSpec({ visibility: 'share-link' });
    const answer = await t.visit(`${t.base}/~schemas/deep/components/schemas/Level5`);
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain('Level5');
  });

  it("opens a legacy swagger block's schemas from the file of the space, and from the spec published from its URL", async () => {
    const legacy = ['# Legacy', '', '{% swagger src="deep.json" path="/deep/{id}" method="get" %}', '{% endswagger %}', '', '{% swagger src="https://specs.example/deep.json" path="/deep/{id}" method="get" %}', '{% endswagger %}'].join('\n');
    const t = await withDeepSpec({ pages: [legacy] });
    await t.publish('from-url');
    await t.engine.core.write(async () => await t.engine.core.run("UPDATE openapi_specs SET source_url = 'https://specs.example/deep.json' WHERE slug = 'from-url'"));
    const cr = await t.createCr({ subject: 'spec file' });
    await t.writeOk(cr.id, [{ operation: 'insert_files', files: [{ name: 'deep.json', contentType: 'application/json', base64: Buffer.from(deepSpec()).toString('base64') }] }]);
    await t.merge(cr.id);
    const links = schemaLinks((await t.visit(t.base)).body);
    expect(links).toHaveLength(6);
    expect(links[0]).toMatch(new RegExp(`^${t.base}/~schemas/~files/[^/]+/components/schemas/Level5$`));
    expect(links[3]).toBe(`${t.base}/~schemas/from-url/components/schemas/Level5`);
    const fromFile = await t.visit(links[0]);
    expect(fromFile.body).toContain('A schema of the API description deep.json, at <code>components/schemas/Level5</code>.');
    expect(schemaLinks(fromFile.body)[0]).toMatch(/\/~files\/[^/]+\/components\/schemas\/Level11$/);
    expect((await t.visit(links[3])).body).toContain('<h1>Level5</h1>');
    // A file the space does not have, and the deep spec, which no page of this space names by slug or URL.
    expect((await t.visit(`${t.base}/~schemas/~files/nofile/components/schemas/Level5`)).status).toBe(404);
    expect((await t.visit(`${t.base}/~schemas/deep/components/schemas/Level5`)).status).toBe(404);
  });

  it('reads a schema from the parts of the spec its publish stored, and a version without parts from its document, alike', async () => {
    const t = await withDeepSpec();
    const core = t.engine.core;
    const url = `${t.base}/~schemas/deep/components/schemas/Level5`;
    const fromParts = (await t.visit(url)).body;
    await t.publish('deep', deepSpec().replace('"Deep"', '"Deeper"'));
    const version = (await core.get<{ id: string }>("SELECT last_version_id AS id FROM openapi_specs WHERE slug = 'deep'"))!.id;
    await core.write(async () => await core.run('DELETE FROM openapi_spec_parts WHERE version_id = ?', [version]));
    const fromDocument = (await t.visit(url)).body;
    const section = (html: string) => /<section class="api-operation api-schema">[\s\S]*?<\/section>/.exec(html)?.[0];
    expect(section(fromDocument)).toBeDefined();
    expect(section(fromDocument)).toBe(section(fromParts));
  });
});
