/** Deepest nesting of objects and arrays a request body may have (docs/security.md). */
export const MAX_JSON_DEPTH = 64;

/**
 * Where `value` nests deeper than `max`, as a field path (`jsonSchema.properties.a…`), or undefined.
 * Iterative, so a hostile depth cannot overflow the stack here; JSON-parsed values have no cycles.
 */
export function tooDeep(value: unknown, max = MAX_JSON_DEPTH): string | undefined {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 0, path: '' }];
  while (stack.length) {
    const { value: current, depth, path } = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= max) return path;
    const entries = Array.isArray(current) ? current.map((v, i) => [`[${i}]`, v] as const) : Object.entries(current).map(([k, v]) => [path ? `.${k}` : k, v] as const);
    // Paths are named up to four levels: enough to say which field, short enough to read.
    for (const [key, child] of entries) stack.push({ value: child, depth: depth + 1, path: depth < 4 ? `${path}${key}` : path.endsWith('…') ? path : `${path}…` });
  }
  return undefined;
}
