import type { Token, Tokens } from 'marked';
import { lexBlocks, splitFrontmatter } from './markdown';

/** The text under one heading of a page (the first section is the text before any heading). */
export interface Section {
  /** The heading's anchor (GitHub style), '' for the text before the first heading. */
  anchor: string;
  title: string;
  body: string;
}

/** Plain text of tokens: what a reader sees, without markdown syntax. */
function textOf(tokens: Token[] | undefined): string {
  const parts: string[] = [];
  for (const token of tokens ?? []) {
    if (token.type === 'space' || token.type === 'hr') continue;
    if (token.type === 'list') {
      parts.push((token as Tokens.List).items.map((item) => textOf(item.tokens)).join('\n'));
    } else if (token.type === 'table') {
      const t = token as Tokens.Table;
      parts.push([t.header, ...t.rows].map((row) => row.map((cell) => textOf(cell.tokens)).join(' ')).join('\n'));
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
  const inline = (tokens ?? []).every((t) => !['paragraph', 'heading', 'code', 'list', 'table', 'blockquote', 'html', 'space', 'hr'].includes(t.type));
  return parts.join(inline ? '' : '\n').replace(/[ \t]+/g, ' ').replace(/\n{2,}/g, '\n').trim();
}

/**
 * GitHub-style heading anchors: lower case, punctuation dropped, spaces to '-', and repeats numbered
 * `-1`, `-2`... in document order. `used` carries the anchors already taken in the page.
 */
export function headingAnchor(text: string, used: Map<string, number>): string {
  const base = text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
  const seen = used.get(base);
  used.set(base, (seen ?? -1) + 1);
  return seen === undefined ? base : `${base}-${seen + 1}`;
}

/** Splits a page into its sections, headings of every depth starting a new one. */
export function sectionsOf(markdown: string, pageTitle: string): Section[] {
  let body: string;
  try {
    body = splitFrontmatter(markdown).body;
  } catch {
    body = markdown; // Bad frontmatter is rejected on write; older content is still searchable as text.
  }
  const sections: Section[] = [];
  const used = new Map<string, number>();
  let current: Section = { anchor: '', title: pageTitle, body: '' };
  let tokens: Token[] = [];
  const close = () => {
    current.body = textOf(tokens);
    if (current.anchor || current.body) sections.push(current);
  };
  const blocks = lexBlocks(body);
  // A leading level-1 heading that repeats the page title is the page's own title, not a section.
  const first = blocks.findIndex((t) => t.type !== 'space');
  const lead = blocks[first] as Tokens.Heading | undefined;
  if (lead?.type === 'heading' && lead.depth === 1 && textOf(lead.tokens) === pageTitle) blocks.splice(first, 1);
  for (const token of blocks) {
    if (token.type === 'heading') {
      close();
      const title = textOf((token as Tokens.Heading).tokens);
      current = { anchor: headingAnchor(title, used), title, body: '' };
      tokens = [];
    } else {
      tokens.push(token);
    }
  }
  close();
  // A page with no text at all is still found by its title.
  if (sections.length === 0) sections.push({ anchor: '', title: pageTitle, body: '' });
  return sections;
}
