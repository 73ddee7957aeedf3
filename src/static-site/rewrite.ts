/**
 * A page `serve` rendered, made a static file: its links to the site (the path form
 * `/o/{org}/sites/{site}/…`) and to the site's assets become relative to the page's own folder, so the
 * copy works under any sub-path of any file server; the canonical and OpenGraph URLs name `--base-url`
 * (or are left out without one). What the page links to inside the site is handed back to be built too.
 */
import { escapeHtml } from '../markdown/html/escape';
import { SCHEMAS_SEGMENT } from '../domain/schema-places';

/** Where a link of the site leads, as a path after the site's base (`guides/install`, `~files/f1/a.png`). */
export type Tail = string;

export interface Rewritten {
  html: string;
  /**
   * Pages, files and assets the page links to inside the site (tails; assets as their root path), in
   * the page's order, in groups: a table of contents' group is the same array for every page that has
   * it (its links need following once a build).
   */
  links: readonly (readonly Tail[])[];
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
/** A schema's own page (an API operation's schema past what its page opens): `~files` and `.md` in it are a file's id and a key, not a file. */
const SCHEMA_PAGE = new RegExp(`(^|/)${SCHEMAS_SEGMENT}/`);
export const isSchemaPage = (tail: Tail) => SCHEMA_PAGE.test(tail);

export const kindOf = (tail: Tail): 'file' | 'markdown' | 'page' => (isSchemaPage(tail) ? 'page' : /(^|\/)~files\//.test(tail) ? 'file' : /\.md$/i.test(tail) ? 'markdown' : 'page');

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

/** How a page marks its own link (the table of contents, the variant switcher). */
const CURRENT_MARK = ' aria-current="page"';
/** Where a table of contents starts (layout.ts), up to its opening tag's end; it ends at the next `</nav>`. */
const TOC_START = '<nav class="toc" ';

/** A stretch of a page with its links rewritten, and where each rewritten attribute ended before and after. */
interface RewrittenStretch {
  html: string;
  links: Tail[];
  /** Each rewritten attribute's start and end in the stretch as it was, and how much longer the stretch is after it. */
  starts: number[];
  ends: number[];
  shifts: number[];
}

/**
 * Tables of contents rewritten, by the depth of the page's folder, with their text with the current
 * page's mark taken out (`plain`): every page of a space at one depth has the same, but for that mark
 * (kept by the build: a 500-page space's list is 1,000 links a page, twice).
 */
export type RewrittenTocs = Map<number, { plain: string; stretch: RewrittenStretch }[]>;
/** Tables of contents kept for a depth (the spaces of a site, the last used first). */
const KEPT_TOCS = 32;

function rewriteStretch(text: string, folder: string[], options: RewriteOptions): RewrittenStretch {
  const up = upToRoot(folder);
  const links = new Set<Tail>();
  const starts: number[] = [];
  const ends: number[] = [];
  const shifts: number[] = [];
  let shift = 0;
  const html = text.replace(ATTRIBUTE, (whole, name: string, value: string, offset: number) => {
    let rewritten = whole;
    if (value.startsWith(options.assetRoot)) {
      links.add(value);
      rewritten = `${name}="${up}${value.slice(1)}"`;
    } else {
      const inside = tailOf(value, options.fetchBase);
      if (!inside) return whole;
      links.add(inside.tail);
      rewritten = `${name}="${relativeUrl(folder, inside.tail)}${inside.anchor}"`;
    }
    shift += rewritten.length - whole.length;
    starts.push(offset);
    ends.push(offset + whole.length);
    shifts.push(shift);
    return rewritten;
  });
  return { html, links: [...links], starts, ends, shifts };
}

/** Where `position` of a stretch (between its attributes) is once it is rewritten; undefined inside an attribute. */
function shifted(stretch: RewrittenStretch, position: number): number | undefined {
  let low = 0;
  let high = stretch.starts.length;
  // The first attribute starting at or after `position`.
  while (low < high) {
    const middle = (low + high) >> 1;
    if (stretch.starts[middle] < position) low = middle + 1;
    else high = middle;
  }
  if (low > 0 && stretch.ends[low - 1] > position) return undefined;
  return position + (low > 0 ? stretch.shifts[low - 1] : 0);
}

/** Whether `text` is `plain` with the current page's mark at each of `marks` (positions in `plain`). */
function isMarked(text: string, marks: number[], plain: string): boolean {
  if (text.length !== plain.length + marks.length * CURRENT_MARK.length) return false;
  let from = 0;
  let at = 0;
  for (const mark of [...marks, plain.length]) {
    // (Slices compared: startsWith is a character at a time, 30 times slower on 20 KB.)
    if (text.slice(at, at + mark - from) !== plain.slice(from, mark)) return false;
    at += mark - from + CURRENT_MARK.length;
    from = mark;
  }
  return true;
}

/** A table of contents rewritten through `kept`: its marks taken out, the kept copy used, the marks put back. */
function rewriteToc(text: string, folder: string[], options: RewriteOptions, kept: RewrittenTocs): RewrittenStretch {
  // Where the marks are, as positions in the text without them.
  const marks: number[] = [];
  for (let at = text.indexOf(CURRENT_MARK); at >= 0; at = text.indexOf(CURRENT_MARK, at + CURRENT_MARK.length)) marks.push(at - marks.length * CURRENT_MARK.length);
  let known = kept.get(folder.length);
  if (!known) kept.set(folder.length, (known = []));
  let found = known.findIndex((toc) => isMarked(text, marks, toc.plain));
  if (found < 0) {
    // The text without its marks: mark i stands at its position in `plain` plus the i marks before it.
    let plain = '';
    let from = 0;
    marks.forEach((mark, i) => {
      const at = mark + i * CURRENT_MARK.length;
      plain += text.slice(from, at);
      from = at + CURRENT_MARK.length;
    });
    plain += text.slice(from);
    if (known.length >= KEPT_TOCS) known.pop();
    known.unshift({ plain, stretch: rewriteStretch(plain, folder, options) });
    found = 0;
  } else if (found > 0) known.unshift(...known.splice(found, 1));
  const { stretch } = known[0];
  if (!marks.length) return stretch;
  let html = '';
  let done = 0;
  for (const mark of marks) {
    const at = shifted(stretch, mark);
    // A mark inside an attribute (not one the layout writes): the stretch as it is, rewritten whole.
    if (at === undefined) return rewriteStretch(text, folder, options);
    html += stretch.html.slice(done, at) + CURRENT_MARK;
    done = at;
  }
  return { ...stretch, html: html + stretch.html.slice(done) };
}

/**
 * The page with its links made relative to its folder, its canonical URLs made the copy's, and its
 * links inside the site. Its tables of contents are rewritten through `kept` (the same for every page
 * of a space at one depth but for the current page's mark); the rest attribute by attribute.
 */
export function rewritePage(html: string, tail: Tail, options: RewriteOptions, kept: RewrittenTocs = new Map()): Rewritten {
  const folder = segmentsOf(tail) ?? [];
  const up = upToRoot(folder);
  const links: Tail[][] = [];
  const parts: string[] = [];
  const add = (stretch: RewrittenStretch | string) => {
    const rewritten = typeof stretch === 'string' ? rewriteStretch(stretch, folder, options) : stretch;
    parts.push(rewritten.html);
    if (rewritten.links.length) links.push(rewritten.links);
  };
  let done = 0;
  for (let start = html.indexOf(TOC_START); start >= 0; start = html.indexOf(TOC_START, done)) {
    const inside = html.indexOf('>', start) + 1;
    const end = inside > 0 ? html.indexOf('</nav>', inside) : -1;
    if (end < 0) break;
    add(html.slice(done, inside));
    add(rewriteToc(html.slice(inside, end), folder, options, kept));
    done = end;
  }
  add(html.slice(done));
  // The copy's address: canonical and OpenGraph URLs where it is served, none without one. They stand
  // in the head, before any table of contents: replaced there, not in a copy of the whole page each.
  const canonical = options.baseUrl ? `${options.baseUrl}/${tail ? `${tail}/` : ''}` : undefined;
  const heads: [RegExp | string, string][] = [
    [/<link rel="canonical" href="[^"]*">/, canonical ? `<link rel="canonical" href="${canonical}">` : ''],
    [/<meta property="og:url" content="[^"]*">/, canonical ? `<meta property="og:url" content="${canonical}">` : ''],
    ['<html lang="en">', `<html lang="en" data-static-root="${up || './'}">`],
  ];
  const later: typeof heads = [];
  for (const [pattern, replacement] of heads) {
    if (typeof pattern === 'string' ? parts[0].includes(pattern) : pattern.test(parts[0])) parts[0] = parts[0].replace(pattern, replacement);
    else later.push([pattern, replacement]);
  }
  let out = parts.join('');
  for (const [pattern, replacement] of later) out = out.replace(pattern, replacement);
  return { html: out, links };
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
