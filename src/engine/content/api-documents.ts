import type { Core } from '../core';
import { BoundedCache } from '../bounded-cache';
import { formatOf, parseText } from '../../openapi-document/document';
import { operationOf, schemaAt, type OperationView, type SchemaPageView } from '../../openapi-document/operation';
import { HEAD_BUCKET, operationOfParts, schemaOfParts } from '../../openapi-document/parts';
import { MAX_SPEC_TEXT } from '../../domain/openapi-limits';
import { blobInfo, wholeBlob } from './blob-store';

/**
 * The largest YAML text parsed while answering a request (YAML takes about a second a megabyte on the
 * thread that answers everyone; JSON milliseconds): a spec version keeps a JSON copy made where it was
 * validated, so only a file of a space or a version published before that copy existed meets this.
 */
export const MAX_YAML_ON_REQUEST = 256 * 1024;

/** A document as read for pages and link checks: parsed, or why it cannot be. */
export type ParsedDocument = { document: Record<string, unknown> } | { unreadable: string };

/**
 * Parsed API documents by what identifies their bytes (`version:<id>` of a spec, `blob:<id>` of a file),
 * which never change: a few kept, since a large one is tens of megabytes parsed. Read once for all
 * pages showing its operations and for the link check. Kept by engine: ids are its own (a test's
 * engines hand out the same ones).
 */
const keptByCore = new WeakMap<Core, { documents: BoundedCache<string, ParsedDocument>; operations: BoundedCache<string, OperationView | { missing: 'path' | 'method' }>; schemas: BoundedCache<string, SchemaPageView | null> }>();

function kept(core: Core) {
  let known = keptByCore.get(core);
  if (!known) keptByCore.set(core, (known = { documents: new BoundedCache(8), operations: new BoundedCache(512), schemas: new BoundedCache(256) }));
  return known;
}

export async function parsedDocument(core: Core, key: string, read: () => Promise<string>): Promise<ParsedDocument> {
  const { documents } = kept(core);
  const known = documents.get(key);
  if (known) return known;
  let parsed: ParsedDocument;
  try {
    const text = await read();
    if (text.length > MAX_SPEC_TEXT) parsed = { unreadable: `it is larger than ${MAX_SPEC_TEXT / 1024 / 1024} MiB` };
    else if (formatOf(text) === 'yaml' && text.length > MAX_YAML_ON_REQUEST) {
      parsed = { unreadable: `it is YAML of more than ${MAX_YAML_ON_REQUEST / 1024} KiB, which is not parsed while a page is served: publish it as an OpenAPI spec (openapi publish), which keeps it as JSON` };
    } else parsed = { document: parseText(text) };
  } catch (error) {
    parsed = { unreadable: (error as Error).message };
  }
  documents.set(key, parsed);
  return parsed;
}

/** The document of a spec version (its text stored with it). */
export const versionDocument = (core: Core, versionId: string) =>
  parsedDocument(core, `version:${versionId}`, async () => {
    const row = (await core.get<{ text: string; json_text: string | null }>('SELECT text, json_text FROM openapi_spec_versions WHERE id = ?', [versionId]))!;
    return row.json_text ?? row.text;
  });

/** The document of a file of a space (a legacy `swagger` block's `src`), by its blob. */
export const fileDocument = (core: Core, blobId: string) =>
  parsedDocument(core, `blob:${blobId}`, async () => {
    const blob = await blobInfo(core, blobId);
    if (!blob) throw new Error('its bytes are gone');
    if (blob.size > MAX_SPEC_TEXT) throw new Error(`it is larger than ${MAX_SPEC_TEXT / 1024 / 1024} MiB`);
    return (await wholeBlob(core, blob)).toString('utf8');
  });

/** An operation by method (lower case) and path, as a key of a map. */
export const operationKey = (method: string, path: string) => `${method.toLowerCase()}\n${path}`;

/** An operation of a parsed document (`key` as parsedDocument's), read once. */
export function documentOperation(core: Core, key: string, document: Record<string, unknown>, path: string, method: string): OperationView | { missing: 'path' | 'method' } {
  const { operations } = kept(core);
  const viewKey = `${key}\n${operationKey(method, path)}`;
  let view = operations.get(viewKey);
  if (!view) operations.set(viewKey, (view = operationOf(document, path, method)));
  return view;
}

/** The schema at `pointer` of a parsed document (`key` as parsedDocument's), read once; undefined where there is none. */
export function documentSchema(core: Core, key: string, document: Record<string, unknown>, pointer: string): SchemaPageView | undefined {
  const { schemas } = kept(core);
  const viewKey = `${key}\n${pointer}`;
  let view = schemas.get(viewKey);
  if (view === undefined) schemas.set(viewKey, (view = schemaAt(document, pointer) ?? null));
  return view ?? undefined;
}

/** Buckets one statement reads at most. */
const BUCKETS_PER_READ = 200;

/**
 * The operations of a spec version read from the parts its publish stored (openapi_spec_parts), each
 * once; undefined where it has none (published before parts were stored), for the caller to read the
 * document. An operation answers as documentOperation's would (operationOfParts runs the same
 * operationOf over the parts it shows); undefined where the parts cannot tell it (a `$ref` above them).
 * A page showing GitHub's `GET /repos/{owner}/{repo}` reads about 20 parts in 4 statements, not 11 MB.
 */
export async function versionParts(core: Core, versionId: string): Promise<{
  operation(path: string, method: string): Promise<OperationView | { missing: 'path' | 'method' } | undefined>;
  /** The schema at a pointer (documentSchema's answer); 'whole' where the parts cannot tell it. */
  schema(pointer: string): Promise<SchemaPageView | undefined | 'whole'>;
} | undefined> {
  const head = (await core.get<{ text: string }>('SELECT text FROM openapi_spec_parts WHERE version_id = ? AND bucket = ?', [versionId, HEAD_BUCKET]))?.text;
  if (head === undefined) return undefined;
  const buckets = new Map<number, string | undefined>();
  const readBuckets = async (wanted: number[]) => {
    const unread = wanted.filter((bucket) => !buckets.has(bucket));
    for (let at = 0; at < unread.length; at += BUCKETS_PER_READ) {
      const part = unread.slice(at, at + BUCKETS_PER_READ);
      for (const bucket of part) buckets.set(bucket, undefined);
      const rows = await core.all<{ bucket: number; text: string }>(`SELECT bucket, text FROM openapi_spec_parts WHERE version_id = ? AND bucket IN (${part.map(() => '?').join(', ')})`, [versionId, ...part]);
      for (const row of rows) buckets.set(Number(row.bucket), row.text);
    }
    const found = new Map<number, string>();
    for (const bucket of wanted) if (buckets.get(bucket) !== undefined) found.set(bucket, buckets.get(bucket)!);
    return found;
  };
  const { operations, schemas } = kept(core);
  return {
    async schema(pointer) {
      const key = `version:${versionId}\n${pointer}`;
      const known = schemas.get(key);
      if (known !== undefined) return known ?? undefined;
      const shown = await schemaOfParts(head, pointer, readBuckets);
      if (shown !== 'whole') schemas.set(key, shown ?? null);
      return shown;
    },
    async operation(path, method) {
      const key = `version:${versionId}\n${operationKey(method, path)}`;
      const known = operations.get(key);
      if (known) return known;
      const view = await operationOfParts(head, path, method, readBuckets);
      if (view) operations.set(key, view);
      return view;
    },
  };
}

/** The latest processed version of an organization's spec, by slug or id, with the spec's slug. */
export async function latestSpecVersion(core: Core, organizationId: string, spec: string): Promise<{ id: string; slug: string } | undefined> {
  return await core.get<{ id: string; slug: string }>('SELECT last_version_id AS id, slug FROM openapi_specs WHERE organization_id = ? AND (slug = ? OR id = ?) AND last_version_id IS NOT NULL', [organizationId, spec, spec]);
}
