import { createRequire } from 'node:module';
import type TurndownService from 'turndown';
import { headingIds } from '../../../markdown/headings';

/** The little of the DOM this module uses (domino's, the parser turndown itself runs on in Node). */
export interface DomElement {
  tagName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomElement>;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
  remove(): void;
}
interface DomDocument extends DomElement {
  body: DomElement | null;
  documentElement: DomElement;
}

// turndown and its HTML parser are loaded the first time HTML is converted, not at every start of the CLI.
const load = createRequire(import.meta.url);
let turndown: TurndownService | undefined;
let domino: { createDocument(html: string): DomDocument } | undefined;

/** Parses HTML with domino, the parser turndown depends on (resolved through turndown, so the same copy). */
export function parseHtml(html: string): DomDocument {
  domino ??= createRequire(load.resolve('turndown'))('@mixmark-io/domino') as { createDocument(html: string): DomDocument };
  return domino.createDocument(html);
}

const cellText = (service: TurndownService, cell: DomElement) =>
  service.turndown(cell as never).replace(/\s*\n+\s*/g, ' ').replace(/\|/g, '\\|').trim();

function converter(): TurndownService {
  if (turndown) return turndown;
  const Turndown = load('turndown') as typeof TurndownService;
  const service = new Turndown({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '_' });
  // Core turndown has no tables: write GFM tables, the first row as the header.
  service.addRule('table', {
    filter: 'table',
    replacement: (_content, node) => {
      const rows = Array.from((node as unknown as DomElement).querySelectorAll('tr'), (tr) =>
        Array.from(tr.querySelectorAll('th, td'), (cell) => cellText(service, cell)),
      ).filter((cells) => cells.length);
      if (!rows.length) return '';
      const width = Math.max(...rows.map((r) => r.length));
      const line = (cells: string[]) => `| ${Array.from({ length: width }, (_, i) => cells[i] ?? '').join(' | ')} |`;
      return `\n\n${[line(rows[0]), line(Array(width).fill('---')), ...rows.slice(1).map(line)].join('\n')}\n\n`;
    },
  });
  turndown = service;
  return service;
}

/** Page chrome and things that are not text: dropped before converting. */
const CHROME = 'script, style, noscript, template, nav, header, footer, iframe, svg, button';

export interface HtmlPage {
  /** The main content's first `<h1>`, else `<title>`. */
  title?: string;
  markdown: string;
  /** Every http(s) link of the whole page (navigation included), absolute and without fragment: where a crawl goes next. */
  links: URL[];
  /** Fragments that reach a heading of the main content (its HTML id, or its markdown anchor), with that anchor. */
  anchors: Map<string, string>;
}

const text = (el: DomElement | null | undefined) => el?.textContent?.replace(/\s+/g, ' ').trim() || undefined;

export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function absolute(href: string | null, base: string | undefined): URL | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Converts an HTML page to markdown, keeping only its main content (`<main>`, else `<article>`, else
 * `[role=main]`, else the body) without navigation, scripts, styles, headers and footers. Links and
 * images become absolute URLs against `pageUrl` (without one, relative ones stay as they are);
 * `linkTo` may give another target for a link (a page of the same import).
 */
export function htmlToMarkdown(html: string, pageUrl: string | undefined, linkTo?: (url: URL) => string | undefined): HtmlPage {
  const doc = parseHtml(html);
  const base = absolute(doc.querySelector('base[href]')?.getAttribute('href') ?? null, pageUrl)?.href ?? pageUrl;
  const links: URL[] = [];
  for (const a of Array.from(doc.querySelectorAll('a[href]'))) {
    if (a.getAttribute('href')!.startsWith('#')) continue; // this page itself
    const url = absolute(a.getAttribute('href'), base);
    if (!url) continue;
    url.hash = '';
    links.push(url);
  }
  const main = doc.querySelector('main') ?? doc.querySelector('article') ?? doc.querySelector('[role="main"]') ?? doc.body ?? doc.documentElement;
  const title = text(main.querySelector('h1')) ?? text(doc.querySelector('title'));
  for (const el of Array.from(main.querySelectorAll(CHROME))) el.remove();

  // A heading's HTML id stands for the anchor its text gets in markdown (GitHub's heading ids).
  const headings = Array.from(main.querySelectorAll('h1, h2, h3, h4, h5, h6'));
  const ids = headingIds(headings.map((h) => text(h) ?? ''));
  const anchors = new Map<string, string>();
  headings.forEach((heading, i) => {
    const id = heading.getAttribute('id');
    if (id) anchors.set(id, ids[i]);
  });
  for (const id of ids) if (!anchors.has(id)) anchors.set(id, id);
  for (const a of Array.from(main.querySelectorAll('a[href]'))) {
    const href = a.getAttribute('href')!;
    if (href.startsWith('#')) {
      // An anchor of this page: the heading's markdown anchor when the id is a heading's.
      const anchor = anchors.get(safeDecode(href.slice(1)));
      if (anchor) a.setAttribute('href', `#${anchor}`);
      continue;
    }
    const url = absolute(href, base);
    if (url) a.setAttribute('href', linkTo?.(url) ?? url.href);
  }
  for (const img of Array.from(main.querySelectorAll('img'))) {
    const url = absolute(img.getAttribute('src'), base);
    if (url) img.setAttribute('src', url.href);
    img.removeAttribute('srcset');
  }
  const markdown = converter().turndown(main as never).replace(/\n{3,}/g, '\n\n').trim();
  return { ...(title ? { title } : {}), markdown: markdown ? `${markdown}\n` : '', links, anchors };
}
