import { curlOf, type BodyView, type OperationView, type ParameterView, type SchemaPageView, type SchemaView } from '../../openapi-document/operation';
import { escapeHtml } from './escape';

/**
 * An API operation as a page shows it (issue 58): method and path, summary and description, the
 * parameters by location, the request body and each response with their schemas and an example, a
 * request in curl, and the servers. No script: responses are `<details>` a visitor opens, and a schema
 * the page does not open (past its bounds, or inside itself) links to its own page where the reader
 * gives one (`SchemaHref`).
 */

/** How a page shows text and links: `markdown` renders a description; `schema` is the address of a schema's own page, by its pointer. */
export interface OperationContext {
  markdown(text: string): string;
  schema?(pointer: string): string | undefined;
}

const LOCATIONS: [string, string][] = [['path', 'Path parameters'], ['query', 'Query parameters'], ['header', 'Headers'], ['cookie', 'Cookies'], ['body', 'Body'], ['formData', 'Form fields']];

/** Parameters (each already an `<li>`) under a heading for each location, in the order a request is read. */
export function parametersByLocation(parameters: { in: string; html: string }[]): string {
  return LOCATIONS.map(([where, title]) => {
    const here = parameters.filter((p) => p.in === where);
    return here.length ? `<h4>${title}</h4><ul class="schema-properties">${here.map((p) => p.html).join('')}</ul>` : '';
  }).join('');
}

/** A schema's type as one phrase: `array of Pet`, `string (date-time)`, `Pet`. */
function typeOf(schema: SchemaView | undefined): string {
  if (!schema) return '';
  if (schema.type === 'array' || schema.items) return `array of ${typeOf(schema.items) || 'any'}`;
  const base = schema.name && (schema.recursive || schema.truncated || !schema.type || schema.type === 'object') ? schema.name : (schema.type ?? schema.name ?? '');
  return schema.format ? `${base} (${schema.format})` : base;
}

/** A schema's name, linked to its own page where it has one. */
const named = (words: string, href: string | undefined) => (href ? `<a href="${escapeHtml(href)}">${escapeHtml(words)}</a>` : escapeHtml(words));

function schemaHtml(schema: SchemaView | undefined, context: OperationContext): string {
  if (!schema) return '';
  const { markdown } = context;
  const parts: string[] = [];
  if (schema.description) parts.push(`<div class="schema-description">${markdown(schema.description)}</div>`);
  if (schema.enum) parts.push(`<p class="schema-enum">One of: ${schema.enum.map((v) => `<code>${escapeHtml(v)}</code>`).join(', ')}</p>`);
  // Not opened here: its own page, where it has a place in the document and the reader an address for it.
  const href = (schema.recursive || schema.truncated) && schema.at ? context.schema?.(schema.at) : undefined;
  if (schema.recursive) parts.push(`<p class="schema-note">${named(schema.name ?? 'This schema', href)} again (it holds itself).</p>`);
  if (schema.truncated) {
    parts.push(href
      ? `<p class="schema-note">More on its own page: ${named(schema.name ?? 'the rest of this schema', href)}.</p>`
      : `<p class="schema-note">${escapeHtml(schema.name ?? 'More')}: not shown at this depth.</p>`);
  }
  if (schema.properties?.length) {
    const rows = schema.properties.map((p) => `<li><code class="schema-name">${escapeHtml(p.name)}</code> <span class="schema-type">${escapeHtml(typeOf(p.schema))}</span>${p.required ? ' <span class="schema-required">required</span>' : ''}${schemaHtml(p.schema, context)}</li>`);
    parts.push(`<ul class="schema-properties">${rows.join('')}</ul>`);
  }
  const items = schema.items;
  if (items && (items.properties?.length || items.variants || items.truncated || items.recursive)) parts.push(schemaHtml({ ...items, description: undefined }, context));
  if (schema.variants) {
    const label = { oneOf: 'One of', anyOf: 'Any of', allOf: 'All of' }[schema.variants.kind];
    parts.push(`<div class="schema-variants"><p>${label}:</p><ol>${schema.variants.schemas.map((s) => `<li><span class="schema-type">${escapeHtml(typeOf(s) || 'object')}</span>${schemaHtml(s, context)}</li>`).join('')}</ol></div>`);
  }
  return parts.join('');
}

function parametersHtml(parameters: ParameterView[], context: OperationContext): string {
  return parametersByLocation(parameters.map((p) => ({
    in: p.in,
    html: `<li><code class="schema-name">${escapeHtml(p.name)}</code> <span class="schema-type">${escapeHtml(typeOf(p.schema))}</span>${p.required ? ' <span class="schema-required">required</span>' : ''}${p.description ? `<div class="schema-description">${context.markdown(p.description)}</div>` : ''}${schemaHtml(p.schema && { ...p.schema, description: undefined }, context)}</li>`,
  })));
}

function exampleHtml(example: string | undefined): string {
  return example ? `<details class="api-example"><summary>Example</summary><pre tabindex="0"><code>${escapeHtml(example)}</code></pre></details>` : '';
}

function bodyHtml(body: BodyView, context: OperationContext): string {
  return `<p class="api-media-type"><code>${escapeHtml(body.mediaType)}</code> <span class="schema-type">${escapeHtml(typeOf(body.schema))}</span></p>${schemaHtml(body.schema, context)}${exampleHtml(body.example)}`;
}

/** A schema's own page: what it is of and where, its type, the schema and an example. */
export function schemaPageHtml(view: SchemaPageView, of: string, place: string, context: OperationContext): string {
  return `<section class="api-operation api-schema"><p class="api-schema-place">A schema of ${escapeHtml(of)}, at <code>${escapeHtml(place)}</code>.</p><p class="api-media-type"><span class="schema-type">${escapeHtml(typeOf(view.schema) || 'object')}</span></p>${schemaHtml(view.schema, context)}${exampleHtml(view.example)}</section>\n`;
}

/** The whole operation; `context.markdown` renders a description (CommonMark, as the spec says) to HTML. */
export function operationHtml(view: OperationView, context: OperationContext): string {
  const { markdown } = context;
  const method = view.method.toUpperCase();
  const parts = [
    `<h3 class="api-operation-title"><code class="method method-${escapeHtml(view.method)}">${escapeHtml(method)}</code> <code>${escapeHtml(view.path)}</code>${view.deprecated ? ' <span class="api-deprecated">deprecated</span>' : ''}</h3>`,
  ];
  if (view.summary) parts.push(`<p class="api-operation-summary">${escapeHtml(view.summary)}</p>`);
  if (view.description) parts.push(`<div class="api-operation-description">${markdown(view.description)}</div>`);
  parts.push(parametersHtml(view.parameters, context));
  if (view.requestBody) {
    parts.push(`<h4>Request body${view.requestBody.required ? ' <span class="schema-required">required</span>' : ''}</h4>`);
    if (view.requestBody.description) parts.push(`<div class="schema-description">${markdown(view.requestBody.description)}</div>`);
    parts.push(...view.requestBody.content.map((body) => bodyHtml(body, context)));
  }
  if (view.responses.length) {
    parts.push('<h4>Responses</h4>');
    for (const response of view.responses) {
      const description = response.description ? `: ${escapeHtml(response.description.split('\n')[0])}` : '';
      parts.push(`<details class="api-response"><summary><code>${escapeHtml(response.status)}</code>${description}</summary>${response.content.map((body) => bodyHtml(body, context)).join('')}</details>`);
    }
  }
  parts.push(`<h4>Example request</h4><pre class="api-curl" tabindex="0"><code data-language="bash">${escapeHtml(curlOf(view))}</code></pre>`);
  if (view.servers.length) parts.push(`<p class="api-servers">Servers: ${view.servers.map((s) => `<code>${escapeHtml(s)}</code>`).join(', ')}</p>`);
  return `<section class="api-operation">${parts.join('')}</section>\n`;
}

/** What shows where a block names a spec, path or method that does not exist. */
export function operationNotice(notice: string, heading: string): string {
  return `<section class="api-operation">${heading}<p class="api-operation-notice" role="note">${escapeHtml(notice)}</p></section>\n`;
}
