import type { Context } from '../../context';
import type { ApiClient } from '../../api/client';
import { routes } from '../../api/routes/index';
import type { Column } from '../../output/render';
import { idColumn } from '../../output/column-kinds';
import { includePathOf } from '../../content-tree/push';
import { flattenTree } from './page-tree';

/** A conflict as the merge and update-from-main answers name it (the platform's shape: ids only). */
export type Conflict = { page?: string; reusableContent?: string };

/** A conflicting page or reusable content as a person reads it: where it is, its title, and which side did what. */
export interface ConflictRow {
  id: string;
  kind: 'page' | 'reusable content';
  path: string;
  title: string;
  conflict: string;
}

const conflictColumns: Column<ConflictRow>[] = [
  idColumn((c) => c.id),
  { header: 'PATH', value: (c) => c.path, priority: 1 },
  { header: 'TITLE', value: (c) => c.title, priority: 3 },
  { header: 'CONFLICT', value: (c) => c.conflict, tone: () => 'bad', priority: 2 },
];

type Found = { path: string; title: string };

/**
 * Which side did what: a conflict is a change on both sides, or a change on one side and a deletion
 * on the other (so "deleted in space" means changed in the change request).
 */
function sides(inSpace: Found | undefined, inRequest: Found | undefined, what: string): string {
  const prefix = what === 'page' ? '' : `${what} `;
  if (inSpace && inRequest) return `${prefix}changed on both sides${inSpace.path !== inRequest.path ? ` (in the space at ${inSpace.path})` : ''}`;
  if (inRequest) return `${prefix}deleted in space`;
  if (inSpace) return `${prefix}deleted in change request`;
  return '';
}

/** The pages (by id: path and title) and reusable contents (by id: include path and title) of a space's content or a change request's. */
async function contentOf(api: ApiClient, spaceId: string, changeRequestId?: string) {
  const params = { spaceId, changeRequestId: changeRequestId ?? '' };
  const tree = changeRequestId ? await api.call(routes.listChangeRequestPages, { params }) : await api.call(routes.listSpacePages, { params });
  const pages = new Map<string, Found>(flattenTree(tree.pages).map(({ page }) => [page.id, { path: page.path, title: page.title }]));
  const reusables = new Map<string, Found>();
  const listing = changeRequestId
    ? api.paginate(routes.listChangeRequestReusableContents, { params, query: { limit: 1000 } })
    : api.paginate(routes.listSpaceReusableContents, { params, query: { limit: 1000 } });
  for await (const r of listing) reusables.set(r.id, { path: includePathOf({ title: r.title, ...(r.git ? { git: r.git.path } : {}) }), title: r.title });
  return { pages, reusables };
}

/**
 * The conflicts of a merge or an update from the space, with the path and title of each page (and
 * reusable content) looked up in the space's content and the change request's: the API answers ids
 * only, as the platform does (docs/decisions.md). When the look-up fails, the ids alone. Pages come
 * first, by path.
 */
export async function describeConflicts(api: ApiClient, spaceId: string, changeRequestId: string, conflicts: Conflict[]): Promise<ConflictRow[]> {
  const [space, request] = await Promise.all([contentOf(api, spaceId), contentOf(api, spaceId, changeRequestId)]).catch(() => [undefined, undefined]);
  const rows = conflicts.map((c): ConflictRow => {
    const kind = c.page !== undefined ? 'page' : 'reusable content';
    const id = c.page ?? c.reusableContent ?? '';
    const pick = (content: typeof space) => (kind === 'page' ? content?.pages : content?.reusables)?.get(id);
    const [inSpace, inRequest] = [pick(space), pick(request)];
    const found = inRequest ?? inSpace;
    return { id, kind, path: found?.path ?? '', title: found?.title ?? '', conflict: sides(inSpace, inRequest, kind) };
  });
  // Pages first, by path (the answer's order is the ids'); what was not found last.
  const key = (r: ConflictRow) => `${r.kind === 'page' ? 0 : 1}${r.path ? 0 : 1}${r.path}\u0000${r.id}`;
  return rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/**
 * Lists the conflicts on stdout (a table on a terminal, `ID\tPATH\tTITLE\tCONFLICT` piped: the id stays
 * the first field, as before the path and title were added): the caller then fails with exit 6.
 */
export async function printConflicts(ctx: Context, api: ApiClient, spaceId: string, changeRequestId: string, conflicts: Conflict[]): Promise<void> {
  await ctx.out.list(await describeConflicts(api, spaceId, changeRequestId, conflicts), conflictColumns);
}
