/**
 * Differences between two OpenAPI (3.x or Swagger 2.0) documents, operation by operation, with the
 * changes that break existing clients flagged. Pure: takes parsed documents, returns data.
 *
 * Breaking: a removed operation; a removed parameter; a parameter (or request body) that became
 * required, or a new required one; a removed success response; and a narrowed response type: a
 * removed property, an enum that lost values, or a changed type.
 */

import { HTTP_METHODS } from '../openapi-document/operations';
type Json = Record<string, unknown>;

export interface OperationRef {
  method: string;
  path: string;
  operationId?: string;
}

export interface Change {
  message: string;
  breaking: boolean;
}

export interface ChangedOperation extends OperationRef {
  changes: Change[];
}

export interface SpecDiff {
  added: OperationRef[];
  removed: OperationRef[];
  changed: ChangedOperation[];
  /** How many breaking changes in all (each removed operation counts one). */
  breaking: number;
}

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Follows local `$ref`s (`#/components/schemas/Pet`); external ones are left as they are. */
function resolver(doc: Json) {
  return function resolve(node: unknown, seen: Set<string> = new Set()): unknown {
    if (!isObject(node) || typeof node.$ref !== 'string' || !node.$ref.startsWith('#/')) return node;
    if (seen.has(node.$ref)) return {};
    let target: unknown = doc;
    for (const part of node.$ref.slice(2).split('/')) {
      target = isObject(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    }
    return resolve(target, new Set([...seen, node.$ref]));
  };
}

function operationsOf(doc: Json): Map<string, { ref: OperationRef; op: Json; shared: unknown[] }> {
  const out = new Map<string, { ref: OperationRef; op: Json; shared: unknown[] }>();
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const ref: OperationRef = { method: method.toUpperCase(), path, ...(typeof op.operationId === 'string' ? { operationId: op.operationId } : {}) };
      out.set(`${ref.method} ${path}`, { ref, op, shared: Array.isArray(item.parameters) ? item.parameters : [] });
    }
  }
  return out;
}

/** Parameters by `in:name`, the path item's shared ones overridden by the operation's. */
function parametersOf(entry: { op: Json; shared: unknown[] }, resolve: (n: unknown) => unknown): Map<string, Json> {
  const out = new Map<string, Json>();
  for (const raw of [...entry.shared, ...(Array.isArray(entry.op.parameters) ? entry.op.parameters : [])]) {
    const p = resolve(raw);
    if (isObject(p) && typeof p.name === 'string') out.set(`${String(p.in)}:${p.name}`, p);
  }
  return out;
}

/** A response's schema: OpenAPI 3's JSON (or first) media type, or Swagger 2's `schema`. */
function responseSchema(response: unknown, resolve: (n: unknown) => unknown): unknown {
  const r = resolve(response);
  if (!isObject(r)) return undefined;
  if (isObject(r.content)) {
    const media = (r.content['application/json'] ?? Object.values(r.content)[0]) as unknown;
    return isObject(media) ? media.schema : undefined;
  }
  return r.schema;
}

const typeOf = (schema: Json) => (Array.isArray(schema.type) ? [...schema.type].sort().join('|') : typeof schema.type === 'string' ? schema.type : undefined);

/** Narrowings of a response schema from `before` to `after`, at `where` (a path such as `id` or `items.tag`). */
function narrowings(before: unknown, after: unknown, where: string, resolve: (n: unknown, seen?: Set<string>) => unknown, depth = 0): Change[] {
  const a = resolve(before);
  const b = resolve(after);
  if (!isObject(a) || !isObject(b) || depth > 20) return [];
  const at = where ? ` ${where}` : '';
  const changes: Change[] = [];
  const ta = typeOf(a);
  const tb = typeOf(b);
  if (ta && tb && ta !== tb) changes.push({ message: `response${at}: type changed from ${ta} to ${tb}`, breaking: true });
  if (Array.isArray(a.enum) && Array.isArray(b.enum)) {
    const lost = (a.enum as unknown[]).filter((v) => !(b.enum as unknown[]).includes(v));
    const gained = (b.enum as unknown[]).filter((v) => !(a.enum as unknown[]).includes(v));
    if (lost.length) changes.push({ message: `response${at}: enum lost ${lost.map((v) => JSON.stringify(v)).join(', ')}`, breaking: true });
    if (gained.length) changes.push({ message: `response${at}: enum gained ${gained.map((v) => JSON.stringify(v)).join(', ')}`, breaking: false });
  }
  if (isObject(a.properties)) {
    const bp = isObject(b.properties) ? b.properties : {};
    for (const [name, schema] of Object.entries(a.properties)) {
      const path = where ? `${where}.${name}` : name;
      if (!(name in bp)) changes.push({ message: `response property ${path} removed`, breaking: true });
      else changes.push(...narrowings(schema, bp[name], path, resolve, depth + 1));
    }
    for (const name of Object.keys(bp)) {
      if (!(name in a.properties)) changes.push({ message: `response property ${where ? `${where}.${name}` : name} added`, breaking: false });
    }
  }
  if (a.items !== undefined && b.items !== undefined) changes.push(...narrowings(a.items, b.items, where ? `${where}[]` : '[]', resolve, depth + 1));
  return changes;
}

function compareOperation(
  before: { op: Json; shared: unknown[] }, after: { op: Json; shared: unknown[] },
  resolveBefore: (n: unknown) => unknown, resolveAfter: (n: unknown) => unknown,
): Change[] {
  const changes: Change[] = [];
  const pa = parametersOf(before, resolveBefore);
  const pb = parametersOf(after, resolveAfter);
  for (const [key, p] of pa) {
    const next = pb.get(key);
    if (!next) changes.push({ message: `parameter ${key} removed`, breaking: true });
    else if (next.required === true && p.required !== true) changes.push({ message: `parameter ${key} became required`, breaking: true });
    else if (next.required !== true && p.required === true) changes.push({ message: `parameter ${key} became optional`, breaking: false });
  }
  for (const [key, p] of pb) {
    if (!pa.has(key)) changes.push({ message: `${p.required === true ? 'required' : 'optional'} parameter ${key} added`, breaking: p.required === true });
  }
  const ba = resolveBefore(before.op.requestBody);
  const bb = resolveAfter(after.op.requestBody);
  if (isObject(bb) && bb.required === true && !(isObject(ba) && ba.required === true)) changes.push({ message: 'request body became required', breaking: true });

  const ra = isObject(before.op.responses) ? before.op.responses : {};
  const rb = isObject(after.op.responses) ? after.op.responses : {};
  // Both documents' refs resolve in their own document: narrowings walks them side by side.
  const both = (n: unknown) => n;
  for (const [status, response] of Object.entries(ra)) {
    if (!(status in rb)) {
      changes.push({ message: `response ${status} removed`, breaking: /^2/.test(status) });
      continue;
    }
    const sa = responseSchema(response, resolveBefore);
    const sb = responseSchema(rb[status], resolveAfter);
    for (const c of narrowings(dereference(sa, resolveBefore), dereference(sb, resolveAfter), '', both)) {
      changes.push({ ...c, message: `${status} ${c.message}` });
    }
  }
  for (const status of Object.keys(rb)) if (!(status in ra)) changes.push({ message: `response ${status} added`, breaking: false });

  for (const field of ['summary', 'description', 'deprecated'] as const) {
    if (JSON.stringify(before.op[field]) !== JSON.stringify(after.op[field])) changes.push({ message: `${field} changed`, breaking: false });
  }
  return changes;
}

/** A copy of a schema with its local refs inlined (cycles cut), so two documents compare directly. */
function dereference(node: unknown, resolve: (n: unknown, seen?: Set<string>) => unknown, seen: Set<string> = new Set(), depth = 0): unknown {
  if (depth > 20) return {};
  if (Array.isArray(node)) return node.map((n) => dereference(n, resolve, seen, depth + 1));
  if (!isObject(node)) return node;
  if (typeof node.$ref === 'string') {
    if (seen.has(node.$ref)) return {};
    return dereference(resolve(node), resolve, new Set([...seen, node.$ref]), depth + 1);
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, dereference(v, resolve, seen, depth + 1)]));
}

/** What changed from `before` (the published version) to `after` (the new document). */
export function diffSpecs(before: Json, after: Json): SpecDiff {
  const oa = operationsOf(before);
  const ob = operationsOf(after);
  const resolveBefore = resolver(before);
  const resolveAfter = resolver(after);
  const added = [...ob].filter(([key]) => !oa.has(key)).map(([, v]) => v.ref);
  const removed = [...oa].filter(([key]) => !ob.has(key)).map(([, v]) => v.ref);
  const changed: ChangedOperation[] = [];
  for (const [key, a] of oa) {
    const b = ob.get(key);
    if (!b) continue;
    const changes = compareOperation(a, b, resolveBefore, resolveAfter);
    if (changes.length) changed.push({ ...b.ref, changes });
  }
  const breaking = removed.length + changed.reduce((n, c) => n + c.changes.filter((x) => x.breaking).length, 0);
  return { added, removed, changed, breaking };
}
