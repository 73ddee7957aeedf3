/**
 * GitBook's (Git Sync) Liquid-style blocks as a marked block extension: `{% hint %}`, `{% tabs %}` /
 * `{% tab %}`, `{% content-ref %}`, `{% page-ref %}`, `{% embed %}`, `{% file %}` and `{% code %}`,
 * each tag alone on its line; `{% include "/reusable-contents/<id>" %}` (how content includes a
 * reusable content) is a `reusable-content` token. Any other lone `{% … %}` line (an include of
 * anything else among them) is a `liquid-tag` token with no text.
 * Only reading is done here: pages are stored verbatim, so the markdown of a block is the stored text.
 *
 * Hostile input stays linear: each string marked lexes (the document, a block's body, a list item…)
 * is scanned once for its tag lines and their closing tags (a stack per name); bodies nest at most
 * MAX_DEPTH strings deep. An opener without its closing tag is a plain tag line (content-ref, embed
 * and file stay links, as page-ref is).
 */
import type { Lexer, Token, TokenizerExtension, TokenizerThis, Tokens } from 'marked';

export interface Hint { type: 'hint'; raw: string; text: ''; style: string; tokens: Token[] }
export interface Tabs { type: 'tabs'; raw: string; text: ''; tokens: Token[] }
export interface Tab { type: 'tab'; raw: string; text: ''; title: string; tokens: Token[] }
/** content-ref and page-ref (`content-ref`), embed, file: a link with an optional body (a caption). */
export interface LinkBlock { type: 'content-ref' | 'embed' | 'file'; raw: string; text: ''; url: string; tokens: Token[] }
export interface LiquidTag { type: 'liquid-tag'; raw: string; text: ''; name: string }
/**
 * `{% stepper %}`, `{% columns %}`, `{% updates %}` and their parts (`step`, `column`, `update`): a block
 * of blocks, named by its tag, its attributes kept. Its body is lexed on its own, so a list before
 * `{% endstep %}` does not take the tag line in as its text.
 */
export interface Container { type: 'container'; raw: string; text: ''; name: string; attrs: Record<string, string>; tokens: Token[] }
/** `{% include "/reusable-contents/<id>" %}`: the reusable content `<id>` of the same content, included here. */
export interface ReusableContentTag { type: 'reusable-content'; raw: string; text: ''; reusableContent: string }
/** `{% code title="…" overflow="wrap" lineNumbers="true" fullWidth="true" %}` around a fenced block: the code token with those. */
export type TitledCode = Tokens.Code & { title?: string; overflow?: string; lineNumbers?: boolean; fullWidth?: boolean };

/** The token types this extension adds, all of them blocks. */
export const GITBOOK_TYPES: ReadonlySet<string> = new Set(['hint', 'tabs', 'tab', 'content-ref', 'embed', 'file', 'liquid-tag', 'reusable-content', 'container']);

/** The containers of parts, each with its parts' tag name. */
export const CONTAINER_PARTS = { stepper: 'step', columns: 'column', updates: 'update' } as const;
export type ContainerName = keyof typeof CONTAINER_PARTS;

/**
 * A reusable content's id as an include line names it: no `/`, blank, quote, backslash, `%`, `{` or
 * `}` (nothing that could end the path or the tag), at most 200 characters.
 */
export const REUSABLE_CONTENT_ID = /^[^\s"'/\\%{}]{1,200}$/;
/** What follows `include` on a line including a reusable content: the quoted path, then `%}` (one pass, no backtracking across parts). */
const INCLUDE_REUSABLE = /^[ \t]+(?:"\/reusable-contents\/([^\s"'/\\%{}]{1,200})"|'\/reusable-contents\/([^\s"'/\\%{}]{1,200})')[ \t]*-?%\}$/;

/** The line that includes reusable content `id`, as content stores it (to-markdown writes exactly this). */
export const includeLine = (id: string) => `{% include "/reusable-contents/${id}" %}`;

/** How deep reusable contents are included in one another where content is shown (a page, a PDF). */
export const MAX_INCLUDE_DEPTH = 4;
/** Include lines in a text, as the tokenizer reads them (INCLUDE_REUSABLE after `{% include`). */
const INCLUDE_LINES = /^ {0,3}\{%-?[ \t]*include[ \t]+(?:"\/reusable-contents\/([^\s"'/\\%{}]{1,200})"|'\/reusable-contents\/([^\s"'/\\%{}]{1,200})')[ \t]*-?%\}[ \t]*$/gm;

/**
 * The markdown of the reusable contents `markdown` includes, and of those they include, each once and
 * as deep as content shows them: what a page shows besides its own text (its API operations too).
 */
export function includedMarkdown(markdown: string, reusable: (id: string) => string | undefined): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  let level = [markdown];
  for (let depth = 0; depth < MAX_INCLUDE_DEPTH && level.length; depth++) {
    const next: string[] = [];
    for (const text of level) {
      if (!text.includes('reusable-contents')) continue;
      for (const m of text.matchAll(INCLUDE_LINES)) {
        const id = m[1] ?? m[2];
        if (seen.has(id)) continue;
        seen.add(id);
        const included = reusable(id);
        if (included !== undefined) next.push(included);
      }
    }
    found.push(...next);
    level = next;
  }
  return found;
}

/** Tags that have a body up to `{% end<name> %}` (embed and file may also stand alone). */
const BODIES = new Set(['hint', 'tabs', 'tab', 'content-ref', 'embed', 'file', 'code', ...Object.entries(CONTAINER_PARTS).flat()]);
/** How many strings deep (bodies, list items, quotes) a block still opens: deeper it is a plain tag line. */
const MAX_DEPTH = 8;

interface TagLine {
  start: number;
  /** After the line's newline. */
  end: number;
  name: string;
  /** The tag it closes (`endhint` closes `hint`). */
  closes?: string;
  /** What follows the name: the attributes, then `%}`. */
  rest: string;
  fenced: boolean;
}

/**
 * A line opening or closing a fence, or a tag line's start (up to 3 spaces, `{%`, the name). A fence
 * may follow list markers (`1. ```js`, as Git Sync writes a list item that starts with code) and be
 * indented (its closing line in the item): otherwise the closing line alone would open a fence.
 */
const LINE = /^(?:[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)*(`{3,}|~{3,})|[ ]{0,3}\{%-?[ \t]*([a-z][\w-]*)([^\n]*))/gim;
const ATTR = /[ \t]+([\w-]+)[ \t]*=[ \t]*(?:"([^"]*)"|'([^']*)')/y;

/** A tag's attributes, `name="value"` or `name='value'`; read up to the first that is neither. */
function attrsOf(tag: TagLine): Record<string, string> {
  const inner = tag.rest.slice(0, -2);
  const attrs: Record<string, string> = Object.create(null);
  for (let at = 0, m: RegExpExecArray | null; (ATTR.lastIndex = at), (m = ATTR.exec(inner)); at = ATTR.lastIndex) attrs[m[1]] = m[2] ?? m[3];
  return attrs;
}

/** One string marked lexes, with its tag lines (by start) and each opener's closing line, found once. */
class Source {
  private index?: { lines: Map<number, TagLine>; starts: number[]; closing: Map<number, TagLine> };
  constructor(readonly text: string, readonly depth: number) {}

  private scan() {
    const lines = new Map<number, TagLine>();
    const closing = new Map<number, TagLine>();
    const open = new Map<string, TagLine[]>();
    const text = this.text;
    let fence: string | undefined;
    // A fence opened on a list item's first line ends with the item: at a line indented less than its content.
    let itemColumn = 0;
    for (const m of text.includes('{%') ? text.matchAll(LINE) : []) {
      const start = m.index;
      if (start > 0 && text[start - 1] !== '\n') continue; // a line start to the regex (after \r or \u2028), not to marked
      if (fence && itemColumn > 0 && /^[ \t]*/.exec(m[0])![0].length < itemColumn) fence = undefined;
      if (m[1]) {
        // A backtick fence's info string holds no backtick: such a line is text, as marked reads it.
        const after = m.index + m[0].length;
        const end = text.indexOf('\n', after);
        if (m[1][0] === '`' && text.slice(after, end === -1 ? text.length : end).includes('`')) continue;
        const prefix = m[0].slice(0, m[0].length - m[1].length);
        if (!fence) [fence, itemColumn] = [m[1], /[-*+]|\d[.)]/.test(prefix) ? prefix.length : 0];
        else if (m[1].startsWith(fence)) fence = undefined;
        continue;
      }
      const rest = m[3].trimEnd();
      if (!rest.endsWith('%}')) continue;
      const newline = text.indexOf('\n', start);
      const name = m[2].toLowerCase().replace(/-+$/, '');
      const closes = name.startsWith('end') && BODIES.has(name.slice(3)) ? name.slice(3) : undefined;
      const tag: TagLine = { start, end: newline === -1 ? text.length : newline + 1, name, closes, rest, fenced: fence !== undefined };
      lines.set(start, tag);
      if (tag.fenced || this.depth > MAX_DEPTH) continue;
      if (closes) {
        const opener = open.get(closes)?.pop();
        if (opener) closing.set(opener.start, tag);
      } else if (BODIES.has(name)) {
        const stack = open.get(name);
        if (stack) stack.push(tag);
        else open.set(name, [tag]);
      }
    }
    return { lines, starts: [...lines.keys()], closing };
  }

  private get tags() {
    return (this.index ??= this.scan());
  }

  tagAt(position: number): TagLine | undefined {
    return this.tags.lines.get(position);
  }

  closingOf(opener: TagLine): TagLine | undefined {
    return this.tags.closing.get(opener.start);
  }

  /** `src`, a suffix of the text, up to its first tag line after its first character. */
  upToTag(src: string): string {
    const position = this.text.length - src.length;
    const next = this.nextTag(position + 1);
    return next === undefined ? src : src.slice(0, next - position);
  }

  /** The first tag line starting at or after `position`. */
  nextTag(position: number): number | undefined {
    const starts = this.tags.starts;
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (starts[middle] < position) low = middle + 1;
      else high = middle;
    }
    return starts[low];
  }
}

/** The strings each lexer is lexing, innermost last (see withSources). */
const lexing = new WeakMap<Lexer, Source[]>();

/**
 * Makes `lexer` tell the extension which string it is lexing: every `blockTokens` call (the
 * document, a list item, a quote, a block's body) pushes its string, so a tokenizer's `src`, a
 * suffix of it, gives a position in it.
 */
export function withSources<L extends Lexer>(lexer: L): L {
  const stack: Source[] = [];
  lexing.set(lexer, stack);
  // A setext heading's text, like a paragraph's, ends at a tag line: without this cut, marked would
  // try it to the next blank line at each line between tag lines (quadratic).
  const tokenizer = lexer.options.tokenizer!;
  const lheading = tokenizer.lheading.bind(tokenizer);
  tokenizer.lheading = (src: string) => lheading(stack.at(-1)?.upToTag(src) ?? src);
  const blockTokens = lexer.blockTokens.bind(lexer) as (src: string, tokens?: Token[], clipped?: boolean) => Token[];
  lexer.blockTokens = ((src: string, tokens?: Token[], clipped?: boolean) => {
    stack.push(new Source(src, stack.length + 1));
    try {
      return blockTokens(src, tokens, clipped);
    } finally {
      stack.pop();
    }
  }) as L['blockTokens'];
  return lexer;
}

/** The string `src` ends; a lexer not made by withSources gets one for `src` alone (correct, not linear). */
function sourceOf(lexer: Lexer, src: string): Source {
  return lexing.get(lexer)?.at(-1) ?? new Source(src, 1);
}

/** The tokens of a block's body, lexed as a document of its own would be. */
function bodyTokens(lexer: Lexer, body: string): Token[] {
  const top = lexer.state.top;
  lexer.state.top = true;
  const tokens = lexer.blockTokens(body, []);
  lexer.state.top = top;
  return tokens;
}

/** The link a tag names: `url` of content-ref and embed, `page` of page-ref, `src` of file. */
function linkOf(tag: TagLine, attrs: Record<string, string>): string | undefined {
  if (tag.name === 'content-ref' || tag.name === 'embed') return attrs.url;
  if (tag.name === 'page-ref') return attrs.page;
  return tag.name === 'file' ? attrs.src : undefined;
}

/** A block from an opener to its closing line, or undefined when the body is not what the tag wants. */
function block(lexer: Lexer, text: string, tag: TagLine, attrs: Record<string, string>, close: TagLine): Token | undefined {
  const raw = text.slice(tag.start, close.end);
  const body = () => bodyTokens(lexer, text.slice(tag.end, close.start));
  const url = linkOf(tag, attrs);
  switch (tag.name) {
    case 'hint':
      return { type: 'hint', raw, text: '', style: attrs.style ?? 'info', tokens: body() } satisfies Hint;
    case 'tabs':
      return { type: 'tabs', raw, text: '', tokens: body() } satisfies Tabs;
    case 'tab':
      return { type: 'tab', raw, text: '', title: attrs.title ?? '', tokens: body() } satisfies Tab;
    case 'stepper': case 'step': case 'columns': case 'column': case 'updates': case 'update':
      return { type: 'container', raw, text: '', name: tag.name, attrs: { ...attrs }, tokens: body() } satisfies Container;
    case 'code': {
      const tokens = body().filter((t) => t.type !== 'space');
      if (tokens.length !== 1 || tokens[0].type !== 'code') return undefined;
      const { title, overflow, lineNumbers, fullWidth } = attrs;
      const flag = (value: string | undefined) => (value === 'true' ? true : value === 'false' ? false : undefined);
      const flags = { lineNumbers: flag(lineNumbers), fullWidth: flag(fullWidth) };
      return {
        ...(tokens[0] as Tokens.Code),
        raw,
        ...(title ? { title } : {}),
        ...(overflow === 'wrap' || overflow === 'scroll' ? { overflow } : {}),
        ...(flags.lineNumbers !== undefined ? { lineNumbers: flags.lineNumbers } : {}),
        ...(flags.fullWidth !== undefined ? { fullWidth: flags.fullWidth } : {}),
      } satisfies TitledCode;
    }
    default:
      return url ? ({ type: tag.name as LinkBlock['type'], raw, text: '', url, tokens: body() } satisfies LinkBlock) : undefined;
  }
}

/** A tag line standing alone: page-ref, embed and file are still links; anything else is a bare tag. */
function line(text: string, tag: TagLine, attrs: Record<string, string>): Token {
  const raw = text.slice(tag.start, tag.end);
  const url = linkOf(tag, attrs);
  if (url) return { type: tag.name === 'page-ref' ? 'content-ref' : (tag.name as LinkBlock['type']), raw, text: '', url, tokens: [] } satisfies LinkBlock;
  const included = tag.name === 'include' ? INCLUDE_REUSABLE.exec(tag.rest) : null;
  if (included) return { type: 'reusable-content', raw, text: '', reusableContent: included[1] ?? included[2] } satisfies ReusableContentTag;
  return { type: 'liquid-tag', raw, text: '', name: tag.name } satisfies LiquidTag;
}

/** Up to 3 spaces, then `{%`: the cheap test before looking the line up. */
const mayBeTag = (src: string) => /^ {0,3}\{%/.test(src.slice(0, 5));

export const gitbookBlocks: TokenizerExtension = {
  name: 'gitbook',
  level: 'block',
  // Where a paragraph must stop so that a tag line after it is not read as its text.
  start(this: TokenizerThis, src: string) {
    const source = sourceOf(this.lexer, src);
    const position = source.text.length - src.length;
    const next = source.nextTag(position);
    return next === undefined ? undefined : next - position;
  },
  tokenizer(this: TokenizerThis, src: string) {
    if (!mayBeTag(src)) return undefined;
    const source = sourceOf(this.lexer, src);
    const tag = source.tagAt(source.text.length - src.length);
    if (!tag) return undefined;
    const close = source.closingOf(tag);
    const attrs = attrsOf(tag);
    return (close && block(this.lexer, source.text, tag, attrs, close)) || line(source.text, tag, attrs);
  },
};
