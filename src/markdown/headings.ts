/** Heading ids and the visible text they are made from, shared by link checks, search sections and published pages. */
import { createRequire } from 'node:module';
import type { Token } from 'marked';
import { decodeCharacterReferences } from './character-references';

type Transliterate = (text: string) => string;
// Loaded with the first heading outside ASCII, not at every start of the CLI (its tables are 190 KB).
const load = createRequire(import.meta.url);
let transliterate: Transliterate | undefined;

/** The visible text of inline tokens: link text kept, images and inline HTML dropped. */
export function visibleText(tokens: Token[] | undefined): string {
  return (tokens ?? [])
    .map((t) => {
      if (t.type === 'image' || t.type === 'html') return '';
      if ('tokens' in t && Array.isArray(t.tokens) && t.tokens.length) return visibleText(t.tokens);
      // A no-break space is a space between words of a heading's id.
      return decodeCharacterReferences((t as { text?: string }).text ?? '').replace(/\u00a0/g, ' ');
    })
    .join('');
}

/** GitHub's heading id: lower-cased, punctuation and symbols dropped, each space a `-`. */
export function slugOfHeading(text: string): string {
  return text.trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
}

/**
 * The platform's heading id (docs/cli.md, "Anchors"): the text in Latin letters (`中文分词` is
 * `zhong wen fen ci`, `Über` is `Uber`), lower-cased, every run of characters other than letters,
 * digits, `_`, `.` and `~` one `-`, none at either end; an id that would start with a digit starts
 * with `id-`, and a heading without a letter or digit is `section`. `Release 4.9` is `release-4.9`, `AppConfig:JamfValidation:Enabled` is
 * `appconfig-jamfvalidation-enabled`, `1. Which data is processed` is `id-1.-which-data-is-processed`.
 */
export function platformSlugOfHeading(text: string): string {
  let latin = text;
  if (/[^\x00-\x7f]/.test(text)) {
    transliterate ??= ((module: { transliterate: Transliterate }) => module.transliterate)(load('transliteration'));
    latin = transliterate(text);
  }
  const slug = latin.toLowerCase().replace(/[^a-z0-9_.~]+/g, '-').replace(/^-+|-+$/g, '');
  // A heading of symbols only (`🚀`) still needs an id to link to.
  return /^[0-9]/.test(slug) ? `id-${slug}` : slug || 'section';
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
 * Ids of headings in document order: an explicit id as it is, else the slug of the text (GitHub's rule,
 * or `slug`'s), repeated slugs numbered `-1`, `-2`… as GitHub does (counting every heading's slug).
 */
export function headingIds(headings: (string | Heading)[], slug: (text: string) => string = slugOfHeading): string[] {
  const seen = new Map<string, number>();
  const ids: string[] = [];
  for (const heading of headings) {
    const { text, id: explicit } = typeof heading === 'string' ? { text: heading, id: undefined } : heading;
    const base = slug(text);
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


/** The ids published pages give headings: an explicit id, else the platform's (`platformSlugOfHeading`). */
export const publishedHeadingIds = (headings: (string | Heading)[]): string[] => headingIds(headings, platformSlugOfHeading);

/**
 * Every anchor that names one of the headings, each with the id its published page gives it: the
 * platform's id, GitHub's, the slug of the text beside an explicit id, and the platform's without the
 * `id-` older GitBook sites did not add (`#5.-group-filter`).
 */
export function headingAnchors(headings: Heading[], published = publishedHeadingIds(headings)): Map<string, string> {
  const anchors = new Map<string, string>();
  const add = (ids: string[]) => ids.forEach((id, i) => anchors.has(id) || anchors.set(id, published[i]));
  add(published);
  add(headingIds(headings));
  add(headingIds(headings.map((h) => h.text)));
  add(headingIds(headings.map((h) => h.text), platformSlugOfHeading).map((id) => id.replace(/^id-(?=[0-9])/, '')));
  return anchors;
}

/**
 * For each heading, the other ids that name it (GitHub's, the older platform's), none of them another
 * heading's id; `published`: the headings' published ids, when the caller has them already.
 */
export function headingAliases(headings: Heading[], published = publishedHeadingIds(headings)): string[][] {
  const primary = new Map(published.map((id, i) => [id, i]));
  const aliases: string[][] = published.map(() => []);
  for (const [anchor, id] of headingAnchors(headings, published)) if (!primary.has(anchor)) aliases[primary.get(id)!].push(anchor);
  return aliases;
}

/** The text of each expandable's `<summary>` in a piece of raw HTML (its tags dropped, references decoded). */
export function summaryTexts(html: string): string[] {
  return [...html.matchAll(/<summary>([\s\S]*?)<\/summary>/gi)].map((m) => decodeCharacterReferences(m[1].replace(/<[^>]*>/g, '')).replace(/\s+/g, ' ').trim());
}
