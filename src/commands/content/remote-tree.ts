import type { ApiClient } from '../../api/client';
import { routes } from '../../api/routes/index';
import type { RemotePage } from '../../content-tree/space-page';


interface TreeNode {
  id: string;
  type: string;
  path: string;
  slug: string;
  title: string;
  href?: string;
  git?: { path: string };
  pages: TreeNode[];
}

/** The space's pages with their markdown (one request for the tree, one per page for its content). */
export async function readRemote(api: ApiClient, spaceId: string): Promise<{ pages: RemotePage[]; files: Map<string, { id: string; size: number }> }> {
  const tree = (await api.call(routes.listSpacePages, { params: { spaceId } })).pages as unknown as TreeNode[];
  const pages: RemotePage[] = [];
  const walk = (nodes: TreeNode[], parentId: string | null) =>
    nodes.forEach((node, position) => {
      pages.push({
        id: node.id, path: node.path, parentId, slug: node.slug, title: node.title, position, markdown: '', type: node.type,
        ...(node.href !== undefined ? { href: node.href } : {}),
        ...(node.git ? { git: node.git.path } : {}),
      });
      walk(node.pages, node.id);
    });
  walk(tree, null);
  for (const page of pages) {
    const full = await api.call(routes.getSpacePage, { params: { spaceId, pageId: page.id }, query: { format: 'markdown' } });
    page.markdown = full.markdown ?? '';
  }
  const files = new Map<string, { id: string; size: number }>();
  for await (const file of api.paginate(routes.listSpaceFiles, { params: { spaceId }, query: { limit: 1000 } })) {
    files.set(file.name, { id: file.id, size: file.size });
  }
  return { pages, files };
}
