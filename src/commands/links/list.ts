import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { CliError, EXIT } from '../../errors';
import { fetchAll } from './fetch-all';
import { linkColumns } from './columns';

export interface LinksOptions {
  space: string;
  changeRequest?: string;
  page?: string;
  status?: 'ok' | 'broken' | 'in-app';
  failOnBroken?: boolean;
}

/** The links of a space, a change request, or one page of either; exit 1 on broken ones with --fail-on-broken. */
export async function listLinks(ctx: Context, opts: LinksOptions): Promise<void> {
  const api = await ctx.client();
  const space = { spaceId: opts.space };
  const cr = { spaceId: opts.space, changeRequestId: opts.changeRequest ?? '' };
  // api.md filters by status at the space root only: at a change request's, the filter is applied here.
  const status = opts.status ? { status: opts.status } : {};
  const listing = opts.changeRequest
    ? opts.page
      ? await fetchAll(api, routes.listChangeRequestPageLinks, { params: { ...cr, pageId: opts.page } })
      : await fetchAll(api, routes.listChangeRequestLinks, { params: cr })
    : opts.page
      ? await fetchAll(api, routes.listSpacePageLinks, { params: { ...space, pageId: opts.page }, query: status })
      : await fetchAll(api, routes.listSpaceLinks, { params: space, query: status });
  const items = opts.status ? listing.items.filter((i) => i.status === opts.status) : listing.items;
  await ctx.out.list({ ...listing, count: items.length, items }, linkColumns);

  const { total, broken } = listing.stats;
  const introduced = broken.changeRequest
    ? ` (${broken.changeRequest} introduced by ${opts.changeRequest ? 'this change request' : 'open change requests'})`
    : '';
  ctx.out.message(`${total} link(s), ${broken.total} broken${introduced}.`);
  if (opts.failOnBroken && broken.total > 0) throw new CliError(`${broken.total} broken link(s) found`, EXIT.error);
}
