import { describe, expect, it } from 'vitest';
import { publishedSiteSetup } from '../helpers/site-reader';
import { BUILD_TAGS, SPACE_TAG_HEADER } from '../../src/domain/build-tags';

// Issue 58: what lets a second `sites build` skip the pages whose space did not change (server/site/build-tags.ts).
describe("a site's space tags (sites build)", () => {
  it('tags a page and its markdown with their space, lists the tags current at the address, and moves them with a change of the space or of a spec', async () => {
    const t = await publishedSiteSetup();
    const tags = async () => JSON.parse((await t.visit(`${t.base}/${BUILD_TAGS}`)).body).tags as string[];
    const page = await t.visit(`${t.base}/install`);
    const tag = page.headers[SPACE_TAG_HEADER];
    expect(tag).toMatch(/^"[\w-]{22}"$/);
    expect((await t.visit(`${t.base}/install.md`)).headers[SPACE_TAG_HEADER]).toBe(tag);
    // Asked again with its ETag: 304, with the tag.
    expect((await t.visit(`${t.base}/install`, { 'if-none-match': page.headers.etag })).headers[SPACE_TAG_HEADER]).toBe(tag);
    expect(await tags()).toEqual([tag]);
    // A page of the space changes: the tag moves.
    const cr = await t.createCr({ subject: 'edit' });
    await t.writeOk(cr.id, [{ operation: 'update_page', page: t.pageIds[0], document: { markdown: '# Welcome\n\nHello again.' } }]);
    await t.merge(cr.id);
    const moved = await tags();
    expect(moved).toHaveLength(1);
    expect(moved).not.toEqual([tag]);
    expect((await t.visit(`${t.base}/install`)).headers[SPACE_TAG_HEADER]).toBe(moved[0]);
    // A spec of the organization is published: pages may show it, the tag moves.
    const spec = 'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths: {}\n';
    expect((await t.api.request('PUT', `/v1/orgs/${t.orgId}/openapi/petstore`, { as: t.adminId, body: { source: { text: spec } } })).body).toMatchObject({ processingState: 'complete' });
    expect(await tags()).not.toEqual(moved);
  });

  it('has no tags for a visitor whose page is their own', async () => {
    const t = await publishedSiteSetup();
    const answer = await t.visit(`${t.base}/${BUILD_TAGS}`, { cookie: 'gitbook-visitor-public=%7B%22plan%22%3A%22pro%22%7D' });
    expect(answer.status).toBe(404);
    expect((await t.visit(`${t.base}/install`, { cookie: 'gitbook-visitor-public=%7B%22plan%22%3A%22pro%22%7D' })).headers[SPACE_TAG_HEADER]).toBeUndefined();
  });
});
