import { STATUS_CODES } from 'node:http';
import { invalid } from '../../errors';
import { FetchFailure, textOf, type Fetched, type FetchSession } from '../../../net/fetch';
import { htmlToMarkdown, safeDecode } from './html-to-markdown';
import { robotsRules, type RobotsRules } from './robots';
import { MAX_MARKDOWN } from './content';
import type { ImportLimits } from '../../../domain/import-limits';

/**
 * Which URLs belong to a crawl: the start URL's origin, under the start URL's folder (`/docs/` for
 * `/docs/`, `/docs` or `/docs/index.html`). Within it a URL is known by its key: the path below that
 * folder without `index.html` or an `.html`-like extension (`guide/install`); the query and fragment
 * do not count.
 */
export interface Scope {
  origin: string;
  prefix: string;
}

const PAGE_EXTENSION = /\.(html?|xhtml|php|aspx?|jsp)$/i;

export function scopeOf(start: URL): Scope {
  const path = start.pathname;
  const last = path.slice(path.lastIndexOf('/') + 1);
  const prefix = path.endsWith('/') ? path : last.includes('.') ? path.slice(0, path.length - last.length) : `${path}/`;
  return { origin: start.origin, prefix };
}

/** The key of a URL within the scope, or undefined outside it. */
export function keyOf(url: URL, scope: Scope): string | undefined {
  if (url.origin !== scope.origin) return undefined;
  const path = `${url.pathname}/` === scope.prefix ? scope.prefix : url.pathname;
  if (!path.startsWith(scope.prefix)) return undefined;
  const segments = path.slice(scope.prefix.length).split('/').filter(Boolean).map(safeDecode);
  const last = segments.at(-1);
  if (last !== undefined && /^(index|default)\.[a-z]+$/i.test(last) && PAGE_EXTENSION.test(last)) segments.pop();
  else if (last !== undefined) segments[segments.length - 1] = last.replace(PAGE_EXTENSION, '');
  return segments.join('/');
}

/** A key whose last segment still has an extension (`report.pdf`, `logo.png`) names a file, not a page. */
export const isPageKey = (key: string) => !/\.[a-z0-9]{1,8}$/i.test(key.slice(key.lastIndexOf('/') + 1));

export interface CrawledPage {
  key: string;
  url: string;
  title?: string;
  markdown: string;
  /** Heading ids of the page and their markdown anchors. */
  anchors: Map<string, string>;
}

/** A link of a crawled page to a page in the scope, written as a placeholder (see PageLinks). */
export interface KeyedTarget {
  key: string;
  url: string;
  fragment: string;
}

export interface CrawlResult {
  pages: CrawledPage[];
  /** Every page placeholder's target, by index. */
  targets: KeyedTarget[];
  /** Keys of a redirect's source and where it led, so links to either reach the page. */
  aliases: Map<string, string>;
  /** Resources of the scope found: every distinct key linked to, the start page included. */
  found: number;
  skipped: { url: string; reason: string }[];
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const ACCEPT_HTML = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1';

/** An HTML answer, or undefined for an empty media type whose bytes do not look like HTML either. */
export function isHtml(fetched: Fetched): boolean {
  if (HTML_TYPES.has(fetched.contentType)) return true;
  return fetched.contentType === '' && /^\s*</.test(fetched.body.subarray(0, 512).toString('utf8'));
}

export const statusText = (status: number, statusName?: string) => `${status}${statusName ? ` ${statusName}` : ''}`;

/**
 * Crawls a website from `start`: breadth first, same origin and under the start URL's folder,
 * honouring robots.txt, within the page, depth and time bounds. Anything wrong with the start page
 * is an error naming `url`; later pages that fail are skipped (and counted as found).
 */
export async function crawl(start: string, session: FetchSession, limits: ImportLimits, prefix: string): Promise<CrawlResult> {
  const robots = new Map<string, Promise<RobotsRules>>();
  const rulesFor = (url: URL) => {
    let rules = robots.get(url.origin);
    if (!rules) {
      rules = robotsRules(session, url.origin).catch((error: unknown) => {
        throw error instanceof FetchFailure ? invalid(`url: ${error.message}`) : error;
      });
      robots.set(url.origin, rules);
    }
    return rules;
  };

  // The start page: every failure is the caller's error.
  const startUrl = new URL(start);
  const requireAllowed = async (url: URL) => {
    const rules = await rulesFor(url);
    if (!rules.allowed(url.href)) {
      throw invalid(`url: ${rules.unreadable ?? `robots.txt of ${url.origin} does not allow docsctl to fetch ${url.href}`}`);
    }
  };
  await requireAllowed(startUrl);
  let first: Fetched;
  try {
    first = await session.get(startUrl.href, ACCEPT_HTML);
  } catch (error) {
    if (error instanceof FetchFailure) throw invalid(`url: ${error.message}`);
    throw error;
  }
  if (first.status < 200 || first.status >= 300) throw invalid(`url: ${start} answered ${statusText(first.status, STATUS_CODES[first.status])}`);
  if (!isHtml(first)) throw invalid(`url: ${start} answered ${first.contentType || 'content without a media type'}, not HTML (source website starts from an HTML page)`);
  const finalUrl = new URL(first.url);
  if (finalUrl.origin !== startUrl.origin) await requireAllowed(finalUrl);
  const scope = scopeOf(finalUrl);

  const found = new Set<string>();
  const fetched = new Set<string>();
  const aliases = new Map<string, string>();
  const pages: CrawledPage[] = [];
  const targets: KeyedTarget[] = [];
  const targetIndex = new Map<string, number>();
  const skipped: CrawlResult['skipped'] = [];

  /** A page link becomes a placeholder for now; any other link stays an absolute URL. */
  const linkTo = (url: URL): string | undefined => {
    const key = keyOf(url, scope);
    if (key === undefined || !isPageKey(key)) return undefined;
    const fragment = url.hash.slice(1);
    const id = `${key}#${fragment}`;
    let index = targetIndex.get(id);
    if (index === undefined) {
      index = targets.push({ key, url: url.href, fragment: safeDecode(fragment) }) - 1;
      targetIndex.set(id, index);
    }
    return `${prefix}${index}`;
  };

  /** Converts an HTML answer into a page; returns the scope's URLs it links to. */
  const take = (key: string, answer: Fetched): URL[] => {
    const page = htmlToMarkdown(textOf(answer), answer.url, linkTo);
    if (page.markdown.length > MAX_MARKDOWN) {
      skipped.push({ url: answer.url, reason: `its markdown is longer than ${MAX_MARKDOWN} characters` });
      return page.links;
    }
    pages.push({ key, url: answer.url, ...(page.title ? { title: page.title } : {}), markdown: page.markdown, anchors: page.anchors });
    return page.links;
  };

  const scopeRules = await rulesFor(finalUrl);
  const crawlDelayMs = scopeRules.crawlDelayMs ?? 0;
  /** A redirect is followed only within the import, where robots.txt allows it. */
  const refuseRedirect = (next: URL) =>
    keyOf(next, scope) === undefined
      ? `it redirects out of the import (${next.href})`
      : !scopeRules.allowed(next.href) ? `it redirects to ${next.href}, which robots.txt does not allow` : undefined;

  /** Fetches one page of the crawl: its HTML answer, or why it is skipped. */
  const visit = async (url: URL): Promise<Fetched | string> => {
    if (!scopeRules.allowed(url.href)) return 'robots.txt does not allow it';
    let answer: Fetched;
    try {
      answer = await session.get(url.href, ACCEPT_HTML, refuseRedirect);
    } catch (error) {
      if (error instanceof FetchFailure) return error.message;
      throw error;
    }
    if (answer.status < 200 || answer.status >= 300) return `it answered ${statusText(answer.status, STATUS_CODES[answer.status])}`;
    if (!isHtml(answer)) return `it is ${answer.contentType || 'content without a media type'}, not HTML`;
    return answer;
  };

  /** Takes a visited page (under the key it landed on after redirects); returns the links it has. */
  const land = (key: string, answer: Fetched): URL[] => {
    const landed = keyOf(new URL(answer.url), scope)!;
    if (landed !== key) {
      aliases.set(key, landed);
      if (fetched.has(landed)) return [];
      fetched.add(landed);
    }
    return take(landed, answer);
  };

  /** Records links found at `depth`; returns the new pages among them to visit next. */
  const discover = (links: URL[], depth: number): [string, URL][] => {
    const next: [string, URL][] = [];
    for (const url of links) {
      const key = keyOf(url, scope);
      if (key === undefined || found.has(key)) continue;
      found.add(key);
      if (isPageKey(key) && depth <= limits.maxDepth) next.push([key, url]);
    }
    return next;
  };

  const startKey = keyOf(finalUrl, scope)!;
  found.add(startKey);
  fetched.add(startKey);
  if (startKey !== keyOf(startUrl, scope) && keyOf(startUrl, scope) !== undefined) aliases.set(keyOf(startUrl, scope)!, startKey);
  let frontier = discover(take(startKey, first), 1);
  if (!pages.length) throw invalid(`url: ${start} makes more than ${MAX_MARKDOWN} characters of markdown`);
  for (let depth = 1; frontier.length && !session.expired && pages.length < limits.maxPages; depth++) {
    const next: [string, URL][] = [];
    let at = 0;
    while (at < frontier.length && !session.expired && pages.length < limits.maxPages) {
      // A few at a time, never more than the pages still allowed; answers are taken in link order. A
      // site that asks for a Crawl-delay gets one request at a time, that far apart.
      const room = crawlDelayMs ? 1 : Math.min(limits.concurrency, limits.maxPages - pages.length);
      const batch: [string, URL][] = [];
      while (at < frontier.length && batch.length < room) {
        const [key, url] = frontier[at++];
        if (fetched.has(key)) continue; // reached already through a redirect
        fetched.add(key);
        batch.push([key, url]);
      }
      if (crawlDelayMs && batch.length) {
        // The crawl's time bound still holds: the pause ends at the deadline, and the crawl with it.
        await session.pause(crawlDelayMs);
        if (session.expired) break;
      }
      const answers = await Promise.all(batch.map(([, url]) => visit(url)));
      answers.forEach((answer, i) => {
        if (typeof answer === 'string') skipped.push({ url: batch[i][1].href, reason: answer });
        else if (pages.length < limits.maxPages) next.push(...discover(land(batch[i][0], answer), depth + 1));
      });
    }
    frontier = next;
  }
  return { pages, targets, aliases, found: found.size, skipped };
}
