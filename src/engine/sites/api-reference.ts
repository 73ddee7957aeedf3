/**
 * An API reference section of a site (issue 58): a space of one computed page per tag of an OpenAPI
 * spec, each showing the operations of its tag from the spec's latest version (so a new version shows
 * at the next view, without a push), added to the site as a section. Adding it again for the same spec
 * adds pages for the tags a newer version brought; `openapi publish` of a version does the same.
 */
import type { Actor, Core } from '../core';
import { conflict, EngineError, notFound } from '../errors';
import { parseText } from '../../openapi-document/document';
import { namedTags, operationsOf, UNTAGGED } from '../../openapi-document/operations';
import type { PageComputed } from '../../domain/content-change';
import type { PageData } from '../content/state';
import type { spacesModule } from '../spaces';
import type { changeRequestsModule } from '../change-requests';
import type { structureModule } from './structure/index';
import { siteContext } from './structure/access';
import { ANONYMOUS, presentSiteStructure } from './structure/present';


/** The tags of a spec's document in the order a reader expects: its `tags` list, then the others as used. */
export function tagsOf(text: string): string[] {
  const doc = parseText(text) as { tags?: { name?: unknown }[]; paths?: unknown };
  const tags: string[] = [];
  const add = (tag: unknown) => {
    if (typeof tag === 'string' && tag.trim() && !tags.includes(tag)) tags.push(tag);
  };
  const used = new Set<string>();
  let untagged = false;
  for (const { operation } of operationsOf(doc.paths)) {
    const named = namedTags(operation);
    if (!named.length) untagged = true;
    for (const tag of named) used.add(tag);
  }
  for (const tag of Array.isArray(doc.tags) ? doc.tags : []) if (used.has(tag?.name as string)) add(tag?.name);
  for (const tag of used) add(tag);
  if (untagged) add(UNTAGGED);
  return tags;
}

export const tagPage = (spec: string, tag: string): PageComputed => ({ type: 'builtin:openapi', dependencies: { spec: { ref: { kind: 'openapi', spec } } }, props: { tag } });

export interface ApiReferenceAdded {
  created: boolean;
  spaceId: string;
  sectionId: string;
  /** The tags a page was added for now (all of them the first time). */
  added: string[];
  tags: string[];
}

export function apiReferenceModule(
  core: Core, spaces: ReturnType<typeof spacesModule>, changeRequests: ReturnType<typeof changeRequestsModule>, structure: ReturnType<typeof structureModule>,
) {
  /** The spec's latest version's tags; 404 for no spec of that slug, 409 for one with no version yet. */
  async function specTags(organizationId: string, slug: string): Promise<string[]> {
    const spec = await core.get<{ last_version_id: string | null }>('SELECT last_version_id FROM openapi_specs WHERE organization_id = ? AND slug = ?', [organizationId, slug]);
    if (!spec) throw notFound(`spec: no OpenAPI spec ${slug} in organization ${organizationId} (publish it with docsctl openapi publish)`);
    if (!spec.last_version_id) throw conflict(`spec: OpenAPI spec ${slug} has no processed version yet`);
    const version = (await core.get<{ text: string; json_text: string | null }>('SELECT text, json_text FROM openapi_spec_versions WHERE id = ?', [spec.last_version_id]))!;
    return tagsOf(version.json_text ?? version.text);
  }

  /**
   * The tags each space holds a reference page of, for the spec `slug`: of the organization's spaces, or
   * of `spaceIds` only. One statement, which reads only computed pages' data (a publish must not read
   * every page of the organization one by one).
   */
  async function referenceSpaces(organizationId: string, slug: string, spaceIds?: string[]): Promise<Map<string, Set<string>>> {
    const found = new Map<string, Set<string>>();
    if (spaceIds && !spaceIds.length) return found;
    const rows = await core.all<{ space_id: string; data: string }>(
      `SELECT s.id AS space_id, pv.data FROM spaces s
       JOIN revision_pages rp ON rp.revision_id = s.revision_id JOIN page_versions pv ON pv.id = rp.version_id
       WHERE s.organization_id = ? AND s.deleted_at IS NULL AND pv.data LIKE ?${spaceIds ? ` AND s.id IN (${spaceIds.map(() => '?').join(', ')})` : ''}`,
      [organizationId, '%builtin:openapi%', ...(spaceIds ?? [])],
    );
    for (const row of rows) {
      const computed = (JSON.parse(row.data) as PageData).computed;
      const tag = computed?.props?.tag;
      if (computed?.dependencies.spec.ref.spec !== slug || typeof tag !== 'string') continue;
      if (!found.has(row.space_id)) found.set(row.space_id, new Set());
      found.get(row.space_id)!.add(tag);
    }
    return found;
  }

  /** Adds a page for each of `tags` to the space through a merged change request. */
  async function addPages(actor: Actor, spaceId: string, slug: string, tags: string[]): Promise<void> {
    if (!tags.length) return;
    const cr = await changeRequests.create(actor, spaceId, { subject: `API reference: ${tags.join(', ')}` });
    await changeRequests.write(actor, spaceId, cr.id, tags.map((tag) => ({ operation: 'insert_page' as const, document: { markdown: '' }, title: tag, computed: tagPage(slug, tag) })));
    await changeRequests.merge(actor, spaceId, cr.id);
  }

  return {
    /**
     * A section of `siteId` showing the spec `slug` as a space of one page per tag. A site whose spaces
     * are at its root first gets a section holding them (as adding any section does), then this one.
     * Again for the same spec: the pages of tags a newer version brought are added.
     */
    async add(actor: Actor, organizationId: string, siteId: string, input: { spec: string; title?: string }): Promise<ApiReferenceAdded> {
      await siteContext(core, actor, organizationId, siteId, 'manage');
      const tags = await specTags(organizationId, input.spec);
      const view = await presentSiteStructure(core, siteId, ANONYMOUS);
      const sections = view.type === 'sections' ? view.structure : [];
      const siteSpaceIds = view.type === 'sections' ? sections.flatMap((s) => s.siteSpaces.map((v) => v.space.id)) : view.structure.map((v) => v.space.id);
      const existing = [...(await referenceSpaces(organizationId, input.spec, siteSpaceIds))][0];
      if (existing) {
        const [spaceId, held] = existing;
        const added = tags.filter((tag) => !held.has(tag));
        await addPages(actor, spaceId, input.spec, added);
        const section = sections.find((s) => s.siteSpaces.some((v) => v.space.id === spaceId));
        return { created: false, spaceId, sectionId: section?.id ?? '', added, tags };
      }
      const title = input.title ?? 'API reference';
      const space = await spaces.create(actor, organizationId, { title });
      await addPages(actor, space.id, input.spec, tags);
      // The site's root site spaces first become a section of their own, so the reference is beside them.
      if (view.type === 'siteSpaces' && view.structure.length) {
        const first = view.structure.find((v) => v.default) ?? view.structure[0];
        await structure.addSection(actor, organizationId, siteId, { spaceId: first.space.id, title: first.title });
      }
      const section = await structure.addSection(actor, organizationId, siteId, { spaceId: space.id, title });
      return { created: true, spaceId: space.id, sectionId: section.id, added: tags, tags };
    },

    /** After a new version of `slug`: every API reference of the spec in the organization gets the pages of its new tags. */
    async syncSpec(actor: Actor, organizationId: string, slug: string): Promise<void> {
      const references = await referenceSpaces(organizationId, slug);
      if (!references.size) return;
      const tags = await specTags(organizationId, slug);
      for (const [spaceId, held] of references) {
        try {
          await addPages(actor, spaceId, slug, tags.filter((tag) => !held.has(tag)));
        } catch (error) {
          // A publisher who may not edit the reference's space leaves its new tags to the next `sites api-reference add`.
          if (!(error instanceof EngineError && error.kind === 'Forbidden')) throw error;
        }
      }
    },
  };
}
