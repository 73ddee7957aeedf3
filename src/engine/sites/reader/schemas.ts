import type { Core } from '../../core';
import type { SchemaPageView } from '../../../openapi-document/operation';
import { pointerOfSegments } from '../../../openapi-document/json-pointer';
import { documentSchema, fileDocument, versionDocument, versionParts } from '../../content/api-documents';
import { pageData } from '../../content/state';
import { pageOperationTags } from './operations';
import type { PublishedSpace } from './pages';
import { FILES_SEGMENT } from '../../../domain/schema-places';

/** The most segments of a schema's pointer a visitor's address may hold. */
export const MAX_POINTER_SEGMENTS = 64;

/** The specs a space's pages name: by slug or id (`spec=`), by the URL they were published from (a legacy `swagger src=`). */
interface NamedSpecs {
  specs: Set<string>;
  urls: Set<string>;
}

/** Worked out once for each published revision (kept by the reader, never changed). */
const namedBy = new WeakMap<PublishedSpace, Promise<NamedSpecs>>();

/** The specs the pages of a space's revision name, hidden pages too (a visitor opens them by their address). */
function namedSpecs(core: Core, space: PublishedSpace): Promise<NamedSpecs> {
  let named = namedBy.get(space);
  if (!named) {
    named = (async () => {
      const found: NamedSpecs = { specs: new Set(), urls: new Set() };
      for (const entry of space.state.pages.values()) {
        const data = await pageData(core, entry.versionId);
        // An API reference section's page names its spec's operations (computed-page.ts).
        if (data.computed && typeof data.computed.props?.tag === 'string') found.specs.add(data.computed.dependencies.spec.ref.spec);
        if (data.computed) continue;
        for (const { name, attributes: { spec, src } } of pageOperationTags(data.markdown, space)) {
          if (name === 'openapi-operation' && spec) found.specs.add(spec);
          else if (name === 'swagger' && src && /^https?:\/\//i.test(src)) found.urls.add(src);
        }
      }
      return found;
    })();
    namedBy.set(space, named);
    named.catch(() => namedBy.delete(space));
  }
  return named;
}

/** A schema page: the schema, where its page is (after `~schemas`), what it is of in words, and its document (`version:ID`, `blob:ID`). */
export interface PublishedSchema {
  view: SchemaPageView;
  source: string[];
  of: string;
  document: string;
}

/**
 * The schema a visitor asks for at `~schemas/...` of a site space (domain/schema-places.ts), or undefined (a
 * 404): a spec no page of the space names, a file the space does not have, a pointer to no schema. A
 * spec's schema is read from its latest version's parts where it has them, as operations are.
 */
export async function publishedSchema(core: Core, organizationId: string, space: PublishedSpace, segments: string[]): Promise<PublishedSchema | undefined> {
  if (segments.length < 2 || segments.some((s) => !s)) return undefined;
  if (segments[0] === FILES_SEGMENT) {
    const file = space.state.files.get(segments[1]);
    const pointer = segments.slice(2);
    if (!file || !pointer.length || pointer.length > MAX_POINTER_SEGMENTS) return undefined;
    const parsed = await fileDocument(core, file.blobId);
    const view = 'document' in parsed ? documentSchema(core, `blob:${file.blobId}`, parsed.document, pointerOfSegments(pointer)) : undefined;
    return view && { view, source: segments.slice(0, 2), of: `the API description ${file.name}`, document: `blob:${file.blobId}` };
  }
  const [slug, ...pointer] = segments;
  if (pointer.length > MAX_POINTER_SEGMENTS) return undefined;
  const spec = await core.get<{ id: string; source_url: string | null; version: string | null }>(
    'SELECT id, source_url, last_version_id AS version FROM openapi_specs WHERE organization_id = ? AND slug = ?', [organizationId, slug]);
  if (!spec?.version) return undefined;
  const named = await namedSpecs(core, space);
  if (!named.specs.has(slug) && !named.specs.has(spec.id) && !(spec.source_url && named.urls.has(spec.source_url))) return undefined;
  const at = pointerOfSegments(pointer);
  const parts = await versionParts(core, spec.version);
  let view = parts ? await parts.schema(at) : 'whole';
  if (view === 'whole') {
    const parsed = await versionDocument(core, spec.version);
    view = 'document' in parsed ? documentSchema(core, `version:${spec.version}`, parsed.document, at) : undefined;
  }
  return view && { view, source: [slug], of: `the API specification "${slug}"`, document: `version:${spec.version}` };
}
