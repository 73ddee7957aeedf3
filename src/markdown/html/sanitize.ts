import { createRequire } from 'node:module';
import { escapeHtml, safeUrl } from './escape';

/**
 * The HTML a page's markdown may carry, as written in real Git Sync repositories (details/summary,
 * figures, tables, marks, images): these tags with these attributes, URLs through `safeUrl`; every
 * other tag escaped into text, and script, style and their content dropped. js-xss does the parsing.
 */
const ALLOWED: Record<string, string[]> = {
  a: ['href', 'title', 'id', 'name'],
  abbr: ['title'], b: [], blockquote: [], br: [], caption: [], center: [], code: [], del: [], details: ['open'], div: ['align'],
  em: [], figcaption: [], figure: [], h1: ['id'], h2: ['id'], h3: ['id'], h4: ['id'], h5: ['id'], h6: ['id'], hr: [], i: [],
  img: ['src', 'alt', 'title', 'width', 'height', 'align'], kbd: [], li: [], mark: [], ol: ['start'], p: ['align'], picture: [], pre: [],
  s: [], small: [], source: ['srcset', 'media', 'type'], span: [], strong: [], sub: [], summary: [], sup: [], table: [], tbody: [],
  td: ['colspan', 'rowspan', 'align'], th: ['colspan', 'rowspan', 'align'], thead: [], tr: [], u: [], ul: [],
};

/** Attributes kept with these values only, whatever else is written: GitBook's buttons and card tables. */
const KEPT_VALUES: Record<string, Record<string, Set<string>>> = {
  a: { class: new Set(['button', 'primary', 'secondary']) },
  table: { 'data-view': new Set(['cards']) },
};

const URL_ATTRIBUTES = new Set(['href', 'src']);
/** Tags dropped with what they hold (when closed in the same piece of HTML), never shown as text. */
const DROPPED = new Set(['script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'link', 'meta', 'base', 'form', 'svg', 'math']);
const BODIES = /<(script|style|noscript|template|iframe|object|svg|math)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;

type Xss = typeof import('xss');
// Loaded with the first page rendered, not at every start of the CLI.
const load = createRequire(import.meta.url);

/** How a URL attribute is written: `resolve` turns a page's relative link into the published URL. */
export type UrlResolver = (url: string, attribute: 'href' | 'src') => string | undefined;

/** A sanitizer of one page's HTML: only the allowed tags and attributes, URLs resolved and made safe. */
export function htmlSanitizer(resolve: UrlResolver): (html: string) => string {
  const xss = load('xss') as Xss;
  const filter = new xss.FilterXSS({
    whiteList: ALLOWED,
    // A tag outside the list is shown as text, but for those that only ever hold code or another document.
    onIgnoreTag: (tag, html) => (DROPPED.has(tag) ? '' : xss.escapeHtml(html)),
    onTagAttr(tag, name, value) {
      const kept = KEPT_VALUES[tag]?.[name];
      if (kept) {
        const values = decodeReferences(value).split(/\s+/).filter((v) => kept.has(v));
        return values.length ? `${name}="${values.join(' ')}"` : '';
      }
      if (!ALLOWED[tag]?.includes(name) || name === 'srcset') return '';
      if (!URL_ATTRIBUTES.has(name)) return `${name}="${escapeHtml(decodeReferences(value))}"`;
      const resolved = resolve(decodeReferences(value), name as 'href' | 'src');
      const safe = resolved === undefined ? undefined : safeUrl(resolved);
      return safe === undefined ? '' : `${name}="${escapeHtml(safe)}"`;
    },
  });
  return (html) => filter.process(html.replace(BODIES, ''));
}

/** Character references in an attribute's value decoded (`&#x26;` is `&`), as a browser reads it. */
export function decodeReferences(value: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return named[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
