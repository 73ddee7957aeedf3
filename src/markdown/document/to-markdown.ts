/**
 * The platform's document tree as markdown in GitBook's Git Sync flavour: what from-markdown.ts reads
 * back to the same tree. Forms markdown has several spellings of are written one way
 * (docs/decisions.md lists them).
 */
import type { Block, Image, InlineContent, JSONDocument, ListItem, Table } from './types';
import { destination, escapeLineStarts, inlineMarkdown, verbatimText } from './inline-markdown';
import { figureHtml } from './figure';
import { destinationOf, srcOfFile } from './refs';
import { expandableMarkdown } from './expandable';
import { cardsTableHtml } from './cards';
import { includeLine } from '../gitbook-blocks';

/** A tag attribute's value, quoted with whichever quote it does not hold. */
const attr = (name: string, value: string) => (value.includes('"') ? `${name}='${value}'` : `${name}="${value}"`);

/** A part of a stepper, columns or updates block, as Git Sync writes it: its tag lines around its blocks. */
function part(name: string, attributes: string, nodes: Block[]): string {
  const body = blocksMarkdown(nodes);
  return `{% ${name}${attributes} %}\n${body ? `${body}\n` : ''}{% end${name} %}`;
}

const indent = (text: string, by: string) => text.split('\n').map((line, i) => (i === 0 || !line ? line : by + line)).join('\n');

function listItemMarkdown(item: ListItem, marker: string): string {
  const body = blocksMarkdown(item.nodes, true);
  return body ? `${marker}${indent(body, ' '.repeat(marker.length))}` : marker.trimEnd();
}

/** The text of inline nodes without their marks (what HTML captions and titles hold). */
const plainText = (nodes: InlineContent[]): string => nodes.map((n) => (n.object === 'text' ? n.leaves.map((l) => l.text).join('') : '')).join('');

function imageMarkdown(image: Image): string {
  const caption = image.fragments.find((f) => f.fragment === 'caption')?.nodes[0];
  const captionText = caption && caption.type === 'paragraph' ? plainText(caption.nodes) : undefined;
  const alt = image.data.alt ?? '';
  const figure = captionText === undefined ? undefined : figureHtml({ src: destinationOf(image.data.ref), alt, caption: captionText });
  return figure ?? `![${alt}](${destination(destinationOf(image.data.ref))})`;
}

function tableMarkdown(table: Table): string {
  const { view, definition, records } = table.data;
  if (view.type === 'cards') return cardsTableHtml(table);
  const cells = new Map(table.fragments.map((f) => [f.fragment, f]));
  const row = (values: string[]) => `| ${values.join(' | ')} |`;
  const header = row(view.columns.map((c) => definition[c]?.title ?? ''));
  const align = row(view.columns.map((c) => ({ left: '---', center: ':---:', right: '---:' })[definition[c]?.textAlignment ?? 'left']));
  const body = Object.values(records)
    .sort((a, b) => (a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : 0))
    .map((record) =>
      row(view.columns.map((c) => {
        const value = record.values[c];
        const block = typeof value === 'string' ? cells.get(value)?.nodes[0] : undefined;
        return block && block.type === 'paragraph' ? inlineMarkdown(block.nodes, true).replace(/\n/g, ' ') : '';
      })));
  return [header, align, ...body].join('\n');
}

/**
 * Blocks a blank line apart. A list right after a list of its kind is written with the other marker
 * (`-` after `*`, `1)` after `1.`): with the same one, markdown would read the two as one list.
 */
function blocksMarkdown(nodes: Block[], inItem = false): string {
  let alternate = false;
  let out = '';
  nodes.forEach((node, i) => {
    const previous = nodes[i - 1];
    const sameKind = previous !== undefined && listKind(previous) !== undefined && listKind(previous) === listKind(node);
    alternate = sameKind ? !alternate : false;
    // In a list item, a list follows the text on the next line (a tight item), as GitBook writes it.
    if (i > 0) out += inItem && listKind(node) && !listKind(previous) ? '\n' : '\n\n';
    out += blockMarkdown(node, alternate);
  });
  return out;
}

/** Lists that markdown joins when they follow each other with the same marker. */
const listKind = (node: Block) => (node.type === 'list-ordered' ? 'ordered' : node.type === 'list-unordered' || node.type === 'list-tasks' ? 'bullet' : undefined);

function blockMarkdown(node: Block, alternate = false): string {
  const bullet = alternate ? '- ' : '* ';
  switch (node.type) {
    case 'paragraph':
      return verbatimText(node.nodes) ?? escapeLineStarts(inlineMarkdown(node.nodes));
    case 'heading-1':
    case 'heading-2':
    case 'heading-3': {
      const id = node.data.id;
      const anchor = id ? ` <a href="#${id}" id="${id}"></a>` : '';
      return `${'#'.repeat(Number(node.type.slice(-1)))} ${inlineMarkdown(node.nodes).replace(/\n/g, ' ')}${anchor}`;
    }
    case 'code': {
      const lines = node.nodes.map((line) => line.nodes.map((t) => t.leaves.map((l) => l.text).join('')).join(''));
      // A syntax with a backtick needs a ~~~ fence; either is longer than any run of its character starting a line.
      const char = node.data.syntax?.includes('`') ? '~' : '`';
      const longest = Math.max(2, ...lines.map((l) => new RegExp(`^ {0,3}(\\${char}+)`).exec(l)?.[1].length ?? 0));
      const fence = char.repeat(longest + 1);
      // No line at all for an empty block: a lone blank line would not survive inside a list item.
      const body = lines.length === 1 && lines[0] === '' ? '' : `${lines.join('\n')}\n`;
      const code = `${fence}${node.data.syntax ?? ''}\n${body}${fence}`;
      // GitBook's `{% code %}` wrapper carries what a fence cannot, in Git Sync's order.
      const { title, overflow, lineNumbers, fullWidth } = node.data;
      const attrs = [
        title ? attr('title', title) : '',
        overflow ? attr('overflow', overflow) : '',
        lineNumbers !== undefined ? attr('lineNumbers', String(lineNumbers)) : '',
        fullWidth !== undefined ? attr('fullWidth', String(fullWidth)) : '',
      ].filter(Boolean);
      return attrs.length ? `{% code ${attrs.join(' ')} %}\n${code}\n{% endcode %}` : code;
    }
    case 'code-line':
      return blockMarkdown({ object: 'block', type: 'code', isVoid: false, data: {}, nodes: [node] });
    case 'blockquote':
      return blocksMarkdown(node.nodes).split('\n').map((line) => (line ? `> ${line}` : '>')).join('\n');
    case 'hint':
      return `{% hint ${attr('style', node.data.style)} %}\n${blocksMarkdown(node.nodes)}\n{% endhint %}`;
    case 'list-unordered':
      return node.nodes.map((item) => listItemMarkdown(item, bullet)).join('\n');
    case 'list-tasks':
      return node.nodes.map((item) => listItemMarkdown(item, item.data?.checked === undefined ? bullet : `${bullet}[${item.data.checked ? 'x' : ' '}] `)).join('\n');
    case 'list-ordered': {
      const start = node.data.start ?? 1;
      return node.nodes.map((item, i) => listItemMarkdown(item, `${start + i}${alternate ? ')' : '.'} `)).join('\n');
    }
    case 'list-item':
      return listItemMarkdown(node, '* ');
    case 'divider':
      return '---';
    case 'images':
      return node.nodes.map((image) => imageMarkdown(image)).join('\n\n');
    case 'image':
      return imageMarkdown(node);
    case 'tabs':
      return `{% tabs %}\n${node.nodes.map((item) => blockMarkdown(item)).join('\n\n')}\n{% endtabs %}`;
    case 'tabs-item': {
      const body = blocksMarkdown(node.nodes);
      return `{% tab ${attr('title', node.data.title)} %}\n${body ? `${body}\n` : ''}{% endtab %}`;
    }
    case 'math':
      return `$$\n${node.data.formula}\n$$`;
    case 'stepper':
      return `{% stepper %}\n${node.nodes.map((step) => blockMarkdown(step)).join('\n\n')}\n{% endstepper %}`;
    case 'stepper-step':
      return part('step', '', node.nodes);
    case 'columns':
      return `{% columns %}\n${node.nodes.map((column) => blockMarkdown(column)).join('\n\n')}\n{% endcolumns %}`;
    case 'column':
      return part('column', node.data.width ? ` ${attr('width', node.data.width)}` : '', node.nodes);
    case 'updates':
      return `{% updates${node.data.format ? ` ${attr('format', node.data.format)}` : ''} %}\n${node.nodes.map((update) => blockMarkdown(update)).join('\n\n')}\n{% endupdates %}`;
    case 'update':
      return part('update', ` ${attr('date', node.data.date)}`, node.nodes);
    case 'embed':
      return `{% embed ${attr('url', node.data.url)} %}`;
    case 'file':
      return `{% file ${attr('src', srcOfFile(node.data.ref))} %}`;
    case 'content-ref': {
      const url = destinationOf(node.data.ref);
      return `{% content-ref ${attr('url', url)} %}\n[${url.replace(/[\\[\]]/g, '\\$&')}](${destination(url)})\n{% endcontent-ref %}`;
    }
    case 'reusable-content':
      return includeLine(node.data.ref.reusableContent);
    case 'openapi-operation':
      return `{% openapi-operation ${attr('spec', node.data.ref.spec)} ${attr('path', node.data.path)} ${attr('method', node.data.method)} %}\n{% endopenapi-operation %}`;
    case 'swagger':
      return `{% swagger ${attr('src', node.data.ref.url)} ${attr('path', node.data.path)} ${attr('method', node.data.method)} %}\n{% endswagger %}`;
    case 'table':
      return tableMarkdown(node);
    case 'expandable': {
      const part = (name: string) => node.fragments.find((f) => f.fragment === name)?.nodes ?? [];
      const title = part('expandable-title').map((p) => (p.type === 'paragraph' ? plainText(p.nodes) : '')).join(' ');
      const body = blocksMarkdown(part('expandable-body'));
      // A title HTML cannot hold: the title as a paragraph, then the body.
      return expandableMarkdown(title, body) ?? blocksMarkdown([...part('expandable-title'), ...part('expandable-body')]);
    }
  }
}

/** A document as markdown: blocks a blank line apart, ending with a newline (nothing for no blocks). */
export function documentToMarkdown(document: JSONDocument): string {
  const markdown = blocksMarkdown(document.nodes);
  return markdown ? `${markdown}\n` : '';
}
