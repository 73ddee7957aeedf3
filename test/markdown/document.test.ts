import { describe, expect, it } from 'vitest';
import { markdownToDocument, pageDocument } from '../../src/markdown/document/from-markdown';
import { documentToMarkdown } from '../../src/markdown/document/to-markdown';
import { checkDocument } from '../../src/markdown/document/check';
import { DOCUMENT_LIMITS } from '../../src/markdown/document/limits';

const leaf = (text: string, ...marks: string[]) => ({ object: 'leaf', text, marks: marks.map((type) => ({ object: 'mark', type })) });
const text = (...leaves: ReturnType<typeof leaf>[]) => ({ object: 'text', leaves });
const p = (...nodes: unknown[]) => ({ object: 'block', type: 'paragraph', isVoid: false, data: {}, nodes });
const nodesOf = (markdown: string) => markdownToDocument(markdown).nodes;
/** markdown → document → markdown. */
const again = (markdown: string) => documentToMarkdown(markdownToDocument(markdown));

describe('markdown to the platform document tree', () => {
  it('makes a document with data, texts of leaves with marks in one order, links and inline images', () => {
    const doc = markdownToDocument('Plain **bold** *it* `x < y` ~~gone~~ ***both*** [the *site*](https://example.com/a) ![logo](/files/f1 "The logo")');
    expect(doc.object).toBe('document');
    expect(doc.data).toEqual({});
    expect(doc.nodes).toEqual([p(
      text(leaf('Plain '), leaf('bold', 'bold'), leaf(' '), leaf('it', 'italic'), leaf(' '), leaf('x < y', 'code'), leaf(' '), leaf('gone', 'strikethrough'), leaf(' '), leaf('both', 'bold', 'italic'), leaf(' ')),
      { object: 'inline', type: 'link', isVoid: false, data: { ref: { kind: 'url', url: 'https://example.com/a' } }, nodes: [text(leaf('the '), leaf('site', 'italic'))] },
      text(leaf(' ')),
      { object: 'inline', type: 'inline-image', isVoid: true, data: { ref: { kind: 'file', file: 'f1' }, alt: 'logo', caption: 'The logo' } },
    )]);
  });

  it('gives headings 1 to 3, with the id of a GitBook anchor', () => {
    expect(nodesOf('# One\n\n## Two <a href="#two" id="two"></a>\n\n#### Four\n')).toEqual([
      { object: 'block', type: 'heading-1', isVoid: false, data: {}, nodes: [text(leaf('One'))] },
      { object: 'block', type: 'heading-2', isVoid: false, data: { id: 'two' }, nodes: [text(leaf('Two'))] },
      { object: 'block', type: 'heading-3', isVoid: false, data: {}, nodes: [text(leaf('Four'))] },
    ]);
  });

  it('gives lists (ordered with their start, tasks with checked) of list items', () => {
    const item = (nodes: unknown[], data = {}) => ({ object: 'block', type: 'list-item', isVoid: false, data, nodes });
    expect(nodesOf('* one\n  * nested\n\n3. three\n4. four\n\n* [ ] todo\n* [x] done\n')).toEqual([
      { object: 'block', type: 'list-unordered', isVoid: false, data: {}, nodes: [item([p(text(leaf('one'))), { object: 'block', type: 'list-unordered', isVoid: false, data: {}, nodes: [item([p(text(leaf('nested')))])] }])] },
      { object: 'block', type: 'list-ordered', isVoid: false, data: { start: 3 }, nodes: [item([p(text(leaf('three')))]), item([p(text(leaf('four')))])] },
      { object: 'block', type: 'list-tasks', isVoid: false, data: {}, nodes: [item([p(text(leaf('todo')))], { checked: false }), item([p(text(leaf('done')))], { checked: true })] },
    ]);
  });

  it('gives code of code lines, with its syntax and a {% code %} title', () => {
    const line = (t: string) => ({ object: 'block', type: 'code-line', isVoid: false, data: {}, nodes: [text(leaf(t))] });
    expect(nodesOf('{% code overflow="wrap" lineNumbers="true" %}\n```\nx\n```\n{% endcode %}\n')[0]).toMatchObject({ type: 'code', data: { overflow: 'wrap', lineNumbers: true } });
    expect(nodesOf('{% code title="app.ts" %}\n```ts\nconst a = 1;\n\n  b();\n```\n{% endcode %}\n')).toEqual([
      { object: 'block', type: 'code', isVoid: false, data: { syntax: 'ts', title: 'app.ts' }, nodes: [line('const a = 1;'), line(''), line('  b();')] },
    ]);
  });

  it("gives GitBook's blocks: hints, tabs, content-refs, embeds, files, and images with a caption", () => {
    const markdown = [
      '{% hint style="success" %}\nDone.\n{% endhint %}',
      '{% hint style="odd" %}\nStyle unknown.\n{% endhint %}',
      '{% tabs %}\n{% tab title="npm" %}\nnpm i\n{% endtab %}\n{% endtabs %}',
      '{% content-ref url="a.md" %}\n[a.md](a.md)\n{% endcontent-ref %}',
      '{% embed url="https://example.com/v" %}',
      '{% file src="assets/x.pdf" %}',
      '<figure><img src="assets/a.png" alt="A"><figcaption><p>Caption</p></figcaption></figure>',
      '![](assets/b.png)',
      '---',
    ].join('\n\n');
    expect(nodesOf(markdown)).toEqual([
      { object: 'block', type: 'hint', isVoid: false, data: { style: 'success' }, nodes: [p(text(leaf('Done.')))] },
      { object: 'block', type: 'hint', isVoid: false, data: { style: 'info' }, nodes: [p(text(leaf('Style unknown.')))] },
      { object: 'block', type: 'tabs', isVoid: false, data: {}, nodes: [{ object: 'block', type: 'tabs-item', isVoid: false, data: { title: 'npm' }, nodes: [p(text(leaf('npm i')))] }] },
      { object: 'block', type: 'content-ref', isVoid: true, data: { ref: { kind: 'url', url: 'a.md' } } },
      { object: 'block', type: 'embed', isVoid: true, data: { url: 'https://example.com/v' } },
      { object: 'block', type: 'file', isVoid: true, data: { ref: { kind: 'file', file: 'assets/x.pdf' } } },
      {
        object: 'block', type: 'images', isVoid: false, data: {},
        nodes: [{ object: 'block', type: 'image', isVoid: true, data: { ref: { kind: 'url', url: 'assets/a.png' }, alt: 'A' }, fragments: [{ object: 'fragment', fragment: 'caption', type: 'caption', nodes: [p(text(leaf('Caption')))] }] }],
      },
      { object: 'block', type: 'images', isVoid: false, data: {}, nodes: [{ object: 'block', type: 'image', isVoid: true, data: { ref: { kind: 'url', url: 'assets/b.png' } }, fragments: [] }] },
      { object: 'block', type: 'divider', isVoid: true, data: {} },
    ]);
  });

  it('gives /files/<id> links, images and file blocks as file references (how content names its files)', () => {
    const [images, para, file, other] = nodesOf('![](/files/f1)\n\n[notes](/files/f2) [page](guide.md)\n\n{% file src="/files/f3" %}\n\n{% file src="../assets/a.pdf" %}\n');
    expect(images).toMatchObject({ type: 'images', nodes: [{ type: 'image', data: { ref: { kind: 'file', file: 'f1' } } }] });
    expect(para).toMatchObject({ nodes: [{ type: 'link', data: { ref: { kind: 'file', file: 'f2' } } }, text(leaf(' ')), { type: 'link', data: { ref: { kind: 'url', url: 'guide.md' } } }] });
    expect(file).toMatchObject({ type: 'file', data: { ref: { kind: 'file', file: 'f3' } } });
    expect(other).toMatchObject({ type: 'file', data: { ref: { kind: 'file', file: '../assets/a.pdf' } } });
    expect(again('![](/files/f1)\n\n[notes](/files/f2) [page](guide.md)\n\n{% file src="/files/f3" %}\n\n{% file src="../assets/a.pdf" %}\n'))
      .toBe('![](/files/f1)\n\n[notes](/files/f2) [page](guide.md)\n\n{% file src="/files/f3" %}\n\n{% file src="../assets/a.pdf" %}\n');
  });

  it("gives GitBook's <details> block as an expandable: a title fragment and a body fragment", () => {
    expect(nodesOf('<details>\n\n<summary>More</summary>\n\nInside.\n\n</details>\n')).toEqual([{
      object: 'block', type: 'expandable', isVoid: true, data: {},
      fragments: [
        { object: 'fragment', fragment: 'expandable-title', type: 'expandable-title', nodes: [p(text(leaf('More')))] },
        { object: 'fragment', fragment: 'expandable-body', type: 'expandable-body', nodes: [p(text(leaf('Inside.')))] },
      ],
    }]);
  });

  // Issue 56: the platform's stepper, columns and updates blocks, each part a block of blocks.
  it("gives GitBook's stepper, columns and updates as blocks of their parts, and leaves one holding anything else as text", () => {
    const nodes = nodesOf([
      '{% stepper %}', '{% step %}', 'One.', '{% endstep %}', '', '{% step %}', 'Two.', '{% endstep %}', '{% endstepper %}', '',
      '{% columns %}', '{% column width="50%" %}', 'Left.', '{% endcolumn %}', '', '{% column %}', 'Right.', '{% endcolumn %}', '{% endcolumns %}', '',
      '{% updates format="full" %}', '{% update date="2024-05-01" %}', 'Launched.', '{% endupdate %}', '{% endupdates %}', '',
    ].join('\n'));
    const part = (type: string, data: object, words: string) => ({ object: 'block', type, isVoid: false, data, nodes: [p(text(leaf(words)))] });
    expect(nodes).toEqual([
      { object: 'block', type: 'stepper', isVoid: false, data: {}, nodes: [part('stepper-step', {}, 'One.'), part('stepper-step', {}, 'Two.')] },
      { object: 'block', type: 'columns', isVoid: false, data: {}, nodes: [part('column', { width: '50%' }, 'Left.'), part('column', {}, 'Right.')] },
      { object: 'block', type: 'updates', isVoid: false, data: { format: 'full' }, nodes: [part('update', { date: '2024-05-01' }, 'Launched.')] },
    ]);
    // Text between the steps, or an update without its date: no block the platform has, so the text is kept.
    expect(nodesOf('{% stepper %}\nStray.\n{% step %}\nOne.\n{% endstep %}\n{% endstepper %}\n').map((n) => n.type)).not.toContain('stepper');
    expect(nodesOf('{% updates %}\n{% update %}\nUndated.\n{% endupdate %}\n{% endupdates %}\n').map((n) => n.type)).not.toContain('updates');
  });

  it("gives GitBook's buttons as buttons: their link, label, kind and icon, a line of them no HTML block", () => {
    expect(nodesOf('<a href="/files/f1" class="button secondary" data-icon="book">Read &#x26; learn</a>\n')).toEqual([
      p({ object: 'inline', type: 'button', isVoid: true, data: { ref: { kind: 'file', file: 'f1' }, label: 'Read & learn', kind: 'secondary', icon: 'book' } }),
    ]);
  });

  it('gives math: a block of its own lines, inline between words, its _ and * never emphasis', () => {
    expect(nodesOf('$$\nx_1 * y_2\n$$\n')).toEqual([{ object: 'block', type: 'math', isVoid: true, data: { formula: 'x_1 * y_2' } }]);
    expect(nodesOf('Then $$a_1 * b_2$$ holds.\n')).toEqual([p(text(leaf('Then ')), { object: 'inline', type: 'inline-math', isVoid: true, data: { formula: 'a_1 * b_2' } }, text(leaf(' holds.')))]);
  });

  it('gives a table as grid columns, records and cell fragments', () => {
    const [table] = nodesOf('| A | B |\n| :---: | ---: |\n| *x* | 2 |\n');
    expect(table).toMatchObject({
      type: 'table',
      isVoid: true,
      data: {
        view: { type: 'grid', columns: ['col1', 'col2'], hideHeader: false },
        definition: { col1: { id: 'col1', title: 'A', type: 'text', textAlignment: 'center' }, col2: { title: 'B', textAlignment: 'right' } },
        records: { row1: { orderIndex: '000000', values: { col1: 'row1-col1', col2: 'row1-col2' } } },
      },
      fragments: [
        { object: 'fragment', fragment: 'row1-col1', type: 'table-cell', nodes: [p(text(leaf('x', 'italic')))] },
        { object: 'fragment', fragment: 'row1-col2', type: 'table-cell', nodes: [p(text(leaf('2')))] },
      ],
    });
  });

  // Issue 56: GitBook's cards (an HTML table in Git Sync) are a table with the platform's cards view.
  it("gives GitBook's cards as a table with a cards view: shown columns, target and cover references, cells of paragraphs and headings", () => {
    const [table] = nodesOf([
      '<table data-card-size="large" data-view="cards" data-full-width="false">',
      '<thead><tr><th></th><th></th><th data-hidden data-card-target data-type="content-ref"></th><th data-hidden data-card-cover data-type="files"></th></tr></thead>',
      '<tbody>',
      '<tr><td><h4>Start &#x26; run</h4></td><td><strong>Fast</strong><br>then <a href="b.md">more</a></td><td><a href="guide/start.md">guide/start.md</a></td><td><a href="/files/cover1">cover.png</a></td></tr>',
      '</tbody></table>', '',
    ].join('\n'));
    expect(table).toEqual({
      object: 'block', type: 'table', isVoid: true,
      data: {
        view: { type: 'cards', columns: ['col1', 'col2'], targetDefinition: 'col3', coverDefinition: 'col4', cardSize: 'large' },
        records: { row1: { orderIndex: '000000', values: { col1: 'row1-col1', col2: 'row1-col2', col3: { kind: 'url', url: 'guide/start.md' }, col4: { kind: 'file', file: 'cover1' } } } },
        definition: {
          col1: { id: 'col1', title: '', type: 'text', textAlignment: 'left' }, col2: { id: 'col2', title: '', type: 'text', textAlignment: 'left' },
          col3: { id: 'col3', title: '', type: 'content-ref', textAlignment: 'left' }, col4: { id: 'col4', title: '', type: 'files', textAlignment: 'left' },
        },
        fullWidth: false,
      },
      fragments: [
        { object: 'fragment', fragment: 'row1-col1', type: 'table-cell', nodes: [{ object: 'block', type: 'heading-3', isVoid: false, data: {}, nodes: [text(leaf('Start & run'))] }] },
        { object: 'fragment', fragment: 'row1-col2', type: 'table-cell', nodes: [p(text(leaf('Fast', 'bold'), leaf('\nthen ')), { object: 'inline', type: 'link', isVoid: false, data: { ref: { kind: 'url', url: 'b.md' } }, nodes: [text(leaf('more'))] })] },
      ],
    });
    // Written back on one line, as Git Sync writes it; a target's text is its path's last part.
    expect(again(documentToMarkdown({ object: 'document', data: {}, nodes: [table] }))).toBe(
      '<table data-card-size="large" data-view="cards" data-full-width="false"><thead><tr><th></th><th></th><th data-hidden data-card-target data-type="content-ref"></th><th data-hidden data-card-cover data-type="files"></th></tr></thead><tbody><tr><td><h4>Start &#x26; run</h4></td><td><strong>Fast</strong><br>then <a href="b.md">more</a></td><td><a href="guide/start.md">start.md</a></td><td><a href="/files/cover1">cover1</a></td></tr></tbody></table>\n',
    );
  });

  it('keeps a cards table holding what the document cannot (other tags, attributes, cells in cells) as its HTML text', () => {
    const kept = [
      '<table data-view="cards"><thead><tr><th></th></tr></thead><tbody><tr><td><mark style="color:blue;">Learn</mark></td></tr></tbody></table>',
      '<table data-view="cards"><thead><tr><th></th></tr></thead><tbody><tr><td><strong class="x">Learn</strong></td></tr></tbody></table>',
      '<table data-view="cards"><thead><tr><th></th><th data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td>A</td><td><strong>not a link</strong></td></tr></tbody></table>',
      '<table data-view="cards"><thead><tr><th></th></tr></thead><tbody><tr><td>A</td><td>B</td></tr></tbody></table>',
      '<table data-view="cards"><thead><tr><th></th></tr></thead><tbody><tr><td><em>open</td></tr></tbody></table>',
      '<table data-view="grid"><thead><tr><th></th></tr></thead><tbody><tr><td>A</td></tr></tbody></table>',
      '<table data-view="cards"><thead><tr><th></th></tr></thead><tbody><tr><td><a href="x>A</a></td></tr></tbody></table>',
    ];
    for (const html of kept) {
      expect(nodesOf(`${html}\n`)).toEqual([p(text(leaf(html)))]);
      expect(again(`${html}\n`)).toBe(`${html}\n`);
    }
  });

  // Issue 56: API operations are the platform's blocks; Git Sync's link to the spec in their body is not kept (the block names the spec).
  it('gives openapi-operation and legacy swagger blocks as operation blocks, and keeps a hand-written swagger block as text', () => {
    expect(nodesOf('{% openapi-operation spec="pets" path="/pets/{id}" method="get" %}\n[OpenAPI pets](https://specs.example/pets.yaml)\n{% endopenapi-operation %}\n\n{% swagger src=".gitbook/assets/api.yaml" path="/users" method="post" %}\n[api.yaml](.gitbook/assets/api.yaml)\n{% endswagger %}\n')).toEqual([
      { object: 'block', type: 'openapi-operation', isVoid: true, data: { ref: { kind: 'openapi', spec: 'pets' }, method: 'get', path: '/pets/{id}' } },
      { object: 'block', type: 'swagger', isVoid: true, data: { ref: { kind: 'url', url: '.gitbook/assets/api.yaml' }, method: 'post', path: '/users' } },
    ]);
    expect(again('{% openapi-operation spec="pets" path="/pets" method="get" %}\n[OpenAPI pets](https://specs.example/pets.yaml)\n{% endopenapi-operation %}\n'))
      .toBe('{% openapi-operation spec="pets" path="/pets" method="get" %}\n{% endopenapi-operation %}\n');
    const handWritten = '{% swagger method="get" path="/x" baseUrl="https://api.example" summary="X" %}\n\n{% swagger-description %}\n\nGets x.\n\n{% endswagger-description %}\n\n{% endswagger %}\n';
    expect(nodesOf(handWritten).map((n) => n.type)).not.toContain('swagger');
    expect(again(handWritten)).toBe(handWritten);
    // Without its closing tag, or without a method: text as written.
    expect(nodesOf('{% openapi-operation spec="pets" path="/pets" method="get" %}\n').map((n) => n.type)).toEqual(['paragraph']);
    expect(nodesOf('{% openapi-operation spec="pets" path="/pets" %}\n{% endopenapi-operation %}\n').map((n) => n.type)).toEqual(['paragraph', 'paragraph']);
  });

  it('keeps raw HTML and tags it does not read as their source text', () => {
    expect(nodesOf('<div>raw *x*</div>\n\n{% include "x.md" %}\n')).toEqual([p(text(leaf('<div>raw *x*</div>'))), p(text(leaf('{% include "x.md" %}')))]);
    expect(again('<div>raw *x*</div>\n\n{% include "x.md" %}\n')).toBe('<div>raw *x*</div>\n\n{% include "x.md" %}\n');
  });

  it('leaves the frontmatter of a page out (it is the page\'s title and description)', () => {
    expect(pageDocument('---\ndescription: about\n---\n# Visible\n').nodes).toEqual([{ object: 'block', type: 'heading-1', isVoid: false, data: {}, nodes: [text(leaf('Visible'))] }]);
    expect(markdownToDocument('')).toEqual({ object: 'document', data: {}, nodes: [] });
    expect(documentToMarkdown(markdownToDocument(''))).toBe('');
  });
});

/** Markdown in the spellings docsctl writes: each comes back exactly, and its document too. */
const CANONICAL = [
  '<a href="https://x.test/start" class="button primary">Get started</a> <a href="/files/f1" class="button secondary" data-icon="book">Read</a>\n',
  'Go **now**: <a href="guide.md" class="button primary">Guide &#x26; more</a> then $$x_1$$.\n',
  '$$\nf(x) = x_1 * y_2\n$$\n',
  'Energy $$E = mc^2$$ and **bold $$a_1*b_2$$ text**, at $5 a piece.\n',
  '{% stepper %}\n{% step %}\n### First\n\nDo this.\n{% endstep %}\n\n{% step %}\nThen that.\n{% endstep %}\n{% endstepper %}\n',
  '{% columns %}\n{% column width="66.66666666666666%" %}\n{% hint style="info" %}\nValid.\n{% endhint %}\n{% endcolumn %}\n\n{% column %}\nRight.\n{% endcolumn %}\n{% endcolumns %}\n',
  '{% updates format="full" %}\n{% update date="2024-05-01" %}\n## Launched\n\nOne.\n{% endupdate %}\n\n{% update date="2024-04-01" %}\nEarlier.\n{% endupdate %}\n{% endupdates %}\n',
  '# Title\n\nText with **bold**, *italic*, ~~struck~~, `code`, ***both*** and **bold `code`**.\n',
  'Escapes: \\*not italic\\*, \\_not either\\_, snake_case_name, \\`tick\\`, \\[not a link\\], \\\\ back, a ~ b.\n',
  '\\# not a heading\n\n\\> not a quote\n\n\\- not a list\n\n1\\. not ordered\n\n\\+ not a list\n',
  'Line one\nline two\n',
  'A [link](https://example.com/a_b) and [one with spaces](<docs/a page.md>) and ![img](<x (1).png> "Its \\"title\\"").\n',
  '``a `tick` inside`` and ` `` ` here.\n',
  '* one\n* two\n  * nested\n    * deeper\n* three\n',
  '1. one\n2. two\n',
  '7. seven\n8. eight\n',
  '* one list\n\n- another\n\n* a third\n\n1. ordered\n\n1) another\n',
  '* [ ] open\n* [x] closed\n',
  '* item\n\n  more in the item\n* next\n',
  '```\nplain\n```\n\n````md\n```js\ninner\n```\n````\n',
  '{% code title="it\'s.js" %}\n```js\nx\n```\n{% endcode %}\n',
  '{% code title="a.sh" overflow="wrap" lineNumbers="true" fullWidth="false" %}\n```sh\nx\n```\n{% endcode %}\n\n{% code lineNumbers="true" %}\n```\ny\n```\n{% endcode %}\n',
  '> quoted **text**\n>\n> * in a list\n',
  '{% hint style="warning" %}\nCareful.\n\n* a\n* b\n{% endhint %}\n',
  '{% tabs %}\n{% tab title="A" %}\nOne.\n{% endtab %}\n\n{% tab title="B" %}\n```sh\nb\n```\n{% endtab %}\n{% endtabs %}\n',
  '{% content-ref url="other page.md" %}\n[other page.md](<other page.md>)\n{% endcontent-ref %}\n',
  '{% embed url="https://example.com/v" %}\n\n{% file src="a.pdf" %}\n',
  '<figure><img src="a.png" alt="A"><figcaption><p>Cap "quoted"</p></figcaption></figure>\n\n![](b.png)\n\n![alt](c.png "Title")\n',
  '| A | B | C |\n| --- | :---: | ---: |\n| 1 | **2** | a \\| b |\n| [x](y.md) | `c` |  |\n',
  '---\n\n## Section <a href="#sec" id="sec"></a>\n\n### Small\n',
  '<table data-view="cards"><thead><tr><th></th><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td><strong>Qwen</strong></td><td>Run the new <em>Thinking</em> &#x26; Instruct LLMs.</td><td><a href="../basics/qwen3-2507">qwen3-2507</a></td></tr><tr><td><p></p><p>Border <strong>a <em>b</em></strong></p></td><td><h2>Big</h2><h3>Less</h3></td><td></td></tr></tbody></table>\n',
  '<table data-card-size="large" data-column-title-hidden data-view="cards" data-full-width="true"><thead><tr><th align="center">Name</th><th data-hidden data-card-cover data-type="files"></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td align="center"><code>C</code> &#x3C;b&#x3E;</td><td><a href="https://x.test/a.png?s=1&#x26;t=2">https://x.test/a.png?s=1&#x26;t=2</a></td><td><a href="https://example.com/">https://example.com/</a></td></tr></tbody></table>\n',
  '{% openapi-operation spec="pets" path="/pets/{petId}" method="delete" %}\n{% endopenapi-operation %}\n\n{% swagger src="https://petstore.swagger.io/v2/swagger.json" path="/pet" method="post" %}\n{% endswagger %}\n',
  '<details>\n\n<summary>More</summary>\n\nInside **it**.\n\n<details>\n\n<summary>Nested</summary>\n\n</details>\n\n</details>\n',
  '<div>\n\n<details>\n\nno summary: HTML\n',
];

describe('round trips', () => {
  it.each(CANONICAL)('keeps %j exactly, and its document', (markdown) => {
    const document = markdownToDocument(markdown);
    const written = documentToMarkdown(document);
    expect(written).toBe(markdown);
    expect(markdownToDocument(written)).toEqual(document);
    expect(checkDocument(document)).toEqual([]);
  });

  /** Spellings the tree has no place for: written back in docsctl's one spelling (docs/decisions.md). */
  const NORMALIZED: [string, string, string][] = [
    ['bullets - and +', '- a\n- b\n\n+ c\n', '* a\n* b\n\n- c\n'],
    ['a divider *** or ___', '***\n\n___\n', '---\n\n---\n'],
    ['a setext heading', 'Title\n=====\n', '# Title\n'],
    ['headings 4 to 6', '#### Four\n', '### Four\n'],
    ['a closing #', '## Two ##\n', '## Two\n'],
    ['an indented code block', '    code\n', '```\ncode\n```\n'],
    ['a ~~~ fence', '~~~js\nx\n~~~\n', '```js\nx\n```\n'],
    ['a link title', '[a](b.md "T")\n', '[a](b.md)\n'],
    ['an autolink', '<https://example.com>\n', '[https://example.com](https://example.com)\n'],
    ['a hard line break', 'a  \nb\n', 'a\nb\n'],
    ['a loose list', '* a\n\n* b\n', '* a\n* b\n'],
    ['a table delimiter row', '|a|b|\n|-|:-|\n|1|2|\n', '| a | b |\n| --- | --- |\n| 1 | 2 |\n'],
    ['underscores for emphasis', '_it_ __bold__\n', '*it* **bold**\n'],
    ['an embed caption', '{% embed url="u" %}\nCap.\n{% endembed %}\n', '{% embed url="u" %}\n\nCap.\n'],
    ['a page-ref', '{% page-ref page="a.md" %}\n', '{% content-ref url="a.md" %}\n[a.md](a.md)\n{% endcontent-ref %}\n'],
    ['blank lines between blocks', '# A\n\n\n\nB\n', '# A\n\nB\n'],
    ['a formula alone on its line', '$$E = mc^2$$\n', '$$\nE = mc^2\n$$\n'],
    ['an expandable without blank lines around its summary', '<details>\n<summary>More</summary>\n\nInside.\n</details>\n', '<details>\n\n<summary>More</summary>\n\nInside.\n\n</details>\n'],
  ];
  it.each(NORMALIZED)('writes %s one way, and reads it back to the same document', (_, markdown, written) => {
    const document = markdownToDocument(markdown);
    expect(documentToMarkdown(document)).toBe(written);
    expect(markdownToDocument(written)).toEqual(document);
  });
});
