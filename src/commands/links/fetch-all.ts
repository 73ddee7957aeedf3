import type { ApiClient } from '../../api/client';
import type { CallInput, ResultOf, Route } from '../../api/routes/route';

type Listing<R extends Route> = ResultOf<R> & { items: unknown[]; next?: { page: string } };

/**
 * Every page of a listing in one envelope (without `next`): the first page's other fields (the link
 * listing's `stats`) with all the items. A link check wants all of them, so pages are as large as allowed.
 */
export async function fetchAll<R extends Route>(api: ApiClient, route: R, input: CallInput<R>): Promise<Omit<Listing<R>, 'next'>> {
  const base = input as { query?: Record<string, unknown> };
  let first: Listing<R> | undefined;
  const items: unknown[] = [];
  let page: string | undefined;
  do {
    const result = (await api.call(route, { ...input, query: { ...base.query, limit: 1000, page } } as CallInput<R>)) as Listing<R>;
    first ??= result;
    items.push(...result.items);
    page = result.next?.page;
  } while (page);
  const { next: _next, ...rest } = first;
  return { ...rest, count: items.length, items } as Omit<Listing<R>, 'next'>;
}
