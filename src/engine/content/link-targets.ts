import type { Token, Tokens } from 'marked';
import { posix } from 'node:path';
import { lexBlocks, splitFrontmatter, walkTokens } from '../../markdown/markdown';
import { headingAnchors, headingOf, platformSlugOfHeading, slugOfHeading, summaryTexts, type Heading } from '../../markdown/headings';
import { decodeCharacterReferences } from '../../markdown/character-references';
import { FOOTNOTE_DEFINITION, footnoteIds } from '../../markdown/footnotes';
import type { LinkBlock, LiquidTag, ReusableContentTag } from '../../markdown/gitbook-blocks';
import { tagAttributes } from '../../markdown/liquid-containers';


export type LinkStatus = 'ok' | 'broken' | 'in-app';
export type LinkKind = 'page' | 'file' | 'anchor' | 'url' | 'reusable-content' | 'openapi-operation';

/** What one page's markdown holds: the targets of its links and images, the reusable contents it includes, and its heading ids. */
export interface PageScan {
  hrefs: string[];
  /** The ids its `{% include "/reusable-contents/<id>" %}` lines name, in order. */
  includes: string[];
  /** Every anchor naming a heading or footnote of the page, with the id its published page gives it. */
  anchors: Map<string, string>;
  /** The API operations its `{% openapi-operation spec path method %}` blocks name. */
  operations: OperationRef[];
}

export interface OperationRef { spec: string; path: string; method: string }


/** `href` of `<a>` and `src` of `<img>` in a piece of raw HTML (quoted either way, or bare). */
const HTML_TARGET = /<(?:a|img)\b[^>]*?\s(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>`=]+))/gi;

/** The link targets of raw HTML; commented-out HTML links nowhere. */
export function htmlTargets(html: string): string[] {
  const live = html.replace(/<!--[\s\S]*?(?:-->|$)/g, '');
  // An attribute's character references are what the browser reads (`A &#x26; B.png` is `A & B.png`).
  return [...live.matchAll(HTML_TARGET)].map((m) => decodeCharacterReferences(m[1] ?? m[2] ?? m[3])).filter((href) => href !== '');
}

/**
 * Every link and image target of a markdown document, found by marked's lexer (so links in code are
 * not links, and nested ones in lists, tables, blockquotes, link texts and GitBook blocks are), with
 * the `<a href>` and `<img src>` of raw HTML (block or inline), the targets of GitBook's content-ref,
 * page-ref, embed and file blocks, the reusable contents its include lines name (the lexer's
 * `reusable-content` blocks: an include in code is text), and its heading ids.
 */
export function scanMarkdown(markdown: string): PageScan {
  let body = markdown;
  try {
    body = splitFrontmatter(markdown).body;
  } catch {
    // Stored pages passed validation; a document that now fails to split is scanned whole.
  }
  const hrefs: string[] = [];
  const includes: string[] = [];
  const headings: Heading[] = [];
  const footnotes: string[] = [];
  const operations: OperationRef[] = [];
  const summaries: string[] = [];
  // The `<a href="#x" id="x">` giving a heading its id is the heading's anchor, not a link it makes.
  const anchorTags = new Set<Token>();
  walkTokens(lexBlocks(body), (token) => {
    if (token.type === 'link' || token.type === 'image') hrefs.push((token as Tokens.Link).href);
    else if (token.type === 'html' && !anchorTags.has(token)) {
      hrefs.push(...htmlTargets((token as Tokens.HTML).text));
      summaries.push(...summaryTexts((token as Tokens.HTML).text));
    }
    else if (token.type === 'heading') {
      const heading = headingOf((token as Tokens.Heading).tokens);
      headings.push(heading);
      if (heading.anchor) anchorTags.add(heading.anchor);
    }
    else if (token.type === 'content-ref' || token.type === 'embed' || token.type === 'file') hrefs.push((token as LinkBlock).url);
    else if (token.type === 'reusable-content') includes.push((token as ReusableContentTag).reusableContent);
    else if (token.type === 'liquid-tag' && (token as LiquidTag).name === 'openapi-operation') {
      const { spec, path, method } = tagAttributes(token.raw);
      if (spec) operations.push({ spec, path: path ?? '', method: (method ?? '').toLowerCase() });
    }
    if (token.type === 'paragraph' || token.type === 'def') {
      const footnote = FOOTNOTE_DEFINITION.exec(token.raw);
      if (footnote) footnotes.push(footnote[1]);
    }
  });
  const anchors = headingAnchors(headings);
  // An expandable is linked to by its summary, as a heading is (the published page gives it that id).
  for (const text of summaries) {
    const id = platformSlugOfHeading(text);
    if (!anchors.has(id)) anchors.set(id, id);
    if (!anchors.has(slugOfHeading(text))) anchors.set(slugOfHeading(text), id);
  }
  for (const label of footnotes) {
    const { note, reference } = footnoteIds(label);
    anchors.set(note, note).set(reference, reference);
  }
  return { hrefs, includes, anchors, operations };
}

/** Where a link points once resolved, and whether that exists. `key` identifies the target in a revision. */
export interface LinkTarget {
  key: string;
  kind: LinkKind;
  status: LinkStatus;
  /** Page id (kinds page and anchor) when the page exists. */
  page?: string;
  /** Page path (kinds page and anchor): the page's, or the one looked for when it does not exist. */
  path?: string;
  anchor?: string;
  /** File id (kind file) when known. */
  file?: string;
  /** File name (kind file): the file's, or the one looked for; the title of a reusable content that exists. */
  name?: string;
  url?: string;
  /** Reusable content id (kind reusable-content), as the include line names it. */
  reusableContent?: string;
}

/** What classifying needs to know about a revision. */
export interface RevisionIndex {
  /**
   * Pages by id: path, heading ids, whether it has sub-pages (its links are then relative to its own
   * folder), and the file Git Sync keeps it in (its links are then relative to that file).
   */
  pages: Map<string, { path: string; anchors: Map<string, string>; hasChildren: boolean; file?: string }>;
  /** Page ids by lower-cased path. */
  pageByPath: Map<string, string>;
  /** Page ids by Git Sync file, as written (a repository's paths are case-sensitive). */
  pageByFile: Map<string, string>;
  /** File names by id. */
  files: Map<string, string>;
  /** File ids by name. */
  fileByName: Map<string, string>;
  /** File ids by where Git Sync keeps them (`.gitbook/assets/<name>` for a file without a path of its own). */
  fileByPath: Map<string, string>;
  /** Titles of the revision's reusable contents by id. */
  reusables: Map<string, string>;
  /** The instance's public URL: absolute URLs under its `/app` are in-app links. */
  publicUrl: string;
}

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** Where Git Sync keeps a space's files: a link into it names the file by the rest of its path. */
const GITBOOK_ASSETS = /^\.gitbook\/assets\//;

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

function isInApp(href: string, publicUrl: string): boolean {
  let url: URL;
  let base: URL;
  try {
    base = new URL(publicUrl);
    url = new URL(href, base);
  } catch {
    return false;
  }
  const app = `${base.pathname.replace(/\/+$/, '')}/app`;
  return url.origin === base.origin && (url.pathname === app || url.pathname.startsWith(`${app}/`));
}

/**
 * The page path a relative link names, the way `content pull` writes pages and `content push` reads
 * them: `name.md` is page `name`, `folder/README.md` is page `folder` (the top-level `README.md` is
 * page `readme`), and the extension may be left out.
 */
function pagePathOf(resolved: string): string {
  let path = resolved.replace(/\/+$/, '');
  if (/^readme\.md$/i.test(path)) return 'readme';
  path = path.replace(/\/readme\.md$/i, '').replace(/\.md$/i, '');
  return path.toLowerCase();
}

function anchorTarget(index: RevisionIndex, pageId: string | undefined, path: string, anchor: string): LinkTarget {
  const page = pageId ? index.pages.get(pageId) : undefined;
  const status: LinkStatus = page && page.anchors.has(anchor) ? 'ok' : 'broken';
  return { key: `anchor:${pageId ?? `path:${path}`}#${anchor}`, kind: 'anchor', status, ...(pageId ? { page: pageId } : {}), path: page?.path ?? path, anchor };
}

/** The page a link to the content's root opens: the one kept in README.md, else the first page. */
function firstPage(index: RevisionIndex): string | undefined {
  return index.pageByFile.get('README.md') ?? index.pages.keys().next().value;
}

/** A link of a page kept in the Git Sync file `fromFile`, resolved as GitHub resolves it in the repository. */
function gitSyncTarget(index: RevisionIndex, fromFile: string, target: string, anchor: string): LinkTarget {
  const joined = target.startsWith('/') ? target.slice(1) : posix.join(posix.dirname(fromFile), target);
  const resolved = posix.normalize(joined).replace(/\/+$/, '').replace(/^(\.\/)+/, '');
  const escapes = resolved === '..' || resolved.startsWith('../');
  // `./` from README.md, `../` from a folder's README.md: the content's root, whose page is the first.
  const root = resolved === '.' || resolved === '';
  const pageId = escapes ? undefined : root ? firstPage(index) : (index.pageByFile.get(resolved) ?? index.pageByFile.get(`${resolved}/README.md`));
  if (pageId) {
    const path = index.pages.get(pageId)!.path;
    if (anchor) return anchorTarget(index, pageId, path, anchor);
    return { key: `page:${pageId}`, kind: 'page', status: 'ok', page: pageId, path };
  }
  const fileId = escapes ? undefined : index.fileByPath.get(resolved);
  if (fileId) return { key: `file:${fileId}`, kind: 'file', status: 'ok', file: fileId, name: index.files.get(fileId)! };
  const named = escapes ? target : resolved;
  const extension = posix.extname(named).toLowerCase();
  if (extension && extension !== '.md') return { key: `file-name:${named}`, kind: 'file', status: 'broken', name: named };
  if (anchor) return anchorTarget(index, undefined, named, anchor);
  return { key: `page-path:${named}`, kind: 'page', status: 'broken', path: named };
}

/**
 * Resolves one link of page `fromId` and classifies it: `ok` when its page, file or anchor exists,
 * `broken` when not, `in-app` for an absolute URL into this instance's app. Other absolute URLs
 * (http, https, mailto…) are not fetched: kind `url`, status `ok`. Returns undefined for an empty target.
 */
export function classifyLink(href: string, fromId: string, index: RevisionIndex): LinkTarget | undefined {
  const raw = href.trim();
  if (!raw) return undefined;
  const from = index.pages.get(fromId);
  if (!from) throw new Error(`page ${fromId} is not in the revision index`);

  if (SCHEME.test(raw) || raw.startsWith('//')) {
    return { key: `url:${raw}`, kind: 'url', status: isInApp(raw, index.publicUrl) ? 'in-app' : 'ok', url: raw };
  }

  const hashAt = raw.indexOf('#');
  const anchor = hashAt === -1 ? '' : safeDecode(raw.slice(hashAt + 1)).toLowerCase();
  const target = safeDecode((hashAt === -1 ? raw : raw.slice(0, hashAt)).replace(/\?.*$/, ''));

  // `#anchor`: a heading of the same page; a bare `#` is the page itself.
  if (!target) {
    if (!anchor) return { key: `page:${fromId}`, kind: 'page', status: 'ok', page: fromId, path: from.path };
    return anchorTarget(index, fromId, from.path, anchor);
  }

  // `/files/<id>`: how content references its files.
  const file = /^\/files\/([^/]+)\/?$/.exec(target);
  if (file) {
    const name = index.files.get(file[1]);
    return { key: `file:${file[1]}`, kind: 'file', status: name === undefined ? 'broken' : 'ok', file: file[1], ...(name !== undefined ? { name } : {}) };
  }

  // A page kept in a file links as it does in its repository on GitHub: relative to that file (an
  // absolute path from the content's root), to the exact path of another page's file, of a folder
  // whose README.md is a page, or of a file. Nothing else is tried: what GitHub cannot open is broken.
  if (from.file) return gitSyncTarget(index, from.file, target, anchor);

  // Other paths: from the space's root when absolute, else from the folder the page is pulled into.
  const folder = from.hasChildren ? from.path : posix.dirname(from.path);
  const joined = target.startsWith('/') ? target.slice(1) : posix.join(folder === '.' ? '' : folder, target);
  const resolved = posix.normalize(joined).replace(/^(\.\/)+/, '');
  const escapes = resolved === '..' || resolved.startsWith('../');
  const path = escapes ? target : pagePathOf(resolved === '.' ? '' : resolved);
  const pageId = escapes ? undefined : path === '' ? firstPage(index) : index.pageByPath.get(path);

  if (pageId) {
    if (anchor) return anchorTarget(index, pageId, path, anchor);
    return { key: `page:${pageId}`, kind: 'page', status: 'ok', page: pageId, path: index.pages.get(pageId)!.path };
  }
  // Not a page: an asset named by its path in the folder (what push uploads when it cannot rewrite it).
  const extension = posix.extname(resolved).toLowerCase();
  if (extension && extension !== '.md') {
    const fileId = escapes ? undefined : index.fileByName.get(resolved);
    if (fileId) return { key: `file:${fileId}`, kind: 'file', status: 'ok', file: fileId, name: resolved };
    return { key: `file-name:${escapes ? target : resolved}`, kind: 'file', status: 'broken', name: escapes ? target : resolved };
  }
  if (anchor) return anchorTarget(index, undefined, path, anchor);
  return { key: `page-path:${path}`, kind: 'page', status: 'broken', path };
}

/**
 * An include line's reusable content: `ok` when the revision holds one of that id, `broken` when not
 * (a write batch may delete one a page still includes, or a page may name an id of another content).
 */
export function classifyInclude(id: string, index: RevisionIndex): LinkTarget {
  const title = index.reusables.get(id);
  return { key: `reusable-content:${id}`, kind: 'reusable-content', status: title === undefined ? 'broken' : 'ok', reusableContent: id, ...(title !== undefined ? { name: title } : {}) };
}
