import { describe, expect, it } from 'vitest';
import { checkDocument } from '../../src/markdown/document/check';
import { DOCUMENT_LIMITS } from '../../src/markdown/document/limits';
import { markdownToDocument } from '../../src/markdown/document/from-markdown';

const leaf = (text: string) => ({ object: 'leaf', text, marks: [] });
const p = (t: string) => ({ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [leaf(t)] }] });
const doc = (...nodes: unknown[]) => ({ object: 'document', data: {}, nodes });
const messages = (value: unknown) => checkDocument(value).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('checkDocument', () => {
  it('accepts what the converter makes, and minimal platform nodes (data left out where the platform allows)', () => {
    expect(checkDocument(markdownToDocument('# A\n\n* b\n\n| x |\n| --- |\n| 1 |\n\n{% hint style="info" %}\nc\n{% endhint %}\n'))).toEqual([]);
    expect(checkDocument(doc(p('a'), { object: 'block', type: 'list-unordered', nodes: [{ object: 'block', type: 'list-item', nodes: [p('b')] }] }))).toEqual([]);
  });

  // Issue 56: a cards view's rules: columns the definition has, link columns holding references, cells of text and links.
  it('checks a cards table: its view, its columns and link values, and what its cells hold', () => {
    const cards = () => markdownToDocument('<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td><strong>A</strong></td><td><a href="a.md">a.md</a></td></tr></tbody></table>\n').nodes[0] as { data: Record<string, any>; fragments: any[] };
    expect(checkDocument(doc(cards()))).toEqual([]);
    const badView = cards();
    Object.assign(badView.data.view, { targetDefinition: 'col9', cardSize: 'huge', columns: ['col1', 'colX'] });
    expect(messages(doc(badView))).toEqual([
      'nodes.0.data.view.targetDefinition: must name a column of the definition',
      'nodes.0.data.view.columns: names a column the definition lacks: "colX"',
      'nodes.0.data.view.cardSize: must be one of: "medium", "large"',
    ]);
    const badValue = cards();
    badValue.data.records.row1.values.col2 = 'row1-col2';
    badValue.data.definition.col1.type = 'rating';
    badValue.data.fullWidth = 'yes';
    expect(messages(doc(badValue))).toEqual([
      'nodes.0.data.fullWidth: must be of type boolean',
      'nodes.0.data.definition.col1: must be a column { "id", "title": string, "type": "text" | "content-ref" | "files", "textAlignment": "left" | "center" | "right" }',
      'nodes.0.data.records.row1: must be a record { "orderIndex": string, "values": { column: a fragment id, or a reference for a content-ref or files column } }',
    ]);
    const badCell = cards();
    badCell.fragments[0].nodes = [{ object: 'block', type: 'paragraph', nodes: [{ object: 'inline', type: 'inline-math', data: { formula: 'x' } }] }];
    expect(messages(doc(badCell))).toEqual(["nodes.0.fragments.0.nodes: must hold paragraphs and headings (heading-1 to heading-3, no id) of text and links: what a card's HTML cell holds"]);
    const grid = markdownToDocument('| a |\n| --- |\n| 1 |\n').nodes[0] as { data: Record<string, any> };
    grid.data.view.type = 'list';
    expect(messages(doc(grid))[0]).toMatch(/^nodes\.0\.data\.view: must be a grid view .* or a cards view /);
  });

  it('names the path and the rule of each problem', () => {
    expect(messages({ object: 'page' })).toEqual(['object: must be "document"']);
    expect(messages({ object: 'document', data: {} })).toEqual(['nodes: is required']);
    expect(messages(doc({ object: 'block', type: 'drawing', data: {} }))[0]).toMatch(/^nodes\.0\.type: must be a block type docsctl can write as markdown: paragraph, /);
    expect(messages(doc({ object: 'block', type: 'openapi-operation', data: { ref: { kind: 'url', url: 'x' }, method: 'get post', path: 'a"b\'c' } }))).toEqual([
      'nodes.0.data.ref: must be a spec reference { "kind": "openapi", "spec": a spec\'s slug }',
      'nodes.0.data.method: is required: an HTTP method (letters, at most 20)',
      'nodes.0.data.path: is written as a tag attribute: no line break, and not both " and \'',
    ]);
    expect(messages(doc({ object: 'block', type: 'swagger', data: { ref: { kind: 'openapi', spec: 'x' }, method: 'get' } }))).toEqual([
      'nodes.0.data.ref: must be a reference { "kind": "url", "url": the spec\'s URL or file path }',
      'nodes.0.data.path: is required (the operation\'s path, as the spec names it)',
    ]);
    expect(messages(doc({ object: 'inline', type: 'link' }))).toEqual(['nodes.0.object: must be "block"']);
    expect(messages(doc({ object: 'block', type: 'heading-1', nodes: [] }))).toEqual(['nodes.0.data: is required']);
    expect(messages(doc({ object: 'block', type: 'heading-2', data: { id: 'Not An Id' }, nodes: [] }))).toEqual(['nodes.0.data.id: must match the pattern ^[-a-z0-9.+_]+$ (at most 200 characters)']);
    expect(messages(doc({ object: 'block', type: 'hint', data: { style: 'loud' }, nodes: [] }))).toEqual(['nodes.0.data.style: must be one of: "info", "warning", "danger", "success"']);
    expect(messages(doc({ object: 'block', type: 'list-item', nodes: [] }))).toEqual(['nodes.0.type: "list-item" only stands inside its parent block']);
    expect(messages(doc({ object: 'block', type: 'list-ordered', data: {}, nodes: [p('x')] }))).toEqual(['nodes.0.nodes.0.type: must be "list-item" here']);
    expect(messages(doc({ object: 'block', type: 'embed', data: {} }))).toEqual(['nodes.0.data.url: is required']);
    expect(messages(doc({ object: 'block', type: 'content-ref', data: { ref: { kind: 'page', page: 'p1' } } })))
      .toEqual(['nodes.0.data.ref: must be a reference { "kind": "url", "url": string } or { "kind": "file", "file": an id } (docsctl stores documents as markdown, which links by URL, path or /files/<id>)']);
    expect(messages(doc({ object: 'block', type: 'file', data: { ref: { kind: 'url', url: 'a.pdf' } } }))).toEqual(['nodes.0.data.ref: must be a file reference { "kind": "file", "file": an id or a path }']);
    expect(messages(doc({ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'x', marks: [{ object: 'mark', type: 'color' }] }] }] })))
      .toEqual(['nodes.0.nodes.0.leaves.0.marks.0.type: must be one of: "bold", "italic", "code", "strikethrough" (what markdown can hold)']);
    expect(messages(doc({ object: 'block', type: 'paragraph', nodes: [{ object: 'inline', type: 'mention', data: {} }] })))
      .toEqual(['nodes.0.nodes.0.type: must be a text, a link, an inline-image, inline-math or a button (what markdown can hold inline)']);
    expect(messages(doc({ object: 'block', type: 'code', data: {}, nodes: [{ object: 'block', type: 'code-line', data: {}, nodes: [{ object: 'inline', type: 'link' }] }] })))
      .toEqual(['nodes.0.nodes.0.nodes.0.object: must be "text" (a code line holds text only)']);
    expect(messages(doc({ object: 'block', type: 'tabs', nodes: [{ object: 'block', type: 'tabs-item', data: { title: 'a "b" \'c\'' }, nodes: [] }] })))
      .toEqual(['nodes.0.nodes.0.data.title: is written as a tag attribute: no line break, and not both " and \'']);
    const table = markdownToDocument('| a |\n| --- |\n| 1 |\n').nodes[0] as { data: Record<string, unknown> };
    table.data.definition = { col1: { id: 'col1', title: 'a|b', type: 'text', textAlignment: 'left' } };
    expect(messages(doc(table)))
      .toEqual(['nodes.0.data.definition.col1.title: is written as a header cell: no line break or unescaped |']);
    expect(messages(doc({ object: 'block', type: 'expandable', isVoid: true, data: {}, fragments: [] })))
      .toEqual(['nodes.0.fragments: must be an "expandable-title" fragment (one paragraph) and an "expandable-body" fragment (blocks)']);
    expect(messages(doc({ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', marks: [] }] }] })))
      .toEqual(['nodes.0.nodes.0.leaves.0.text: is required (a string)']);
    expect(messages(doc({ object: 'block', type: 'math', data: { formula: 'a $$ b' } }))).toEqual(['nodes.0.data.formula: must not hold $$']);
    expect(messages(doc({ object: 'block', type: 'paragraph', nodes: [{ object: 'inline', type: 'inline-math', data: { formula: 'a\nb' } }] })))
      .toEqual(['nodes.0.nodes.0.data.formula: must not hold $$ or a line break (inline math is one line)']);
    expect(messages(doc({ object: 'block', type: 'paragraph', nodes: [{ object: 'inline', type: 'button', data: { ref: { kind: 'url', url: 'a.md' }, label: '', kind: 'loud', icon: 'a b' } }] }))).toEqual([
      'nodes.0.nodes.0.data.label: is required: one line of at most 500 characters', 'nodes.0.nodes.0.data.kind: must be one of: "primary", "secondary"', 'nodes.0.nodes.0.data.icon: must be an icon name (letters, digits, - and _)',
    ]);
    // GitBook's stepper, columns and updates (issue 56): parts only inside their block, a column's width and an update's date checked.
    expect(messages(doc({ object: 'block', type: 'stepper', nodes: [p('x')] }))).toEqual(['nodes.0.nodes.0.type: must be "stepper-step" here']);
    expect(messages(doc({ object: 'block', type: 'stepper-step', nodes: [] }))).toEqual(['nodes.0.type: "stepper-step" only stands inside its parent block']);
    expect(messages(doc({ object: 'block', type: 'columns', nodes: [{ object: 'block', type: 'column', data: { width: 'wide' }, nodes: [] }] })))
      .toEqual(['nodes.0.nodes.0.data.width: must be a percentage as Git Sync writes it ("50%")']);
    expect(messages(doc({ object: 'block', type: 'updates', nodes: [{ object: 'block', type: 'update', data: { date: 'May 1st' }, nodes: [] }] })))
      .toEqual(['nodes.0.nodes.0.data.date: is required: a date as YYYY-MM-DD']);
    expect(messages(doc({ object: 'block', type: 'updates', data: {}, nodes: [{ object: 'block', type: 'update', data: { date: '2024-05-01' }, nodes: [p('x')] }] }))).toEqual([]);
    expect(messages(doc({ object: 'block', type: 'updates', data: { format: 'a"b\'c' }, nodes: [] }))).toEqual(['nodes.0.data.format: is written as a tag attribute: no line break, and not both " and \'']);
    expect(messages(doc({ object: 'block', type: 'columns', nodes: [{ object: 'block', type: 'column', data: { width: '33.333%' }, nodes: [] }, { object: 'block', type: 'column', nodes: [] }] }))).toEqual([]);
    expect(messages(doc({ object: 'block', type: 'math', data: {} }))).toEqual(['nodes.0.data.formula: is required (TeX)']);
  });

  it(`refuses a tree nested deeper than ${DOCUMENT_LIMITS.depth} levels`, () => {
    let node: unknown = p('deep');
    for (let i = 0; i < DOCUMENT_LIMITS.depth; i++) node = { object: 'block', type: 'blockquote', nodes: [node] };
    const issues = checkDocument(doc(node));
    expect(issues).toHaveLength(1);
    expect(issues[0].message).toBe(`is nested deeper than ${DOCUMENT_LIMITS.depth} levels (at most ${DOCUMENT_LIMITS.depth})`);
    expect(issues[0].path).toHaveLength(2 * (DOCUMENT_LIMITS.depth + 1));
    // One level less is within the bound.
    expect(checkDocument(doc((node as { nodes: unknown[] }).nodes[0]))).toEqual([]);
  });

  it(`refuses more than ${DOCUMENT_LIMITS.nodes} nodes, and stops counting there`, () => {
    // Each paragraph is three nodes: the block, its text and the leaf.
    const many = Array.from({ length: Math.ceil(DOCUMENT_LIMITS.nodes / 3) + 1 }, () => p('x'));
    expect(messages(doc(...many))).toEqual([
      expect.stringMatching(new RegExp(`: makes the document hold more than ${DOCUMENT_LIMITS.nodes} nodes`)),
    ]);
    expect(checkDocument(doc(...many.slice(0, Math.floor(DOCUMENT_LIMITS.nodes / 3))))).toEqual([]);
  });

  it('counts a table by its cells (records × columns), which it is written as', () => {
    const columns = Array.from({ length: 1000 }, (_, i) => `c${i}`);
    const records = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`r${i}`, { orderIndex: String(i), values: {} }]));
    const definition = Object.fromEntries(columns.map((id) => [id, { id, title: id, type: 'text', textAlignment: 'left' }]));
    const table = { object: 'block', type: 'table', isVoid: true, data: { view: { type: 'grid', columns, hideHeader: false }, records, definition }, fragments: [] };
    expect(messages(doc(table))).toEqual([`nodes.0.data.records: makes the document hold more than ${DOCUMENT_LIMITS.nodes} nodes (at most ${DOCUMENT_LIMITS.nodes} blocks, inlines, texts, leaves, fragments and table cells)`]);
  });

  it(`refuses more than ${DOCUMENT_LIMITS.text} characters of text in all`, () => {
    const half = 'x'.repeat(DOCUMENT_LIMITS.text / 2);
    expect(checkDocument(doc(p(half), p(half)))).toEqual([]);
    expect(messages(doc(p(half), p(half), p('y')))).toEqual([`nodes.2.nodes.0.leaves.0.text: makes the document's text longer than ${DOCUMENT_LIMITS.text} characters (at most ${DOCUMENT_LIMITS.text})`]);
  });
});
