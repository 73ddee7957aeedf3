import type { Core } from '../core';
import { parseText } from '../../openapi-document/document';
import { operationsOf, operationTags, UNTAGGED } from '../../openapi-document/operations';
import type { PageComputed } from '../../domain/content-change';


interface Operation {
  summary?: string;
  description?: string;
  operationId?: string;
  tags?: string[];
  deprecated?: boolean;
}

/** The reference of an API document as markdown: title, description, then each tag's operations. */
export function markdownOfSpec(text: string): string {
  const doc = parseText(text) as { info?: { title?: string; version?: string; description?: string }; paths?: Record<string, Record<string, Operation>> };
  const byTag = new Map<string, string[]>();
  for (const { path, method, operation: op } of operationsOf<Operation>(doc.paths)) {
    const lines = [`### \`${method.toUpperCase()} ${path}\`${op.deprecated ? ' (deprecated)' : ''}`];
    if (op.summary) lines.push('', op.summary);
    if (op.operationId) lines.push('', `Operation ID: \`${op.operationId}\``);
    for (const tag of op.tags?.length ? op.tags : [UNTAGGED]) {
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push(lines.join('\n'));
    }
  }
  const title = [doc.info?.title ?? 'API reference', doc.info?.version ? `(${doc.info.version})` : ''].filter(Boolean).join(' ');
  const parts = [`# ${title}`];
  if (doc.info?.description) parts.push(doc.info.description);
  for (const [tag, operations] of byTag) parts.push(`## ${tag}`, ...operations);
  return `${parts.join('\n\n')}\n`;
}

/**
 * The reference of one tag of an API document (an API reference section's page, issue 58): the tag's
 * description, then each of its operations as an `openapi-operation` block, which pages render from the
 * spec's latest version. `Other` holds the operations without a tag.
 */
export function tagMarkdownOfSpec(text: string, spec: string, tag: string): string {
  const doc = parseText(text) as { tags?: { name?: string; description?: string }[]; paths?: Record<string, Record<string, Operation>> };
  const parts: string[] = [];
  const description = doc.tags?.find((t) => t?.name === tag)?.description;
  if (typeof description === 'string' && description.trim()) parts.push(description.trim());
  const quoted = (value: string) => (value.includes('"') ? `'${value}'` : `"${value}"`);
  for (const { path, method, operation: op } of operationsOf<Operation>(doc.paths)) {
    if (!operationTags(op).includes(tag) || /[\r\n]/.test(path)) continue;
    parts.push(`{% openapi-operation spec=${quoted(spec)} path=${quoted(path)} method="${method}" %}\n{% endopenapi-operation %}`);
  }
  if (!parts.length) parts.push(`> The latest version of the OpenAPI specification "${spec}" has no operation tagged "${tag}".`);
  return `${parts.join('\n\n')}\n`;
}

/**
 * What a computed page shows, at read time: the markdown generated from the latest version of the
 * spec it references (by slug or id, in the space's organization). A spec that does not exist or has
 * no version yet gives a short note instead, so publishing it later fills the page in.
 */
export async function computedMarkdown(core: Core, spaceId: string, computed: PageComputed): Promise<string> {
  return await computedMarkdownAt(core, computed, await computedVersion(core, spaceId, computed));
}

/** What a computed page shows when its spec is at `versionId` (undefined: the spec has no version). */
export async function computedMarkdownAt(core: Core, computed: PageComputed, versionId: string | undefined): Promise<string> {
  if (!versionId) return `> The OpenAPI specification "${computed.dependencies.spec.ref.spec}" has no processed version yet.\n`;
  // A version never changes: its markdown is worked out once (a tag's page: once per tag).
  const tag = computed.props?.tag;
  if (typeof tag === 'string') {
    const spec = computed.dependencies.spec.ref.spec;
    return await core.immutable(`openapi-markdown:${versionId}:${spec}:${tag}`, async () => {
      const row = (await core.get<{ text: string; json_text: string | null }>('SELECT text, json_text FROM openapi_spec_versions WHERE id = ?', [versionId]))!;
      return tagMarkdownOfSpec(row.json_text ?? row.text, spec, tag);
    });
  }
  return await core.immutable(`openapi-markdown:${versionId}`, async () =>
    markdownOfSpec((await core.get<{ text: string }>('SELECT text FROM openapi_spec_versions WHERE id = ?', [versionId]))!.text),
  );
}

/** The spec version a computed page shows now (the latest of the spec it names), if there is one. */
export async function computedVersion(core: Core, spaceId: string, computed: PageComputed): Promise<string | undefined> {
  const ref = computed.dependencies.spec.ref.spec;
  return (await core.get<{ id: string }>(
    `SELECT s.last_version_id AS id FROM openapi_specs s JOIN spaces sp ON sp.organization_id = s.organization_id
     WHERE sp.id = ? AND (s.slug = ? OR s.id = ?) AND s.last_version_id IS NOT NULL`,
    [spaceId, ref, ref],
  ))?.id;
}

/** The markdown a page shows: generated for a computed page, stored for any other. */
export async function shownMarkdown(core: Core, spaceId: string, data: { markdown: string; computed?: PageComputed }): Promise<string> {
  return data.computed ? await computedMarkdown(core, spaceId, data.computed) : data.markdown;
}
