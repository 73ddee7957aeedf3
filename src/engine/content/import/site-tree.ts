import { slugify } from '../../../markdown/markdown';
import type { LocalPage } from '../../../content-tree/local-tree';
import { defaultFileOf } from '../../../content-tree/gitbook-config';
import type { CrawlResult } from './crawl';
import { MAX_TITLE, type ImportContent, type LinkTarget, type PageLinks } from './content';

interface Node {
  key: string;
  segment: string;
  page?: CrawlResult['pages'][number];
  children: Node[];
}

/** "getting-started" -> "Getting started": the title of a folder of URLs that is not a page itself. */
const humanize = (segment: string) => {
  const words = segment.replace(/[-_]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : segment;
};

/** Where `pull` would write a page: a page with sub-pages is a folder with its README.md. */

/**
 * Lays crawled pages out as a tree that mirrors their URL paths under the start URL: `guide/install`
 * goes under `guide`, which is a group page when `guide` itself was not crawled. Siblings come in the
 * order the crawl found them. The start URL's folder page (key '') is a root page named by its title.
 */
export function siteTree(crawled: CrawlResult, links: PageLinks): ImportContent {
  const root: Node = { key: '', segment: '', children: [] };
  const nodes = new Map<string, Node>();
  const nodeOf = (key: string): Node => {
    let node = nodes.get(key);
    if (node) return node;
    const cut = key.lastIndexOf('/');
    node = { key, segment: key.slice(cut + 1), children: [] };
    nodes.set(key, node);
    (cut === -1 ? root : nodeOf(key.slice(0, cut))).children.push(node);
    return node;
  };
  for (const page of crawled.pages) nodeOf(page.key).page = page;

  const pages: LocalPage[] = [];
  const pathOfKey = new Map<string, string>();
  const walk = (node: Node, parentPath: string | null) => {
    const taken = new Set<string>();
    for (const child of node.children) {
      const title = (child.page?.title ?? humanize(child.segment) ?? '').slice(0, MAX_TITLE) || 'Untitled';
      let slug = slugify(child.key === '' ? title : child.segment);
      for (let n = 2; taken.has(slug); n++) slug = `${slugify(child.key === '' ? title : child.segment)}-${n}`;
      taken.add(slug);
      const path = parentPath ? `${parentPath}/${slug}` : slug;
      pathOfKey.set(child.key, path);
      pages.push({
        path, parentPath, slug, title, markdown: child.page?.markdown ?? '', file: defaultFileOf(path, child.children.length > 0), group: !child.page,
      });
      walk(child, path);
    }
  };
  walk(root, null);

  const pageOfKey = new Map(crawled.pages.map((p) => [p.key, p]));
  links.targets = crawled.targets.map(({ key, url, fragment }): LinkTarget => {
    const landed = crawled.aliases.get(key) ?? key;
    const page = pageOfKey.get(landed);
    if (!page) return { url };
    const anchor = fragment ? page.anchors.get(fragment) : undefined;
    return { path: pathOfKey.get(landed), url, ...(anchor ? { anchor } : {}) };
  });
  return {
    tree: { pages, assets: [] },
    totalResources: crawled.found,
    importedResources: crawled.pages.length,
    links,
  };
}
