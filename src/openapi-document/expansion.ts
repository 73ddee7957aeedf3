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
  let nodes: number;
  let bound: number;
  let expanded: number;
  try {
    nodes = nodesOf(document);
    bound = Math.max(factor * nodes, floor);
    expanded = expansionOf(document, bound + 1).expanded;
  } catch (error) {
    // Nesting deeper than the stack (a hostile document of nested arrays): no validator follows it either.
    if (error instanceof RangeError) return 'the document is nested deeper than OpenAPI processing follows';
    throw error;
  }
  if (expanded <= bound) return undefined;
  return `its $refs expand the document past ${bound.toLocaleString('en-US')} nodes (${nodes.toLocaleString('en-US')} as written), the expansion bound of OpenAPI processing (${factor} times the document, at least ${floor.toLocaleString('en-US')} nodes)`;
}

export function expansionOf(document: unknown, stopAt = Number.MAX_SAFE_INTEGER): Expansion {
  const sizes = new Map<string, number>();
  const counting = new Set<string>();
  // Sizes past `stopAt` are not needed exactly: the sums stop growing there.
  const cap = (n: number) => Math.min(n, stopAt);
  const size = (value: unknown): number => {
    if (value === null || typeof value !== 'object') return 1;
    const ref = (value as { $ref?: unknown }).$ref;
    if (typeof ref === 'string') {
      const known = sizes.get(ref);
      if (known !== undefined) return known;
      const target = pointed(document, ref);
      if (target === undefined || counting.has(ref)) return 1;
      counting.add(ref);
      const counted = size(target);
      counting.delete(ref);
      sizes.set(ref, counted);
      return counted;
    }
    let total = 1;
    for (const child of Array.isArray(value) ? value : Object.values(value)) total = cap(total + size(child));
    return total;
  };
  return { nodes: nodesOf(document), expanded: size(document) };
}
