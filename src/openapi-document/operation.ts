/**
 * One operation of a parsed OpenAPI 3.x or Swagger 2.0 document, as a page shows it (issue 58): its
 * parameters by location, request body and responses with their schemas, an example of each, and the
 * servers. `$ref`s are resolved as far as a page shows: a schema named by a `$ref` is opened once per
 * branch (met again inside itself, it is shown by name), at most MAX_SCHEMA_DEPTH levels deep and
 * MAX_SCHEMA_NODES nodes an operation, so no document makes a page expand without bound.
 */

import { pointed } from './json-pointer';
import { HTTP_METHODS } from './operations';

export const MAX_SCHEMA_DEPTH = 6;
export const MAX_SCHEMA_NODES = 600;
const METHODS = new Set<string>(HTTP_METHODS);

export interface SchemaView {
  /** The schema's name when a `$ref` named it (`Pet`). */
  name?: string;
  type?: string;
  format?: string;
  description?: string;
  enum?: string[];
  properties?: { name: string; required: boolean; schema: SchemaView }[];
  items?: SchemaView;
  /** oneOf / anyOf / allOf, with their schemas. */
  variants?: { kind: 'oneOf' | 'anyOf' | 'allOf'; schemas: SchemaView[] };
  /** Met again inside itself: shown by name, not opened. */
  recursive?: true;
  /** Past the depth or node bound: not opened. */
  truncated?: true;
  /**
   * Where a schema not opened here (recursive or truncated) is in the document, as a local `$ref`
   * (`#/components/schemas/Pet`): a page links it to the schema's own page (schemaAt).
   */
  at?: string;
}

export interface ParameterView { name: string; in: string; required: boolean; description?: string; schema?: SchemaView }
export interface BodyView { mediaType: string; schema?: SchemaView; example?: string }
export interface ResponseView { status: string; description?: string; content: BodyView[] }

export interface OperationView {
  method: string;
  path: string;
  summary?: string;
  description?: string;
  deprecated: boolean;
  parameters: ParameterView[];
  requestBody?: { description?: string; required: boolean; content: BodyView[] };
  responses: ResponseView[];
  servers: string[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** What a `$ref` names in the document: `pointed` in the whole document, or in the parts of it read (parts.ts). */
export type RefReader = (ref: string) => unknown;

/**
 * `value` with its `$ref` followed (a chain of them too, at most 20), and where it is in the document
 * (`at` as given, or the last `$ref` followed); undefined where one leads nowhere.
 */
function resolvedAt(refs: RefReader, value: unknown, at?: string): { value: Json; at?: string } | undefined {
  let here = value;
  let where = at;
  for (let hops = 0; isObject(here) && typeof here.$ref === 'string' && hops < 20; hops++) {
    where = here.$ref;
    here = refs(here.$ref);
  }
  return isObject(here) && typeof here.$ref !== 'string' ? { value: here, ...(where === undefined ? {} : { at: where }) } : undefined;
}

const resolved = (refs: RefReader, value: unknown): Json | undefined => resolvedAt(refs, value)?.value;

/** A key as one segment of a local `$ref` (RFC 6901's escapes, then a URI fragment's). */
export const pointerToken = (key: string) => encodeURIComponent(key.replace(/~/g, '~0').replace(/\//g, '~1'));

/** `at` and a key under it, where `at` is a local pointer; undefined where it is not. */
const under = (at: string | undefined, ...keys: string[]) => (at?.startsWith('#') ? `${at}/${keys.map(pointerToken).join('/')}` : undefined);

/** The last key of a `$ref` (`Pet` of `#/components/schemas/Pet`), its escapes undone. */
function refName(ref: string): string {
  const last = ref.split('/').pop() ?? ref;
  try {
    return decodeURIComponent(last).replace(/~1/g, '/').replace(/~0/g, '~');
  } catch {
    return last;
  }
}

/** Schema views of one operation, within its node budget. */
class SchemaReader {
  private nodes = 0;
  private exampleNodes = 0;
  constructor(private readonly refs: RefReader) {}

  /** The schema `value`, found at `at` in the document (a local pointer; undefined where it is made up). */
  view(value: unknown, depth = 0, opened: ReadonlySet<string> = new Set(), at?: string): SchemaView | undefined {
    if (!isObject(value)) return undefined;
    this.nodes++;
    const ref = typeof value.$ref === 'string' ? value.$ref : undefined;
    const name = ref ? refName(ref) : undefined;
    const where = ref ?? at;
    const link = where?.startsWith('#') ? { at: where } : {};
    if (ref && opened.has(ref)) return { name, recursive: true, ...link };
    // Past the depth bound a leaf (no `$ref`, nothing under it) is still shown: it costs its own node only.
    const leaf = !ref && !isObject(value.properties) && value.items === undefined && !['oneOf', 'anyOf', 'allOf'].some((kind) => value[kind] !== undefined);
    if ((depth >= MAX_SCHEMA_DEPTH && !leaf) || this.nodes > MAX_SCHEMA_NODES) return { ...(name ? { name } : {}), truncated: true, ...link };
    const found = ref ? resolvedAt(this.refs, value) : { value, at };
    if (!found) return name ? { name } : undefined;
    const { value: schema, at: here } = found;
    const inside = ref ? new Set([...opened, ref]) : opened;
    const view: SchemaView = {};
    if (name) view.name = name;
    const type = Array.isArray(schema.type) ? schema.type.filter((t) => typeof t === 'string').join(' | ') : text(schema.type);
    if (type) view.type = type;
    if (text(schema.format)) view.format = schema.format as string;
    if (text(schema.description)) view.description = schema.description as string;
    if (Array.isArray(schema.enum)) view.enum = schema.enum.slice(0, 50).map((v) => JSON.stringify(v));
    if (isObject(schema.properties)) {
      const required = new Set(Array.isArray(schema.required) ? schema.required : []);
      view.properties = Object.entries(schema.properties).slice(0, 200).map(([prop, child]) => ({ name: prop, required: required.has(prop), schema: this.view(child, depth + 1, inside, under(here, 'properties', prop)) ?? {} }));
    }
    if (schema.items !== undefined) view.items = this.view(schema.items, depth + 1, inside, under(here, 'items'));
    for (const kind of ['oneOf', 'anyOf', 'allOf'] as const) {
      if (Array.isArray(schema[kind])) view.variants = { kind, schemas: (schema[kind] as unknown[]).slice(0, 50).map((s, i) => this.view(s, depth + 1, inside, under(here, kind, String(i))) ?? {}) };
    }
    return view;
  }

  /** An example of a schema: the spec's own (example, default, first enum value), else one made from its type. */
  example(value: unknown, depth = 0, opened: ReadonlySet<string> = new Set()): unknown {
    if (!isObject(value) || depth > MAX_SCHEMA_DEPTH || ++this.exampleNodes > MAX_SCHEMA_NODES) return undefined;
    const ref = typeof value.$ref === 'string' ? value.$ref : undefined;
    if (ref && opened.has(ref)) return undefined;
    const schema = ref ? resolved(this.refs, value) : value;
    if (!schema) return undefined;
    if (schema.example !== undefined) return schema.example;
    if (schema.default !== undefined) return schema.default;
    if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
    const inside = ref ? new Set([...opened, ref]) : opened;
    const first = ['oneOf', 'anyOf'].map((k) => schema[k]).find(Array.isArray) as unknown[] | undefined;
    if (first?.length) return this.example(first[0], depth + 1, inside);
    if (Array.isArray(schema.allOf)) return Object.assign({}, ...schema.allOf.map((s) => this.example(s, depth + 1, inside)).filter(isObject));
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    if (type === 'object' || isObject(schema.properties)) {
      return Object.fromEntries(Object.entries(isObject(schema.properties) ? schema.properties : {}).slice(0, 50).map(([k, v]) => [k, this.example(v, depth + 1, inside)]));
    }
    if (type === 'array') return schema.items === undefined ? [] : [this.example(schema.items, depth + 1, inside)];
    if (type === 'integer' || type === 'number') return 0;
    if (type === 'boolean') return true;
    if (type === 'string') return schema.format === 'date-time' ? '2024-01-01T00:00:00Z' : schema.format === 'date' ? '2024-01-01' : 'string';
    return undefined;
  }
}

/** The servers a request goes to: OpenAPI 3's `servers`, or Swagger 2's scheme, host and base path. */
function serversOf(doc: Json): string[] {
  if (Array.isArray(doc.servers)) return doc.servers.map((s) => (isObject(s) ? text(s.url) : undefined)).filter((u): u is string => !!u).slice(0, 10);
  const host = text(doc.host);
  if (!host) return [];
  const scheme = Array.isArray(doc.schemes) && typeof doc.schemes[0] === 'string' ? doc.schemes[0] : 'https';
  return [`${scheme}://${host}${text(doc.basePath) ?? ''}`];
}

const exampleText = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value, null, 2).slice(0, 20_000));

/** The bodies of a `content` map; `schemaAt` says where each media type's schema is in the document. */
function bodies(reader: SchemaReader, content: unknown, schemaAt: (mediaType: string) => string | undefined): BodyView[] {
  if (!isObject(content)) return [];
  return Object.entries(content).slice(0, 10).map(([mediaType, media]) => {
    const body = isObject(media) ? media : {};
    const own = body.example ?? (isObject(body.examples) ? Object.values(body.examples).map((e) => (isObject(e) ? e.value : undefined)).find((v) => v !== undefined) : undefined);
    const schema = reader.view(body.schema, 0, undefined, schemaAt(mediaType));
    const example = exampleText(own ?? reader.example(body.schema));
    return { mediaType, ...(schema ? { schema } : {}), ...(example ? { example } : {}) };
  });
}

/**
 * The operation `method` `path` of a parsed document, or why there is none: the path or the method
 * is not in the document. `refs` reads what a `$ref` names (in the parts of the document read so far,
 * parts.ts); everything else is read from `doc`'s `paths` and its top-level fields.
 */
export function operationOf(doc: Json, path: string, method: string, refs: RefReader = (ref) => pointed(doc, ref)): OperationView | { missing: 'path' | 'method' } {
  const paths = isObject(doc.paths) ? doc.paths : {};
  const item = resolvedAt(refs, paths[path], under('#', 'paths', path));
  if (!item) return { missing: 'path' };
  const verb = method.toLowerCase();
  const op = METHODS.has(verb) ? resolvedAt(refs, item.value[verb], under(item.at, verb)) : undefined;
  if (!op) return { missing: 'method' };
  const reader = new SchemaReader(refs);
  const swagger2 = typeof doc.swagger === 'string';
  // The path item's parameters, unless the operation names the same one; each with where it is.
  const listedIn = (owner: { value: Json; at?: string }) => (Array.isArray(owner.value.parameters) ? owner.value.parameters.map((p, i) => resolvedAt(refs, p, under(owner.at, 'parameters', String(i)))) : []);
  const listed = [...listedIn(op), ...listedIn(item)].filter((p): p is { value: Json; at?: string } => !!p && typeof p.value.name === 'string' && typeof p.value.in === 'string');
  const seen = new Set<string>();
  const parameters: ParameterView[] = [];
  let swaggerBody: { value: Json; at?: string } | undefined;
  for (const { value: p, at } of listed.slice(0, 200)) {
    const key = `${p.in} ${p.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (swagger2 && p.in === 'body') {
      swaggerBody = { value: p, at };
      continue;
    }
    // Swagger 2's other parameters carry their schema's fields themselves: a schema made up, at no place of the document.
    const schema = p.schema !== undefined ? reader.view(p.schema, 0, undefined, under(at, 'schema')) : swagger2 ? reader.view({ type: p.type, format: p.format, items: p.items, enum: p.enum }) : undefined;
    parameters.push({ name: p.name as string, in: p.in as string, required: p.required === true || p.in === 'path', ...(text(p.description) ? { description: p.description as string } : {}), ...(schema ? { schema } : {}) });
  }
  const requestBodyOf = (): OperationView['requestBody'] => {
    if (swaggerBody) {
      const { value: parameter, at } = swaggerBody;
      const consumes = Array.isArray(op.value.consumes) ? op.value.consumes : Array.isArray(doc.consumes) ? doc.consumes : ['application/json'];
      const content = bodies(reader, Object.fromEntries(consumes.slice(0, 3).map((m) => [String(m), { schema: parameter.schema }])), () => under(at, 'schema'));
      return { ...(text(parameter.description) ? { description: parameter.description as string } : {}), required: parameter.required === true, content };
    }
    const body = resolvedAt(refs, op.value.requestBody, under(op.at, 'requestBody'));
    if (!body) return undefined;
    const content = bodies(reader, body.value.content, (mediaType) => under(body.at, 'content', mediaType, 'schema'));
    return { ...(text(body.value.description) ? { description: body.value.description as string } : {}), required: body.value.required === true, content };
  };
  const requestBody = requestBodyOf();
  const responses = Object.entries(isObject(op.value.responses) ? op.value.responses : {}).slice(0, 50).map(([status, raw]) => {
    const found = resolvedAt(refs, raw, under(op.at, 'responses', status));
    const response = found?.value ?? {};
    const produces = Array.isArray(op.value.produces) ? op.value.produces : Array.isArray(doc.produces) ? doc.produces : ['application/json'];
    const content = swagger2
      ? (response.schema ? bodies(reader, Object.fromEntries(produces.slice(0, 3).map((m) => [String(m), { schema: response.schema }])), () => under(found?.at, 'schema')) : [])
      : bodies(reader, response.content, (mediaType) => under(found?.at, 'content', mediaType, 'schema'));
    return { status, ...(text(response.description) ? { description: response.description as string } : {}), content };
  });
  const { summary, description } = op.value;
  return {
    method: verb,
    path,
    ...(text(summary) ? { summary: summary as string } : {}),
    ...(text(description) ? { description: description as string } : {}),
    deprecated: op.value.deprecated === true,
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses,
    servers: serversOf(doc),
  };
}

/** A schema as its own page shows it: its name (the last segment of its place), the schema and an example. */
export interface SchemaPageView {
  name: string;
  schema: SchemaView;
  example?: string;
}

/**
 * The schema at `pointer` (a local `$ref`, as SchemaView's `at` gives it) as its own page shows it,
 * opened as an operation's schemas are (the same depth and node bounds, counted from it), or undefined
 * where the pointer names no object.
 */
export function schemaAt(doc: Json, pointer: string, refs: RefReader = (ref) => pointed(doc, ref)): SchemaPageView | undefined {
  if (!pointer.startsWith('#') || !isObject(refs(pointer))) return undefined;
  const reader = new SchemaReader(refs);
  const schema = reader.view({ $ref: pointer });
  if (!schema) return undefined;
  const example = exampleText(reader.example({ $ref: pointer }));
  return { name: refName(pointer) || 'Schema', schema, ...(example ? { example } : {}) };
}

/** A curl command for the operation against its first server, with its body's example. */
export function curlOf(view: OperationView): string {
  const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;
  const base = (view.servers[0] ?? '').replace(/\/+$/, '');
  const query = view.parameters.filter((p) => p.in === 'query' && p.required).map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(p.name.toUpperCase())}`);
  const lines = [`curl -L \\`, `  --request ${view.method.toUpperCase()} \\`, `  --url ${quote(`${base}${view.path}${query.length ? `?${query.join('&')}` : ''}`)}`];
  for (const header of view.parameters.filter((p) => p.in === 'header' && p.required)) lines[lines.length - 1] += ` \\\n  --header ${quote(`${header.name}: ${header.name.toUpperCase()}`)}`;
  const body = view.requestBody?.content[0];
  if (body) {
    lines[lines.length - 1] += ` \\\n  --header ${quote(`Content-Type: ${body.mediaType}`)}`;
    if (body.example) lines[lines.length - 1] += ` \\\n  --data ${quote(body.example.length > 2000 ? `${body.example.slice(0, 2000)}…` : body.example)}`;
  }
  return lines.join('\n');
}
