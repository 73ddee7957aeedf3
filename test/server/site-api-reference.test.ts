import { describe, expect, it } from 'vitest';
import { publishedSiteSetup } from '../helpers/site-reader';
import { specFixture } from '../helpers/openapi';
import { expectOk } from '../helpers/app';

/** A published site, and the organization's petstore spec published through the API. */
async function withSpec() {
  const t = await publishedSiteSetup({ pages: ['# Welcome\n\nHello.', '# Install\n\nSteps.'] });
  const publish = async (text: string) => {
    const res = await t.api.request('PUT', `/v1/orgs/${t.orgId}/openapi/petstore`, { as: t.adminId, body: { source: { text } } });
    expect(res.body).toMatchObject({ processingState: 'complete', lastVersion: expect.any(String) });
  };
  const add = async (body: unknown, as = t.adminId) => await t.api.request('POST', `/v1/orgs/${t.orgId}/sites/${t.siteId}/api-reference`, { as, body });
  return { ...t, publish, add };
}

// Issue 58, item 3: an API reference section generated from a spec, kept in step with its versions.
describe('POST …/sites/{siteId}/api-reference (addSiteApiReference)', () => {
  it('adds a section of one page per tag beside the site\'s pages, each showing its operations from the latest version', async () => {
    const t = await withSpec();
    await t.publish(specFixture('v1.yaml'));
    const res = await t.add({ spec: 'petstore' });
    expectOk(res, 'addSiteApiReference');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ object: 'site-api-reference', created: true, spec: 'petstore', tags: ['pets'], added: ['pets'], spaceId: expect.any(String), sectionId: expect.any(String) });
    // The site's own pages became a section of their own; the reference is the next one.
    const sections = (await t.api.request('GET', `/v1/orgs/${t.orgId}/sites/${t.siteId}/sections`, { as: t.adminId })).body.items as { title: string; path: string }[];
    expect(sections.map((s) => s.title)).toEqual(['Docs', 'API reference']);
    const tag = await t.visit(`${t.base}/api-reference`);
    expect(tag.status).toBe(200);
    expect(tag.body).toContain('<h1>pets</h1>');
    expect(tag.body).toContain('<code class="method method-get">GET</code> <code>/pets</code></h3>');
    expect(tag.body).toContain('<code class="method method-delete">DELETE</code> <code>/pets/{petId}</code>');
    expect((await t.visit(`${t.base}/install`)).status).toBe(200);
  });

  it('keeps in step with new versions: changed operations at the next view, a page for a new tag; again for the same spec adds nothing', async () => {
    const t = await withSpec();
    await t.publish(specFixture('v1.yaml'));
    expectOk(await t.add({ spec: 'petstore', title: 'Pet API' }), 'addSiteApiReference');
    // v2 drops DELETE /pets/{petId} and adds /stores under a new tag: published, nothing pushed.
    await t.publish(specFixture('v2.yaml'));
    const pets = (await t.visit(`${t.base}/pet-api`)).body;
    expect(pets).not.toContain('<code class="method method-delete">DELETE</code>');
    const stores = await t.visit(`${t.base}/pet-api/stores`);
    expect(stores.status).toBe(200);
    expect(stores.body).toContain('<code>/stores</code>');
    const again = await t.add({ spec: 'petstore' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, tags: ['pets', 'stores'], added: [] });
  });

  it('answers 400 naming the field, 404 for an unknown spec or site, 409 for a spec without a version, 403 for a member who may not manage the site', async () => {
    const t = await withSpec();
    const missing = await t.add({});
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/spec/);
    expect((await t.add({ spec: 'petstore', title: 'x' })).status).toBe(400);
    expect((await t.add({ spec: 'petstore', extra: 1 })).status).toBe(400);
    const unknown = await t.add({ spec: 'nowhere' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toContain('no OpenAPI spec nowhere');
    expect((await t.api.request('POST', `/v1/orgs/${t.orgId}/sites/nope/api-reference`, { as: t.adminId, body: { spec: 'petstore' } })).status).toBe(404);
    const broken = await t.api.request('PUT', `/v1/orgs/${t.orgId}/openapi/broken`, { as: t.adminId, body: { source: { text: 'not: [an openapi' } } });
    expect(broken.body.lastVersion).toBeUndefined();
    expect((await t.add({ spec: 'broken' })).status).toBe(409);
    await t.publish(specFixture('v1.yaml'));
    expect((await t.add({ spec: 'petstore' }, t.reader)).status).toBe(403);
    // Nothing was made by the refused calls.
    expect((await t.api.request('GET', `/v1/orgs/${t.orgId}/spaces`, { as: t.adminId })).body.items.map((s: { title: string }) => s.title)).not.toContain('API reference');
  });
});
