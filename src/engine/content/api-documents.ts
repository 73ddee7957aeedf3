import type { Core } from '../core';
import { BoundedCache } from '../bounded-cache';
import { parseText } from '../../openapi-document/document';
import { operationOf, type OperationView } from '../../openapi-document/operation';
import { MAX_SPEC_TEXT } from '../../domain/openapi-limits';

/** A document as read for pages and link checks: parsed, or why it cannot be. */
export type ParsedDocument = { document: Record<string, unknown> } | { unreadable: string };

/**
 * Parsed API documents by what identifies their bytes (`version:<id>` of a spec, `blob:<id>` of a file),
 * which never change: a few kept, since a large one is tens of megabytes parsed. Read once for all
 * pages showing its operations and for the link check.
 */
const documents = new BoundedCache<string, ParsedDocument>(8);
const operations = new BoundedCache<string, OperationView | { missing: 'path' | 'method' }>(512);

export async function parsedDocument(key: string, read: () => Promise<string>): Promise<ParsedDocument> {
  const known = documents.get(key);
  if (known) return known;
  let parsed: ParsedDocument;
  try {
    const text = await read();
    parsed = text.length > MAX_SPEC_TEXT ? { unreadable: `it is larger than ${MAX_SPEC_TEXT / 1024 / 1024} MiB` } : { document: parseText(text) };
  } catch (error) {
    parsed = { unreadable: (error as Error).message };
  }
  documents.set(key, parsed);
  return parsed;
}

/** The document of a spec version (its text stored with it). */
export const versionDocument = (core: Core, versionId: string) =>
  parsedDocument(`version:${versionId}`, async () => (await core.get<{ text: string }>('SELECT text FROM openapi_spec_versions WHERE id = ?', [versionId]))!.text);

/** An operation of a parsed document (`key` as parsedDocument's), read once. */
export function documentOperation(key: string, document: Record<string, unknown>, path: string, method: string): OperationView | { missing: 'path' | 'method' } {
  const viewKey = `${key}\n${method.toLowerCase()}\n${path}`;
  let view = operations.get(viewKey);
  if (!view) operations.set(viewKey, (view = operationOf(document, path, method)));
  return view;
}

/** The latest processed version of an organization's spec, by slug or id. */
export async function latestSpecVersion(core: Core, organizationId: string, spec: string): Promise<string | undefined> {
  return (await core.get<{ id: string }>('SELECT last_version_id AS id FROM openapi_specs WHERE organization_id = ? AND (slug = ? OR id = ?) AND last_version_id IS NOT NULL', [organizationId, spec, spec]))?.id;
}
