/**
 * JSON Schema (ajv) errors of an OpenAPI document as a person reads them: where (a JSON pointer into
 * the document, `#/paths/~1pets/get`), then what is wrong, naming the property or value at fault
 * (`unexpected property "summry"`, `"querry" is not one of "path", "query", "header", "cookie"`).
 * swagger-parser's own message says only `#/paths/~1pets/get must NOT have additional properties`.
 */

/** An ajv error as swagger-parser hands it over (`error.details`). */
export interface SchemaError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params?: Record<string, unknown>;
  message?: string;
}

export const isSchemaErrors = (value: unknown): value is SchemaError[] =>
  Array.isArray(value) && value.length > 0 && value.every((e) => typeof e === 'object' && e !== null && typeof (e as SchemaError).instancePath === 'string' && typeof (e as SchemaError).keyword === 'string');

/** The value at a JSON pointer (`/paths/~1pets/get`) of `document`, or undefined. */
function valueAt(document: unknown, pointer: string): unknown {
  let at = document;
  for (const part of pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`);

/** A value as the message shows it: JSON, cut to 40 characters. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

const within = (path: string, base: string) => path === base || path.startsWith(`${base}/`);
const isOneOf = (e: SchemaError) => e.keyword === 'oneOf' || e.keyword === 'anyOf';
const isRefAlternative = (e: SchemaError) => e.keyword === 'required' && e.params?.missingProperty === '$ref';

/**
 * The errors worth reading. The OpenAPI schemas say "this object, or a `$ref`" and "one of these
 * forms" with oneOf, and ajv reports every alternative that failed: the `$ref` one (`must have required
 * property '$ref'`) and the summary (`must match exactly one schema in oneOf`) are left out when a more
 * precise error is there. When the forms differ by one property's value (a parameter's `in`), the
 * failures are that value not being any of them: one error, its allowed values together. When each
 * form requires another property, the problem is that one of them is missing (`"schema" or "content"`).
 */
function worthReading(errors: SchemaError[]): SchemaError[] {
  const dropped = new Set<SchemaError>();
  const added: SchemaError[] = [];
  for (const summary of errors.filter((e) => isOneOf(e) && e.schemaPath.endsWith(`/${e.keyword}`))) {
    const branches = errors.filter((e) => e !== summary && e.schemaPath.startsWith(`${summary.schemaPath}/`) && within(e.instancePath, summary.instancePath));
    const enumBranches = new Map<string, Set<string>>();
    for (const e of branches.filter((b) => b.keyword === 'enum')) {
      const branch = e.schemaPath.slice(summary.schemaPath.length + 1).split('/')[0];
      enumBranches.set(e.instancePath, (enumBranches.get(e.instancePath) ?? new Set()).add(branch));
    }
    const discriminator = [...enumBranches].find(([, seen]) => seen.size > 1)?.[0];
    if (discriminator !== undefined) for (const e of branches) if (!(e.keyword === 'enum' && e.instancePath === discriminator)) dropped.add(e);
    // Forms that each require another property (a parameter's schema or content): one of them is missing.
    if (discriminator === undefined && branches.length > 1 && branches.every((b) => b.keyword === 'required' && !isRefAlternative(b) && b.instancePath === branches[0].instancePath)) {
      for (const b of branches) dropped.add(b);
      added.push({ instancePath: branches[0].instancePath, schemaPath: summary.schemaPath, keyword: 'required', params: { missingProperty: branches.map((b) => b.params?.missingProperty) } });
    }
  }
  const kept = [...errors.filter((e) => !dropped.has(e)), ...added];
  const precise = (e: SchemaError) => kept.some((other) => other !== e && !isOneOf(other) && !isRefAlternative(other) && within(other.instancePath, e.instancePath));
  return kept.filter((e) => !((isOneOf(e) || isRefAlternative(e)) && precise(e)));
}

/** What one error says of its place (enum errors at one place are merged before they are said). */
function sentence(e: SchemaError, document: unknown): string {
  const params = e.params ?? {};
  const value = valueAt(document, e.instancePath);
  switch (e.keyword) {
    case 'additionalProperties':
      return `unexpected property ${JSON.stringify(params.additionalProperty)}`;
    case 'unevaluatedProperties':
      return `unexpected property ${JSON.stringify(params.unevaluatedProperty)}`;
    case 'required':
      return `missing required property ${Array.isArray(params.missingProperty) ? params.missingProperty.map((p) => JSON.stringify(p)).join(' or ') : JSON.stringify(params.missingProperty)}`;
    case 'type':
      return `must be ${String(params.type).replace(/,/g, ' or ')}${value === undefined ? '' : ` (it is ${kindOf(value)})`}`;
    case 'const':
      return `must be ${shown(params.allowedValue)}${value === undefined ? '' : ` (it is ${shown(value)})`}`;
    default:
      return e.message ?? e.keyword;
  }
}

/**
 * What a place is, whatever pointer reaches it: swagger-parser resolves internal `$ref`s in place
 * before validating, so a component used by reference is validated where it is defined and where it is
 * used, one object under several pointers. The object itself (by identity), or for a value that is
 * not one, the object holding it and its key.
 */
function placeOf(document: unknown, pointer: string, ids: Map<object, number>): string {
  const idOf = (object: object) => {
    if (!ids.has(object)) ids.set(object, ids.size);
    return ids.get(object)!;
  };
  const value = valueAt(document, pointer);
  if (value !== null && typeof value === 'object') return `${idOf(value)}`;
  const cut = pointer.lastIndexOf('/');
  const parent = valueAt(document, pointer.slice(0, cut));
  if (parent === null || typeof parent !== 'object') return `pointer:${pointer}`;
  return `${idOf(parent)}${pointer.slice(cut)}`;
}

/** Of several pointers to one place, the one to name: a definition (components, definitions), else the first. */
const DEFINITIONS = /^\/(components|definitions|parameters|responses|securityDefinitions)\//;

/**
 * One line a problem: `#/pointer: what is wrong`, the same problem once, enum errors at one place
 * merged. A problem of a component used by reference is named where the component is defined, with
 * where it is used (`… (used at #/paths/~1a/get/responses/200)`).
 */
export function describeSchemaErrors(errors: SchemaError[], document: unknown): string[] {
  const problems: { pointer: string; message?: string; allowed?: unknown[] }[] = [];
  const enums = new Map<string, { pointer: string; allowed: unknown[] }>();
  for (const e of worthReading(errors)) {
    if (e.keyword !== 'enum') {
      problems.push({ pointer: e.instancePath, message: sentence(e, document) });
      continue;
    }
    let merged = enums.get(e.instancePath);
    if (!merged) {
      merged = { pointer: e.instancePath, allowed: [] };
      enums.set(e.instancePath, merged);
      problems.push(merged);
    }
    for (const v of (e.params?.allowedValues as unknown[] | undefined) ?? []) if (!merged.allowed.some((known) => shown(known) === shown(v))) merged.allowed.push(v);
  }
  // The same problem at one place reached by several pointers: said once.
  const ids = new Map<object, number>();
  const byPlace = new Map<string, { message: string; pointers: string[] }>();
  for (const p of problems) {
    const value = valueAt(document, p.pointer);
    const message = p.message ?? `${value === undefined ? 'must be' : `${shown(value)} is not`} one of ${p.allowed!.map(shown).join(', ')}`;
    const key = `${placeOf(document, p.pointer, ids)}\u0000${message}`;
    const seen = byPlace.get(key);
    if (seen) seen.pointers.push(p.pointer);
    else byPlace.set(key, { message, pointers: [p.pointer] });
  }
  const where = (pointer: string) => `#${pointer || '/'}`;
  return [...byPlace.values()].map(({ message, pointers }) => {
    const named = pointers.find((p) => DEFINITIONS.test(p)) ?? pointers[0];
    const others = pointers.filter((p) => p !== named);
    const used = others.length ? ` (used at ${others.slice(0, 3).map(where).join(', ')}${others.length > 3 ? ` and ${others.length - 3} more` : ''})` : '';
    return `${where(named)}: ${message}${used}`;
  });
}
