/**
 * How far a document's `$ref`s multiply it: the nodes (objects, arrays and values) it would hold with
 * every internal `$ref` replaced by what it points at, counted without building it. Each pointer's size
 * is counted once and remembered; a `$ref` back into one being counted (a recursive schema) counts as the
 * reference it stays. A document of n nodes is read in time proportional to n plus its distinct pointers.
 */
import { pointed } from './json-pointer';

export interface Expansion {
  /** Nodes of the document as written. */
  nodes: number;
  /** Nodes with its `$ref`s expanded (each `$ref` object replaced by its target); counting stops at `stopAt`. */
  expanded: number;
}

/** The nodes of a document as written (objects, arrays and values). */
function nodesOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 1;
  let total = 1;
  for (const child of Array.isArray(value) ? value : Object.values(value)) total += nodesOf(child);
  return total;
}

/**
 * Why a document passes the expansion bound (its `$ref`s multiply it more than `factor` times, past
 * `floor` nodes), or undefined when it does not; counted in milliseconds, before any validation.
 */
export function expansionBoundPassed(document: unknown, factor: number, floor: number): string | undefined {
  if (factor <= 0) return undefined;
  let counted: Expansion;
  try {
    counted = expansionOf(document);
  } catch (error) {
    // Nesting deeper than the stack (a hostile document of nested arrays): no validator follows it either.
    if (error instanceof RangeError) return 'the document is nested deeper than OpenAPI processing follows';
    throw error;
  }
  const { nodes, expanded } = counted;
  const bound = Math.max(factor * nodes, floor);
  if (expanded <= bound) return undefined;
  return `its $refs expand the document past ${bound.toLocaleString('en-US')} nodes (${nodes.toLocaleString('en-US')} as written), the expansion bound of OpenAPI processing (${factor} times the document, at least ${floor.toLocaleString('en-US')} nodes)`;
}

/**
 * The nodes of `document` as written and as expanded, in one walk of it (a 5 MB document: about 30 ms):
 * the walk as written counts its nodes too; a `$ref`'s target is walked for its size only, once.
 */
export function expansionOf(document: unknown, stopAt = Number.MAX_SAFE_INTEGER): Expansion {
  const sizes = new Map<string, number>();
  const counting = new Set<string>();
  let nodes = 0;
  // Sizes past `stopAt` are not needed exactly: the sums stop growing there (a bomb's stay numbers).
  const cap = (n: number) => Math.min(n, stopAt);
  const size = (value: unknown, written: boolean): number => {
    if (value === null || typeof value !== 'object') {
      if (written) nodes++;
      return 1;
    }
    const ref = (value as { $ref?: unknown }).$ref;
    if (typeof ref === 'string') {
      if (written) nodes += nodesOf(value);
      const known = sizes.get(ref);
      if (known !== undefined) return known;
      const target = pointed(document, ref);
      if (target === undefined || counting.has(ref)) return 1;
      counting.add(ref);
      const counted = size(target, false);
      counting.delete(ref);
      sizes.set(ref, counted);
      return counted;
    }
    if (written) nodes++;
    let total = 1;
    if (Array.isArray(value)) for (const child of value) total = cap(total + size(child, written));
    else for (const key in value) total = cap(total + size((value as Record<string, unknown>)[key], written));
    return total;
  };
  const expanded = size(document, true);
  return { nodes, expanded };
}
