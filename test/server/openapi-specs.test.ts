import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../helpers/app';
import { openapiSetup, specFixture } from '../helpers/openapi';
import { otherOrganization } from '../helpers/engine';
import { fixtureSite, serve, type FixtureSite } from '../fixtures/import/server';

const v1 = specFixture('v1.yaml');
const v2 = specFixture('v2.yaml');
const invalidSpec = specFixture('invalid.yaml');

let site: FixtureSite;
beforeAll(async () => {
  site = await fixtureSite({
    '/specs/v1.yaml': serve(v1, 'application/yaml'),
    '/specs/v2.json': serve(JSON.stringify({ openapi: '3.0.3', info: { title: 'J', version: '1' }, paths: {} }), 'application/json'),
    '/specs/broken.yaml': serve(invalidSpec, 'application/yaml'),
  });
});
afterAll(() => site.close());

describe('publishing OpenAPI specs', () => {
  it('POST creates a spec from a text, processes it and stores version 1', async () => {
    const s = await openapiSetup();
    const res = await s.send('POST', s.specs, { as: s.creatorId, body: { slug: 'petstore', source: { text: v1 } } });
    expectOk(res, 'createOpenAPISpec');
    expect(res.body).toMatchObject({
      object: 'openapi-spec', slug: 'petstore', processingState: 'complete', lastProcessedAt: '2026-03-01T10:00:00.000Z',
      permissions: { view: true, edit: true },
      urls: { location: `http://docs.test/v1/orgs/${s.orgId}/openapi/petstore`, app: `http://docs.test/app/o/${s.orgId}/openapi/petstore` },
    });
    expect(res.body.lastProcessErrorCode).toBeUndefined();
    expect(res.body.lastProcessedErrorCount).toBe(0);
    expect(res.body.sourceURL).toBeUndefined();
    const versions = await s.send('GET', `${s.specs}/petstore/versions`, { as: s.readerId });
    expectOk(versions, 'listOpenAPISpecVersions');
    expect(versions.body.count).toBe(1);
    expect(versions.body.items[0]).toMatchObject({ object: 'openapi-spec-version', id: res.body.lastVersion, number: 1, title: 'Petstore', apiVersion: '1.0.0' });
  });

  it('POST on an existing slug is 409', async () => {
    const s = await openapiSetup();
    expectOk(await s.send('POST', s.specs, { as: s.adminId, body: { slug: 'petstore', source: { text: v1 } } }), 'createOpenAPISpec');
    expectError(await s.send('POST', s.specs, { as: s.adminId, body: { slug: 'petstore', source: { text: v2 } } }), 409, /slug: an OpenAPI spec named petstore already exists/);
  });

  it('PUT answers 201 when it creates, 200 when it updates; the same content again creates no version', async () => {
    const s = await openapiSetup();
    const created = await s.send('PUT', `${s.specs}/petstore`, { as: s.creatorId, body: { source: { text: v1 } } });
    expect(created.status).toBe(201);
    const first = created.body.lastVersion;
    s.clock.advance(60_000);
    const again = await s.send('PUT', `${s.specs}/petstore`, { as: s.creatorId, body: { source: { text: v1.replace(/\n/g, '\r\n') + '\n\n' } } });
    expectOk(again, 'createOrUpdateOpenAPISpecBySlug');
    expect(again.body).toMatchObject({ lastVersion: first, processingState: 'complete', lastProcessedAt: '2026-03-01T10:01:00.000Z' });
    const changed = await s.send('PUT', `${s.specs}/petstore`, { as: s.creatorId, body: { source: { text: v2 } } });
    expectOk(changed, 'createOrUpdateOpenAPISpecBySlug');
    expect(changed.body.lastVersion).not.toBe(first);
    const versions = await s.send('GET', `${s.specs}/petstore/versions`, { as: s.adminId });
    expect(versions.body.items.map((v: { number: number }) => v.number)).toEqual([2, 1]);
    const latest = await s.send('GET', `${s.specs}/petstore/versions/latest`, { as: s.readerId });
    expectOk(latest, 'getLatestOpenAPISpecVersion');
    expect(latest.body).toMatchObject({ id: changed.body.lastVersion, number: 2, apiVersion: '2.0.0' });
  });

  it('a document with another identity later (a revert) is a new version', async () => {
    const s = await openapiSetup();
    for (const text of [v1, v2, v1]) await s.send('PUT', `${s.specs}/petstore`, { as: s.adminId, body: { source: { text } } });
    expect((await s.send('GET', `${s.specs}/petstore/versions`, { as: s.adminId })).body.count).toBe(3);
  });

  it('a document that fails validation sets PARSE_ERROR with the parser messages and keeps the previous version', async () => {
    const s = await openapiSetup();
    const good = await s.send('PUT', `${s.specs}/petstore`, { as: s.adminId, body: { source: { text: v1 } } });
    const bad = await s.send('PUT', `${s.specs}/petstore`, { as: s.adminId, body: { source: { text: invalidSpec } } });
    expectOk(bad, 'createOrUpdateOpenAPISpecBySlug');
    expect(bad.body).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'PARSE_ERROR', lastProcessedErrorCount: 1, lastVersion: good.body.lastVersion });
    expect(bad.body.lastProcessError).toBe('the document is not a valid OpenAPI document: #/info: missing required property "version"; #/paths/~1pets/get: missing required property "responses"');
    const notYaml = await s.send('PUT', `${s.specs}/petstore`, { as: s.adminId, body: { source: { text: 'openapi: [unclosed' } } });
    expect(notYaml.body).toMatchObject({ lastProcessErrorCode: 'PARSE_ERROR', lastProcessError: expect.stringMatching(/not valid YAML/) });
    const notOpenApi = await s.send('PUT', `${s.specs}/petstore`, { as: s.adminId, body: { source: { text: '{"hello": "world"}' } } });
    expect(notOpenApi.body.lastProcessError).toMatch(/neither an openapi \(3.x\) nor a swagger \(2.0\) field/);
    // A later good publish clears the error.
    const fixed = await s.send('PUT', `${s.specs}/petstore`, { as: s.adminId, body: { source: { text: v2 } } });
    expect(fixed.body.lastProcessErrorCode).toBeUndefined();
    expect(fixed.body.lastProcessError).toBeUndefined();
  });

  it('a new spec whose first document is invalid exists without a version', async () => {
    const s = await openapiSetup();
    const res = await s.send('POST', s.specs, { as: s.adminId, body: { slug: 'broken', source: { text: invalidSpec } } });
    expect(res.status).toBe(201);
    expect(res.body.lastVersion).toBeUndefined();
    expectError(await s.send('GET', `${s.specs}/broken/versions/latest`, { as: s.adminId }), 404, /has no version yet/);
  });

  it('accepts Swagger 2.0 and JSON, stored as openapi.json; external $refs are not fetched', async () => {
    const s = await openapiSetup();
    const doc = { swagger: '2.0', info: { title: 'Old', version: '0.1' }, paths: { '/a': { get: { responses: { 200: { description: 'ok', schema: { $ref: 'http://127.0.0.1:1/never.json' } } } } } } };
    const res = await s.send('PUT', `${s.specs}/old`, { as: s.adminId, body: { source: { text: JSON.stringify(doc) } } });
    expect(res.body.lastProcessErrorCode).toBeUndefined();
    const content = await s.send('GET', `${s.specs}/old/versions/latest/content`, { as: s.adminId });
    expect(Object.keys(content.body.filesystem)).toEqual(['openapi.json']);
  });
});

describe('URL sources', () => {
  it('fetches the document, records sourceURL and stores it', async () => {
    const s = await openapiSetup();
    const url = `${site.url}/specs/v1.yaml`;
    const res = await s.send('POST', s.specs, { as: s.adminId, body: { slug: 'petstore', source: { url } } });
    expectOk(res, 'createOpenAPISpec');
    expect(res.body).toMatchObject({ sourceURL: url, processingState: 'complete' });
    const content = await s.send('GET', `${s.specs}/petstore/versions/latest/content`, { as: s.adminId });
    expect(content.body.filesystem['openapi.yaml']).toBe(v1);
    // Publishing a text afterwards forgets the URL.
    const text = await s.send('PUT', `${s.specs}/petstore`, { as: s.adminId, body: { source: { text: v1 } } });
    expect(text.body.sourceURL).toBeUndefined();
  });

  it('a 404 is FETCH_ERROR, an invalid document PARSE_ERROR; both keep the previous version', async () => {
    const s = await openapiSetup();
    const good = await s.send('PUT', `${s.specs}/petstore`, { as: s.adminId, body: { source: { url: `${site.url}/specs/v1.yaml` } } });
    const missing = await s.send('PUT', `${s.specs}/petstore`, { as: s.adminId, body: { source: { url: `${site.url}/specs/missing.yaml` } } });
    expect(missing.body).toMatchObject({ lastProcessErrorCode: 'FETCH_ERROR', lastProcessError: expect.stringMatching(/answered HTTP 404/), lastVersion: good.body.lastVersion });
    const broken = await s.send('PUT', `${s.specs}/petstore`, { as: s.adminId, body: { source: { url: `${site.url}/specs/broken.yaml` } } });
    expect(broken.body).toMatchObject({ lastProcessErrorCode: 'PARSE_ERROR', lastVersion: good.body.lastVersion });
  });

  it('a server slower than the fetch timeout is FETCH_TIMEOUT; the spec shows progress meanwhile', async () => {
    const s = await openapiSetup({ fetchTimeoutMs: 300 });
    const pending = s.send('POST', s.specs, { as: s.adminId, body: { slug: 'slow', source: { url: `${site.url}/docs/slow.html` } } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await s.send('GET', `${s.specs}/slow`, { as: s.adminId })).body.processingState).toBe('progress');
    const res = await pending;
    expect(res.body).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'FETCH_TIMEOUT', lastProcessError: expect.stringMatching(/within 300 ms/) });
  });

  it('an answer larger than the cap is FETCH_ERROR', async () => {
    const s = await openapiSetup({ maxFetchBytes: 100 });
    const res = await s.send('POST', s.specs, { as: s.adminId, body: { slug: 'big', source: { url: `${site.url}/specs/v1.yaml` } } });
    expect(res.body).toMatchObject({ lastProcessErrorCode: 'FETCH_ERROR', lastProcessError: expect.stringMatching(/larger than 100 bytes/) });
  });
});

describe('reading specs and versions', () => {
  async function published() {
    const s = await openapiSetup();
    const one = await s.send('PUT', `${s.specs}/petstore`, { as: s.adminId, body: { source: { text: v1 } } });
    const two = await s.send('PUT', `${s.specs}/petstore`, { as: s.adminId, body: { source: { text: v2 } } });
    return { s, first: one.body.lastVersion as string, second: two.body.lastVersion as string };
  }

  it('lists specs by slug with paging', async () => {
    const s = await openapiSetup();
    for (const slug of ['zeta', 'alpha', 'mid']) await s.send('PUT', `${s.specs}/${slug}`, { as: s.adminId, body: { source: { text: v1 } } });
    const page1 = await s.send('GET', `${s.specs}?limit=2`, { as: s.readerId });
    expectOk(page1, 'listOpenAPISpecs');
    expect(page1.body.items.map((x: { slug: string }) => x.slug)).toEqual(['alpha', 'mid']);
    expect(page1.body.items[0].permissions).toEqual({ view: true, edit: false });
    const page2 = await s.send('GET', `${s.specs}?limit=2&page=${page1.body.next.page}`, { as: s.readerId });
    expect(page2.body).toMatchObject({ count: 3, items: [{ slug: 'zeta' }] });
    expect(page2.body.next).toBeUndefined();
    expectError(await s.send('GET', `${s.specs}?page=nope`, { as: s.readerId }), 400, /page: is not a valid page cursor/);
    expectError(await s.send('GET', `${s.specs}?limit=1001`, { as: s.readerId }), 400, /limit/);
  });

  it('gets a spec, a version by id, its content and its raw document', async () => {
    const { s, first } = await published();
    const spec = await s.send('GET', `${s.specs}/petstore`, { as: s.readerId });
    expectOk(spec, 'getOpenAPISpecBySlug');
    const version = await s.send('GET', `${s.specs}/petstore/versions/${first}`, { as: s.readerId });
    expectOk(version, 'getOpenAPISpecVersionById');
    expect(version.body).toMatchObject({ number: 1, url: `http://docs.test/v1/orgs/${s.orgId}/openapi/petstore/versions/${first}/raw` });
    const content = await s.send('GET', `${s.specs}/petstore/versions/${first}/content`, { as: s.readerId });
    expectOk(content, 'getOpenAPISpecVersionContentById');
    // Pushed as text: the source is the stored document; never public (members only).
    expect(content.body).toEqual({ filesystem: { 'openapi.yaml': v1 }, url: version.body.url, urls: { source: version.body.url, public: null } });
    const latest = await s.send('GET', `${s.specs}/petstore/versions/latest/content`, { as: s.readerId });
    expectOk(latest, 'getLatestOpenAPISpecVersionContent');
    expect(latest.body.filesystem['openapi.yaml']).toBe(v2);
    const raw = await s.send('GET', new URL(version.body.url).pathname, { as: s.readerId });
    expect(raw.status).toBe(200);
    expect(raw.headers['content-type']).toBe('application/yaml; charset=utf-8');
    expect(raw.body.toString()).toBe(v1);
  });

  it('pages through versions newest first', async () => {
    const { s, first, second } = await published();
    const page1 = await s.send('GET', `${s.specs}/petstore/versions?limit=1`, { as: s.readerId });
    expect(page1.body.items.map((v: { id: string }) => v.id)).toEqual([second]);
    const page2 = await s.send('GET', `${s.specs}/petstore/versions?limit=1&page=${page1.body.next.page}`, { as: s.readerId });
    expect(page2.body.items.map((v: { id: string }) => v.id)).toEqual([first]);
  });

  it('404s: unknown spec, unknown version, another organization', async () => {
    const { s, first } = await published();
    expectError(await s.send('GET', `${s.specs}/nope`, { as: s.readerId }), 404, /OpenAPI spec nope not found/);
    expectError(await s.send('GET', `${s.specs}/petstore/versions/nope`, { as: s.readerId }), 404, /version nope not found/);
    expectError(await s.send('GET', `${s.specs}/petstore/versions/nope/content`, { as: s.readerId }), 404);
    expectError(await s.send('GET', `${s.specs}/petstore/versions/nope/raw`, { as: s.readerId }), 404);
    expectError(await s.send('GET', `${s.specs}/nope/versions`, { as: s.readerId }), 404);
    const other = await otherOrganization(s.engine);
    for (const path of ['', '/petstore', `/petstore/versions`, `/petstore/versions/${first}`, '/petstore/versions/latest/content']) {
      expectError(await s.send('GET', `${s.specs}${path}`, { as: other.adminId }), 404, /organization .* not found/);
    }
    expectError(await s.send('PUT', `${s.specs}/petstore`, { as: other.adminId, body: { source: { text: v1 } } }), 404);
  });

  it('DELETE answers 205 and removes the spec with its versions', async () => {
    const { s } = await published();
    expectError(await s.send('DELETE', `${s.specs}/petstore`, { as: s.readerId }), 403, /create role or higher/);
    const res = await s.send('DELETE', `${s.specs}/petstore`, { as: s.creatorId });
    expectOk(res, 'deleteOpenAPISpecBySlug');
    expectError(await s.send('GET', `${s.specs}/petstore`, { as: s.adminId }), 404);
    expect((await s.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM openapi_spec_versions'))!.n).toBe(0);
    expectError(await s.send('DELETE', `${s.specs}/petstore`, { as: s.adminId }), 404);
  });
});

describe('access', () => {
  it('401 without a token or with an unknown one', async () => {
    const s = await openapiSetup();
    expectError(await s.send('GET', s.specs), 401);
    expectError(await s.send('PUT', `${s.specs}/x`, { body: { source: { text: v1 } } }), 401);
    const res = await s.api.app.handleAsync({ method: 'GET', url: s.specs, headers: { authorization: 'Bearer dct_nope' } });
    expect(res.status).toBe(401);
  });

  it('members below create cannot publish or delete (403); guests cannot even read (403)', async () => {
    const s = await openapiSetup();
    await s.send('PUT', `${s.specs}/petstore`, { as: s.adminId, body: { source: { text: v1 } } });
    for (const who of [s.editorId, s.readerId, s.guestId]) {
      expectError(await s.send('PUT', `${s.specs}/petstore`, { as: who, body: { source: { text: v2 } } }), 403, /manage OpenAPI specifications \(create role or higher required\)/);
      expectError(await s.send('POST', s.specs, { as: who, body: { slug: 'x', source: { text: v2 } } }), 403);
    }
    expectError(await s.send('GET', s.specs, { as: s.guestId }), 403, /guests cannot/);
    expectError(await s.send('GET', `${s.specs}/petstore/versions/latest`, { as: s.guestId }), 403);
    expect((await s.send('GET', `${s.specs}/petstore`, { as: s.editorId })).body.permissions).toEqual({ view: true, edit: false });
    expect((await s.send('GET', `${s.specs}/petstore`, { as: s.creatorId })).body.permissions).toEqual({ view: true, edit: true });
  });
});

describe('validation', () => {
  const post = async (body: unknown) => {
    const s = await openapiSetup();
    return s.send('POST', s.specs, { as: s.adminId, body });
  };

  it('slug: required, 1..100, the pattern', async () => {
    expectError(await post({ source: { text: v1 } }), 400, /slug/);
    expectError(await post({ slug: '', source: { text: v1 } }), 400, /slug/);
    expectError(await post({ slug: 'a'.repeat(101), source: { text: v1 } }), 400, /slug: .*100/);
    for (const slug of ['Pet', 'pet_store', '-pet', 'pet-', 'pet--store']) expectError(await post({ slug, source: { text: v1 } }), 400, /slug: must be lowercase letters and digits/);
    expectOk(await post({ slug: 'a'.repeat(100), source: { text: v1 } }), 'createOpenAPISpec');
  });

  it('the PUT path slug follows the same rule', async () => {
    const s = await openapiSetup();
    expectError(await s.send('PUT', `${s.specs}/Bad_Slug`, { as: s.adminId, body: { source: { text: v1 } } }), 400, /specSlug: must be 1 to 100/);
    expectError(await s.send('PUT', `${s.specs}/${'a'.repeat(101)}`, { as: s.adminId, body: { source: { text: v1 } } }), 400, /specSlug/);
  });

  it('source: required, { url } or { text }, nothing else', async () => {
    expectError(await post({ slug: 'x' }), 400, /source/);
    expectError(await post({ slug: 'x', source: {} }), 400, /source/);
    expectError(await post({ slug: 'x', source: { url: 'https://a.test/x', text: v1 } }), 400, /source/);
    expectError(await post({ slug: 'x', source: { file: 'x' } }), 400, /source/);
    expectError(await post({ slug: 'x', source: { text: v1 }, extra: 1 }), 400, /extra/);
  });

  it('source.url: an http(s) URL of at most 2048 characters', async () => {
    expectError(await post({ slug: 'x', source: { url: 'ftp://a.test/x' } }), 400, /source/);
    expectError(await post({ slug: 'x', source: { url: 'not a url' } }), 400, /source/);
    expectError(await post({ slug: 'x', source: { url: `https://a.test/${'a'.repeat(2040)}` } }), 400, /source/);
  });

  it('source.text: 1 character to 16 MiB', async () => {
    expectError(await post({ slug: 'x', source: { text: '' } }), 400, /source/);
    expectError(await post({ slug: 'x', source: { text: 'a'.repeat(16 * 1024 * 1024 + 1) } }), 400, /source/);
  });

  it('a body that is not JSON is 400', async () => {
    const s = await openapiSetup();
    expectError(await s.send('PUT', `${s.specs}/x`, { as: s.adminId, rawBody: '{' }), 400, /body: is not valid JSON/);
  });
});

describe('pages computed from a spec', () => {
  it('a write batch can make a page computed; reads generate its markdown unless computed=false', async () => {
    const s = await openapiSetup();
    const space = await s.engine.spaces.create({ userId: s.adminId }, s.orgId, { title: 'API' });
    const cr = (await s.api.request('POST', `/v1/spaces/${space.id}/change-requests`, { as: s.adminId, body: {} })).body;
    const root = `/v1/spaces/${space.id}/change-requests/${cr.number}`;
    const computed = { type: 'builtin:openapi', dependencies: { spec: { ref: { kind: 'openapi', spec: 'petstore' } } }, props: {} };
    const write = await s.api.request('POST', `${root}/content`, {
      as: s.adminId, body: { changes: [{ operation: 'insert_page', title: 'Reference', document: { markdown: 'Stored text' }, computed }] },
    });
    expectOk(write, 'writeChangeRequestContent');
    const pageId = write.body.changes[0].page;
    const read = async (query: string) => await s.api.request('GET', `${root}/content/page/${pageId}?format=markdown${query}`, { as: s.adminId });
    expectOk(await read(''), 'getChangeRequestPage');
    // Shown as the platform's computed variant; docsctl's reference has no model pages (`models: false`).
    const shown = { ...computed, props: { models: false } };
    expect((await read('')).body).toMatchObject({ type: 'computed', computed: shown, markdown: '> The OpenAPI specification "petstore" has no processed version yet.\n' });

    await s.send('PUT', `${s.specs}/petstore`, { as: s.adminId, body: { source: { text: v1 } } });
    const markdown = (await read('')).body.markdown as string;
    expect(markdown).toMatch(/^# Petstore \(1\.0\.0\)\n\n## pets\n\n### `GET \/pets`\n\nList all pets/);
    expect(markdown).toContain('### `DELETE /pets/{petId}`');
    expect((await read('&computed=false')).body.markdown).toBe('Stored text');
    expect((await read('&computed=true')).body.markdown).toBe(markdown);
    // The document format is built from the generated markdown too; the tree listing shows `computed`.
    const doc = (await s.api.request('GET', `${root}/content/page/${pageId}`, { as: s.adminId })).body.document;
    expect(JSON.stringify(doc)).toContain('GET /pets');
    expect((await s.api.request('GET', `${root}/content/pages`, { as: s.adminId })).body.pages[0].computed).toEqual(shown);

    // A new version of the spec shows at once; update_page with computed: null makes it a plain page again.
    await s.send('PUT', `${s.specs}/petstore`, { as: s.adminId, body: { source: { text: v2 } } });
    expect((await read('')).body.markdown).toContain('### `GET /stores`');
    expectOk(await s.api.request('POST', `${root}/content`, { as: s.adminId, body: { changes: [{ operation: 'update_page', page: pageId, computed: null }] } }), 'writeChangeRequestContent');
    expect((await read('')).body).not.toHaveProperty('computed');
    expect((await read('')).body).toMatchObject({ type: 'document', kind: 'sheet', markdown: 'Stored text' });
  });

  it('computed must be a builtin:openapi reference to a spec', async () => {
    const s = await openapiSetup();
    const space = await s.engine.spaces.create({ userId: s.adminId }, s.orgId, { title: 'API' });
    const cr = (await s.api.request('POST', `/v1/spaces/${space.id}/change-requests`, { as: s.adminId, body: {} })).body;
    const write = async (computed: unknown) => await s.api.request('POST', `/v1/spaces/${space.id}/change-requests/${cr.number}/content`, {
      as: s.adminId, body: { changes: [{ operation: 'insert_page', document: { markdown: 'x' }, computed }] },
    });
    expectError(await write({ type: 'builtin:other', dependencies: { spec: { ref: { kind: 'openapi', spec: 'x' } } } }), 400, /changes\[0\]\.computed\.type/);
    expectError(await write({ type: 'builtin:openapi', dependencies: { spec: { ref: { kind: 'openapi', spec: '' } } } }), 400, /computed\.dependencies\.spec\.ref\.spec/);
    expectError(await write({ type: 'builtin:openapi' }), 400, /computed\.dependencies/);
  });
});
