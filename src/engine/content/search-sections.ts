import type { Token, Tokens } from 'marked';
import { lexText, splitFrontmatter } from '../../markdown/markdown';
import { headingOf, publishedHeadingIds } from '../../markdown/headings';
import { GITBOOK_TYPES, type Tab } from '../../markdown/gitbook-blocks';

/** The text under one heading of a page (the first section is the text before any heading). */
export interface Section {
  /** The heading's anchor (its explicit id, else GitHub style), '' for the text before the first heading. */
  anchor: string;
  title: string;
  body: string;
}

const BLOCKS = new Set(['paragraph', 'heading', 'code', 'list', 'table', 'blockquote', 'html', 'space', 'hr']);

/** Plain text of tokens: what a reader sees, without markdown syntax (nor GitBook's `{% %}` tags). */
function textOf(tokens: Token[] | undefined): string {
  const parts: string[] = [];
  for (const token of tokens ?? []) {
    if (token.type === 'space' || token.type === 'hr') continue;
    if (token.type === 'list') {
      parts.push((token as Tokens.List).items.map((item) => textOf(item.tokens)).join('\n'));
    } else if (token.type === 'table') {
      const t = token as Tokens.Table;
      parts.push([t.header, ...t.rows].map((row) => row.map((cell) => textOf(cell.tokens)).join(' ')).join('\n'));
    } else if (token.type === 'tab') {
      parts.push(`${(token as Tab).title}\n${textOf((token as Tab).tokens)}`);
    } else if ('tokens' in token && Array.isArray(token.tokens) && token.tokens.length) {
      parts.push(textOf(token.tokens));
    } else if (token.type === 'html') {
      parts.push((token as Tokens.HTML).text.replace(/<[^>]*>/g, ' '));
    } else if (token.type === 'br') {
      parts.push('\n');
    } else {
      parts.push((token as { text?: string }).text ?? token.raw);
    }
  }
  const inline = (tokens ?? []).every((t) => !BLOCKS.has(t.type) && !GITBOOK_TYPES.has(t.type));
  return squeeze(parts.join(inline ? '' : '\n'));
}

/** Runs of spaces and tabs as one space, blank lines dropped, trimmed; the regexes run only when they change something. */
function squeeze(text: string): string {
  const spaced = /\t| {2}/.test(text) ? text.replace(/[ \t]+/g, ' ') : text;
  return (spaced.includes('\n\n') ? spaced.replace(/\n{2,}/g, '\n') : spaced).trim();
}

/**
 * Splits a page into its sections, headings of every depth starting a new one. `lex` is the lexer of its
 * blocks: `lexText` reads simple inline markdown without marked (tests compare it with `lexBlocks`).
 */
export function sectionsOf(markdown: string, pageTitle: string, lex: (body: string) => Token[] = lexText): Section[] {
  let body: string;
  try {
    body = splitFrontmatter(markdown).body;
  } catch {
    body = markdown; // Bad frontmatter is rejected on write; older content is still searchable as text.
  }
  // Each heading with the blocks under it; the first entry holds what comes before any heading.
  const parts: { heading?: string; id?: string; depth?: number; tokens: Token[] }[] = [{ tokens: [] }];
  for (const token of lex(body)) {
    const h = token as Tokens.Heading;
    if (token.type !== 'heading') parts[parts.length - 1].tokens.push(token);
    else {
      const { text, id } = headingOf(h.tokens);
      parts.push({ heading: text.trim(), id, depth: h.depth, tokens: [] });
    }
  }
  // Anchors count every heading, as links to them do, and are the ids published pages give headings.
  const anchors = publishedHeadingIds(parts.slice(1).map((p) => ({ text: p.heading!, id: p.id })));
  const sections: Section[] = parts.map((part, i) => ({ anchor: i ? anchors[i - 1] : '', title: part.heading ?? pageTitle, body: textOf(part.tokens) }));
  // A leading level-1 heading that repeats the page title is the page's own title: its text is the intro.
  const untitledStart = parts[0].tokens.every((t) => t.type === 'space');
  if (untitledStart && parts[1]?.depth === 1 && parts[1].heading === pageTitle) sections.splice(0, 2, { anchor: '', title: pageTitle, body: sections[1].body });
  const kept = sections.filter((s) => s.anchor || s.body);
  // A page with no text at all is still found by its title.
  return kept.length ? kept : [{ anchor: '', title: pageTitle, body: '' }];
}
