import type { Marked, Token, Tokens } from 'marked';
import { createRequire } from 'node:module';
import { headingOf } from './headings';
import { plainInline } from './plain-inline';
import { gitbookBlocks, withSources, type Hint, type LinkBlock, type Tab, type Tabs, type TitledCode } from './gitbook-blocks';

// The YAML parser is large and only frontmatter needs it: load it the first time a page has some,
// not at every start of the CLI (a plain require, so the bundler leaves it out of the start-up chunk).
const load = createRequire(import.meta.url);
let yaml: typeof import('yaml') | undefined;
/** Parses YAML text (the parser loaded on first use). */
export const parseYaml = (text: string): unknown => (yaml ??= load('yaml') as typeof import('yaml')).parse(text);

// The markdown parser likewise loads when content is first parsed (requiring it needs Node 20.19+).
let marked: typeof import('marked') | undefined;
const markedModule = (): typeof import('marked') => (marked ??= load('marked') as typeof import('marked'));
// One marked with GitBook's blocks (GFM), made on first use: every lexer of the content layer comes from it.
let gitbookMarked: Marked | undefined;
const withBlocks = (): Marked => (gitbookMarked ??= new (markedModule().Marked)({ gfm: true, extensions: [gitbookBlocks] }));
const newLexer = () => withSources(new (markedModule().Lexer)({ ...withBlocks().defaults }));

/** marked's walk of tokens, into the children of GitBook blocks too. */
export const walkTokens: Marked['walkTokens'] = (tokens, callback) => withBlocks().walkTokens(tokens, callback);

export interface Frontmatter {
  title?: string;
  description?: string;
  icon?: string;
  hidden?: boolean;
}

/** Splits `---` YAML frontmatter from a markdown document; bad frontmatter is an error naming it. */
export function splitFrontmatter(markdown: string): { frontmatter: Frontmatter; body: string } {
  const match = /^---\r?\n(?:([\s\S]*?)\r?\n)?---(?:\r?\n|$)/.exec(markdown);
  if (!match) return { frontmatter: {}, body: markdown };
  let data: unknown;
  try {
    data = parseYaml(match[1] ?? '');
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

/**
 * A page's content without its frontmatter and its leading `# Title` line, for a reader that shows the
 * page's title above the content (an H1 further down stays).
 */
export function withoutLeadingTitle(markdown: string): string {
  return splitFrontmatter(markdown).body.replace(/^(?:[ \t]*\r?\n)*[ ]{0,3}#[ \t]+[^\n]*(?:\r?\n|$)/, '');
}

/**
 * The first level-1 heading (`# Title` or `Title` underlined with `===`), used as a title when nothing
 * else gives one. A line scan that skips fenced code: lexing whole documents just for this was the
 * slowest part of reading a large folder.
 */
export function firstHeading(markdown: string): string | undefined {
  const lines = markdown.split(/\r?\n/);
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (!fence || marker.startsWith(fence))) {
      fence = fence ? undefined : marker;
      continue;
    }
    if (fence) continue;
    const atx = /^ {0,3}#(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (atx) return plainText(atx[1] ?? '') || undefined;
    if (line.trim() && /^ {0,3}=+[ \t]*$/.test(lines[i + 1] ?? '')) return plainText(line);
  }
  return undefined;
}

/** The text of inline markdown without its syntax (emphasis, code, links), parsed by marked. */
function plainText(markdown: string): string {
  const collect = (tokens: Token[]): string =>
    tokens.map((t) => ('tokens' in t && Array.isArray(t.tokens) && t.tokens.length ? collect(t.tokens) : ((t as { text?: string }).text ?? t.raw))).join('');
  return collect(newLexer().inlineTokens(markdown.trim())).trim();
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
      // A heading's anchor (`<a id="x"></a>`, as GitBook writes it) is its id, not its text.
      const { id } = headingOf(h.tokens);
      const nodes = inline(id ? h.tokens.filter((t) => t.type !== 'html') : h.tokens);
      return { object: 'block', type: `heading-${Math.min(h.depth, 3)}`, ...(id ? { data: { id } } : {}), nodes };
    }
    case 'paragraph':
      return { object: 'block', type: 'paragraph', nodes: inline((token as Tokens.Paragraph).tokens) };
    case 'text': {
      // Block-level text (the content of a tight list item) carries inline tokens, marks and links.
      const t = token as Tokens.Text;
      return { object: 'block', type: 'paragraph', nodes: t.tokens?.length ? inline(t.tokens) : [{ object: 'text', type: 'text', leaves: [{ text: t.text, marks: [] }] }] };
    }
    case 'code': {
      const c = token as TitledCode;
      const data = { syntax: c.lang ?? '', ...(c.title ? { title: c.title } : {}) };
      return { object: 'block', type: 'code', data, nodes: [{ object: 'text', type: 'text', leaves: [{ text: c.text, marks: [] }] }] };
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
    case 'liquid-tag':
    case 'reusable-content':
      return undefined;
    case 'hint':
      return { object: 'block', type: 'hint', data: { style: (token as Hint).style }, nodes: blocks((token as Hint).tokens) };
    case 'tabs':
      return { object: 'block', type: 'tabs', nodes: blocks((token as Tabs).tokens) };
    case 'tab':
      return { object: 'block', type: 'tabs-item', data: { title: (token as Tab).title }, nodes: blocks((token as Tab).tokens) };
    case 'content-ref':
    case 'embed':
    case 'file': {
      const { url, tokens } = token as LinkBlock;
      const data = token.type === 'embed' ? { url } : { ref: { kind: 'url', url } };
      // A content-ref's body only repeats its link; an embed's or a file's is a caption.
      const caption = token.type === 'content-ref' ? [] : blocks(tokens);
      return { object: 'block', type: token.type, data, ...(caption.length ? { nodes: caption } : {}) };
    }
    default:
      return { object: 'block', type: 'paragraph', nodes: [{ object: 'text', type: 'text', leaves: [{ text: token.raw.trim(), marks: [] }] }] };
  }
}

function blocks(tokens: Token[]): DocumentNode[] {
  return tokens.map(block).filter((n): n is DocumentNode => n !== undefined);
}

/** The block tokens of a markdown body (GFM and GitBook's blocks), for readers of its structure. */
export function lexBlocks(markdown: string): Token[] {
  return newLexer().lex(markdown);
}

/**
 * The block tokens of a markdown body for readers of its text only (search sections): inline markdown
 * simple enough for `plainInline` becomes one text token with its visible text, the rest is lexed by
 * marked as `lexBlocks` does. Link targets, marks and HTML are not kept for the simple parts.
 */
export function lexText(markdown: string): Token[] {
  const lexer = newLexer();
  const inlineTokens = lexer.inlineTokens.bind(lexer);
  lexer.inlineTokens = (src: string, tokens: Token[] = []) => {
    const text = plainInline(src);
    if (text === undefined) return inlineTokens(src, tokens);
    if (text) tokens.push({ type: 'text', raw: src, text });
    return tokens;
  };
  return lexer.lex(markdown);
}

/** Markdown as a structured document: blocks with inline nodes and marked text, parsed with marked's lexer. */
export function toDocument(markdown: string): { object: 'document'; nodes: DocumentNode[] } {
  return { object: 'document', nodes: blocks(lexBlocks(splitFrontmatter(markdown).body)) };
}

/**
 * A URL-safe slug of a title: lower case where a script has case, accents of Latin letters dropped,
 * letters and digits of every script kept (`中国OTA随单行李加购` is `中国ota随单行李加购`), every run of
 * other characters one `-`, starting with a letter or digit, at most 100 characters. `keep` lists
 * characters kept besides letters and digits (a file name's slug keeps `.` and `_`).
 */
export function slugify(title: string, keep = ''): string {
  const other = new RegExp(`[^\\p{L}\\p{M}\\p{N}${keep.replace(/[\]\\^-]/g, '\\$&')}]+`, 'gu');
  const slug = title
    .normalize('NFKD')
    // Accents of Latin letters only: й and ά stay letters of their scripts.
    .replace(/([a-z])[\u0300-\u036f]+/gi, '$1')
    // Composed again: a Hangul syllable or a Devanagari letter is one character of the slug, as typed.
    .normalize('NFC')
    .toLowerCase()
    .replace(other, '-')
    .replace(/^[^\p{L}\p{N}]+|-+$/gu, '');
  return Array.from(slug).slice(0, 100).join('').replace(/-+$/, '') || 'page';
}

/**
 * The slug the rule before issue 57 gave (ASCII letters and digits only): how pages of a space pushed
 * before then are recognised, so they keep their slugs (content-tree/push.ts).
 */
export function asciiSlugify(title: string, keep = ''): string {
  const other = new RegExp(`[^a-z0-9${keep.replace(/[\]\\^-]/g, '\\$&')}]+`, 'g');
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(other, '-')
    .replace(/^[^a-z0-9]+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return slug || 'page';
}
