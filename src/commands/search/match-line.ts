import { displayWidth, truncate } from '../../output/display-width';
import type { Paint } from '../../output/palette';

/** How far into the line the match starts: a third, so what comes before it reads as context. */
const LEAD = 1 / 3;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const flatten = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The words the engine marked in its snippet (`**word**`), then the query's words. */
function termsOf(query: string, snippet: string | undefined): string[] {
  const marked = [...(snippet ?? '').matchAll(/\*\*(.+?)\*\*/g)].map((m) => m[1]);
  return [...new Set([...marked, ...query.split(/\s+/)].map((t) => t.trim()).filter(Boolean))];
}

/** Where the first term starts a word in `text`, and the length of that whole word. */
function firstMatch(text: string, terms: string[]): { at: number; length: number } | undefined {
  if (!terms.length) return undefined;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${terms.map(escape).join('|')})[\\p{L}\\p{N}]*`, 'iu');
  const found = pattern.exec(text);
  return found ? { at: found.index, length: found[0].length } : undefined;
}

/**
 * One line, at most `width` columns, of a section's text around the first match of the query, the
 * match painted strong (bold when colour is on). Without a match in the text: the engine's snippet,
 * or the start of the text.
 */
export function matchLine(section: { body: string; snippet?: string }, query: string, width: number, paint: Paint): string {
  const body = flatten(section.body);
  const match = firstMatch(body, termsOf(query, section.snippet));
  if (!match) {
    const fallback = section.snippet ? flatten(section.snippet).replace(/\*\*(.+?)\*\*/g, (_, word: string) => paint(word, 'strong')) : body;
    return truncate(fallback, width);
  }
  const room = Math.max(1, width - 2); // an … on either side
  let start = Math.max(0, match.at - Math.floor((room - match.length) * LEAD));
  // Near the end of the text, start earlier so the line is full (a text that fits shows whole).
  if (displayWidth(body) <= width) start = 0;
  while (start > 0 && displayWidth(body.slice(start - 1)) <= room) start--;
  // Start on a word when the cut would fall inside one (not past the match).
  const space = body.indexOf(' ', start);
  if (start > 0 && body[start - 1] !== ' ' && space >= 0 && space < match.at) start = space + 1;
  const before = (start > 0 ? '…' : '') + body.slice(start, match.at);
  const word = body.slice(match.at, match.at + match.length);
  const after = body.slice(match.at + match.length);
  const left = width - displayWidth(before) - displayWidth(word);
  if (left < 0) return truncate(before + paint(word, 'strong'), width);
  return before + paint(word, 'strong') + truncate(after, left);
}
