import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Route } from '../../src/api/routes/route';
import type { OpenApiDocument } from './platform-spec';

/** One operation of the platform's document. */
export interface PlatformOperation {
  operationId: string;
  method: string;
  path: string;
  /** JSON pointer (in the document) of each success status's JSON schema, keyed by status. */
  responses: Map<number, string | undefined>;
}

/** What the platform's document says about docsctl's route. */
export interface Match {
  operation: PlatformOperation;
  by: 'operationId' | 'path';
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const shapeOf = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/^\/v1/, '').replace(/\{[^}]+\}/g, '{}')}`;

/** Every operation of the document, with where its success schemas are. */
export function platformOperations(doc: OpenApiDocument): PlatformOperation[] {
  const operations: PlatformOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op?.operationId) continue;
      const responses = new Map<number, string | undefined>();
      for (const [status, declared] of Object.entries<{ $ref?: string; content?: Record<string, { schema?: unknown }> }>(op.responses ?? {})) {
        if (!/^2\d\d$/.test(status)) continue;
        // A response may itself be a $ref into components/responses.
        const base = declared.$ref ? declared.$ref.slice(1) : `/paths/${escapePointer(path)}/${method}/responses/${status}`;
        const response = declared.$ref ? resolvePointer(doc, base) as typeof declared : declared;
        responses.set(Number(status), response.content?.['application/json']?.schema ? `${base}/content/application~1json/schema` : undefined);
      }
      operations.push({ operationId: op.operationId, method: method.toUpperCase(), path, responses });
    }
  }
  return operations;
}

/**
 * The platform's operation for a route: by operationId when it is the same method and path (the platform
 * uses `updateChangeRequest` for another operation), else by method and path with parameter names ignored.
 */
export function matchOperation(operations: PlatformOperation[], route: Route): Match | undefined {
  const shape = shapeOf(route.method, route.path);
  const byId = operations.find((op) => op.operationId === route.operationId && shapeOf(op.method, op.path) === shape);
  if (byId) return { operation: byId, by: 'operationId' };
  const byPath = operations.find((op) => shapeOf(op.method, op.path) === shape);
  return byPath && { operation: byPath, by: 'path' };
}

function resolvePointer(doc: unknown, pointer: string): unknown {
  return pointer.split('/').slice(1).reduce<unknown>((node, part) => (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
}

/**
 * The document as plain JSON Schema: OpenAPI 3.0's `nullable: true` becomes a union with null (the 3.1
 * document uses `type: 'null'`, plain already), and a `oneOf` with a `discriminator` becomes one
 * `if`/`then` per branch keyed on the property's value, so that only the named branch is checked.
 */
function asJsonSchema(doc: OpenApiDocument): object {
  const convert = (node: unknown, key?: string): unknown => {
    if (Array.isArray(node)) return node.map((n) => convert(n));
    if (!node || typeof node !== 'object' || key === 'example' || key === 'examples') return node;
    if (key === 'properties') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, convert(v)]));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) out[k] = convert(v, k);
    if (out.discriminator && Array.isArray(out.oneOf)) {
      const { propertyName, mapping } = out.discriminator as { propertyName: string; mapping?: Record<string, string> };
      const branches = mapping
        ? Object.entries(mapping).map(([value, ref]) => ({ values: [value], schema: { $ref: ref } }))
        : (out.oneOf as unknown[]).map((schema) => ({ values: tagValues(doc, schema, propertyName), schema }));
      const values = branches.flatMap((b) => b.values);
      delete out.oneOf;
      delete out.discriminator;
      out.allOf = [
        ...((out.allOf as unknown[] | undefined) ?? []),
        { required: [propertyName], properties: { [propertyName]: { enum: values } } },
        ...branches.map((b) => ({ if: { required: [propertyName], properties: { [propertyName]: { enum: b.values } } }, then: b.schema })),
      ];
    }
    if (out.nullable === true) {
      delete out.nullable;
      return { anyOf: [out, { type: 'null' }] };
    }
    return out;
  };
  return convert(doc) as object;
}

/**
 * The one change made to the platform's schemas: a document page's content (`Document`: markdown, a
 * document, or an empty object with no other property) may also be absent. A document page can meet
 * `Document` only while it carries its content, and the listings (a revision's pages, the page tree)
 * carry none, as the platform's own answers do; single-page reads are checked to carry `markdown` or
 * `document` by the test itself (docs/decisions.md). Everything else that uses `Document` (comment
 * bodies, write batches) keeps it as it is.
 */
function withListedPages(schema: object): object {
  const schemas = (schema as { components: { schemas: Record<string, { allOf?: unknown[] }> } }).components.schemas;
  const content = { $ref: '#/components/schemas/Document' };
  const noContent = { not: { anyOf: [{ required: ['markdown'] }, { required: ['document'] }] } };
  const page = schemas.RevisionPageDocument;
  page.allOf = page.allOf!.map((part) => (JSON.stringify(part) === JSON.stringify(content) ? { anyOf: [content, noContent] } : part));
  return schema;
}

/** The values a branch allows for the discriminating property, following `$ref` and `allOf`. */
function tagValues(doc: OpenApiDocument, schema: unknown, property: string): unknown[] {
  const node = schema as { $ref?: string; allOf?: unknown[]; properties?: Record<string, { enum?: unknown[]; const?: unknown; $ref?: string }> };
  if (node.$ref) return tagValues(doc, resolvePointer(doc, node.$ref.slice(1)), property);
  let prop = node.properties?.[property];
  if (prop?.$ref) prop = resolvePointer(doc, prop.$ref.slice(1)) as typeof prop;
  if (prop?.enum) return prop.enum;
  if (prop && 'const' in prop) return [prop.const];
  return (node.allOf ?? []).flatMap((part) => tagValues(doc, part, property));
}

/**
 * Validates answers against the document's schemas with ajv: `$ref`s into components resolve inside the
 * document (added whole under one id); `allOf` and `type: 'null'` are plain JSON Schema.
 */
export function platformValidator(doc: OpenApiDocument) {
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema(withListedPages(asJsonSchema(doc)), 'platform');
  const compiled = new Map<string, ValidateFunction>();
  return (pointer: string, body: unknown): ErrorObject[] => {
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `platform#${pointer}` });
      compiled.set(pointer, validate);
    }
    return validate(body) ? [] : [...(validate.errors ?? [])];
  };
}

/** An error's place in the answer as a JSON pointer, array indexes as `*`, naming the missing or extra property. */
export function errorPointer(error: ErrorObject): string {
  const base = error.instancePath.replace(/\/\d+(?=\/|$)/g, '/*');
  const property = (error.params as { missingProperty?: string; additionalProperty?: string }).missingProperty ?? (error.params as { additionalProperty?: string }).additionalProperty;
  return property === undefined ? base : `${base}/${escapePointer(property)}`;
}

const COMPOSITE = new Set(['oneOf', 'anyOf', 'if']);

/**
 * The errors no difference explains: a difference at a pointer explains every error at or below it;
 * a failed `oneOf`/`anyOf` is explained when some explained error lies below it (the branch failed on it).
 */
const covers = (pointer: string, at: string) => pointer === at || at.startsWith(`${pointer}/`);

export function unexplained(errors: ErrorObject[], pointers: string[]): { pointer: string; message: string }[] {
  const explained = (at: string) => pointers.some((p) => covers(p, at));
  const leafPointers = errors.filter((e) => !COMPOSITE.has(e.keyword)).map(errorPointer);
  return errors
    .map((e) => ({ e, at: errorPointer(e) }))
    .filter(({ e, at }) => !explained(at) && !(COMPOSITE.has(e.keyword) && leafPointers.some((leaf) => explained(leaf) && (at === '' || covers(at, leaf)))))
    .map(({ e, at }) => ({ pointer: at, message: `${e.keyword}: ${e.message}` }));
}

/** The listed pointers that explain at least one error (a listed difference that explains none is stale). */
export function explaining(errors: ErrorObject[], pointers: string[]): string[] {
  const at = errors.filter((e) => !COMPOSITE.has(e.keyword)).map(errorPointer);
  return pointers.filter((p) => at.some((a) => covers(p, a)));
}
