import type { Core } from '../../core';
import type { OperationView } from '../../../openapi-document/operation';
import { tagAttributes } from '../../../markdown/liquid-containers';
import { includedMarkdown } from '../../../markdown/gitbook-blocks';
import { documentOperation, fileDocument, latestSpecVersion, operationKey, versionDocument, versionParts, type ParsedDocument } from '../../content/api-documents';
import { classifyLink } from '../../content/link-targets';
import type { PublishedSpace } from './pages';
import { FILES_SEGMENT } from '../../../domain/schema-places';

/** An `{% openapi-operation %}` or legacy `{% swagger %}` tag: its name and its attributes' text. */
const OPERATION_TAG = /\{%-?[ \t]*(openapi-operation|swagger)\b([^%\n]*)%\}/g;

/**
 * The operation tags of what a page shows: its markdown and the reusable contents it includes (their
 * blocks are the page's too), each with its attributes.
 */
export function pageOperationTags(markdown: string, space: PublishedSpace): { name: string; attributes: Record<string, string> }[] {
  const shown = [markdown, ...includedMarkdown(markdown, (id) => space.state.reusables.get(id)?.markdown)].join('\n');
  if (!shown.includes('openapi-operation') && !shown.includes('swagger')) return [];
  return [...shown.matchAll(OPERATION_TAG)].map((m) => ({ name: m[1], attributes: tagAttributes(m[2]) }));
}

/** Where a block's document comes from: a spec of the organization (`spec`), or a `swagger` block's `src`. */
export interface OperationBlock { spec?: string; src?: string; path: string; method: string }

export interface PageOperations {
  /** The operation a block names, a notice saying what does not exist, or undefined (no document named: the block as written). */
  lookup(block: OperationBlock): OperationView | { notice: string } | undefined;
  /** Where the schemas of a block's document are shown (after `~schemas`, schemas.ts); undefined where nowhere. */
  schemaSource(block: Pick<OperationBlock, 'spec' | 'src'>): string[] | undefined;
  /** What the page's operations are read from, in a stable order: a new spec version makes a new rendering. */
  versions: string;
  /** Reads what `lookup` answers from: each named operation's stored view, else its document. Before rendering. */
  load(): Promise<void>;
  /**
   * Reads the documents of the operations `lookup` was asked since `load` and could not answer (a block
   * the page's scan did not see as `load` read it); true when it did, and the page is to be rendered again.
   */
  loadMissed(): Promise<boolean>;
}

const sourceKey = (block: Pick<OperationBlock, 'spec' | 'src'>) => (block.spec ? `spec:${block.spec}` : `src:${block.src}`);

/**
 * The API operations a page's blocks name, read before it renders (the renderer is not async):
 * `{% openapi-operation spec %}` from the latest processed version of the organization's spec of that
 * slug or id (a publish shows at the next view, without a push); a legacy `{% swagger src %}` from the
 * file of the space its `src` names (relative to the page, as links are), or from the organization's
 * spec published from that URL. A spec version's operation is read from the parts of its document
 * it shows (versionParts), and the whole document only where the version has no parts (published
 * before they were stored) or they cannot tell: what a page shows is the same either way. `versions`
 * is known at once; the operations are read by `load`, which a page answered from what is kept never
 * calls.
 */
export async function pageOperations(core: Core, organizationId: string, space: PublishedSpace, pageId: string, markdown: string): Promise<PageOperations> {
  const blocks = new Map<string, Pick<OperationBlock, 'spec' | 'src'>>();
  // The operations each source's blocks name, by operationKey.
  const named = new Map<string, Map<string, { method: string; path: string }>>();
  for (const { name, attributes } of pageOperationTags(markdown, space)) {
    const { spec, src, path = '', method = '' } = attributes;
    const block = name === 'openapi-operation' ? (spec ? { spec } : undefined) : src ? { src } : undefined;
    if (!block) continue;
    const key = sourceKey(block);
    blocks.set(key, block);
    if (!named.has(key)) named.set(key, new Map());
    named.get(key)!.set(operationKey(method, path), { method, path });
  }
  const documentOf = new Map<string, string>();
  const fileOf = new Map<string, string>();
  const schemaSourceOf = new Map<string, string[]>();
  for (const [key, block] of [...blocks].slice(0, 20)) {
    if (block.src && !/^https?:\/\//i.test(block.src)) {
      const target = classifyLink(block.src, pageId, space.index);
      const fileId = target?.kind === 'file' && target.status === 'ok' ? target.file : undefined;
      const file = fileId ? space.state.files.get(fileId) : undefined;
      if (!file) continue;
      documentOf.set(key, `blob:${file.blobId}`);
      fileOf.set(`blob:${file.blobId}`, file.blobId);
      schemaSourceOf.set(key, [FILES_SEGMENT, file.id]);
      continue;
    }
    const spec = block.spec
      ? await latestSpecVersion(core, organizationId, block.spec)
      : await core.get<{ id: string; slug: string }>('SELECT last_version_id AS id, slug FROM openapi_specs WHERE organization_id = ? AND source_url = ? AND last_version_id IS NOT NULL ORDER BY updated_at DESC LIMIT 1', [organizationId, block.src]);
    if (!spec) continue;
    documentOf.set(key, `version:${spec.id}`);
    schemaSourceOf.set(key, [spec.slug]);
  }

  const parsed = new Map<string, ParsedDocument>();
  // Operations read from parts, by document, then operationKey.
  const fromParts = new Map<string, Map<string, OperationView | { missing: 'path' | 'method' }>>();
  const missed = new Set<string>();
  const readDocument = async (document: string) => {
    if (parsed.has(document)) return;
    const blobId = fileOf.get(document);
    parsed.set(document, blobId ? await fileDocument(core, blobId) : await versionDocument(core, document.slice('version:'.length)));
  };

  return {
    schemaSource: (block) => (block.spec || block.src ? schemaSourceOf.get(sourceKey(block)) : undefined),
    versions: [...documentOf].map(([key, document]) => `${key}=${document}`).sort().join(','),
    async load() {
      for (const [key, document] of documentOf) {
        const asked = [...(named.get(key)?.values() ?? [])];
        const parts = document.startsWith('version:') ? await versionParts(core, document.slice('version:'.length)) : undefined;
        if (parts) {
          const read = fromParts.get(document) ?? new Map<string, OperationView | { missing: 'path' | 'method' }>();
          fromParts.set(document, read);
          for (const { method, path } of asked) {
            const operation = await parts.operation(path, method);
            if (operation) read.set(operationKey(method, path), operation);
          }
          if (asked.every(({ method, path }) => read.has(operationKey(method, path)))) continue;
        }
        await readDocument(document);
      }
    },
    async loadMissed() {
      const documents = [...missed].filter((document) => !parsed.has(document));
      missed.clear();
      for (const document of documents) await readDocument(document);
      return documents.length > 0;
    },
    lookup(block) {
      const key = block.spec || block.src ? sourceKey(block) : undefined;
      if (!key) return undefined;
      const named = block.spec ? `the API specification "${block.spec}"` : `the API description ${block.src}`;
      const source = documentOf.get(key);
      if (!source) {
        return { notice: block.spec ? `The API specification "${block.spec}" does not exist in this organization, or has no processed version yet.` : `The API description ${block.src} is neither a file of this space nor a specification published from that URL.` };
      }
      let operation = fromParts.get(source)?.get(operationKey(block.method, block.path));
      if (!operation) {
        const document = parsed.get(source);
        if (!document) {
          // Not read by `load` (the page's scan did not see this block): read by `loadMissed`, for the page's next rendering.
          missed.add(source);
          return undefined;
        }
        if ('unreadable' in document) return { notice: `${named[0].toUpperCase()}${named.slice(1)} cannot be read: ${document.unreadable}` };
        operation = documentOperation(core, source, document.document, block.path, block.method);
      }
      if ('missing' in operation) {
        return { notice: operation.missing === 'path' ? `The path ${block.path} is not in ${named}.` : `${block.method.toUpperCase()} ${block.path} is not in ${named}.` };
      }
      return operation;
    },
  };
}
