/**
 * The visible text of simple inline markdown, read without marked's inline lexer: plain text, `*em*`
 * and `**strong**` around plain words, and `[text](destination)` links. Anything else (code, escapes,
 * HTML, entities, images, underscores, strikethrough, autolinks, hard breaks, delimiters that are not
 * plainly an opener or a closer) answers `undefined`, and the caller lexes it with marked.
 *
 * The answer is exactly the concatenated text of marked's tokens for the same input
 * (test/markdown/plain-inline.test.ts compares them on generated inputs): search indexing reads the
 * text of every page, and marked's inline lexer was most of a 10,000-page merge (issue 19).
 */

// Characters whose meaning needs marked: code, escapes, delimiters, brackets, HTML and entities.
const SPECIAL = '\\\\`*_~\\[\\]<&';
// Text outside any construct: no special character, and `!` only when no `[` follows (an image).
const PLAIN = new RegExp(`(?:[^${SPECIAL}!]|!(?!\\[))+`, 'y');
// The text of a link or an emphasis: starts and ends with a letter or a digit, one line, single spaces.
const WORDS = `[\\p{L}\\p{N}](?:[^${SPECIAL}\\t\\n]*[\\p{L}\\p{N}])?`;
/**
 * A link whose destination has no space, title, angle brackets, parentheses, escapes or asterisks; and
 * one or two asterisks around words, the closer as long as the opener. Made on first use: compiling
 * their Unicode classes took 0.4 ms of every command's start, and most commands never read a page.
 */
let wordPatterns: { LINK: RegExp; EMPHASIS: RegExp } | undefined;
const patterns = () =>
  (wordPatterns ??= {
    LINK: new RegExp(`\\[(${WORDS})\\]\\([^\\s()<>\\\\\`"'*[\\]]+\\)`, 'uy'),
    EMPHASIS: new RegExp(`(\\*\\*?)(${WORDS})\\1(?!\\*)`, 'uy'),
  });
// What may come before an opener and after a closer: nothing, a space, or common punctuation.
const BEFORE_OPENER = /[\s("']/;
const AFTER_CLOSER = /[\s.,;:!?)'"/-]/;
// Where GFM would find an autolink (a URL can swallow a delimiter after it) or a hard line break.
const NEEDS_MARKED = /(?:https?|ftp):\/\/|www\.|@| {2,}\n/i;

export function plainInline(src: string): string | undefined {
  const { LINK, EMPHASIS } = patterns();
  let out = '';
  let at = 0;
  while (at < src.length) {
    const c = src[at];
    let match: RegExpExecArray | null;
    if (c === '[') {
      LINK.lastIndex = at;
      match = LINK.exec(src);
      if (!match || match[1].includes('  ')) return undefined;
      out += match[1];
    } else if (c === '*') {
      EMPHASIS.lastIndex = at;
      match = EMPHASIS.exec(src);
      if (!match || match[2].includes('  ')) return undefined;
      const end = at + match[0].length;
      if (at > 0 && !BEFORE_OPENER.test(src[at - 1])) return undefined;
      if (end < src.length && !AFTER_CLOSER.test(src[end])) return undefined;
      out += match[2];
    } else {
      PLAIN.lastIndex = at;
      match = PLAIN.exec(src);
      if (!match) return undefined;
      out += match[0];
    }
    at += match[0].length;
  }
  return NEEDS_MARKED.test(out) ? undefined : out;
}
