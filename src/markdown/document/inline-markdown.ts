/**
 * Inline content of the document tree (texts with marks, links, inline images) as markdown, escaped
 * so that from-markdown.ts reads the same tree back.
 */
import type { InlineContent, Leaf, MarkType } from './types';
import { destinationOf } from './refs';

const DELIMITERS: Record<Delimited, string> = { bold: '**', italic: '*', strikethrough: '~~' };
const OPEN_ORDER: Delimited[] = ['bold', 'italic', 'strikethrough'];

/** Escapes what marked would read as syntax in plain text; `_` and `~` only where they could open or close emphasis. */
function escapeText(text: string, inTable: boolean): string {
  let out = text.replace(/[\\*`[\]~_]/g, (c: string, at: number) => {
    const [before, after] = [text[at - 1] ?? ' ', text[at + 1] ?? ' '];
    // `_` inside a word and `~` between spaces can neither open nor close emphasis.
    if (c === '_' && /[\p{L}\p{N}]/u.test(before) && /[\p{L}\p{N}]/u.test(after)) return c;
    if (c === '~' && /\s/.test(before) && /\s/.test(after)) return c;
    return `\\${c}`;
  });
  if (inTable) out = out.replace(/\|/g, '\\|');
  return out;
}

/** A code span holding `text`: a fence longer than any run of backticks in it. */
function codeSpan(text: string): string {
  const runs = new Set((text.match(/`+/g) ?? []).map((run) => run.length));
  let length = 1;
  while (runs.has(length)) length++;
  const fence = '`'.repeat(length);
  const pad = text.startsWith('`') || text.endsWith('`') || (text.startsWith(' ') && text.endsWith(' ') && text.trim()) ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A link or image destination: in `<…>` when it holds spaces, else bare (parentheses escaped unless balanced). */
export function destination(url: string): string {
  if (/\s/.test(url) || url === '') return `<${url.replace(/[\\<>]/g, '\\$&')}>`;
  let depth = 0;
  for (const c of url) {
    depth += c === '(' ? 1 : c === ')' ? -1 : 0;
    if (depth < 0) break;
  }
  const bare = url.replace(/\\/g, '\\\\');
  return depth === 0 && !url.startsWith('<') ? bare : bare.replace(/[()<]/g, '\\$&');
}

type Delimited = Exclude<MarkType, 'code'>;

/**
 * Writes leaves and inlines in order, keeping emphasis open across leaves and links that share it
 * (markdown's delimiters must sit next to text, so a span is written once, not per leaf). `base` is
 * what an enclosing link keeps open: delimiters cannot cross a link's brackets.
 */
class InlineWriter {
  out = '';
  private open: Delimited[];

  constructor(private readonly inTable: boolean, private readonly base: number = 0, open: Delimited[] = []) {
    this.open = [...open];
  }

  /** Closes the marks not in `keep` (and those opened after them), then opens what `want` lacks. */
  private marks(want: Delimited[], keep: Delimited[] = want) {
    const stale = this.open.findIndex((type, i) => i >= this.base && !keep.includes(type));
    if (stale >= 0) this.close(stale);
    for (const type of OPEN_ORDER) {
      if (want.includes(type) && !this.open.includes(type)) {
        this.out += DELIMITERS[type];
        this.open.push(type);
      }
    }
  }

  close(down = this.base) {
    while (this.open.length > down) this.out += DELIMITERS[this.open.pop()!];
  }

  leaf(leaf: Leaf) {
    if (!leaf.text) return;
    const types = leaf.marks.map((m) => m.type);
    this.marks(OPEN_ORDER.filter((t) => types.includes(t)));
    this.out += types.includes('code') ? codeSpan(leaf.text) : escapeText(leaf.text, this.inTable);
  }

  node(node: InlineContent) {
    if (node.object === 'text') {
      for (const leaf of node.leaves) this.leaf(leaf);
      return;
    }
    if (node.type === 'button') {
      const { ref, label, kind, icon } = node.data;
      const html = (text: string) => text.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;').replace(/>/g, '&#x3E;').replace(/"/g, '&#x22;');
      this.out += `<a href="${html(destinationOf(ref))}" class="button ${kind}"${icon ? ` data-icon="${icon}"` : ''}>${html(label)}</a>`;
      return;
    }
    if (node.type === 'inline-math') {
      // Inside whatever marks are open: a formula between bold words stays between them.
      this.out += `$$${node.data.formula}$$`;
      return;
    }
    if (node.type === 'inline-image') {
      const { ref, alt, caption } = node.data;
      const title = caption === undefined ? '' : ` "${caption.replace(/["\\]/g, '\\$&')}"`;
      this.out += `![${alt ?? ''}](${destination(destinationOf(ref))}${title})`;
      return;
    }
    // A link: the marks every leaf inside it has stay open around it; the others close before it.
    const inside = leavesOf(node.nodes);
    const shared = OPEN_ORDER.filter((t) => inside.length > 0 && inside.every((l) => l.marks.some((m) => m.type === t)));
    this.marks(shared);
    // A `!` right before the brackets would make the link an image.
    if (/(^|[^\\])!$/.test(this.out)) this.out = `${this.out.slice(0, -1)}\\!`;
    const link = new InlineWriter(this.inTable, this.open.length, this.open);
    for (const child of node.nodes) link.node(child);
    link.close();
    this.out += `[${link.out}](${destination(destinationOf(node.data.ref))})`;
  }
}

const leavesOf = (nodes: InlineContent[]): Leaf[] => nodes.flatMap((n) => (n.object === 'text' ? n.leaves.filter((l) => l.text) : []));

/** Inline nodes as markdown text (lines not yet escaped at their start: see escapeLineStarts). */
export function inlineMarkdown(nodes: InlineContent[], inTable = false): string {
  const writer = new InlineWriter(inTable);
  for (const node of nodes) writer.node(node);
  writer.close();
  return writer.out;
}

/**
 * A line of text that would start a block (a heading, a quote, a list item, a setext underline) gets
 * its first character escaped. Only text can start a line so: the markup written here never does.
 */
export function escapeLineStarts(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) =>
      line
        .replace(/^([ \t]*)(#{1,6}(?:[ \t]|$)|>|[-+](?:[ \t]|$)|=+[ \t]*$|-+[ \t]*$)/, '$1\\$2')
        .replace(/^([ \t]*\d{1,9})([.)](?:[ \t]|$))/, '$1\\$2'))
    .join('\n');
}

/** A paragraph that is one plain text starting with `<` or `{%`: raw HTML or a tag, written as it is. */
export function verbatimText(nodes: InlineContent[]): string | undefined {
  if (nodes.length !== 1 || nodes[0].object !== 'text') return undefined;
  const leaves = nodes[0].leaves;
  if (leaves.length !== 1 || leaves[0].marks.length) return undefined;
  const text = leaves[0].text;
  return /^(?:<|\{%)/.test(text) ? text : undefined;
}
