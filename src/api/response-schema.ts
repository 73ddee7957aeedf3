/**
 * The response schema of the route an API answer came from, kept on the answer itself (a hidden,
 * non-enumerable property: JSON output never shows it). The output layer reads it to know every field
 * an object can have, not only those this answer happens to carry (`--json FIELDS`).
 */
const RESPONSE_SCHEMA = Symbol('docsctl.responseSchema');

/** Marks `value` (an object parsed from a response) as an answer of a route with this schema. */
export function tagResponse<T>(value: T, schema: unknown): T {
  if (schema !== undefined && typeof value === 'object' && value !== null) {
    Object.defineProperty(value, RESPONSE_SCHEMA, { value: schema, enumerable: false });
  }
  return value;
}

/** The schema `tagResponse` put on `value`, if it is an API answer. */
export function responseSchemaOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? (value as { [RESPONSE_SCHEMA]?: unknown })[RESPONSE_SCHEMA] : undefined;
}
