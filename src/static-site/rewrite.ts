/**
 * A page `serve` rendered, made a static file: its links to the site (the path form
 * `/o/{org}/sites/{site}/…`) and to the site's assets become relative to the page's own folder, so the
 * copy works under any sub-path of any file server; the canonical and OpenGraph URLs name `--base-url`
 * (or are left out without one). What the page links to inside the site is handed back to be built too.
 */
import { escapeHtml } from '../markdown/html/escape';

/** Where a link of the site leads, as a path after the site's base (`guides/install`, `~files/f1/a.png`). */
export type Tail = string;

export interface Rewritten {
  html: string;
  /** Pages, files and assets the page links to inside the site (tails; assets as their root path). */
  links: Tail[];
}

/** A page's folder (its tail's segments) to the folder of the copy's root: `../` for each segment. */
export const upToRoot = (folder: string[]) => '../'.repeat(folder.length);

/** The segments of a tail, or undefined for one that could leave the copy's folder (`..`, `.`, `\`, NUL). */
export function segmentsOf(tail: Tail): string[] | undefined {
  const out: string[] = [];
  for (const raw of tail.split('/').filter(Boolean)) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (segment === '.' || segment === '..' || /[\\/\0]/.test(segment)) return undefined;
    out.push(segment);
  }
  return out;
}

/** What a tail is: a page (a folder with its index.html), a file of a space, a page's markdown. */
export const kindOf = (tail: Tail): 'file' | 'markdown' | 'page' => (/(^|\/)~files\//.test(tail) ? 'file' : /\.md$/i.test(tail) ? 'markdown' : 'page');

const ATTRIBUTE = /\b(href|src|action)="([^"]*)"/g;

export interface RewriteOptions {
  /** The site's base as fetched: `/o/{org}/sites/{site}`. */
  fetchBase: string;
  /** The site's published URL as the API hands it out (no trailing `/`): canonical URLs start with it. */
  published: string;
  /** Where the copy will be served (no trailing `/`), for canonical URLs and the sitemap. */
  baseUrl?: string;
  /** The root path of the site's assets (`/~docsctl/assets/`). */
  assetRoot: string;
}

/** The tail a URL of the page leads to inside the site (with its `#anchor` apart), or undefined. */
export function tailOf(url: string, fetchBase: string): { tail: Tail; anchor: string } | undefined {
  if (url !== fetchBase && !url.startsWith(`${fetchBase}/`) && !url.startsWith(`${fetchBase}#`) && !url.startsWith(`${fetchBase}?`)) return undefined;
  const rest = url.slice(fetchBase.length);
  const hash = rest.indexOf('#');
  const path = (hash < 0 ? rest : rest.slice(0, hash)).replace(/\?.*$/, '');
  return { tail: path.replace(/^\/+/, '').replace(/\/+$/, ''), anchor: hash < 0 ? '' : rest.slice(hash) };
}

/** `tail`'s page as the copy names it relative to `folder`: its folder with a `/`, or a file as itself. */
export function relativeUrl(folder: string[], tail: Tail): string {
  const up = upToRoot(folder);
  if (kindOf(tail) !== 'page') return `${up}${tail}`;
  return tail ? `${up}${tail}/` : up || './';
}

export function rewritePage(html: string, tail: Tail, options: RewriteOptions): Rewritten {
  const folder = segmentsOf(tail) ?? [];
  const links = new Set<Tail>();
  const up = upToRoot(folder);
  let out = html.replace(ATTRIBUTE, (whole, name: string, value: string) => {
    if (value.startsWith(options.assetRoot)) {
      links.add(value);
      return `${name}="${up}${value.slice(1)}"`;
    }
    const inside = tailOf(value, options.fetchBase);
    if (!inside) return whole;
    links.add(inside.tail);
    return `${name}="${relativeUrl(folder, inside.tail)}${inside.anchor}"`;
  });
  // The copy's address: canonical and OpenGraph URLs where it is served, none without one.
  const canonical = options.baseUrl ? `${options.baseUrl}/${tail ? `${tail}/` : ''}` : undefined;
  out = out
    .replace(/<link rel="canonical" href="[^"]*">/, canonical ? `<link rel="canonical" href="${canonical}">` : '')
    .replace(/<meta property="og:url" content="[^"]*">/, canonical ? `<meta property="og:url" content="${canonical}">` : '')
    .replace('<html lang="en">', `<html lang="en" data-static-root="${up || './'}">`);
  return { html: out, links: [...links] };
}

/** A machine file at the copy's root (llms.txt, llms-full.txt, sitemap.xml) with the published URLs made the copy's (relative without a base URL). */
export function rewriteMachineFile(text: string, options: RewriteOptions): string {
  return text.split(options.published).join(options.baseUrl ?? '.');
}

/** A page that sends the browser on to `target` (a relative URL): what a redirect is in a static copy. */
export function redirectPage(target: string): string {
  const escaped = escapeHtml(target);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Moved</title><meta http-equiv="refresh" content="0; url=${escaped}"><link rel="canonical" href="${escaped}"></head><body><p>Moved to <a href="${escaped}">${escaped}</a>.</p></body></html>\n`;
}
