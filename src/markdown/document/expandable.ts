/**
 * GitBook's expandable block as Git Sync writes it: HTML `<details>` around a `<summary>` and
 * markdown, each tag its own block:
 *
 *     <details>
 *
 *     <summary>Title</summary>
 *
 *     Body in markdown.
 *
 *     </details>
 *
 * marked gives each tag an HTML token (the first two may share one); what lies between is the body.
 */
import type { Token, Tokens } from 'marked';

const OPEN = /^<details>\s*(?:<summary>([^<>\n]*)<\/summary>)?$/i;
const SUMMARY = /^<summary>([^<>\n]*)<\/summary>$/i;
const CLOSE = /^<\/details>$/i;

const html = (token: Token | undefined) => (token?.type === 'html' ? (token as Tokens.HTML).text.trim() : undefined);

export interface Expandable { title: string; body: Token[]; /** Tokens it spans. */ length: number }

/** The expandable block starting at `tokens[at]`, or undefined when it is not one (then it is HTML). */
export function expandableAt(tokens: Token[], at: number): Expandable | undefined {
  const open = OPEN.exec(html(tokens[at]) ?? '');
  if (!open) return undefined;
  let i = at + 1;
  let title = open[1];
  if (title === undefined) {
    while (tokens[i]?.type === 'space') i++;
    const summary = SUMMARY.exec(html(tokens[i]) ?? '');
    if (!summary) return undefined;
    title = summary[1];
    i++;
  }
  const start = i;
  let depth = 1;
  for (; i < tokens.length; i++) {
    const text = html(tokens[i]);
    if (text === undefined) continue;
    if (OPEN.test(text)) depth++;
    else if (CLOSE.test(text) && --depth === 0) return { title, body: tokens.slice(start, i), length: i - at + 1 };
  }
  return undefined;
}

/** The markdown of an expandable block, or undefined when its title would not survive the HTML. */
export function expandableMarkdown(title: string, body: string): string | undefined {
  if (/[<>\n]/.test(title)) return undefined;
  return `<details>\n\n<summary>${title}</summary>\n\n${body ? `${body}\n\n` : ''}</details>`;
}
