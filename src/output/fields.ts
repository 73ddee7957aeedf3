import { UsageError } from '../errors';

/** A field is a property name, or a dot path into nested objects: `id`, `user.email`. */
const FIELD = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;

/** `--json id,user.email` → ['id', 'user.email']; anything that is not a field list is a usage error. */
export function parseFields(text: string): string[] {
  const fields = text.split(',').map((f) => f.trim()).filter(Boolean);
  const bad = fields.find((f) => !FIELD.test(f));
  if (bad !== undefined || !fields.length) {
    throw new UsageError(`--json: "${bad ?? text}" is not a field name (give a comma list such as --json id,title or --json user.email)`);
  }
  return [...new Set(fields)];
}

/** Whether the word after a bare `--json` reads as a field list rather than an argument. */
export function looksLikeFields(word: string): boolean {
  return word.split(',').every((f) => /^[a-z][A-Za-z]*(\.[a-z][A-Za-z]*)*$/.test(f));
}

/** Zod (mini) schema internals: enough to walk objects, wrappers and unions. */
interface SchemaNode {
  _zod: { def: { type: string; shape?: Record<string, SchemaNode>; innerType?: SchemaNode; options?: SchemaNode[]; element?: SchemaNode; in?: SchemaNode; getter?: () => SchemaNode } };
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch']);

function unwrap(schema: SchemaNode): SchemaNode {
  let s = schema;
  for (let i = 0; i < 20; i++) {
    const def = s._zod.def;
    if (WRAPPERS.has(def.type) && def.innerType) s = def.innerType;
    else if (def.type === 'pipe' && def.in) s = def.in;
    else if (def.type === 'lazy' && def.getter) s = def.getter();
    else break;
  }
  return s;
}

function collect(schema: SchemaNode, prefix: string, depth: number, out: Set<string>): void {
  const def = unwrap(schema)._zod.def;
  if (def.type === 'union') for (const option of def.options ?? []) collect(option, prefix, depth, out);
  if (def.type !== 'object' || !def.shape) return;
  for (const [key, child] of Object.entries(def.shape)) {
    out.add(prefix + key);
    if (depth < 4) collect(child, `${prefix}${key}.`, depth + 1, out);
  }
}

/** The field paths a response schema promises (objects and unions walked, arrays not entered). */
export function schemaFields(schema: unknown): string[] {
  const out = new Set<string>();
  if (schema && typeof schema === 'object' && '_zod' in schema) collect(schema as SchemaNode, '', 0, out);
  return [...out];
}

/** The schema of one item of a list response (`{ items: [...] }`), if it is one. */
export function itemSchema(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return undefined;
  const items = (unwrap(schema as SchemaNode)._zod.def.shape ?? {}).items;
  const def = items && unwrap(items)._zod.def;
  return def?.type === 'array' ? def.element : undefined;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The field paths present in actual objects (for outputs whose schema is not known). */
export function valueFields(values: unknown[]): string[] {
  const out = new Set<string>();
  const walk = (value: Record<string, unknown>, prefix: string, depth: number) => {
    for (const [key, child] of Object.entries(value)) {
      out.add(prefix + key);
      if (depth < 4 && isPlainObject(child)) walk(child, `${prefix}${key}.`, depth + 1);
    }
  };
  for (const v of values) if (isPlainObject(v)) walk(v, '', 0);
  return [...out];
}

/**
 * Rejects fields outside `valid`, listing the valid ones as gh does. With nothing to go by (an empty answer
 * of an operation whose schema is not known) every field passes, and prints as null.
 */
export function checkFields(fields: string[], valid: string[]): void {
  if (!valid.length) return;
  const known = new Set(valid);
  const unknown = fields.filter((f) => !known.has(f));
  if (!unknown.length) return;
  const names = unknown.map((f) => `"${f}"`).join(', ');
  const list = [...known].sort((a, b) => a.localeCompare(b)).map((f) => `  ${f}`).join('\n');
  throw new UsageError(`--json: unknown field${unknown.length > 1 ? 's' : ''} ${names}; available fields:\n${list}`);
}

/** Keeps only `fields` of `value`, nested as in the original; a missing field is null. */
export function pickFields(value: unknown, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const parts = field.split('.');
    let source: unknown = value;
    for (const part of parts) source = isPlainObject(source) ? source[part] : undefined;
    let target = out;
    for (const part of parts.slice(0, -1)) {
      if (!isPlainObject(target[part])) target[part] = {};
      target = target[part] as Record<string, unknown>;
    }
    target[parts[parts.length - 1]] = source === undefined ? null : source;
  }
  return out;
}
