import type { Core } from '../core';
import { BoundedCache } from '../bounded-cache';
import { formatOf, parseText } from '../../openapi-document/document';
import { operationOf, type OperationView } from '../../openapi-document/operation';
import { MAX_SPEC_TEXT } from '../../domain/openapi-limits';

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
  parsedDocument(`version:${versionId}`, async () => {
    const row = (await core.get<{ text: string; json_text: string | null }>('SELECT text, json_text FROM openapi_spec_versions WHERE id = ?', [versionId]))!;
    return row.json_text ?? row.text;
  });

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
