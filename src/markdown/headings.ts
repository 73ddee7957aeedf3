/** Heading ids and the visible text they are made from, shared by link checks and search sections. */
import type { Token } from 'marked';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** marked keeps entities as written in text tokens; the heading's visible text has them decoded. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The visible text of inline tokens: link text kept, images and inline HTML dropped. */
export function visibleText(tokens: Token[] | undefined): string {
  return (tokens ?? [])
    .map((t) => {
      if (t.type === 'image' || t.type === 'html') return '';
      if ('tokens' in t && Array.isArray(t.tokens) && t.tokens.length) return visibleText(t.tokens);
      return decodeEntities((t as { text?: string }).text ?? '');
    })
    .join('');
}

/** GitHub's heading id: lower-cased, punctuation and symbols dropped, each space a `-`. */
export function slugOfHeading(text: string): string {
  return text.trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
}

/** A heading's visible text, and the id an anchor in it gives (GitBook: `## Title <a href="#x" id="x"></a>`). */
export interface Heading {
  text: string;
  id?: string;
  /** The inline HTML token giving the id. */
  anchor?: Token;
}

const ANCHOR_ID = /\s(?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>`=]+))/i;

/** The heading of a heading token's inline tokens: the first `<a>` with an id (or name) gives its id. */
export function headingOf(tokens: Token[] | undefined): Heading {
  const text = visibleText(tokens);
  for (const token of tokens ?? []) {
    if (token.type !== 'html' || !/^<a\s/i.test(token.raw)) continue;
    const match = ANCHOR_ID.exec(token.raw);
    const id = (match?.[1] ?? match?.[2] ?? match?.[3])?.trim();
    // Ids compare lower-cased, as links to them do.
    if (id) return { text, id: id.toLowerCase(), anchor: token };
  }
  return { text };
}

/**
 * Ids of headings in document order: an explicit id as it is, else the slug of the text, repeated
 * slugs numbered `-1`, `-2`… as GitHub does (counting every heading's slug, as GitHub does).
 */
export function headingIds(headings: (string | Heading)[]): string[] {
  const seen = new Map<string, number>();
  const ids: string[] = [];
  for (const heading of headings) {
    const { text, id: explicit } = typeof heading === 'string' ? { text: heading, id: undefined } : heading;
    const base = slugOfHeading(text);
    let id = base;
    while (seen.has(id)) {
      const n = seen.get(base)! + 1;
      seen.set(base, n);
      id = `${base}-${n}`;
    }
    seen.set(id, 0);
    ids.push(explicit ?? id);
  }
  return ids;
}

