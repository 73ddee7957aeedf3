import type { Context } from '../../context';
import { CliError, EXIT } from '../../errors';
import type { CallInput, ResultOf, Route } from '../../api/routes/route';
import type { Column, Page } from '../../output/output';
import type { PagingOptions } from './paging';

type ItemOf<R> = ResultOf<R> extends { items: (infer I)[] } ? I : never;

/**
 * Prints a list operation: the page asked for, or with `--all` every page as it arrives (`--limit` is then
 * the page size and `--page` where to start). The route's response schema tells `--json FIELDS` which
 * fields exist. Answers the number of items printed.
 */
export async function printList<R extends Route>(
  ctx: Context,
  opts: PagingOptions,
  route: R,
  input: CallInput<R>,
  columns: Column<ItemOf<R>>[],
): Promise<number> {
  const api = await ctx.client();
  if (opts.all) return ctx.out.stream(api.pages(route, input) as AsyncGenerator<Page<ItemOf<R>>>, columns, route.response);
  const result = (await api.call(route, input)) as unknown as Page<ItemOf<R>>;
  await ctx.out.list(result, columns, route.response);
  return result.items.length;
}

/**
 * The item of a list operation with this id, read page by page (pass `query: { limit: 1000 }`): for
 * verbs that look an item up before acting on it, so a question can name it and a wrong id asks
 * nothing. None: a not-found error saying `missing`.
 */
export async function findListed<R extends Route>(ctx: Context, route: R, input: CallInput<R>, id: string, missing: string): Promise<ItemOf<R>> {
  const api = await ctx.client();
  for await (const item of api.paginate(route, input)) {
    if ((item as { id?: unknown }).id === id) return item as ItemOf<R>;
  }
  throw new CliError(missing, EXIT.notFound);
}
