/**
 * What lets a second `sites build` skip the pages that cannot have changed without asking for each
 * (issue 58: 10,541 conditional requests took 2–4 s where one page had changed). A page everyone sees
 * alike carries its site space's tag (`x-docsctl-space-tag`, validators.ts: everything its `ETag` is
 * made of but the page's own version and address, which its space's revision holds); the build keeps
 * it, and next time asks `~build-tags.json` for the tags current at that address first: a page whose
 * tag is among them is the same, unasked. A page reached by another address, or whose space changed,
 * is asked as before (with its `ETag`).
 */

import type { Core } from '../../engine/core';
import type { PublishedSpace } from '../../engine/sites/reader/pages';
import { spaceTag } from './validators';

export { BUILD_TAGS, SPACE_TAG_HEADER } from '../../domain/build-tags';

/**
 * The organization's specs as pages read them (which version a slug, an id or a source URL shows):
 * what a page's operations are read from is among these (pageValidator's `operations`).
 */
async function specsOf(core: Core, organizationId: string): Promise<string> {
  return await core.remember(`site-specs:${organizationId}`, async () => {
    const rows = await core.all<{ id: string; slug: string; source_url: string | null; last_version_id: string | null }>(
      'SELECT id, slug, source_url, last_version_id FROM openapi_specs WHERE organization_id = ? ORDER BY id', [organizationId]);
    return JSON.stringify(rows.map((r) => [r.id, r.slug, r.source_url, r.last_version_id]));
  }, organizationId);
}

/** The tag of a site space at an address: `site` as pageValidator reads it, the space as published now. */
export async function spaceTagOf(core: Core, parts: { organizationId: string; site: string; space: PublishedSpace; basePath: string; prefix: string[] }): Promise<string> {
  return spaceTag({ site: parts.site, revisionId: parts.space.revisionId, basePath: parts.basePath, prefix: parts.prefix, specs: await specsOf(core, parts.organizationId) });
}
