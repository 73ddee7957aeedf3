import type { Core } from '../../core';
import { BoundedCache } from '../../bounded-cache';
import { parseText } from '../../../openapi-document/document';
import { operationOf, type OperationView } from '../../../openapi-document/operation';
import { tagAttributes } from '../../../markdown/liquid-containers';

/** Parsed documents by spec version (a version never changes), and the operations read from them. */
const documents = new BoundedCache<string, Record<string, unknown>>(8);
const views = new BoundedCache<string, OperationView | { missing: 'path' | 'method' }>(512);

const OPERATION_TAG = /\{%-?[ \t]*openapi-operation\b([^%\n]*)%\}/g;

export interface PageOperations {
  /** The operation a block names, or a notice saying what does not exist. */
  lookup(spec: string, path: string, method: string): OperationView | { notice: string };
  /** The spec versions the page shows, in a stable order: a new version makes a new rendering. */
  versions: string;
}

/**
 * The API operations a page's `{% openapi-operation spec path method %}` blocks name, each from the
 * latest processed version of its spec (by slug or id, in the space's organization): a publish of a new
 * version shows at the next view, without a push. Read before the page renders (the renderer is not async).
 */
export async function pageOperations(core: Core, spaceId: string, markdown: string): Promise<PageOperations> {
  const specs = new Set<string>();
  if (markdown.includes('openapi-operation')) for (const m of markdown.matchAll(OPERATION_TAG)) if (tagAttributes(m[1]).spec) specs.add(tagAttributes(m[1]).spec);
  const versionOf = new Map<string, string>();
  for (const spec of [...specs].slice(0, 20)) {
    const row = await core.get<{ id: string }>(
      `SELECT s.last_version_id AS id FROM openapi_specs s JOIN spaces sp ON sp.organization_id = s.organization_id
       WHERE sp.id = ? AND (s.slug = ? OR s.id = ?) AND s.last_version_id IS NOT NULL`,
      [spaceId, spec, spec],
    );
    if (!row) continue;
    versionOf.set(spec, row.id);
    if (!documents.get(row.id)) {
      const text = (await core.get<{ text: string }>('SELECT text FROM openapi_spec_versions WHERE id = ?', [row.id]))!.text;
      documents.set(row.id, parseText(text));
    }
  }
  return {
    versions: [...versionOf].map(([spec, version]) => `${spec}=${version}`).sort().join(','),
    lookup(spec, path, method) {
      const version = versionOf.get(spec);
      const document = version ? documents.get(version) : undefined;
      if (!version || !document) return { notice: `The API specification "${spec}" does not exist in this organization, or has no processed version yet.` };
      const key = `${version}\n${method.toLowerCase()}\n${path}`;
      let view = views.get(key);
      if (!view) views.set(key, (view = operationOf(document, path, method)));
      if ('missing' in view) {
        return { notice: view.missing === 'path' ? `The path ${path} is not in the API specification "${spec}".` : `${method.toUpperCase()} ${path} is not in the API specification "${spec}".` };
      }
      return view;
    },
  };
}
