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

/**
 * A local pointer's segments as a path's (each decoded, RFC 6901's escapes kept: none holds `/`);
 * undefined for `#`, a pointer into another document, a bad escape or an empty segment.
 */
export function pointerSegments(pointer: string): string[] | undefined {
  if (!pointer.startsWith('#/')) return undefined;
  const segments: string[] = [];
  for (const raw of pointer.slice(2).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (!segment) return undefined;
    // A `/` written as `%2F` is part of the key: written as RFC 6901 writes it, it names the same.
    segments.push(segment.replace(/\//g, '~1'));
  }
  return segments;
}

/** The local pointer of segments as pointerSegments gives them. */
export const pointerOfSegments = (segments: string[]) => `#/${segments.map(encodeURIComponent).join('/')}`;
