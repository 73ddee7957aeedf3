import type { Core } from '../../core';
import type { OperationView } from '../../../openapi-document/operation';
import { MAX_SPEC_TEXT } from '../../../domain/openapi-limits';
import { tagAttributes } from '../../../markdown/liquid-containers';
import { documentOperation, latestSpecVersion, parsedDocument, versionDocument, type ParsedDocument } from '../../content/api-documents';
import { blobInfo, wholeBlob } from '../../content/blob-store';
import { classifyLink } from '../../content/link-targets';
import type { PublishedSpace } from './pages';

const OPERATION_TAG = /\{%-?[ \t]*(openapi-operation|swagger)\b([^%\n]*)%\}/g;

/** Where a block's document comes from: a spec of the organization (`spec`), or a `swagger` block's `src`. */
export interface OperationBlock { spec?: string; src?: string; path: string; method: string }

export interface PageOperations {
  /** The operation a block names, a notice saying what does not exist, or undefined (no document named: the block as written). */
  lookup(block: OperationBlock): OperationView | { notice: string } | undefined;
  /** What the page's operations are read from, in a stable order: a new spec version makes a new rendering. */
  versions: string;
}

const sourceKey = (block: Pick<OperationBlock, 'spec' | 'src'>) => (block.spec ? `spec:${block.spec}` : `src:${block.src}`);

/**
 * The API operations a page's blocks name, read before it renders (the renderer is not async):
 * `{% openapi-operation spec %}` from the latest processed version of the organization's spec of that
 * slug or id (a publish shows at the next view, without a push); a legacy `{% swagger src %}` from the
 * file of the space its `src` names (relative to the page, as links are), or from the organization's
 * spec published from that URL.
 */
export async function pageOperations(core: Core, organizationId: string, space: PublishedSpace, pageId: string, markdown: string): Promise<PageOperations> {
  const blocks = new Map<string, Pick<OperationBlock, 'spec' | 'src'>>();
  if (markdown.includes('openapi-operation') || markdown.includes('swagger')) {
    for (const m of markdown.matchAll(OPERATION_TAG)) {
      const { spec, src } = tagAttributes(m[2]);
      const block = m[1] === 'openapi-operation' ? (spec ? { spec } : undefined) : src ? { src } : undefined;
      if (block) blocks.set(sourceKey(block), block);
    }
  }
  const documentOf = new Map<string, string>();
  const parsed = new Map<string, ParsedDocument>();
  for (const [key, block] of [...blocks].slice(0, 20)) {
    if (block.src && !/^https?:\/\//i.test(block.src)) {
      const target = classifyLink(block.src, pageId, space.index);
      const fileId = target?.kind === 'file' && target.status === 'ok' ? target.file : undefined;
      const file = fileId ? space.state.files.get(fileId) : undefined;
      if (!file) continue;
      documentOf.set(key, `blob:${file.blobId}`);
      parsed.set(`blob:${file.blobId}`, await parsedDocument(`blob:${file.blobId}`, async () => {
        const blob = await blobInfo(core, file.blobId);
        if (!blob) throw new Error('its bytes are gone');
        if (blob.size > MAX_SPEC_TEXT) throw new Error(`it is larger than ${MAX_SPEC_TEXT / 1024 / 1024} MiB`);
        return (await wholeBlob(core, blob)).toString('utf8');
      }));
      continue;
    }
    const version = block.spec
      ? await latestSpecVersion(core, organizationId, block.spec)
      : (await core.get<{ id: string }>('SELECT last_version_id AS id FROM openapi_specs WHERE organization_id = ? AND source_url = ? AND last_version_id IS NOT NULL ORDER BY updated_at DESC LIMIT 1', [organizationId, block.src]))?.id;
    if (!version) continue;
    documentOf.set(key, `version:${version}`);
    parsed.set(`version:${version}`, await versionDocument(core, version));
  }
  return {
    versions: [...documentOf].map(([key, document]) => `${key}=${document}`).sort().join(','),
    lookup(block) {
      const key = block.spec || block.src ? sourceKey(block) : undefined;
      if (!key) return undefined;
      const named = block.spec ? `the API specification "${block.spec}"` : `the API description ${block.src}`;
      const source = documentOf.get(key);
      const document = source ? parsed.get(source) : undefined;
      if (!source || !document) {
        return { notice: block.spec ? `The API specification "${block.spec}" does not exist in this organization, or has no processed version yet.` : `The API description ${block.src} is neither a file of this space nor a specification published from that URL.` };
      }
      if ('unreadable' in document) return { notice: `${named[0].toUpperCase()}${named.slice(1)} cannot be read: ${document.unreadable}` };
      const view = documentOperation(source, document.document, block.path, block.method);
      if ('missing' in view) {
        return { notice: view.missing === 'path' ? `The path ${block.path} is not in ${named}.` : `${block.method.toUpperCase()} ${block.path} is not in ${named}.` };
      }
      return view;
    },
  };
}
