import type { ApiClient } from '../api/client';
import { routes } from '../api/routes/index';

/**
 * Pages for an assistant (issue 36): as MCP resources (`docsctl://spaces/{spaceId}/pages/{pageId}`,
 * markdown) and through the `read_page` task tool (a page by its path). Through the API, so local and
 * remote alike, and only what the caller may read.
 */
export const PAGE_URI_TEMPLATE = 'docsctl://spaces/{spaceId}/pages/{pageId}';
/** Pages listed as resources at most (a listing says when there are more; any page reads by its URI). */
export const MAX_LISTED_PAGES = 500;

export interface PageResource { uri: string; name: string; description: string; mimeType: 'text/markdown' }

const uriOf = (spaceId: string, pageId: string) => `docsctl://spaces/${encodeURIComponent(spaceId)}/pages/${encodeURIComponent(pageId)}`;

type TreePage = { id: string; title: string; path?: string; type?: string; pages?: unknown[] };

/** The pages of every space the caller can see, in tree order, up to MAX_LISTED_PAGES. */
export async function listPageResources(api: ApiClient): Promise<{ resources: PageResource[]; more: boolean }> {
  const resources: PageResource[] = [];
  const orgs = await api.call(routes.listOrganizations, { query: { limit: 100 } });
  for (const org of orgs.items) {
    const spaces = await api.call(routes.listSpaces, { params: { organizationId: org.id }, query: { limit: 100 } });
    for (const space of spaces.items) {
      const tree = await api.call(routes.listSpacePages, { params: { spaceId: space.id } });
      const walk = (pages: TreePage[]): boolean => {
        for (const page of pages) {
          if (page.type === 'document') {
            if (resources.length >= MAX_LISTED_PAGES) return true;
            resources.push({ uri: uriOf(space.id, page.id), name: page.title, description: `${space.title} / ${page.path ?? page.id}`, mimeType: 'text/markdown' });
          }
          if (walk((page.pages ?? []) as TreePage[])) return true;
        }
        return false;
      };
      if (walk(tree.pages as TreePage[])) return { resources, more: true };
    }
  }
  return { resources, more: false };
}

/** A page resource's markdown; a URI that is not a page's is said so. */
export async function readPageResource(api: ApiClient, uri: string): Promise<string> {
  const found = /^docsctl:\/\/spaces\/([^/]+)\/pages\/([^/]+)$/.exec(uri);
  if (!found) throw new Error(`${uri}: not a page of docsctl (${PAGE_URI_TEMPLATE})`);
  const page = await api.call(routes.getSpacePage, { params: { spaceId: decodeURIComponent(found[1]), pageId: decodeURIComponent(found[2]) }, query: { format: 'markdown' } });
  return markdownOf(page);
}

/** A page of a space by its path (`guides/install`), as markdown with its title. */
export async function readPageByPath(api: ApiClient, spaceId: string, path: string): Promise<string> {
  const page = await api.call(routes.getSpacePageByPath, { params: { spaceId, pagePath: path.replace(/^\/+|\/+$/g, '') }, query: { format: 'markdown' } });
  return markdownOf(page);
}

function markdownOf(page: { title: string; markdown?: string } & object): string {
  return 'markdown' in page && typeof page.markdown === 'string' ? page.markdown : `# ${page.title}\n\n(this page has no markdown: it is a ${(page as { type?: string }).type ?? 'page'})`;
}
