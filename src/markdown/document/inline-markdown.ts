/**
 * Inline content of the document tree (texts with marks, links, inline images) as markdown, escaped
 * so that markdown-to-document.ts reads the same tree back.
 */
import type { InlineContent, Leaf, MarkType, Text } from './types';

const DELIMITERS: Record<Exclude<MarkType, 'code'>, string> = { bold: '**', italic: '*', strikethrough: '~~' };
const OPEN_ORDER: Exclude<MarkType, 'code'>[] = ['bold', 'italic', 'strikethrough'];

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

/** A link or image destination: in `<…>` when it holds spaces or parentheses. */
export function destination(url: string): string {
  return /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, (c) => encodeURIComponent(c))}>` : url;
}

function textMarkdown(node: Text, inTable: boolean): string {
  let out = '';
  let open: Exclude<MarkType, 'code'>[] = [];
  const close = (keep: number) => {
    while (open.length > keep) out += DELIMITERS[open.pop()!];
  };
  for (const leaf of node.leaves as Leaf[]) {
    if (!leaf.text) continue;
    const types = leaf.marks.map((m) => m.type);
    const wanted = OPEN_ORDER.filter((t) => types.includes(t));
    let common = 0;
    while (common < open.length && common < wanted.length && open[common] === wanted[common]) common++;
    close(common);
    for (const type of wanted.slice(common)) {
      out += DELIMITERS[type];
      open.push(type);
    }
    out += types.includes('code') ? codeSpan(leaf.text) : escapeText(leaf.text, inTable);
  }
  close(0);
  open = [];
  return out;
}

/** Inline nodes as markdown text (lines not yet escaped at their start: see escapeLineStarts). */
export function inlineMarkdown(nodes: InlineContent[], inTable = false): string {
  return nodes
    .map((node) => {
      if (node.object === 'text') return textMarkdown(node, inTable);
      if (node.type === 'link') return `[${inlineMarkdown(node.nodes, inTable)}](${destination(node.data.ref.url)})`;
      const { ref, alt, caption } = node.data;
      const title = caption === undefined ? '' : ` "${caption.replace(/["\\]/g, '\\$&')}"`;
      return `![${escapeText(alt ?? '', inTable)}](${destination(ref.url)}${title})`;
    })
    .join('');
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
