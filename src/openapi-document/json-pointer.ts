/**
 * The value a local JSON pointer (`#/components/schemas/Pet`, RFC 6901 in a URI fragment) names in
 * `root`, or undefined: a pointer into another document, or to nothing (a segment that is no valid
 * percent-encoding, `#/%zz`, names nothing: it must not throw out of a document's processing).
 */
export function pointed(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let at: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    let key: string;
    try {
      key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return undefined;
    }
    if (at === null || typeof at !== 'object' || !Object.prototype.hasOwnProperty.call(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}
