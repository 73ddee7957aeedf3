/**
 * A table in the cards view (GitBook's `<table data-view="cards">`, read by ../cards-table.ts) as the
 * document's `table` block with a `cards` view, and back as the HTML Git Sync writes. A table is taken
 * only when writing it back gives the same table (cells, columns, attributes): anything the document
 * cannot hold (other tags in a cell, attributes on them) keeps the table as its HTML text.
 */
import { decodeCharacterReferences } from '../character-references';
import { cardsTableOf, cellHref, isLinkType, readTag, type CardsTable } from '../cards-table';
import type { Block, CardsView, Fragment, InlineContent, MarkType, Paragraph, Ref, Table, TableColumn, Text } from './types';
import { destinationOf, refOf } from './refs';
import { MARK_ORDER, pushText, textNode } from './texts';

const TAGS_OF_MARKS: Record<string, MarkType> = { strong: 'bold', em: 'italic', code: 'code', s: 'strikethrough' };
const MARK_TAGS: Record<MarkType, string> = { bold: 'strong', italic: 'em', strikethrough: 's', code: 'code' };
const HEADINGS: Record<string, Block['type']> = { h2: 'heading-1', h3: 'heading-2', h4: 'heading-3' };
const HEADING_TAGS: Record<string, string> = { 'heading-1': 'h2', 'heading-2': 'h3', 'heading-3': 'h4' };

const emptyParagraph = (): Paragraph => ({ object: 'block', type: 'paragraph', isVoid: false, data: {}, nodes: [textNode('')] });

/**
 * A cell's HTML as blocks: text with `strong`, `em`, `code`, `s`, links and line breaks, in paragraphs
 * (`<p>`) or headings (`<h2>`–`<h4>`, the cell's heading-1 to heading-3); undefined for anything else.
 */
export function cellBlocks(html: string): Block[] | undefined {
  const blocks: Block[] = [];
  type Holder = { object: 'block'; type: string; isVoid: false; data: Record<string, never>; nodes: InlineContent[] };
  let current: { block: Holder; explicit: boolean } | undefined;
  let link: { nodes: InlineContent[] } | undefined;
  const marks: MarkType[] = [];
  const target = () => {
    if (!current) {
      current = { block: { object: 'block', type: 'paragraph', isVoid: false, data: {}, nodes: [] }, explicit: false };
      blocks.push(current.block as Block);
    }
    return link ? link.nodes : current.block.nodes;
  };
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    const text = html.slice(i, lt < 0 ? html.length : lt);
    if (text) pushText(target(), decodeCharacterReferences(text), marks);
    if (lt < 0) break;
    const tag = readTag(html, lt);
    if (!tag || tag === 'broken') return undefined;
    i = tag.end;
    const attributes = Object.keys(tag.attributes);
    const mark = TAGS_OF_MARKS[tag.name];
    if (tag.name === 'br' && !tag.closing && !attributes.length) pushText(target(), '\n', marks);
    else if (mark && !attributes.length) {
      if (!tag.closing) marks.push(mark);
      else if (marks.pop() !== mark) return undefined;
    } else if (tag.name === 'a' && !tag.closing && !link && attributes.join() === 'href' && typeof tag.attributes.href === 'string') {
      const nodes: InlineContent[] = [];
      target().push({ object: 'inline', type: 'link', isVoid: false, data: { ref: refOf(decodeCharacterReferences(tag.attributes.href)) }, nodes: nodes as Text[] });
      link = { nodes };
    } else if (tag.name === 'a' && tag.closing && link) {
      if (!link.nodes.length) link.nodes.push(textNode(''));
      link = undefined;
    } else if ((tag.name === 'p' || HEADINGS[tag.name]) && !attributes.length && !link && !marks.length) {
      if (!tag.closing) {
        current = { block: { object: 'block', type: HEADINGS[tag.name] ?? 'paragraph', isVoid: false, data: {}, nodes: [] }, explicit: true };
        blocks.push(current.block as Block);
      } else if (current?.explicit && (HEADING_TAGS[current.block.type] ?? 'p') === tag.name) {
        if (!current.block.nodes.length) current.block.nodes.push(textNode(''));
        current = undefined;
      } else return undefined;
    } else return undefined;
  }
  if (link || marks.length || current?.explicit) return undefined;
  return blocks.length ? blocks : [emptyParagraph()];
}

/** Text as Git Sync writes it in HTML. */
const escapeText = (text: string) => text.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;').replace(/>/g, '&#x3E;').replace(/\n/g, '<br>');
const escapeAttribute = (text: string) => text.replace(/&/g, '&#x26;').replace(/"/g, '&#x22;');

/** Inline content as HTML, a mark kept open across leaves that share it. */
function inlineHtml(nodes: InlineContent[]): string {
  let out = '';
  const open: MarkType[] = [];
  const closeTo = (depth: number) => {
    while (open.length > depth) out += `</${MARK_TAGS[open.pop()!]}>`;
  };
  for (const node of nodes) {
    if (node.object === 'inline') {
      closeTo(0);
      if (node.type === 'link') out += `<a href="${escapeAttribute(destinationOf(node.data.ref))}">${inlineHtml(node.nodes)}</a>`;
      continue;
    }
    for (const leaf of node.leaves) {
      const wanted = MARK_ORDER.filter((m) => leaf.marks.some((mark) => mark.type === m));
      let keep = 0;
      while (keep < open.length && open[keep] === wanted[keep]) keep++;
      closeTo(keep);
      for (const mark of wanted.slice(keep)) {
        open.push(mark);
        out += `<${MARK_TAGS[mark]}>`;
      }
      out += escapeText(leaf.text);
    }
  }
  closeTo(0);
  return out;
}

/** A cell's blocks as HTML: one paragraph as its text, else each block in its tag. */
export function cellHtml(blocks: Block[]): string {
  const only = blocks.length === 1 ? blocks[0] : undefined;
  if (only?.type === 'paragraph') return inlineHtml(only.nodes);
  return blocks.map((block) => {
    const tag = HEADING_TAGS[block.type] ?? 'p';
    return `<${tag}>${'nodes' in block ? inlineHtml(block.nodes as InlineContent[]) : ''}</${tag}>`;
  }).join('');
}

/** A link cell (a card's target or cover): its reference, or none for an empty cell. */
function linkCell(html: string): Ref | null | undefined {
  if (!html) return null;
  const tag = readTag(html, 0);
  if (!tag || tag === 'broken' || tag.name !== 'a' || Object.keys(tag.attributes).join() !== 'href' || typeof tag.attributes.href !== 'string') return undefined;
  if (!/^[^<]*<\/a>$/.test(html.slice(tag.end))) return undefined;
  return refOf(decodeCharacterReferences(tag.attributes.href));
}

/** What a link cell's text says, as Git Sync writes it: a URL itself, a path's last part. */
function linkLabel(ref: Ref): string {
  const destination = destinationOf(ref);
  if (/^[a-z][a-z0-9+.-]*:/i.test(destination)) return destination;
  return destination.replace(/\/+$/, '').split('/').pop() || destination;
}


/** The document's table of a parsed cards table, or undefined where a cell holds what it cannot. */
function tableOf(cards: CardsTable): Table | undefined {
  const ids = cards.columns.map((_, i) => `col${i + 1}`);
  const definition: Record<string, TableColumn> = {};
  for (const [i, column] of cards.columns.entries()) {
    if (/[<>]/.test(column.title)) return undefined;
    const type = isLinkType(column.type) ? column.type : column.type === undefined ? 'text' : undefined;
    if (!type) return undefined;
    definition[ids[i]] = { id: ids[i], title: decodeCharacterReferences(column.title), type, textAlignment: column.align ?? 'left' };
  }
  const target = cards.columns.findIndex((c) => c.target);
  const cover = cards.columns.findIndex((c) => c.cover);
  const view: CardsView = {
    type: 'cards',
    columns: ids.filter((_, i) => !cards.columns[i].hidden),
    ...(target >= 0 ? { targetDefinition: ids[target] } : {}),
    ...(cover >= 0 ? { coverDefinition: ids[cover] } : {}),
    ...(cards.cardSize === 'medium' || cards.cardSize === 'large' ? { cardSize: cards.cardSize } : {}),
    ...(cards.titleHidden ? { hideColumnTitle: true } : {}),
  };
  const records: Table['data']['records'] = {};
  const fragments: Fragment[] = [];
  for (const [r, row] of cards.rows.entries()) {
    const id = `row${r + 1}`;
    const values: Record<string, string | Ref> = {};
    for (const [c, html] of row.entries()) {
      const column = definition[ids[c]];
      if (isLinkType(column.type)) {
        const ref = linkCell(html);
        if (ref === undefined) return undefined;
        if (ref) values[ids[c]] = ref;
        continue;
      }
      const nodes = cellBlocks(html);
      if (!nodes) return undefined;
      const fragment = `${id}-${ids[c]}`;
      values[ids[c]] = fragment;
      fragments.push({ object: 'fragment', fragment, type: 'table-cell', nodes });
    }
    records[id] = { orderIndex: String(r).padStart(6, '0'), values };
  }
  const fullWidth = cards.fullWidth === 'true' ? true : cards.fullWidth === 'false' ? false : undefined;
  return { object: 'block', type: 'table', isVoid: true, data: { view, records, definition, ...(fullWidth !== undefined ? { fullWidth } : {}) }, fragments };
}

/** A cards table as the HTML Git Sync writes (on one line). */
export function cardsTableHtml(table: Table): string {
  const { view, definition, records } = table.data;
  if (view.type !== 'cards') throw new Error('not a cards view');
  const cells = new Map(table.fragments.map((f) => [f.fragment, f.nodes]));
  const columns = Object.values(definition);
  const attributes = [
    view.cardSize ? `data-card-size="${view.cardSize}"` : '',
    view.hideColumnTitle ? 'data-column-title-hidden' : '',
    'data-view="cards"',
    table.data.fullWidth !== undefined ? `data-full-width="${table.data.fullWidth}"` : '',
  ].filter(Boolean).join(' ');
  const align = (column: TableColumn) => (column.textAlignment && column.textAlignment !== 'left' ? ` align="${column.textAlignment}"` : '');
  const header = columns.map((column) => {
    const marks = [
      align(column).trim(),
      view.columns.includes(column.id) ? '' : 'data-hidden',
      view.targetDefinition === column.id ? 'data-card-target' : '',
      view.coverDefinition === column.id ? 'data-card-cover' : '',
      column.type !== 'text' ? `data-type="${column.type}"` : '',
    ].filter(Boolean).join(' ');
    return `<th${marks ? ` ${marks}` : ''}>${escapeText(column.title)}</th>`;
  }).join('');
  const rows = Object.values(records)
    .sort((a, b) => (a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : 0))
    .map((record) => `<tr>${columns.map((column) => {
      const value = record.values[column.id];
      let inner = '';
      if (typeof value === 'object') inner = `<a href="${escapeAttribute(destinationOf(value))}">${escapeText(linkLabel(value))}</a>`;
      else if (typeof value === 'string') inner = cellHtml(cells.get(value) ?? [emptyParagraph()]);
      return `<td${align(column)}>${inner}</td>`;
    }).join('')}</tr>`);
  return `<table ${attributes}><thead><tr>${header}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** Link cells compared by where they point (their text is written as Git Sync writes it). */
function comparable(cards: CardsTable): CardsTable {
  const rows = cards.rows.map((row) => row.map((html, c) => (isLinkType(cards.columns[c].type) ? cellHref(html) ?? html : html)));
  return { ...cards, rows };
}

/** The cards table an HTML block is, when the document can hold it whole; else undefined. */
export function cardsTableBlock(html: string): Table | undefined {
  const cards = cardsTableOf(html);
  const table = cards && tableOf(cards);
  if (!table) return undefined;
  const written = cardsTableOf(cardsTableHtml(table));
  return written && JSON.stringify(comparable(written)) === JSON.stringify(comparable(cards)) ? table : undefined;
}
