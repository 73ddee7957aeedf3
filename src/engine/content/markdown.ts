import { Lexer, type Token, type Tokens } from 'marked';
import { parse as parseYaml } from 'yaml';

export interface Frontmatter {
  title?: string;
  description?: string;
  icon?: string;
  hidden?: boolean;
}

/** Splits `---` YAML frontmatter from a markdown document; bad frontmatter is an error naming it. */
export function splitFrontmatter(markdown: string): { frontmatter: Frontmatter; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(markdown);
  if (!match) return { frontmatter: {}, body: markdown };
  let data: unknown;
  try {
    data = parseYaml(match[1]);
  } catch (error) {
    throw new Error(`frontmatter is not valid YAML: ${(error as Error).message}`);
  }
  const fm = (data ?? {}) as Record<string, unknown>;
  const frontmatter: Frontmatter = {};
  if (typeof fm.title === 'string') frontmatter.title = fm.title;
  if (typeof fm.description === 'string') frontmatter.description = fm.description;
  if (typeof fm.icon === 'string') frontmatter.icon = fm.icon;
  if (typeof fm.hidden === 'boolean') frontmatter.hidden = fm.hidden;
  return { frontmatter, body: markdown.slice(match[0].length) };
}

/** The first level-1 heading, used as a title when nothing else gives one. */
export function firstHeading(markdown: string): string | undefined {
  const token = new Lexer().lex(markdown).find((t): t is Tokens.Heading => t.type === 'heading' && t.depth === 1);
  return token?.text;
}

export interface DocumentNode {
  object: 'block' | 'inline' | 'text';
  type: string;
  data?: Record<string, unknown>;
  nodes?: DocumentNode[];
  leaves?: { text: string; marks: { type: string }[] }[];
}

const MARKS: Record<string, string> = { strong: 'bold', em: 'italic', codespan: 'code', del: 'strikethrough' };

function inline(tokens: Token[] | undefined, marks: { type: string }[] = []): DocumentNode[] {
  const out: DocumentNode[] = [];
  for (const token of tokens ?? []) {
    if (token.type in MARKS) {
      const mark = { type: MARKS[token.type] };
      if (token.type === 'codespan') out.push({ object: 'text', type: 'text', leaves: [{ text: (token as Tokens.Codespan).text, marks: [...marks, mark] }] });
      else out.push(...inline((token as Tokens.Strong).tokens, [...marks, mark]));
    } else if (token.type === 'link') {
      const link = token as Tokens.Link;
      out.push({ object: 'inline', type: 'link', data: { ref: { kind: 'url', url: link.href } }, nodes: inline(link.tokens, marks) });
    } else if (token.type === 'image') {
      const image = token as Tokens.Image;
      out.push({ object: 'inline', type: 'image', data: { src: image.href, alt: image.text } });
    } else if (token.type === 'br') {
      out.push({ object: 'text', type: 'text', leaves: [{ text: '\n', marks }] });
    } else {
      const text = 'tokens' in token && Array.isArray(token.tokens) && token.tokens.length ? null : ((token as { text?: string }).text ?? token.raw);
      if (text === null) out.push(...inline((token as Tokens.Text).tokens, marks));
      else out.push({ object: 'text', type: 'text', leaves: [{ text, marks }] });
    }
  }
  return out;
}

function block(token: Token): DocumentNode | undefined {
  switch (token.type) {
    case 'heading': {
      const h = token as Tokens.Heading;
      return { object: 'block', type: `heading-${Math.min(h.depth, 3)}`, nodes: inline(h.tokens) };
    }
    case 'paragraph':
      return { object: 'block', type: 'paragraph', nodes: inline((token as Tokens.Paragraph).tokens) };
    case 'code': {
      const c = token as Tokens.Code;
      return { object: 'block', type: 'code', data: { syntax: c.lang ?? '' }, nodes: [{ object: 'text', type: 'text', leaves: [{ text: c.text, marks: [] }] }] };
    }
    case 'blockquote':
      return { object: 'block', type: 'blockquote', nodes: blocks((token as Tokens.Blockquote).tokens) };
    case 'list': {
      const l = token as Tokens.List;
      return {
        object: 'block',
        type: l.ordered ? 'list-ordered' : 'list-unordered',
        nodes: l.items.map((item) => ({ object: 'block', type: 'list-item', nodes: blocks(item.tokens) })),
      };
    }
    case 'table': {
      const t = token as Tokens.Table;
      const row = (cells: Tokens.TableCell[]) => ({ object: 'block' as const, type: 'table-row', nodes: cells.map((c) => ({ object: 'block' as const, type: 'table-cell', nodes: inline(c.tokens) })) });
      return { object: 'block', type: 'table', nodes: [row(t.header), ...t.rows.map(row)] };
    }
    case 'hr':
      return { object: 'block', type: 'divider' };
    case 'html':
      return { object: 'block', type: 'html', data: { html: (token as Tokens.HTML).text } };
    case 'space':
      return undefined;
    default:
      return { object: 'block', type: 'paragraph', nodes: [{ object: 'text', type: 'text', leaves: [{ text: token.raw.trim(), marks: [] }] }] };
  }
}

function blocks(tokens: Token[]): DocumentNode[] {
  return tokens.map(block).filter((n): n is DocumentNode => n !== undefined);
}

/** Markdown as a structured document: blocks with inline nodes and marked text, parsed with marked's lexer. */
export function toDocument(markdown: string): { object: 'document'; nodes: DocumentNode[] } {
  return { object: 'document', nodes: blocks(new Lexer({ gfm: true }).lex(splitFrontmatter(markdown).body)) };
}

/** A URL-safe slug of a title. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
  return slug || 'page';
}
