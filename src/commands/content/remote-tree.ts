import type { ApiClient } from '../../api/client';
import { routes } from '../../api/routes/index';
import type { RemotePage } from '../../content-tree/space-page';
import type { RemoteFile, RemoteReusable } from '../../content-tree/push';
import type { ResultOf } from '../../api/routes/route';
import { flattenTree, type TreePage } from '../shared/page-tree';

/** A page as `readContent` answers it: what push and pull compare, and a computed page's generator. */
export type ContentPage = RemotePage & { computed?: TreePage['computed'] };
export type ContentFile = ResultOf<typeof routes.getSpaceFile>;

/** Where content is read: a space's current content, or a change request's. */
export type ContentRoot = { spaceId: string; changeRequestId?: string };

/**
 * The pages (parents first, siblings in order, with their markdown) and files of a space or of a
 * change request: one request for the tree, one per page for its content, the files page by page.
 */
export async function readContent(api: ApiClient, root: ContentRoot): Promise<{ pages: ContentPage[]; files: ContentFile[] }> {
  const cr = root.changeRequestId;
  const params = { spaceId: root.spaceId, changeRequestId: cr ?? '' };
  const tree = (cr ? await api.call(routes.listChangeRequestPages, { params }) : await api.call(routes.listSpacePages, { params })).pages;
  const pages: ContentPage[] = flattenTree(tree).map(({ page, parentId, position }) => ({
    id: page.id, path: page.path, parentId, slug: page.slug, title: page.title, position, markdown: '', type: page.type,
    ...(page.href !== undefined ? { href: page.href } : {}),
    ...(page.git ? { git: page.git.path } : {}),
    ...(page.computed ? { computed: page.computed } : {}),
  }));
  for (const page of pages) {
    const input = { params: { ...params, pageId: page.id }, query: { format: 'markdown' as const } };
    const full = cr ? await api.call(routes.getChangeRequestPage, input) : await api.call(routes.getSpacePage, input);
    page.markdown = ('markdown' in full ? full.markdown : undefined) ?? '';
  }
  const files: ContentFile[] = [];
  const listing = cr ? api.paginate(routes.listChangeRequestFiles, { params, query: { limit: 1000 } }) : api.paginate(routes.listSpaceFiles, { params, query: { limit: 1000 } });
  for await (const file of listing) files.push(file);
  return { pages, files };
}

/** The space's pages with their markdown, its files and its reusable content (what push and pull compare). */
export async function readRemote(api: ApiClient, spaceId: string): Promise<{ pages: RemotePage[]; files: RemoteFile[]; reusables: RemoteReusable[] }> {
  const { pages, files } = await readContent(api, { spaceId });
  return {
    pages,
    files: files.map((f) => ({ id: f.id, name: f.name, size: f.size, ...(f.sha256 ? { sha256: f.sha256 } : {}), ...(f.git ? { git: f.git.path } : {}) })),
    reusables: await readReusables(api, { spaceId }),
  };
}

/** The reusable contents of a space's or a change request's content, page by page of their listing. */
export async function readReusables(api: ApiClient, root: ContentRoot): Promise<RemoteReusable[]> {
  const params = { spaceId: root.spaceId, changeRequestId: root.changeRequestId ?? '' };
  const listing = root.changeRequestId
    ? api.paginate(routes.listChangeRequestReusableContents, { params, query: { limit: 1000 } })
    : api.paginate(routes.listSpaceReusableContents, { params, query: { limit: 1000 } });
  const found: RemoteReusable[] = [];
  for await (const r of listing) found.push({ id: r.id, title: r.title, markdown: r.markdown, ...(r.git ? { git: r.git.path } : {}) });
  return found;
}
