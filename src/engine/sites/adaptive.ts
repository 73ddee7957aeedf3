import { createRequire } from 'node:module';
import type { Core } from '../core';
import { invalid } from '../errors';
import type { SiteRow } from './rows';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
/** Top-level keywords a site's adaptive schema may use; anything else would change its shape. */
const TOP_LEVEL = new Set(['$schema', '$id', '$comment', 'title', 'description', 'type', 'properties', 'additionalProperties', 'required']);
/** Claim names: identifiers, so section and site space conditions can name them (`visitor.claims.beta`). */
const CLAIM_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const MAX_JSON_CHARS = 100_000;
/** The description the platform gives (and requires of) the `unsigned` property of every adaptive schema. */
export const UNSIGNED_DESCRIPTION = 'Unsigned claims of the site visitor.';

type Json = Record<string, unknown>;

/** The schema a site has before anything is PUT: no claims, only an empty `unsigned` object. */
export function defaultAdaptiveSchema(core: Core, site: SiteRow): Json {
  return {
    $schema: DRAFT_07,
    $id: core.apiUrl(`/orgs/${site.organization_id}/sites/${site.id}/adaptive-schema`),
    type: 'object',
    properties: {
      unsigned: { type: 'object', description: UNSIGNED_DESCRIPTION, properties: {}, additionalProperties: false },
    },
    additionalProperties: false,
  };
}

export function presentAdaptiveSchema(core: Core, site: SiteRow) {
  return {
    object: 'site-adaptive-schema' as const,
    // Schemas stored before `unsigned` was completed on PUT are completed here the same way.
    jsonSchema: site.adaptive_schema ? withCompleteUnsigned(JSON.parse(site.adaptive_schema) as Json) : defaultAdaptiveSchema(core, site),
    updatedAt: site.adaptive_updated_at ?? site.created_at,
  };
}

// ajv is loaded the first time a schema is checked, never at start-up.
const load = createRequire(import.meta.url);
type AjvInstance = import('ajv').default;
type AjvClass = new (options: import('ajv').Options) => AjvInstance;
let AjvCtor: AjvClass | undefined;

function newAjv(): AjvInstance {
  AjvCtor ??= load('ajv') as AjvClass;
  // Unknown keywords are errors (a typo such as `descripton` is caught); formats are not checked.
  return new AjvCtor({ strictSchema: true, strictTypes: false, strictTuples: false, strictRequired: false, validateFormats: false, allErrors: false, logger: false });
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `/properties/beta/type` -> `jsonSchema.properties.beta.type`. */
function fieldOf(pointer: string): string {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  return ['jsonSchema', ...parts].join('.');
}

/**
 * Checks that `schema` is a valid JSON Schema draft-07 (against the meta-schema, then compiled) and has
 * the shape api.md gives a site's adaptive schema: an object type without additional properties whose
 * properties are booleans with a description, plus an optional `unsigned` object of boolean claims.
 * Throws a 400 naming the first problem.
 */
export function checkAdaptiveSchema(schema: unknown): Json {
  if (!isObject(schema)) throw invalid('jsonSchema: must be a JSON object');
  if (JSON.stringify(schema).length > MAX_JSON_CHARS) throw invalid(`jsonSchema: must be at most ${MAX_JSON_CHARS} characters of JSON`);
  const ajv = newAjv();
  if (schema.$schema !== undefined && schema.$schema !== DRAFT_07 && schema.$schema !== DRAFT_07.slice(0, -1)) {
    throw invalid(`jsonSchema.$schema: must be "${DRAFT_07}" (JSON Schema draft-07)`);
  }
  if (!ajv.validateSchema(schema)) {
    const [error] = ajv.errors ?? [];
    throw invalid(`${fieldOf(error?.instancePath ?? '')}: ${error?.message ?? 'is not a valid JSON Schema'} (JSON Schema draft-07)`);
  }
  checkShape(schema);
  try {
    ajv.compile(schema);
  } catch (error) {
    throw invalid(`jsonSchema: ${(error as Error).message}`);
  }
  return withCompleteUnsigned(schema);
}

/**
 * The schema with its `unsigned` property (when it has one) as the platform requires it: its
 * `description` and `additionalProperties: false` (no claim beyond those listed), and `properties`,
 * filled in when left out. Checked before: a different description or `additionalProperties` is 400.
 */
export function withCompleteUnsigned(schema: Json): Json {
  const properties = schema.properties;
  if (!isObject(properties) || !isObject(properties.unsigned)) return schema;
  const unsigned = { description: UNSIGNED_DESCRIPTION, properties: {}, additionalProperties: false, ...properties.unsigned };
  return { ...schema, properties: { ...properties, unsigned } };
}

function checkShape(schema: Json): void {
  for (const key of Object.keys(schema)) {
    if (!TOP_LEVEL.has(key)) throw invalid(`jsonSchema.${key}: is not allowed in a site adaptive schema (allowed: ${[...TOP_LEVEL].join(', ')})`);
  }
  if (schema.type !== 'object') throw invalid('jsonSchema.type: must be "object"');
  if (schema.additionalProperties !== false) throw invalid('jsonSchema.additionalProperties: must be false');
  if (!isObject(schema.properties)) throw invalid('jsonSchema.properties: must be an object of claims');
  for (const [name, property] of Object.entries(schema.properties)) {
    const field = `jsonSchema.properties.${name}`;
    if (name === 'unsigned') {
      checkUnsigned(property, field);
      continue;
    }
    if (!CLAIM_NAME.test(name)) throw invalid(`${field}: a claim name must be an identifier (letters, digits, "_" or "$", not starting with a digit)`);
    checkBooleanClaim(property, field, true);
  }
  if (Array.isArray(schema.required)) {
    for (const name of schema.required as string[]) {
      if (!(name in schema.properties)) throw invalid(`jsonSchema.required: "${name}" is not one of the properties`);
    }
  }
}

function checkBooleanClaim(property: unknown, field: string, needsDescription: boolean): void {
  if (!isObject(property)) throw invalid(`${field}: must be a schema object of type "boolean"`);
  if (property.type !== 'boolean') throw invalid(`${field}.type: must be "boolean"`);
  if (needsDescription && (typeof property.description !== 'string' || !property.description.trim())) {
    throw invalid(`${field}.description: is required (a text saying what the claim means)`);
  }
}

function checkUnsigned(property: unknown, field: string): void {
  if (!isObject(property)) throw invalid(`${field}: must be a schema object of type "object"`);
  if (property.type !== 'object') throw invalid(`${field}.type: must be "object"`);
  // The platform fixes these two (left out, they are filled in: see withCompleteUnsigned).
  if (property.description !== undefined && property.description !== UNSIGNED_DESCRIPTION) {
    throw invalid(`${field}.description: must be "${UNSIGNED_DESCRIPTION}" (or left out)`);
  }
  if (property.additionalProperties !== undefined && property.additionalProperties !== false) {
    throw invalid(`${field}.additionalProperties: must be false (or left out): unsigned claims are the ones listed`);
  }
  if (property.properties === undefined) return;
  if (!isObject(property.properties)) throw invalid(`${field}.properties: must be an object of boolean claims`);
  for (const [name, claim] of Object.entries(property.properties)) {
    if (!CLAIM_NAME.test(name)) throw invalid(`${field}.properties.${name}: a claim name must be an identifier (letters, digits, "_" or "$", not starting with a digit)`);
    checkBooleanClaim(claim, `${field}.properties.${name}`, false);
  }
}
