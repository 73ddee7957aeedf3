/**
 * Maps the items one after the other, awaiting each: a step may read what the one before it wrote, and
 * no two steps of one request interleave (`Array.map` with an async callback would start them all).
 */
export async function mapInOrder<T, U>(items: Iterable<T>, fn: (item: T, index: number) => U | Promise<U>): Promise<U[]> {
  const results: U[] = [];
  let index = 0;
  for (const item of items) results.push(await fn(item, index++));
  return results;
}

/** The items for which `keep` answers true, asked one after the other. */
export async function filterInOrder<T>(items: Iterable<T>, keep: (item: T) => boolean | Promise<boolean>): Promise<T[]> {
  const kept: T[] = [];
  for (const item of items) if (await keep(item)) kept.push(item);
  return kept;
}
