/** The operations of an OpenAPI document's `paths`, as every reader of them walks them. */

/** The methods a path item may hold an operation under (OpenAPI 3; Swagger 2 has the same but trace). */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The tag operations without one are listed under (as the platform's reference shows them). */
export const UNTAGGED = 'Other';

/** Each operation of `paths`, path by path in the document's order, methods in HTTP_METHODS' order. */
export function* operationsOf<Op extends object = Record<string, unknown>>(paths: unknown): Generator<{ path: string; method: (typeof HTTP_METHODS)[number]; operation: Op }> {
  if (!paths || typeof paths !== 'object') return;
  for (const [path, item] of Object.entries(paths)) {
    if (!item || typeof item !== 'object') continue;
    for (const method of HTTP_METHODS) {
      const operation = (item as Record<string, unknown>)[method];
      if (operation && typeof operation === 'object') yield { path, method, operation: operation as Op };
    }
  }
}

/** An operation's named tags (blank and non-text tags left out). */
export const namedTags = (operation: { tags?: unknown }): string[] =>
  (Array.isArray(operation.tags) ? operation.tags.filter((t): t is string => typeof t === 'string' && !!t.trim()) : []);

/** The tags an operation is listed under: its named ones, else UNTAGGED. */
export function operationTags(operation: { tags?: unknown }): string[] {
  const named = namedTags(operation);
  return named.length ? named : [UNTAGGED];
}
