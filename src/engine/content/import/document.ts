import { STATUS_CODES } from 'node:http';
import { invalid } from '../../errors';
import { slugify } from '../../../markdown/markdown';
import { titleOf, type LocalAsset, type LocalPage } from '../../../content-tree/local-tree';
import { FetchFailure, type Fetched, type FetchSession } from '../../../net/fetch';
import { MAX_MARKDOWN, MAX_TITLE, type ImportContent } from './content';
import { safeDecode } from './html-to-markdown';
import { statusText } from './crawl';

/** Fetches the one document an import is about; anything but a 2xx answer is an error naming `url`. */
export async function fetchDocument(session: FetchSession, url: string, accept: string): Promise<Fetched> {
  let fetched: Fetched;
  try {
    fetched = await session.get(url, accept);
  } catch (error) {
    if (error instanceof FetchFailure) throw invalid(`url: ${error.message}`);
    throw error;
  }
  if (fetched.status < 200 || fetched.status >= 300) throw invalid(`url: ${url} answered ${statusText(fetched.status, STATUS_CODES[fetched.status])}`);
  return fetched;
}

/** Refuses an answer whose media type is not one of `types` ('' = none given, accepted when listed). */
export function requireType(fetched: Fetched, url: string, types: string[], what: string, hint = ''): void {
  if (types.includes(fetched.contentType)) return;
  throw invalid(`url: ${url} answered ${fetched.contentType || 'content without a media type'}, not ${what}${hint}`);
}

/** The name of the document at a URL, without extension ("install" for …/install.md), else its host. */
export function stemOf(url: string): string {
  const parsed = new URL(url);
  const last = safeDecode(parsed.pathname.slice(parsed.pathname.lastIndexOf('/') + 1));
  return last.replace(/\.[a-z0-9]{1,8}$/i, '') || parsed.hostname;
}

/** Relative link and image targets of markdown made absolute against `base` (where it was fetched from). */
export function absoluteLinks(markdown: string, base: string): string {
  return markdown.replace(/(\]\()([^)\s]+)((?:\s+"[^"]*")?\))/g, (whole, open: string, target: string, close: string) => {
    if (/^[a-z][a-z0-9+.-]*:|^#/i.test(target)) return whole;
    try {
      return `${open}${new URL(target, base).href}${close}`;
    } catch {
      return whole;
    }
  });
}

/** One page (and the files it shows) as an import: one page imported of one found, plus its files. */
export function documentImport(title: string, markdown: string, name: string, assets: LocalAsset[] = []): ImportContent {
  if (markdown.length > MAX_MARKDOWN) throw invalid(`url: the document makes more than ${MAX_MARKDOWN} characters of markdown`);
  const slug = slugify(title);
  const page: LocalPage = { path: slug, parentPath: null, slug, title: title.slice(0, MAX_TITLE), markdown, file: `${name}.md`, group: false };
  return { tree: { pages: [page], assets }, totalResources: 1 + assets.length, importedResources: 1 + assets.length };
}

/** A markdown document: its title from frontmatter or its first heading, else its file name. */
export function markdownImport(text: string, url: string): ImportContent {
  if (text.includes('\u0000')) throw invalid(`url: ${url} is binary, not markdown text`);
  const name = stemOf(url);
  let title: string;
  try {
    title = titleOf(text, name);
  } catch (error) {
    throw invalid(`url: ${url} cannot be read as markdown: ${(error as Error).message}`);
  }
  return documentImport(title, absoluteLinks(text, url), name);
}
