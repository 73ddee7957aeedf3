import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { fetchAll } from './fetch-all';
import { backlinkColumns } from './columns';

/** The pages of a space (or change request) that reference a file. */
export async function listBacklinks(ctx: Context, opts: { space: string; changeRequest?: string; file: string }): Promise<void> {
  const api = await ctx.client();
  const listing = opts.changeRequest
    ? await fetchAll(api, routes.listChangeRequestFileBacklinks, { params: { spaceId: opts.space, changeRequestId: opts.changeRequest, fileId: opts.file } })
    : await fetchAll(api, routes.listSpaceFileBacklinks, { params: { spaceId: opts.space, fileId: opts.file } });
  await ctx.out.list(listing, backlinkColumns);
  if (!ctx.out.json) ctx.out.message(`${listing.count} page(s) reference file ${opts.file}.`);
}
