/**
 * Markdown (GFM with GitBook's blocks, as src/markdown parses it) to the platform's document tree.
 * Every choice where markdown says more or less than the tree is in docs/decisions.md
 * ("The structured document tree"); to-markdown.ts writes the tree back.
 */
import type { Token, Tokens } from 'marked';
import { headingOf } from '../headings';
import { decodeCharacterReferences } from '../character-references';
import { lexBlocks, splitFrontmatter } from '../markdown';
import type { Hint as HintToken, LinkBlock, ReusableContentTag, Tab, TitledCode } from '../gitbook-blocks';
import type {
  Block, CodeData, Fragment, HintStyle, Image, Inline, InlineContent, InlineImage, JSONDocument, ListItem, MarkType, Paragraph, Table, TableColumn, Text,
} from './types';
import { figureOf } from './figure';
import { fileOfSrc, refOf } from './refs';
import { expandableAt } from './expandable';
import { cardsTableBlock } from './cards';
import { pushText, textNode } from './texts';
import type { Container } from '../gitbook-blocks';
import { closing, partsOf, tagAttributes, tagOf } from '../liquid-containers';

const MARKS: Record<string, MarkType> = { strong: 'bold', em: 'italic', codespan: 'code', del: 'strikethrough' };
const HINT_STYLES: ReadonlySet<string> = new Set<HintStyle>(['info', 'warning', 'danger', 'success']);

const paragraph = (nodes: InlineContent[]): Paragraph => ({ object: 'block', type: 'paragraph', isVoid: false, data: {}, nodes });

/** Inline tokens as leaves and inlines, marks in canonical order. */
function inlineParts(tokens: Token[] | undefined, marks: MarkType[], out: (InlineContent)[]): void {
  for (const token of tokens ?? []) {
    // A loose task item's checkbox is in its paragraph: it is the item's `checked`, not text.
    if (token.type === 'checkbox') continue;
    const markType = MARKS[token.type];
    if (markType) {
      const inner = [...marks, markType];
      if (token.type === 'codespan') pushText(out, (token as Tokens.Codespan).text, inner);
      else inlineParts((token as Tokens.Strong).tokens, inner, out);
    } else if (token.type === 'link') {
      const link = token as Tokens.Link;
      const nodes: InlineContent[] = [];
      inlineParts(link.tokens, marks, nodes);
      // marked nests no link in a link: its content is texts and images.
      const content = nodes.filter((n): n is Text | InlineImage => n.object === 'text' || n.type === 'inline-image');
      out.push({ object: 'inline', type: 'link', isVoid: false, data: { ref: refOf(link.href) }, nodes: content.length ? content : [textNode('')] });
    } else if (token.type === 'image') {
      out.push(inlineImage(token as Tokens.Image));
    } else if (token.type === 'br') {
      pushText(out, '\n', marks);
    } else if ('tokens' in token && Array.isArray(token.tokens) && token.tokens.length) {
      inlineParts(token.tokens, marks, out);
    } else {
      pushText(out, (token as { text?: string }).text ?? token.raw, marks);
    }
  }
}

function inlineImage(image: Tokens.Image): Inline {
  const data = { ref: refOf(image.href), ...(image.text ? { alt: image.text } : {}), ...(image.title ? { caption: image.title } : {}) };
  return { object: 'inline', type: 'inline-image', isVoid: true, data };
}

/** Inline content of a block: never empty (an empty text, as the platform's editor keeps one). */
function inlines(tokens: Token[] | undefined): InlineContent[] {
  const out: InlineContent[] = [];
  inlineParts(tokens, [], out);
  return out.length ? out : [textNode('')];
}

const blockImage = (url: string, alt: string | undefined, caption: string | undefined): Image => ({
  object: 'block',
  type: 'image',
  isVoid: true,
  data: { ref: refOf(url), ...(alt ? { alt } : {}) },
  fragments: caption === undefined ? [] : [{ object: 'fragment', fragment: 'caption', type: 'caption', nodes: [paragraph([textNode(caption)])] }],
});

/** A paragraph of one untitled image alone is an image block (GitBook's images); with a title it stays inline. */
function paragraphBlock(tokens: Token[]): Block {
  const image = tokens.length === 1 && tokens[0].type === 'image' ? (tokens[0] as Tokens.Image) : undefined;
  if (image && !image.title) return { object: 'block', type: 'images', isVoid: false, data: {}, nodes: [blockImage(image.href, image.text, undefined)] };
  return paragraph(inlines(tokens));
}

/** GitBook's button as Git Sync writes it (an icon after the class when it has one). */
const BUTTON = /<a href="([^"<>]*)" class="button (primary|secondary)"(?: data-icon="([\w-]{1,64})")?>([^<>\n]{0,500})<\/a>/g;
const hasInlineBlocks = (raw: string) => raw.includes('$$') || raw.includes('class="button ');

/**
 * A paragraph holding `$$…$$` or GitBook's buttons: a math block when one formula is all it holds (`$$`
 * lines around it, as Git Sync writes one), else text with inline math and buttons. Formulas and buttons
 * are set aside before marked reads the text, so a formula's `_` and `*` are never emphasis (as the
 * renderer does) and a line of buttons is no HTML block.
 */
function inlineBlocksParagraph(raw: string): Block {
  const whole = /^\s*\$\$([\s\S]+?)\$\$\s*$/.exec(raw);
  if (whole && !whole[1].includes('$$')) return { object: 'block', type: 'math', isVoid: true, data: { formula: whole[1].trim() } };
  const held: Inline[] = [];
  const hold = (inline: Inline) => `\uE000${held.push(inline) - 1}\uE001`;
  const text = raw
    .replace(/\$\$([^\n]+?)\$\$/g, (_, tex: string) => hold({ object: 'inline', type: 'inline-math', isVoid: true, data: { formula: tex.trim() } }))
    .replace(BUTTON, (_, href: string, kind: 'primary' | 'secondary', icon: string | undefined, label: string) =>
      hold({ object: 'inline', type: 'button', isVoid: true, data: { ref: refOf(decodeCharacterReferences(href)), label: decodeCharacterReferences(label), kind, ...(icon ? { icon } : {}) } }));
  const lexed = lexBlocks(text)[0];
  const nodes = lexed?.type === 'paragraph' ? inlines((lexed as Tokens.Paragraph).tokens) : [textNode(text.trim())];
  const out: InlineContent[] = [];
  for (const node of nodes) {
    if (node.object !== 'text') {
      out.push(node);
      continue;
    }
    for (const leaf of node.leaves) {
      leaf.text.split(/\uE000(\d+)\uE001/).forEach((piece, i) => {
        if (i % 2) out.push(held[Number(piece)]);
        else pushText(out, piece, leaf.marks.map((m) => m.type));
      });
    }
  }
  return paragraph(out.length ? out : [textNode('')]);
}

/** An item of a task list has `checked`; an item without a checkbox in a task list has none. */
function listItem(item: Tokens.ListItem): ListItem {
  const tokens = item.tokens.filter((t) => t.type !== 'checkbox');
  return { object: 'block', type: 'list-item', isVoid: false, data: item.task ? { checked: item.checked === true } : {}, nodes: blocks(tokens) };
}

function table(t: Tokens.Table): Table {
  const columns = t.header.map((_, i) => `col${i + 1}`);
  const definition: Record<string, TableColumn> = {};
  t.header.forEach((cell, i) => {
    definition[columns[i]] = { id: columns[i], title: cell.text, type: 'text', textAlignment: t.align[i] ?? 'left' };
  });
  const records: Table['data']['records'] = {};
  const fragments: Fragment[] = [];
  t.rows.forEach((row, r) => {
    const id = `row${r + 1}`;
    const values: Record<string, string> = {};
    columns.forEach((column, c) => {
      const fragment = `${id}-${column}`;
      values[column] = fragment;
      fragments.push({ object: 'fragment', fragment, type: 'table-cell', nodes: [paragraph(inlines(row[c]?.tokens))] });
    });
    records[id] = { orderIndex: String(r).padStart(6, '0'), values };
  });
  return { object: 'block', type: 'table', isVoid: true, data: { view: { type: 'grid', columns, hideHeader: false }, records, definition }, fragments };
}

/** A block token as blocks (a file's or an embed's caption follows it: those blocks are void). */
function block(token: Token): Block[] {
  switch (token.type) {
    case 'heading': {
      const h = token as Tokens.Heading;
      // A heading's anchor (`<a id="x"></a>`, as GitBook writes it) is its id, not its text.
      const { id, anchor } = headingOf(h.tokens);
      const at = id && /^[-a-z0-9.+_]+$/.test(id) ? h.tokens.indexOf(anchor!) : -1;
      // The anchor and its closing `</a>` (marked gives each tag its own token).
      const closing = at >= 0 && /^<\/a\s*>$/i.test(h.tokens[at + 1]?.raw ?? '') ? 2 : 1;
      const keep = at >= 0 ? [...h.tokens.slice(0, at), ...h.tokens.slice(at + closing)] : h.tokens;
      const nodes = inlines(trimEnd(keep));
      const type = `heading-${Math.min(h.depth, 3)}` as 'heading-1';
      return [{ object: 'block', type, isVoid: false, data: keep !== h.tokens ? { id } : {}, nodes }];
    }
    case 'paragraph': {
      const raw = (token as Tokens.Paragraph).raw;
      return [hasInlineBlocks(raw) ? inlineBlocksParagraph(raw) : paragraphBlock((token as Tokens.Paragraph).tokens)];
    }
    case 'text': {
      const t = token as Tokens.Text;
      return [paragraphBlock(t.tokens ?? [{ type: 'text', raw: t.text, text: t.text } as Token])];
    }
    case 'code': {
      const c = token as TitledCode;
      // The syntax is the info string's first word (GitBook's is one word).
      const syntax = c.lang?.split(/\s/)[0];
      const data: CodeData = {
        ...(syntax ? { syntax } : {}),
        ...(c.title ? { title: c.title } : {}),
        ...(c.overflow ? { overflow: c.overflow as CodeData['overflow'] } : {}),
        ...(c.lineNumbers !== undefined ? { lineNumbers: c.lineNumbers } : {}),
        ...(c.fullWidth !== undefined ? { fullWidth: c.fullWidth } : {}),
      };
      // An indented block's text keeps the blank lines after it; a fence's does not.
      const code = c.codeBlockStyle === 'indented' ? c.text.replace(/\n+$/, '') : c.text;
      const nodes = code.split('\n').map((line) => ({ object: 'block' as const, type: 'code-line' as const, isVoid: false as const, data: {}, nodes: [textNode(line)] }));
      return [{ object: 'block', type: 'code', isVoid: false, data, nodes }];
    }
    case 'blockquote':
      return [{ object: 'block', type: 'blockquote', isVoid: false, data: {}, nodes: blocks((token as Tokens.Blockquote).tokens) }];
    case 'list': {
      const l = token as Tokens.List;
      const nodes = l.items.map(listItem);
      if (!l.ordered && l.items.some((i) => i.task)) return [{ object: 'block', type: 'list-tasks', isVoid: false, data: {}, nodes }];
      if (!l.ordered) return [{ object: 'block', type: 'list-unordered', isVoid: false, data: {}, nodes }];
      const start = typeof l.start === 'number' ? l.start : 1;
      return [{ object: 'block', type: 'list-ordered', isVoid: false, data: start !== 1 ? { start } : {}, nodes }];
    }
    case 'table':
      return [table(token as Tokens.Table)];
    case 'hr':
      return [{ object: 'block', type: 'divider', isVoid: true, data: {} }];
    case 'html': {
      // The platform has no HTML block: GitBook's figure is an image with a caption, other HTML its source text.
      const html = (token as Tokens.HTML).text.trimEnd();
      const figure = figureOf(html);
      if (figure) return [{ object: 'block', type: 'images', isVoid: false, data: {}, nodes: [blockImage(figure.src, figure.alt, figure.caption)] }];
      const cards = html.startsWith('<table') ? cardsTableBlock(html) : undefined;
      if (cards) return [cards];
      // A line of buttons (an HTML block to marked, as it starts with `<a`): a paragraph of buttons.
      if (/^<a href="[^"<>]*" class="button /.test(html) && !html.includes('\n')) return [inlineBlocksParagraph(html)];
      return [paragraph([textNode(html)])];
    }
    case 'space':
      return [];
    case 'liquid-tag':
      // A tag docsctl does not read stays as its text, so that writing it back keeps it. (trimEnd, not
      // /\s+$/, which tries the rest of a long run of blanks from each of them: quadratic.)
      return [paragraph([textNode(token.raw.trimEnd())])];
    case 'hint': {
      const style = (token as HintToken).style;
      return [{ object: 'block', type: 'hint', isVoid: false, data: { style: HINT_STYLES.has(style) ? (style as HintStyle) : 'info' }, nodes: blocks((token as HintToken).tokens) }];
    }
    case 'tabs': {
      const items = (token as HintToken).tokens.filter((t): t is Tab => t.type === 'tab');
      const nodes = items.map((tab) => ({ object: 'block' as const, type: 'tabs-item' as const, isVoid: false as const, data: { title: tab.title }, nodes: blocks(tab.tokens) }));
      return [{ object: 'block', type: 'tabs', isVoid: false, data: {}, nodes }];
    }
    case 'tab': {
      // A tab outside tabs: its own tabs block of one item.
      const tab = token as Tab;
      return [{ object: 'block', type: 'tabs', isVoid: false, data: {}, nodes: [{ object: 'block', type: 'tabs-item', isVoid: false, data: { title: tab.title }, nodes: blocks(tab.tokens) }] }];
    }
    case 'container':
      return containerBlocks(token as Container);
    case 'reusable-content':
      return [{ object: 'block', type: 'reusable-content', isVoid: true, data: { ref: { kind: 'reusable-content', reusableContent: (token as ReusableContentTag).reusableContent } } }];
    case 'content-ref':
      // Its body only repeats the link.
      return [{ object: 'block', type: 'content-ref', isVoid: true, data: { ref: refOf((token as LinkBlock).url) } }];
    case 'embed':
      return [{ object: 'block', type: 'embed', isVoid: true, data: { url: (token as LinkBlock).url } }, ...blocks((token as LinkBlock).tokens)];
    case 'file':
      return [{ object: 'block', type: 'file', isVoid: true, data: { ref: fileOfSrc((token as LinkBlock).url) } }, ...blocks((token as LinkBlock).tokens)];
    default:
      return [paragraph([textNode(token.raw.trimEnd())])];
  }
}

/** Drops the spaces a removed heading anchor leaves at the end of the heading's text. */
function trimEnd(tokens: Token[]): Token[] {
  const last = tokens.at(-1);
  if (last?.type !== 'text') return tokens;
  const text = (last as Tokens.Text).text.replace(/[ \t]+$/, '');
  return text ? [...tokens.slice(0, -1), { type: 'text', raw: text, text } as Token] : tokens.slice(0, -1);
}

/**
 * A stepper, columns or updates block of its parts. One holding anything else between its parts (or an
 * update without its date, or a part outside its block) is no block the platform has: its tag lines stay
 * text around its blocks, so writing it back loses nothing.
 */
function containerBlocks(container: Container): Block[] {
  const { parts, outside } = partsOf(container);
  const items = parts.map((part) => ({ attrs: part.attrs, nodes: blocks(part.tokens) }));
  if (!outside && container.name === 'stepper') {
    return [{ object: 'block', type: 'stepper', isVoid: false, data: {}, nodes: items.map(({ nodes }) => ({ object: 'block', type: 'stepper-step', isVoid: false, data: {}, nodes })) }];
  }
  if (!outside && container.name === 'columns') {
    const nodes = items.map(({ attrs, nodes }) => ({ object: 'block' as const, type: 'column' as const, isVoid: false as const, data: attrs.width ? { width: attrs.width } : {}, nodes }));
    return [{ object: 'block', type: 'columns', isVoid: false, data: {}, nodes }];
  }
  if (!outside && container.name === 'updates' && items.every(({ attrs }) => attrs.date)) {
    const nodes = items.map(({ attrs, nodes }) => ({ object: 'block' as const, type: 'update' as const, isVoid: false as const, data: { date: attrs.date }, nodes }));
    return [{ object: 'block', type: 'updates', isVoid: false, data: container.attrs.format ? { format: container.attrs.format } : {}, nodes }];
  }
  const lines = container.raw.trimEnd().split('\n');
  return [paragraph([textNode(lines[0].trimEnd())]), ...blocks(container.tokens), paragraph([textNode(lines.at(-1)!.trim())])];
}

/** Block tokens as blocks; `<details>` … `</details>` (several tokens) is one expandable block, an API operation's tag pair one block. */
function blocks(tokens: Token[]): Block[] {
  const out: Block[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const operation = tokens[i].type === 'liquid-tag' ? operationAt(tokens, i) : undefined;
    if (operation) {
      out.push(operation.block);
      i = operation.end;
      continue;
    }
    const expandable = tokens[i].type === 'html' ? expandableAt(tokens, i) : undefined;
    if (!expandable) {
      out.push(...block(tokens[i]));
      continue;
    }
    out.push({
      object: 'block',
      type: 'expandable',
      isVoid: true,
      data: {},
      fragments: [
        { object: 'fragment', fragment: 'expandable-title', type: 'expandable-title', nodes: [paragraph([textNode(expandable.title)])] },
        { object: 'fragment', fragment: 'expandable-body', type: 'expandable-body', nodes: blocks(expandable.body) },
      ],
    });
    i += expandable.length - 1;
  }
  return out;
}

/**
 * `{% openapi-operation spec path method %}` or a legacy `{% swagger src path method %}` and its closing
 * tag, holding nothing or only a link (Git Sync's link to the spec, which the block's spec or src
 * already names): the platform's operation block. One holding anything else (a hand-written swagger
 * block's parts) keeps its tag lines as text around its blocks.
 */
function operationAt(tokens: Token[], at: number): { block: Block; end: number } | undefined {
  const tag = tagOf(tokens[at]);
  if (!tag || (tag.name !== 'openapi-operation' && tag.name !== 'swagger')) return undefined;
  const end = closing(tokens, at, tag.name);
  if (end < 0) return undefined;
  const body = tokens.slice(at + 1, end).filter((t) => t.type !== 'space');
  const onlyLink = body.length === 1 && body[0].type === 'paragraph' && /^\[[^\]\n]*\]\([^()\s]*\)\s*$/.test(body[0].raw);
  if (body.length && !onlyLink) return undefined;
  const { spec, src, path, method } = tagAttributes(tag.raw);
  if (!path || !method || !/^[a-z]+$/i.test(method) || (tag.name === 'swagger' ? !src : !spec)) return undefined;
  const block: Block = tag.name === 'swagger'
    ? { object: 'block', type: 'swagger', isVoid: true, data: { ref: { kind: 'url', url: src! }, method, path } }
    : { object: 'block', type: 'openapi-operation', isVoid: true, data: { ref: { kind: 'openapi', spec: spec! }, method, path } };
  return { block, end };
}

/** A markdown body (no frontmatter: a comment, or a page's body) as a document. */
export function markdownToDocument(markdown: string): JSONDocument {
  return { object: 'document', data: {}, nodes: blocks(lexBlocks(markdown)) };
}

/** A page's stored markdown as its document: the frontmatter is the page's metadata, not content. */
export function pageDocument(markdown: string): JSONDocument {
  return markdownToDocument(splitFrontmatter(markdown).body);
}
