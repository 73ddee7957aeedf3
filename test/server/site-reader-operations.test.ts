import { describe, expect, it } from 'vitest';
import { publishedSiteSetup } from '../helpers/site-reader';
import { specFixture } from '../helpers/openapi';

const page = [
  '# Pets API', '',
  '{% openapi-operation spec="petstore" path="/pets" method="get" %}', '[OpenAPI petstore](https://example.com/petstore.yaml)', '{% endopenapi-operation %}', '',
  '{% openapi-operation spec="petstore" path="/pets" method="post" %}', '{% endopenapi-operation %}', '',
  '{% openapi-operation spec="petstore" path="/owners" method="get" %}', '{% endopenapi-operation %}', '',
  '{% openapi-operation spec="nowhere" path="/pets" method="get" %}', '{% endopenapi-operation %}',
].join('\n');

/** A published site whose page holds API operations, and the organization's specs published through the API. */
async function withOperations() {
  const t = await publishedSiteSetup({ pages: [page] });
  const publish = async (text: string) => {
    const res = await t.api.request('PUT', `/v1/orgs/${t.orgId}/openapi/petstore`, { as: t.adminId, body: { source: { text } } });
    expect(res.body).toMatchObject({ processingState: 'complete', lastVersion: expect.any(String) });
  };
  return { ...t, publish };
}

// Issue 58, item 1: operations rendered from the organization's published specs.
describe('API operations on a published page (server/site/reader.ts)', () => {
  it('renders each operation from the spec: method and path, parameters, responses with their schema and example, a curl request', async () => {
    const t = await withOperations();
    await t.publish(specFixture('v1.yaml'));
    const html = (await t.visit(t.base)).body;
    expect(html).toContain('<h3 class="api-operation-title"><code class="method method-get">GET</code> <code>/pets</code></h3><p class="api-operation-summary">List all pets</p>');
    expect(html).toContain('<h4>Query parameters</h4><ul class="schema-properties"><li><code class="schema-name">limit</code> <span class="schema-type">integer</span></li></ul>');
    expect(html).toContain('<summary><code>200</code>: A list of pets</summary><p class="api-media-type"><code>application/json</code> <span class="schema-type">array of Pet</span></p>');
    expect(html).toContain('<code class="schema-name">status</code> <span class="schema-type">string</span><p class="schema-enum">One of: <code>&quot;available&quot;</code>');
    expect(html).toContain('<pre class="api-curl" tabindex="0"><code data-language="bash">curl -L \\\n  --request POST \\\n  --url &#39;/pets&#39;');
    // What does not exist says so, on the page.
    expect(html).toContain('<p class="api-operation-notice" role="note">The path /owners is not in the API specification &quot;petstore&quot;.</p>');
    expect(html).toContain('The API specification &quot;nowhere&quot; does not exist in this organization, or has no processed version yet.');
  });

  it('shows a new version of the spec at the next view, without a push', async () => {
    const t = await withOperations();
    await t.publish(specFixture('v1.yaml'));
    expect((await t.visit(t.base)).body).toContain('List all pets');
    await t.publish(specFixture('v1.yaml').replace('List all pets', 'List every pet'));
    const after = (await t.visit(t.base)).body;
    expect(after).toContain('List every pet');
    expect(after).not.toContain('List all pets');
  });

  it('shows the heading and a notice before the spec is published', async () => {
    const t = await withOperations();
    const html = (await t.visit(t.base)).body;
    expect(html).toContain('<code class="method method-get">GET</code> <code>/pets</code>');
    expect(html).toContain('The API specification &quot;petstore&quot; does not exist in this organization, or has no processed version yet.');
  });

  it('renders a legacy swagger block from a file of the space, a hand-written one from its parts, and says so of a src it cannot find', async () => {
    const legacy = [
      '# Legacy', '',
      '{% swagger src="openapi.yaml" path="/pets/{petId}" method="get" %}', '[openapi.yaml](openapi.yaml)', '{% endswagger %}', '',
      '{% swagger method="post" path="/pet" summary="Add a pet" %}', '{% swagger-description %}', 'Adds a **pet**.', '{% endswagger-description %}', '',
      '{% swagger-parameter in="path" name="id" type="string" required="true" %}', 'The id', '{% endswagger-parameter %}', '',
      '{% swagger-response status="200: OK" description="Created" %}', '{% endswagger-response %}', '{% endswagger %}', '',
      '{% swagger src="missing.yaml" path="/x" method="get" %}', '{% endswagger %}',
    ].join('\n');
    const t = await publishedSiteSetup({ pages: [legacy] });
    const cr = await t.createCr({ subject: 'spec file' });
    await t.writeOk(cr.id, [{ operation: 'insert_files', files: [{ name: 'openapi.yaml', contentType: 'application/yaml', base64: Buffer.from(specFixture('v1.yaml')).toString('base64') }] }]);
    await t.merge(cr.id);
    const html = (await t.visit(t.base)).body;
    expect(html).toContain('<code class="method method-get">GET</code> <code>/pets/{petId}</code></h3><p class="api-operation-summary">Info for a specific pet</p><h4>Path parameters</h4>');
    expect(html).toContain('<p class="api-operation-summary">Add a pet</p><div class="api-operation-description"><p>Adds a <strong>pet</strong>.</p>');
    expect(html).toContain('<h4>Path parameters</h4><ul class="schema-properties"><li><code class="schema-name">id</code> <span class="schema-type">string</span> <span class="schema-required">required</span>');
    expect(html).toContain('<summary><code>200: OK</code>: Created</summary>');
    expect(html).toContain('The API description missing.yaml is neither a file of this space nor a specification published from that URL.');
  });

  it("reads an operation from the parts of the spec its publish stored, not the document; a version without parts from its document, alike", async () => {
    const t = await withOperations();
    await t.publish(specFixture('v1.yaml'));
    const core = t.engine.core;
    const version = (await core.get<{ id: string }>("SELECT last_version_id AS id FROM openapi_specs WHERE slug = 'petstore'"))!.id;
    expect((await core.get<{ n: number }>('SELECT COUNT(*) AS n FROM openapi_spec_parts WHERE version_id = ?', [version]))!.n).toBeGreaterThan(1);
    // The document is not read: emptied, the page still shows its operations from the parts.
    await core.write(async () => await core.run(`UPDATE openapi_spec_versions SET text = '{"openapi":"3.0.3","paths":{}}', json_text = NULL WHERE id = ?`, [version]));
    const fromParts = (await t.visit(t.base)).body;
    expect(fromParts).toContain('<p class="api-operation-summary">List all pets</p>');
    expect(fromParts).toContain('The path /owners is not in the API specification &quot;petstore&quot;.');
    // A version published before parts were stored (none here) is read from its document, and shows the same.
    await t.publish(`${specFixture('v1.yaml')}\nx-note: a new version\n`);
    const next = (await core.get<{ id: string }>("SELECT last_version_id AS id FROM openapi_specs WHERE slug = 'petstore'"))!.id;
    expect(next).not.toBe(version);
    await core.write(async () => await core.run('DELETE FROM openapi_spec_parts WHERE version_id = ?', [next]));
    const fromDocument = (await t.visit(t.base)).body;
    const operations = (html: string) => html.match(/<section class="api-operation">[\s\S]*?<\/section>/g);
    expect(operations(fromDocument)).toHaveLength(4);
    expect(operations(fromDocument)).toEqual(operations(fromParts));
    // Deleting the spec deletes its versions' parts.
    expect((await t.api.request('DELETE', `/v1/orgs/${t.orgId}/openapi/petstore`, { as: t.adminId })).status).toBe(205);
    expect((await core.get<{ n: number }>('SELECT COUNT(*) AS n FROM openapi_spec_parts'))!.n).toBe(0);
  });

  it('renders a block the scan for operations did not see from its spec too (read, then the page rendered again)', async () => {
    // `%` ends the scan's tag (as it ends a liquid tag's attributes there), but not the renderer's.
    const scanned = ['# Ops', '', '{% openapi-operation spec="petstore" path="/pets" method="get" %}', '{% endopenapi-operation %}', '', '{% openapi-operation spec="petstore" path="/pets%7Bid%7D" method="get" %}', '{% endopenapi-operation %}'].join('\n');
    const t = await publishedSiteSetup({ pages: [scanned] });
    const res = await t.api.request('PUT', `/v1/orgs/${t.orgId}/openapi/petstore`, { as: t.adminId, body: { source: { text: specFixture('v1.yaml') } } });
    expect(res.body).toMatchObject({ processingState: 'complete' });
    const html = (await t.visit(t.base)).body;
    expect(html).toContain('<p class="api-operation-summary">List all pets</p>');
    expect(html).toContain('The path /pets%7Bid%7D is not in the API specification &quot;petstore&quot;.');
  });

  // A second a megabyte of YAML parsing would hold up every other request: a spec keeps a JSON copy.
  it('reads a YAML spec through the JSON copy kept with its version, and refuses to parse a large YAML file while serving', async () => {
    const big = `${specFixture('v1.yaml')}\nx-padding:\n${Array.from({ length: 9000 }, (_, i) => `  - line ${i} of padding text`).join('\n')}\n`;
    const t = await withOperations();
    await t.publish(specFixture('v1.yaml'));
    const row = await t.engine.core.get<{ json_text: string | null }>("SELECT v.json_text FROM openapi_spec_versions v JOIN openapi_specs s ON s.id = v.spec_id WHERE s.slug = 'petstore'");
    expect(JSON.parse(row!.json_text!)).toMatchObject({ openapi: '3.0.3', paths: { '/pets': { get: { summary: 'List all pets' } } } });
    const cr = await t.createCr({ subject: 'a large YAML file' });
    await t.writeOk(cr.id, [
      { operation: 'insert_files', files: [{ name: 'big.yaml', contentType: 'application/yaml', base64: Buffer.from(big).toString('base64') }] },
      { operation: 'insert_page', document: { markdown: '# Big\n\n{% swagger src="big.yaml" path="/pets" method="get" %}\n{% endswagger %}\n' } },
    ]);
    await t.merge(cr.id);
    const html = (await t.visit(`${t.base}/big`)).body;
    expect(big.length).toBeGreaterThan(256 * 1024);
    expect(html).toContain('The API description big.yaml cannot be read: it is YAML of more than 256 KiB, which is not parsed while a page is served');
  });
});

describe('API operations in reusable content (server/site/reader.ts)', () => {
  it('renders an operation block of a reusable content a page includes, and opens its schemas', async () => {
    const t = await publishedSiteSetup({ pages: ['# Home\n\nHi.'] });
    const res = await t.api.request('PUT', `/v1/orgs/${t.orgId}/openapi/petstore`, { as: t.adminId, body: { source: { text: specFixture('v1.yaml') } } });
    expect(res.body).toMatchObject({ processingState: 'complete' });
    const cr = await t.createCr({ subject: 'reusable' });
    const body = await t.writeOk(cr.id, [{ operation: 'insert_reusable_content', title: 'Op', document: { markdown: '{% openapi-operation spec="petstore" path="/pets" method="get" %}\n{% endopenapi-operation %}\n' } }]);
    const id = (body.changes as { reusableContent?: string }[])[0].reusableContent!;
    // Included through a second reusable content: two levels deep.
    const outer = await t.writeOk(cr.id, [{ operation: 'insert_reusable_content', title: 'Outer', document: { markdown: `Before.\n\n{% include "/reusable-contents/${id}" %}\n` } }]);
    const outerId = (outer.changes as { reusableContent?: string }[])[0].reusableContent!;
    await t.writeOk(cr.id, [{ operation: 'insert_page', document: { markdown: `# Ops\n\n{% include "/reusable-contents/${outerId}" %}\n` } }]);
    await t.merge(cr.id);
    const html = (await t.visit(`${t.base}/ops`)).body;
    // It said the spec did not exist: the page's scan for operations read the page's own text only.
    expect(html).not.toContain('does not exist');
    expect(html).toContain('<p class="api-operation-summary">List all pets</p>');
    expect((await t.visit(`${t.base}/~schemas/petstore/components/schemas/Pet`)).status).toBe(200);
  });
});
