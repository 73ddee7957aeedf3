import { invalid } from '../errors';
import { DEFAULT_LIMIT, decodeCursor, encodeCursor, type PageRequest } from '../pagination';

type Key = (string | number)[];

const compare = (a: Key, b: Key): number => {
  for (let i = 0; i < a.length; i++) {
    if (a[i] < b[i]) return -1;
    if (a[i] > b[i]) return 1;
  }
  return 0;
};

/**
 * One page of a list already in memory and sorted by `keyOf` (unique keys), with the same opaque,
 * validated cursors as `keysetPage`: the cursor holds the key of the last item returned, so a list that
 * changed between two pages goes on after that item rather than skipping or repeating some.
 */
export function pageInMemory<T>(
  listing: { name: string; key: ('string' | 'number')[] },
  sorted: T[],
  keyOf: (item: T) => Key,
  req: PageRequest,
): { next?: { page: string }; count: number; items: T[] } {
  const limit = req.limit ?? DEFAULT_LIMIT;
  let start = 0;
  if (req.page) {
    const after = decodeCursor(listing.name, req.page, listing.key.length);
    if (after.some((v, i) => typeof v !== listing.key[i])) throw invalid('page: is not a valid page cursor for this list');
    // Binary search for the first item after the cursor.
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(keyOf(sorted[mid]), after as Key) <= 0) lo = mid + 1;
      else hi = mid;
    }
    start = lo;
  }
  const items = sorted.slice(start, start + limit);
  const more = start + limit < sorted.length;
  return more ? { next: { page: encodeCursor(listing.name, keyOf(items[items.length - 1])) }, count: sorted.length, items } : { count: sorted.length, items };
}
