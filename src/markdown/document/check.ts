/**
 * Checks a document tree sent by a client (hostile input from any editor) before it is written as
 * markdown: the shape of every node the converter knows, within bounds on depth, node count and text.
 * Each problem is a path into the document and a rule; the api layer turns them into 400 messages.
 */
import { DOCUMENT_LIMITS } from './limits';
import { REUSABLE_CONTENT_ID } from '../gitbook-blocks';
import { isLinkType } from '../cards-table';

export interface DocumentIssue { path: (string | number)[]; message: string }

type Path = (string | number)[];
type Children = 'blocks' | 'inlines' | 'texts' | 'code-lines' | 'list-items' | 'images' | 'tabs-items' | 'stepper-steps' | 'columns' | 'updates' | 'none';

interface Rule {
  children: Children;
  /** Checks `data` (an object); pushes issues under `data`. */
  data?: (data: Record<string, unknown>, at: Path, issues: DocumentIssue[]) => void;
  /** `data` may be left out (the platform requires it on the others). */
  dataOptional?: boolean;
  fragments?: 'caption' | 'table-cells' | 'expandable';
}

const CARD_BLOCKS = ['paragraph', 'heading-1', 'heading-2', 'heading-3'];
const HINT_STYLES = ['info', 'warning', 'danger', 'success'];
const MARK_TYPES = ['bold', 'italic', 'code', 'strikethrough'];
const ALIGNMENTS = ['left', 'center', 'right'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function string(data: Record<string, unknown>, key: string, at: Path, issues: DocumentIssue[], required = true) {
  if (data[key] === undefined && !required) return;
  if (typeof data[key] !== 'string') issues.push({ path: [...at, key], message: data[key] === undefined ? 'is required' : 'must be of type string' });
}

/** A string written as a `{% tag %}` attribute: one line, and not both kinds of quote. */
function attribute(data: Record<string, unknown>, key: string, at: Path, issues: DocumentIssue[], required = true) {
  string(data, key, at, issues, required);
  const value = data[key];
  if (typeof value === 'string' && (/[\r\n]/.test(value) || (value.includes('"') && value.includes("'")))) {
    issues.push({ path: [...at, key], message: 'is written as a tag attribute: no line break, and not both " and \'' });
  }
}

/** A reference docsctl can write as markdown: `{ kind: "url", url }` or `{ kind: "file", file }` (a file block: a file only). */
function ref(data: Record<string, unknown>, at: Path, issues: DocumentIssue[], fileOnly = false) {
  const value = data.ref;
  // A file named in a link is `/files/<id>`: the id has no `/`, `?`, `#` or blank.
  const file = isObject(value) && value.kind === 'file' && typeof value.file === 'string' && (fileOnly ? /^[^\n"]+$/ : /^[^/?#\s]+$/).test(value.file);
  const ok = file || (!fileOnly && isObject(value) && value.kind === 'url' && typeof value.url === 'string');
  if (ok) return;
  issues.push({
    path: [...at, 'ref'],
    message: fileOnly
      ? 'must be a file reference { "kind": "file", "file": an id or a path }'
      : 'must be a reference { "kind": "url", "url": string } or { "kind": "file", "file": an id } (docsctl stores documents as markdown, which links by URL, path or /files/<id>)',
  });
}

/** A reusable content of the same content: `{ kind: "reusable-content", reusableContent: id }`, written as its include line. */
function reusableRef(data: Record<string, unknown>, at: Path, issues: DocumentIssue[]) {
  const value = data.ref;
  if (isObject(value) && value.kind === 'reusable-content' && typeof value.reusableContent === 'string' && REUSABLE_CONTENT_ID.test(value.reusableContent)) return;
  issues.push({
    path: [...at, 'ref'],
    message: 'must be a reusable content reference { "kind": "reusable-content", "reusableContent": an id (no /, blank, quote, \\, %, { or }, at most 200 characters) }',
  });
}

const RULES: Record<string, Rule> = {
  paragraph: { children: 'inlines', dataOptional: true },
  'heading-1': { children: 'inlines', data: (d, at, issues) => headingId(d, at, issues) },
  'heading-2': { children: 'inlines', data: (d, at, issues) => headingId(d, at, issues) },
  'heading-3': { children: 'inlines', data: (d, at, issues) => headingId(d, at, issues) },
  code: {
    children: 'code-lines',
    data: (d, at, issues) => {
      attribute(d, 'title', at, issues, false);
      if (d.overflow !== undefined && d.overflow !== 'scroll' && d.overflow !== 'wrap') issues.push({ path: [...at, 'overflow'], message: 'must be one of: "scroll", "wrap"' });
      for (const key of ['lineNumbers', 'fullWidth']) if (d[key] !== undefined && typeof d[key] !== 'boolean') issues.push({ path: [...at, key], message: 'must be of type boolean' });
      if (d.syntax !== undefined && (typeof d.syntax !== 'string' || !/^\S{0,100}$/.test(d.syntax))) issues.push({ path: [...at, 'syntax'], message: 'must be one word (at most 100 characters)' });
    },
  },
  'code-line': { children: 'texts' },
  blockquote: { children: 'blocks', dataOptional: true },
  hint: {
    children: 'blocks',
    data: (d, at, issues) => {
      if (!HINT_STYLES.includes(d.style as string)) issues.push({ path: [...at, 'style'], message: `must be one of: ${HINT_STYLES.map((s) => JSON.stringify(s)).join(', ')}` });
    },
  },
  'list-unordered': { children: 'list-items', dataOptional: true },
  'list-tasks': { children: 'list-items', dataOptional: true },
  'list-ordered': {
    children: 'list-items',
    data: (d, at, issues) => {
      if (d.start !== undefined && !(Number.isInteger(d.start) && (d.start as number) >= 0 && (d.start as number) <= 999_999_999)) issues.push({ path: [...at, 'start'], message: 'must be a whole number from 0 to 999999999' });
    },
  },
  'list-item': {
    children: 'blocks',
    dataOptional: true,
    data: (d, at, issues) => {
      if (d.checked !== undefined && typeof d.checked !== 'boolean') issues.push({ path: [...at, 'checked'], message: 'must be of type boolean' });
    },
  },
  divider: { children: 'none' },
  images: { children: 'images' },
  image: { children: 'none', fragments: 'caption', data: (d, at, issues) => (ref(d, at, issues), string(d, 'alt', at, issues, false)) },
  tabs: { children: 'tabs-items', dataOptional: true },
  'tabs-item': { children: 'blocks', data: (d, at, issues) => attribute(d, 'title', at, issues) },
  embed: { children: 'none', data: (d, at, issues) => attribute(d, 'url', at, issues) },
  file: {
    children: 'none',
    data: (d, at, issues) => {
      ref(d, at, issues, true);
      if (isObject(d.ref) && typeof d.ref.file === 'string') attribute(d.ref, 'file', [...at, 'ref'], issues);
    },
  },
  'content-ref': { children: 'none', data: (d, at, issues) => ref(d, at, issues) },
  'reusable-content': { children: 'none', data: (d, at, issues) => reusableRef(d, at, issues) },
  table: { children: 'none', fragments: 'table-cells', data: (d, at, issues) => tableData(d, at, issues) },
  expandable: { children: 'none', fragments: 'expandable', dataOptional: true },
  'openapi-operation': { children: 'none', data: (d, at, issues) => operation(d, at, issues, 'openapi') },
  swagger: { children: 'none', data: (d, at, issues) => operation(d, at, issues, 'url') },
  math: { children: 'none', data: (d, at, issues) => formula(d, at, issues, true) },
  stepper: { children: 'stepper-steps', dataOptional: true },
  'stepper-step': { children: 'blocks', dataOptional: true },
  columns: { children: 'columns', dataOptional: true },
  column: {
    children: 'blocks',
    dataOptional: true,
    data: (d, at, issues) => {
      if (d.width !== undefined && !(typeof d.width === 'string' && /^(100|[0-9]{1,2})(\.[0-9]{1,16})?%$/.test(d.width))) issues.push({ path: [...at, 'width'], message: 'must be a percentage as Git Sync writes it ("50%")' });
    },
  },
  updates: {
    children: 'updates',
    dataOptional: true,
    data: (d, at, issues) => {
      if (d.format !== undefined) attribute(d, 'format', at, issues);
    },
  },
  update: {
    children: 'blocks',
    data: (d, at, issues) => {
      if (typeof d.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(d.date) || Number.isNaN(Date.parse(d.date))) issues.push({ path: [...at, 'date'], message: 'is required: a date as YYYY-MM-DD' });
    },
  },
};

/** Block types that only stand inside their parent (and the parent holds nothing else). */
const CHILD_ONLY: Record<string, Children> = {
  'code-line': 'code-lines', 'list-item': 'list-items', image: 'images', 'tabs-item': 'tabs-items', 'stepper-step': 'stepper-steps', column: 'columns', update: 'updates',
};

/** TeX as markdown holds it between `$$`: no `$$` inside, and on one line when inline. */
function formula(d: Record<string, unknown>, at: Path, issues: DocumentIssue[], block: boolean) {
  if (typeof d.formula !== 'string' || !d.formula.trim()) issues.push({ path: [...at, 'formula'], message: 'is required (TeX)' });
  else if (d.formula.includes('$$') || (!block && /[\r\n]/.test(d.formula))) issues.push({ path: [...at, 'formula'], message: block ? 'must not hold $$' : 'must not hold $$ or a line break (inline math is one line)' });
}

/** An API operation: its spec (`openapi`: a spec's slug) or its source (`url`), a method and a path, each a tag attribute. */
function operation(d: Record<string, unknown>, at: Path, issues: DocumentIssue[], kind: 'openapi' | 'url') {
  const value = d.ref;
  const key = kind === 'openapi' ? 'spec' : 'url';
  if (!isObject(value) || value.kind !== kind || typeof value[key] !== 'string' || !value[key]) {
    issues.push({ path: [...at, 'ref'], message: kind === 'openapi' ? 'must be a spec reference { "kind": "openapi", "spec": a spec\'s slug }' : 'must be a reference { "kind": "url", "url": the spec\'s URL or file path }' });
  } else attribute(value, key, [...at, 'ref'], issues);
  if (typeof d.method !== 'string' || !/^[a-z]{1,20}$/i.test(d.method)) issues.push({ path: [...at, 'method'], message: 'is required: an HTTP method (letters, at most 20)' });
  if (typeof d.path !== 'string' || !d.path) issues.push({ path: [...at, 'path'], message: 'is required (the operation\'s path, as the spec names it)' });
  else attribute(d, 'path', at, issues);
}

function headingId(d: Record<string, unknown>, at: Path, issues: DocumentIssue[]) {
  if (d.id !== undefined && (typeof d.id !== 'string' || !/^[-a-z0-9.+_]+$/.test(d.id) || d.id.length > 200)) {
    issues.push({ path: [...at, 'id'], message: 'must match the pattern ^[-a-z0-9.+_]+$ (at most 200 characters)' });
  }
}

function tableData(d: Record<string, unknown>, at: Path, issues: DocumentIssue[]) {
  const view = d.view;
  const cards = isObject(view) && view.type === 'cards';
  if (!isObject(view) || !(view.type === 'grid' || cards) || !Array.isArray(view.columns) || !view.columns.every((c) => typeof c === 'string')) {
    issues.push({ path: [...at, 'view'], message: 'must be a grid view { "type": "grid", "columns": string[], "hideHeader": boolean } or a cards view { "type": "cards", "columns": string[], "targetDefinition"?, "coverDefinition"?, "cardSize"?: "medium" | "large" }' });
    return;
  }
  if (d.fullWidth !== undefined && typeof d.fullWidth !== 'boolean') issues.push({ path: [...at, 'fullWidth'], message: 'must be of type boolean' });
  if (!isObject(d.definition)) {
    issues.push({ path: [...at, 'definition'], message: 'must be an object of column definitions' });
    return;
  }
  const definition = d.definition;
  // A grid writes its shown columns; cards write every column (hidden ones marked so).
  const written = cards ? Object.keys(definition) : (view.columns as string[]);
  for (const column of written) {
    const def = definition[column];
    const type = isObject(def) ? (def.type ?? 'text') : undefined;
    if (!isObject(def) || typeof def.title !== 'string' || (def.textAlignment !== undefined && !ALIGNMENTS.includes(def.textAlignment as string)) || !(type === 'text' || (cards && isLinkType(type)))) {
      issues.push({ path: [...at, 'definition', column], message: cards ? 'must be a column { "id", "title": string, "type": "text" | "content-ref" | "files", "textAlignment": "left" | "center" | "right" }' : 'must be a text column { "id", "title": string, "type": "text", "textAlignment": "left" | "center" | "right" }' });
    } else if (cards ? /[\r\n]/.test(def.title) : /[\r\n]|(^|[^\\])\|/.test(def.title)) {
      issues.push({ path: [...at, 'definition', column, 'title'], message: cards ? 'is written as a header cell: no line break' : 'is written as a header cell: no line break or unescaped |' });
    }
  }
  if (cards) cardsView(view, definition, [...at, 'view'], issues);
  if (!isObject(d.records)) issues.push({ path: [...at, 'records'], message: 'must be an object of records' });
  else {
    for (const [id, record] of Object.entries(d.records)) {
      const values = isObject(record) ? record.values : undefined;
      const ok = isObject(record) && typeof record.orderIndex === 'string' && isObject(values) && Object.entries(values).every(([column, value]) => {
        const type = isObject(definition[column]) ? (definition[column] as Record<string, unknown>).type : undefined;
        if (cards && isLinkType(type)) return linkValue(value);
        return typeof value === 'string';
      });
      if (!ok) issues.push({ path: [...at, 'records', id], message: cards ? 'must be a record { "orderIndex": string, "values": { column: a fragment id, or a reference for a content-ref or files column } }' : 'must be a record { "orderIndex": string, "values": { column: fragment id } }' });
    }
  }
}

/** A card's target or cover: a reference written as a link (`href` of one line). */
const linkValue = (value: unknown) => isObject(value) && ((value.kind === 'url' && typeof value.url === 'string' && !/[\r\n]/.test(value.url)) || (value.kind === 'file' && typeof value.file === 'string' && /^[^/?#\s]+$/.test(value.file)));

function cardsView(view: Record<string, unknown>, definition: Record<string, unknown>, at: Path, issues: DocumentIssue[]) {
  for (const key of ['targetDefinition', 'coverDefinition']) {
    if (view[key] !== undefined && !(typeof view[key] === 'string' && isObject(definition[view[key] as string]))) issues.push({ path: [...at, key], message: 'must name a column of the definition' });
  }
  for (const column of view.columns as string[]) if (!isObject(definition[column])) issues.push({ path: [...at, 'columns'], message: `names a column the definition lacks: ${JSON.stringify(column).slice(0, 100)}` });
  if (view.cardSize !== undefined && view.cardSize !== 'medium' && view.cardSize !== 'large') issues.push({ path: [...at, 'cardSize'], message: 'must be one of: "medium", "large"' });
  if (view.hideColumnTitle !== undefined && typeof view.hideColumnTitle !== 'boolean') issues.push({ path: [...at, 'hideColumnTitle'], message: 'must be of type boolean' });
}

/** Walks a tree, counting what the bounds count; stops at the first bound crossed. */
class Walk {
  readonly issues: DocumentIssue[] = [];
  private nodes = 0;
  private text = 0;
  private stopped = false;

  private fail(path: Path, message: string) {
    if (this.issues.length < 20) this.issues.push({ path, message });
  }

  private count(path: Path): boolean {
    if (this.stopped) return false;
    if (++this.nodes > DOCUMENT_LIMITS.nodes) {
      this.fail(path, `makes the document hold more than ${DOCUMENT_LIMITS.nodes} nodes (at most ${DOCUMENT_LIMITS.nodes} blocks, inlines, texts, leaves, fragments and table cells)`);
      this.stopped = true;
      return false;
    }
    return true;
  }

  private addText(value: unknown, path: Path) {
    if (typeof value !== 'string') return;
    this.text += value.length;
    if (this.text > DOCUMENT_LIMITS.text && !this.stopped) {
      this.fail(path, `makes the document's text longer than ${DOCUMENT_LIMITS.text} characters (at most ${DOCUMENT_LIMITS.text})`);
      this.stopped = true;
    }
  }

  /** The strings in `data` count as text (titles, URLs, captions). */
  private dataText(data: unknown, path: Path) {
    if (!isObject(data)) return;
    for (const [key, value] of Object.entries(data)) {
      if (typeof value === 'string') this.addText(value, [...path, key]);
      else if (isObject(value)) for (const [k, v] of Object.entries(value)) this.addText(v, [...path, key, k]);
    }
  }

  /** A table is written cell by cell: each cell (a record's column) counts as a node, each column title as text. */
  private tableSize(data: unknown, path: Path) {
    if (!isObject(data) || !isObject(data.view) || !Array.isArray(data.view.columns) || !isObject(data.records)) return;
    const columns = data.view.columns.length;
    const cells = columns * Object.keys(data.records).length + columns;
    this.nodes += cells - 1;
    if (!this.count([...path, 'records'])) return;
    if (isObject(data.definition)) for (const [id, column] of Object.entries(data.definition)) if (isObject(column)) this.addText(column.title, [...path, 'definition', id, 'title']);
  }

  children(value: unknown, path: Path, kind: Children, depth: number) {
    if (kind === 'none') return;
    if (!Array.isArray(value)) {
      this.fail(path, value === undefined ? 'is required' : 'must be an array');
      return;
    }
    value.forEach((child, i) => {
      if (this.stopped) return;
      if (kind === 'texts' && !(isObject(child) && child.object === 'text')) this.fail([...path, i, 'object'], 'must be "text" (a code line holds text only)');
      else if (kind === 'inlines' || kind === 'texts') this.inline(child, [...path, i], depth);
      else this.block(child, [...path, i], depth, kind);
    });
  }

  block(node: unknown, path: Path, depth: number, among: Children) {
    if (!this.count(path)) return;
    if (depth > DOCUMENT_LIMITS.depth) {
      this.fail(path, `is nested deeper than ${DOCUMENT_LIMITS.depth} levels (at most ${DOCUMENT_LIMITS.depth})`);
      this.stopped = true;
      return;
    }
    if (!isObject(node) || node.object !== 'block') {
      this.fail([...path, 'object'], 'must be "block"');
      return;
    }
    const type = node.type;
    const rule = typeof type === 'string' ? RULES[type] : undefined;
    if (!rule) {
      this.fail([...path, 'type'], `must be a block type docsctl can write as markdown: ${Object.keys(RULES).join(', ')}`);
      return;
    }
    const only = CHILD_ONLY[type as string];
    const expected = Object.entries(CHILD_ONLY).find(([, kind]) => kind === among)?.[0];
    if (only ? only !== among : among !== 'blocks') {
      this.fail([...path, 'type'], expected ? `must be "${expected}" here` : `"${String(type)}" only stands inside its parent block`);
      return;
    }
    if (node.data === undefined && !rule.dataOptional) this.fail([...path, 'data'], 'is required');
    else if (node.data !== undefined && !isObject(node.data)) this.fail([...path, 'data'], 'must be an object');
    else if (rule.data) rule.data((node.data ?? {}) as Record<string, unknown>, [...path, 'data'], this.issues);
    this.dataText(node.data, [...path, 'data']);
    if (type === 'table') this.tableSize(node.data, [...path, 'data']);
    this.children(node.nodes, [...path, 'nodes'], rule.children, depth + 1);
    const cards = type === 'table' && isObject(node.data) && isObject(node.data.view) && node.data.view.type === 'cards';
    if (rule.fragments) this.fragments(node.fragments, [...path, 'fragments'], depth + 1, cards ? 'cards' : rule.fragments === 'expandable' ? 'expandable' : 'one');
  }

  /**
   * Fragments of one paragraph each (a caption, a grid's cells); an expandable's are its title and its
   * body of blocks; a card's cell holds paragraphs and headings of text and links (what its HTML holds).
   */
  private fragments(value: unknown, path: Path, depth: number, kind: 'one' | 'expandable' | 'cards') {
    const expandable = kind === 'expandable';
    if (!Array.isArray(value)) {
      this.fail(path, value === undefined ? 'is required' : 'must be an array');
      return;
    }
    const names = value.map((f) => (isObject(f) ? f.fragment : undefined));
    if (expandable && (names.length !== 2 || !names.includes('expandable-title') || !names.includes('expandable-body'))) {
      this.fail(path, 'must be an "expandable-title" fragment (one paragraph) and an "expandable-body" fragment (blocks)');
      return;
    }
    value.forEach((fragment, i) => {
      if (this.stopped || !this.count([...path, i])) return;
      if (!isObject(fragment) || fragment.object !== 'fragment' || typeof fragment.fragment !== 'string') {
        this.fail([...path, i], 'must be a fragment { "object": "fragment", "fragment": string, "nodes": [a paragraph] }');
        return;
      }
      const nodes = fragment.nodes;
      if (fragment.fragment === 'expandable-body' && expandable) {
        this.children(nodes, [...path, i, 'nodes'], 'blocks', depth + 1);
        return;
      }
      if (kind === 'cards') {
        this.cardCell(nodes, [...path, i, 'nodes'], depth + 1);
        return;
      }
      if (!Array.isArray(nodes) || nodes.length !== 1 || !isObject(nodes[0]) || nodes[0].type !== 'paragraph') {
        this.fail([...path, i, 'nodes'], 'must hold one paragraph');
        return;
      }
      this.block(nodes[0], [...path, i, 'nodes', 0], depth + 1, 'blocks');
    });
  }

  private cardCell(nodes: unknown, path: Path, depth: number) {
    const textOrLink = (n: unknown) => isObject(n) && (n.object === 'text' || (n.type === 'link' && Array.isArray(n.nodes) && n.nodes.every((t) => isObject(t) && t.object === 'text')));
    const ok = Array.isArray(nodes) && nodes.length > 0 && nodes.every((b) => isObject(b) && CARD_BLOCKS.includes(b.type as string) && (b.data === undefined || (isObject(b.data) && !Object.keys(b.data).length)) && Array.isArray(b.nodes) && b.nodes.every(textOrLink));
    if (!ok) {
      this.fail(path, 'must hold paragraphs and headings (heading-1 to heading-3, no id) of text and links: what a card\'s HTML cell holds');
      return;
    }
    (nodes as unknown[]).forEach((block, b) => this.block(block, [...path, b], depth, 'blocks'));
  }

  private inline(node: unknown, path: Path, depth: number) {
    if (!this.count(path)) return;
    if (!isObject(node)) {
      this.fail(path, 'must be a text or an inline');
      return;
    }
    if (node.object === 'text') {
      this.textNode(node, path);
      return;
    }
    if (node.object !== 'inline' || !['link', 'inline-image', 'inline-math', 'button'].includes(node.type as string)) {
      this.fail([...path, 'type'], 'must be a text, a link, an inline-image, inline-math or a button (what markdown can hold inline)');
      return;
    }
    if (!isObject(node.data)) {
      this.fail([...path, 'data'], node.data === undefined ? 'is required' : 'must be an object');
      return;
    }
    if (node.type === 'inline-math') {
      formula(node.data, [...path, 'data'], this.issues, false);
      this.dataText(node.data, [...path, 'data']);
      return;
    }
    ref(node.data, [...path, 'data'], this.issues);
    this.dataText(node.data, [...path, 'data']);
    if (node.type === 'button') {
      const at = [...path, 'data'];
      if (typeof node.data.label !== 'string' || !node.data.label.trim() || /[\r\n]/.test(node.data.label) || node.data.label.length > 500) this.issues.push({ path: [...at, 'label'], message: 'is required: one line of at most 500 characters' });
      if (node.data.kind !== 'primary' && node.data.kind !== 'secondary') this.issues.push({ path: [...at, 'kind'], message: 'must be one of: "primary", "secondary"' });
      if (node.data.icon !== undefined && !(typeof node.data.icon === 'string' && /^[\w-]{1,64}$/.test(node.data.icon))) this.issues.push({ path: [...at, 'icon'], message: 'must be an icon name (letters, digits, - and _)' });
      return;
    }
    if (node.type === 'inline-image') {
      string(node.data, 'alt', [...path, 'data'], this.issues, false);
      string(node.data, 'caption', [...path, 'data'], this.issues, false);
    } else {
      if (depth > DOCUMENT_LIMITS.depth) return this.fail(path, `is nested deeper than ${DOCUMENT_LIMITS.depth} levels (at most ${DOCUMENT_LIMITS.depth})`);
      if (Array.isArray(node.nodes) && node.nodes.some((n) => isObject(n) && n.type === 'link')) return this.fail([...path, 'nodes'], 'must not hold a link (links do not nest)');
      this.children(node.nodes, [...path, 'nodes'], 'inlines', depth + 1);
    }
  }

  private textNode(node: Record<string, unknown>, path: Path) {
    if (!Array.isArray(node.leaves)) {
      this.fail([...path, 'leaves'], node.leaves === undefined ? 'is required' : 'must be an array');
      return;
    }
    node.leaves.forEach((leaf, i) => {
      const at = [...path, 'leaves', i];
      if (this.stopped || !this.count(at)) return;
      if (!isObject(leaf) || typeof leaf.text !== 'string') {
        this.fail([...at, 'text'], 'is required (a string)');
        return;
      }
      this.addText(leaf.text, [...at, 'text']);
      if (!Array.isArray(leaf.marks)) {
        this.fail([...at, 'marks'], 'must be an array');
        return;
      }
      leaf.marks.forEach((mark, m) => {
        if (!isObject(mark) || !MARK_TYPES.includes(mark.type as string)) {
          this.fail([...at, 'marks', m, 'type'], `must be one of: ${MARK_TYPES.map((t) => JSON.stringify(t)).join(', ')} (what markdown can hold)`);
        }
      });
    });
  }
}

/** The problems of a tree sent as a document (none: it can be written as markdown). */
export function checkDocument(document: unknown): DocumentIssue[] {
  const walk = new Walk();
  if (!isObject(document) || document.object !== 'document') return [{ path: ['object'], message: 'must be "document"' }];
  if (document.data !== undefined && !isObject(document.data)) walk.issues.push({ path: ['data'], message: 'must be an object' });
  walk.children(document.nodes, ['nodes'], 'blocks', 1);
  return walk.issues;
}
