/**
 * GitBook's table in the cards view, as Git Sync writes it: an HTML `<table data-view="cards">` whose
 * header cells say which column is hidden, which one a card links to (`data-card-target`) and which one
 * holds its cover image (`data-card-cover`). Read here once for the document model
 * (document/cards.ts) and the renderer (html/cards.ts). The scan is one pass over the text, so a
 * hostile table costs its length.
 */

export interface CardsColumn {
  /** The header cell's HTML (usually empty: cards hide their column titles). */
  title: string;
  hidden: boolean;
  target: boolean;
  cover: boolean;
  /** `data-type` as written: `content-ref` for a target, `files` for a cover. */
  type?: string;
  align?: 'left' | 'center' | 'right';
}

export interface CardsTable {
  cardSize?: string;
  /** `data-column-title-hidden`. */
  titleHidden: boolean;
  fullWidth?: string;
  columns: CardsColumn[];
  /** Each row's cells, as HTML (what stands between `<td>` and `</td>`). */
  rows: string[][];
}

interface Tag { name: string; closing: boolean; attributes: Record<string, string | true>; start: number; end: number }

/**
 * The tag starting at `at` (a `<`): undefined where none stands there (a `<` in text), `broken` for a
 * quote never closed (no later tag can be read either, so the scan stops rather than retry at each `<`).
 */
export function readTag(html: string, at: number): Tag | undefined | 'broken' {
  const name = /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)/.exec(html.slice(at, at + 40));
  if (!name) return undefined;
  const attributes: Record<string, string | true> = {};
  let i = at + name[0].length;
  for (;;) {
    while (i < html.length && /\s/.test(html[i])) i++;
    if (html[i] === '>') return { name: name[2].toLowerCase(), closing: name[1] === '/', attributes, start: at, end: i + 1 };
    if (html[i] === '/' && html[i + 1] === '>') return { name: name[2].toLowerCase(), closing: false, attributes, start: at, end: i + 2 };
    const attribute = /^[^\s"'<>/=]+/.exec(html.slice(i, i + 100));
    if (!attribute) return undefined;
    i += attribute[0].length;
    if (html[i] !== '=') {
      attributes[attribute[0].toLowerCase()] = true;
      continue;
    }
    const quote = html[i + 1];
    if (quote !== '"' && quote !== "'") return undefined;
    const close = html.indexOf(quote, i + 2);
    if (close < 0) return 'broken';
    attributes[attribute[0].toLowerCase()] = html.slice(i + 2, close);
    i = close + 1;
  }
}

/** Column types whose cells are a link (a card's target, its cover), not text. */
export const isLinkType = (type: unknown): type is 'content-ref' | 'files' => type === 'content-ref' || type === 'files';

/** The `href` of a cell that is a link (`<a href="…">`), as written (character references not read). */
export function cellHref(cell: string): string | undefined {
  const tag = cell ? readTag(cell, 0) : undefined;
  return tag && tag !== 'broken' && tag.name === 'a' && typeof tag.attributes.href === 'string' ? tag.attributes.href : undefined;
}

const ALIGNS = new Set(['left', 'center', 'right']);
const alignOf = (value: string | true | undefined) => (typeof value === 'string' && ALIGNS.has(value) ? (value as CardsColumn['align']) : undefined);

/**
 * A cards table, or undefined for any other HTML: another table, a table with anything but rows of
 * cells, rows of another width than the header, or cells in cells.
 */
export function cardsTableOf(html: string): CardsTable | undefined {
  const text = html.trim();
  if (!text.startsWith('<table') || !/<\/table>$/i.test(text)) return undefined;
  const table = readTag(text, 0);
  if (!table || table === 'broken' || table.name !== 'table' || table.attributes['data-view'] !== 'cards') return undefined;
  const columns: CardsColumn[] = [];
  const rows: string[][] = [];
  let section: 'thead' | 'tbody' | undefined;
  let row: string[] | undefined;
  let cell: { name: string; start: number } | undefined;
  let i = table.end;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) return undefined;
    // Text stands only inside cells (whitespace between the table's tags aside).
    if (!cell && text.slice(i, lt).trim()) return undefined;
    const tag = readTag(text, lt);
    if (tag === 'broken') return undefined;
    if (!tag) {
      if (!cell) return undefined;
      i = lt + 1;
      continue;
    }
    i = tag.end;
    if (cell) {
      if (tag.name === 'table' || tag.name === 'tr' || ((tag.name === 'td' || tag.name === 'th') && !tag.closing)) return undefined;
      if (tag.name !== cell.name) continue;
      const inner = text.slice(cell.start, tag.start);
      if (section === 'thead') columns[columns.length - 1].title = inner;
      else row!.push(inner);
      cell = undefined;
      continue;
    }
    if (tag.name === 'table' && tag.closing) {
      if (i !== text.length) return undefined;
      break;
    }
    if ((tag.name === 'thead' || tag.name === 'tbody') && !tag.closing) section = tag.name;
    else if (tag.name === 'thead' || tag.name === 'tbody') section = undefined;
    else if (tag.name === 'tr' && !tag.closing && section && !row) row = [];
    else if (tag.name === 'tr' && tag.closing && row) {
      if (section === 'tbody') {
        if (row.length !== columns.length) return undefined;
        rows.push(row);
      }
      row = undefined;
    } else if (tag.name === 'th' && !tag.closing && section === 'thead' && row) {
      const a = tag.attributes;
      columns.push({
        title: '',
        hidden: a['data-hidden'] === true,
        target: a['data-card-target'] === true,
        cover: a['data-card-cover'] === true,
        ...(typeof a['data-type'] === 'string' ? { type: a['data-type'] } : {}),
        ...(alignOf(a.align) ? { align: alignOf(a.align) } : {}),
      });
      cell = { name: 'th', start: tag.end };
    } else if (tag.name === 'td' && !tag.closing && section === 'tbody' && row) {
      cell = { name: 'td', start: tag.end };
    } else return undefined;
  }
  if (!columns.length || cell || row) return undefined;
  const a = table.attributes;
  return {
    ...(typeof a['data-card-size'] === 'string' ? { cardSize: a['data-card-size'] } : {}),
    titleHidden: a['data-column-title-hidden'] === true,
    ...(typeof a['data-full-width'] === 'string' ? { fullWidth: a['data-full-width'] } : {}),
    columns,
    rows,
  };
}
