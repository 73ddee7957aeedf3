import { describe, expect, it } from 'vitest';
import { asciiSlugify, firstHeading, slugify, splitFrontmatter, toDocument, type DocumentNode } from '../../src/markdown/markdown';

const text = (value: string, ...marks: string[]): DocumentNode => ({ object: 'text', type: 'text', leaves: [{ text: value, marks: marks.map((type) => ({ type })) }] });
const para = (...nodes: DocumentNode[]): DocumentNode => ({ object: 'block', type: 'paragraph', nodes });

describe('toDocument', () => {
  it('turns headings into heading-1..3 (deeper levels are heading-3) with inline marks', () => {
    expect(toDocument('# One **bold**\n\n## Two\n\n### Three\n\n#### Four\n').nodes).toEqual([
      { object: 'block', type: 'heading-1', nodes: [text('One '), text('bold', 'bold')] },
      { object: 'block', type: 'heading-2', nodes: [text('Two')] },
      { object: 'block', type: 'heading-3', nodes: [text('Three')] },
      { object: 'block', type: 'heading-3', nodes: [text('Four')] },
    ]);
  });

  it('marks bold, italic, inline code and strikethrough, nested marks accumulate, and keeps links and images', () => {
    const doc = toDocument('Plain **bold** *it* `x < y` ~~gone~~ ***both*** [the *site*](https://example.com/a) ![logo](/files/f1)');
    expect(doc).toEqual({
      object: 'document',
      nodes: [
        para(
          text('Plain '), text('bold', 'bold'), text(' '), text('it', 'italic'), text(' '), text('x < y', 'code'), text(' '),
          text('gone', 'strikethrough'), text(' '),
          // marked reads *** as emphasis around strong
          text('both', 'italic', 'bold'), text(' '),
          { object: 'inline', type: 'link', data: { ref: { kind: 'url', url: 'https://example.com/a' } }, nodes: [text('the '), text('site', 'italic')] },
          text(' '),
          { object: 'inline', type: 'image', data: { src: '/files/f1', alt: 'logo' } },
        ),
      ],
    });
  });

  it('keeps text verbatim, not HTML-escaped, and turns a hard break into a newline', () => {
    expect(toDocument('Tom & "Jerry" <3\n\nline one  \nline two').nodes).toEqual([
      para(text('Tom & "Jerry" <3')),
      para(text('line one'), text('\n'), text('line two')),
    ]);
  });

  it('builds unordered and ordered lists of list-items, nested lists inside items, with inline marks in tight items', () => {
    expect(toDocument('- **bold** item\n- two\n  - nested [link](https://x.test)\n\n1. first\n2. `second`\n').nodes).toEqual([
      {
        object: 'block',
        type: 'list-unordered',
        nodes: [
          { object: 'block', type: 'list-item', nodes: [para(text('bold', 'bold'), text(' item'))] },
          {
            object: 'block',
            type: 'list-item',
            nodes: [
              para(text('two')),
              {
                object: 'block',
                type: 'list-unordered',
                nodes: [{
                  object: 'block',
                  type: 'list-item',
                  nodes: [para(text('nested '), { object: 'inline', type: 'link', data: { ref: { kind: 'url', url: 'https://x.test' } }, nodes: [text('link')] })],
                }],
              },
            ],
          },
        ],
      },
      {
        object: 'block',
        type: 'list-ordered',
        nodes: [
          { object: 'block', type: 'list-item', nodes: [para(text('first'))] },
          { object: 'block', type: 'list-item', nodes: [para(text('second', 'code'))] },
        ],
      },
    ]);
  });

  it('keeps code blocks verbatim with their syntax (empty when none)', () => {
    expect(toDocument('```ts\nconst a = **1**;\n  indented();\n```\n\n```\nplain\n```\n').nodes).toEqual([
      { object: 'block', type: 'code', data: { syntax: 'ts' }, nodes: [text('const a = **1**;\n  indented();')] },
      { object: 'block', type: 'code', data: { syntax: '' }, nodes: [text('plain')] },
    ]);
  });

  it('builds tables of rows (header first) of cells with inline content', () => {
    expect(toDocument('| Name | Value |\n|---|---|\n| *a* | `1` |\n| b | **2** |\n').nodes).toEqual([
      {
        object: 'block',
        type: 'table',
        nodes: [
          { object: 'block', type: 'table-row', nodes: [{ object: 'block', type: 'table-cell', nodes: [text('Name')] }, { object: 'block', type: 'table-cell', nodes: [text('Value')] }] },
          { object: 'block', type: 'table-row', nodes: [{ object: 'block', type: 'table-cell', nodes: [text('a', 'italic')] }, { object: 'block', type: 'table-cell', nodes: [text('1', 'code')] }] },
          { object: 'block', type: 'table-row', nodes: [{ object: 'block', type: 'table-cell', nodes: [text('b')] }, { object: 'block', type: 'table-cell', nodes: [text('2', 'bold')] }] },
        ],
      },
    ]);
  });

  it('turns blockquotes, thematic breaks and HTML into blocks', () => {
    expect(toDocument('> quoted *text*\n\n---\n\n<div>raw</div>\n').nodes).toEqual([
      { object: 'block', type: 'blockquote', nodes: [para(text('quoted '), text('text', 'italic'))] },
      { object: 'block', type: 'divider' },
      { object: 'block', type: 'html', data: { html: '<div>raw</div>\n' } },
    ]);
  });

  it('leaves frontmatter out of the document', () => {
    const doc = toDocument('---\ntitle: Hidden title\ndescription: about\n---\n# Visible\n\nBody');
    expect(doc.nodes).toEqual([{ object: 'block', type: 'heading-1', nodes: [text('Visible')] }, para(text('Body'))]);
    expect(JSON.stringify(doc)).not.toMatch(/Hidden title|description/);
  });

  it('is an empty document for empty markdown', () => {
    expect(toDocument('')).toEqual({ object: 'document', nodes: [] });
    expect(toDocument('\n\n')).toEqual({ object: 'document', nodes: [] });
  });
});

describe('toDocument with GitBook blocks', () => {
  it('turns a hint into a hint block of its markdown body, with its style', () => {
    expect(toDocument('{% hint style="warning" %}\nMind **this**.\n{% endhint %}\n').nodes).toEqual([
      { object: 'block', type: 'hint', data: { style: 'warning' }, nodes: [para(text('Mind '), text('this', 'bold'), text('.'))] },
    ]);
  });

  it('turns tabs into tabs of tabs-items with their titles; a hint nests in a tab', () => {
    const markdown = [
      '{% tabs %}', "{% tab title='npm' %}", '```sh', 'npm i', '```', '{% endtab %}', '',
      '{% tab title="Yarn" %}', '{% hint style="info" %}', 'Inner.', '{% endhint %}', '{% endtab %}', '{% endtabs %}',
    ].join('\n');
    expect(toDocument(markdown).nodes).toEqual([{
      object: 'block',
      type: 'tabs',
      nodes: [
        { object: 'block', type: 'tabs-item', data: { title: 'npm' }, nodes: [{ object: 'block', type: 'code', data: { syntax: 'sh' }, nodes: [text('npm i')] }] },
        { object: 'block', type: 'tabs-item', data: { title: 'Yarn' }, nodes: [{ object: 'block', type: 'hint', data: { style: 'info' }, nodes: [para(text('Inner.'))] }] },
      ],
    }]);
  });

  it('turns content-ref and page-ref into content-refs, embed and file into their blocks with captions', () => {
    const markdown = [
      '{% content-ref url="setup.md" %}', '[setup.md](setup.md)', '{% endcontent-ref %}', '',
      '{% page-ref page="legacy.md" %}', '',
      '{% embed url="https://video.example/v" %}', 'A *caption*', '{% endembed %}', '',
      '{% embed url="https://lone.example" %}', '',
      '{% file src="../.gitbook/assets/guide.pdf" %}', '',
    ].join('\n');
    expect(toDocument(markdown).nodes).toEqual([
      { object: 'block', type: 'content-ref', data: { ref: { kind: 'url', url: 'setup.md' } } },
      { object: 'block', type: 'content-ref', data: { ref: { kind: 'url', url: 'legacy.md' } } },
      { object: 'block', type: 'embed', data: { url: 'https://video.example/v' }, nodes: [para(text('A '), text('caption', 'italic'))] },
      { object: 'block', type: 'embed', data: { url: 'https://lone.example' } },
      { object: 'block', type: 'file', data: { ref: { kind: 'url', url: '../.gitbook/assets/guide.pdf' } } },
    ]);
  });

  it('gives a code block in {% code %} its title, and drops other tags but not what is between them', () => {
    const markdown = '{% code title="app.js" overflow="wrap" lineNumbers="true" %}\n```js\nrun();\n```\n{% endcode %}\n\n{% swagger method="get" %}\nKept.\n{% endswagger %}\n';
    expect(toDocument(markdown).nodes).toEqual([
      { object: 'block', type: 'code', data: { syntax: 'js', title: 'app.js' }, nodes: [text('run();')] },
      para(text('Kept.')),
    ]);
  });

  it('reads an unclosed block as a plain tag line and goes on with the rest of the document', () => {
    expect(toDocument('{% hint style="danger" %}\nStill **here**.\n\n{% tabs %}\n## After\n').nodes).toEqual([
      para(text('Still '), text('here', 'bold'), text('.')),
      { object: 'block', type: 'heading-2', nodes: [text('After')] },
    ]);
  });

  it('ends a paragraph at a tag line, and leaves tags in code as code', () => {
    expect(toDocument('Text\n{% hint %}\nIn.\n{% endhint %}\n\n```\n{% hint %}\n```\n').nodes).toEqual([
      para(text('Text')),
      { object: 'block', type: 'hint', data: { style: 'info' }, nodes: [para(text('In.'))] },
      { object: 'block', type: 'code', data: { syntax: '' }, nodes: [text('{% hint %}')] },
    ]);
  });

  it('sees a fence that starts a list item (Git Sync writes `1. ```js`), so the blocks after it still open', () => {
    const types = (markdown: string) => toDocument(markdown).nodes.map((n) => n.type);
    expect(types('1. ```sh\n   npm i\n   ```\n\n{% hint %}\nAfter.\n{% endhint %}\n')).toEqual(['list-ordered', 'hint']);
    expect(types('* a\n  * ```\n    x\n    ```\n\n{% hint %}\nAfter.\n{% endhint %}\n')).toEqual(['list-unordered', 'hint']);
    // A tag line inside such a fence is still code.
    expect(types('* ```\n  {% hint %}\n  ```\n')).toEqual(['list-unordered']);
    // A line of backticks whose info string holds a backtick is no fence.
    expect(types('```` `a` ``\n\n{% hint %}\nAfter.\n{% endhint %}\n')).toEqual(['paragraph', 'hint']);
    // Unclosed, the fence ends with its item, as markdown ends it.
    expect(types('1. ```\n2. b\n\n{% hint %}\nAfter.\n{% endhint %}\n')).toEqual(['list-ordered', 'hint']);
  });

  it('gives a heading with an <a id> anchor that id, without the anchor in its text', () => {
    expect(toDocument('## Install it <a href="#install" id="install"></a>\n').nodes).toEqual([
      { object: 'block', type: 'heading-2', data: { id: 'install' }, nodes: [text('Install it ')] },
    ]);
  });

  it('reads a megabyte of unclosed openers (nested ones, text between them) without giving up', () => {
    const unclosed = '{% hint style="info" %}\n'.repeat(45_000);
    expect(toDocument(unclosed).nodes).toEqual([]);
    const nested = '{% hint %}\n'.repeat(40_000) + 'deep\n' + '{% endhint %}\n'.repeat(40_000);
    expect(JSON.stringify(toDocument(nested))).toContain('"deep"');
    // Text between tag lines with no blank line: each line once, not up to the next blank line each time.
    expect(toDocument('{% hint %}\ntext\n'.repeat(60_000)).nodes).toHaveLength(60_000);
  });
});

describe('splitFrontmatter', () => {
  it('reads title, description, icon and hidden and returns the rest as the body', () => {
    expect(splitFrontmatter('---\ntitle: Guide\ndescription: How to\nicon: 📘\nhidden: true\n---\n# Body\n')).toEqual({
      frontmatter: { title: 'Guide', description: 'How to', icon: '📘', hidden: true },
      body: '# Body\n',
    });
  });

  it('accepts CRLF line endings', () => {
    expect(splitFrontmatter('---\r\ntitle: Win\r\n---\r\nBody')).toEqual({ frontmatter: { title: 'Win' }, body: 'Body' });
  });

  it('ignores unknown keys and keys of the wrong type', () => {
    expect(splitFrontmatter('---\ntitle: 42\nhidden: "yes"\nicon: [a]\nlayout: wide\ndescription: ok\n---\nx')).toEqual({
      frontmatter: { description: 'ok' },
      body: 'x',
    });
  });

  it('returns the markdown unchanged when there is no frontmatter', () => {
    for (const md of ['# Title\n\ntext', 'text\n---\ntitle: no\n---\n', '', ' ---\ntitle: no\n---\n']) {
      expect(splitFrontmatter(md)).toEqual({ frontmatter: {}, body: md });
    }
  });

  it('handles empty frontmatter and frontmatter that ends the document', () => {
    expect(splitFrontmatter('---\n---\nbody')).toEqual({ frontmatter: {}, body: 'body' });
    expect(splitFrontmatter('---\ntitle: Only\n---')).toEqual({ frontmatter: { title: 'Only' }, body: '' });
  });

  it('throws, naming the frontmatter, when its YAML is invalid', () => {
    expect(() => splitFrontmatter('---\ntitle: [unclosed\n---\nbody')).toThrow(/frontmatter is not valid YAML/);
    expect(() => splitFrontmatter('---\ntitle: a\n  bad: indentation: here\n---\n')).toThrow(/frontmatter is not valid YAML/);
  });
});

describe('firstHeading', () => {
  it('is the text of the first level-1 heading, without its markdown syntax', () => {
    expect(firstHeading('intro\n\n## Sub\n\n# Main title\n\n# Second')).toBe('Main title');
    expect(firstHeading('# Getting **started** with `docsctl` and [links](https://x.test)')).toBe('Getting started with docsctl and links');
    expect(firstHeading('Setext title\n============\n\ntext')).toBe('Setext title');
  });

  it('is undefined without a level-1 heading (not inside code either)', () => {
    expect(firstHeading('## Only a sub-heading\n\ntext')).toBeUndefined();
    expect(firstHeading('```\n# not a heading\n```')).toBeUndefined();
    expect(firstHeading('')).toBeUndefined();
    expect(firstHeading('~~~md\n# in tildes\n~~~\n\n# After')).toBe('After');
    expect(firstHeading('````\n```\n# still code\n````\n# Out')).toBe('Out');
    expect(firstHeading('    # indented code\n\n#hashtag\n\n#\n')).toBeUndefined();
  });

  it('drops closing hashes and surrounding spaces of an ATX heading, and reads CRLF text', () => {
    expect(firstHeading('#   Spaced title   ##\n')).toBe('Spaced title');
    expect(firstHeading('text\r\n\r\n# Windows\r\n')).toBe('Windows');
  });
});

describe('slugify', () => {
  it('lowercases, strips accents and joins words with single hyphens', () => {
    expect(slugify('Getting Started')).toBe('getting-started');
    expect(slugify('Crème Brûlée: the  Recipe!')).toBe('creme-brulee-the-recipe');
    expect(slugify('  --API v2.0 / Reference--  ')).toBe('api-v2-0-reference');
    expect(slugify('ﬁle')).toBe('file'); // NFKD folds the ligature
  });

  it('is "page" when nothing of the title is left', () => {
    expect(slugify('!!!')).toBe('page');
    expect(slugify('')).toBe('page');
    expect(slugify('🚀')).toBe('page');
  });

  // Issue 57: `中国OTA随单行李加购.md` was page `ota`, and two such pages in a folder `ota` and `ota-2`.
  it('keeps letters and digits of every script, lower-cased where a case exists, composed as typed', () => {
    expect(slugify('中国OTA随单行李加购')).toBe('中国ota随单行李加购');
    expect(slugify('日本語')).toBe('日本語');
    expect(slugify('한국어 제목')).toBe('한국어-제목');
    expect(slugify('Мой Ελληνικά')).toBe('мой-ελληνικά');
    expect(slugify('中国OTA随单行李加购')).not.toBe(slugify('日本OTA随单行李加购'));
    expect(asciiSlugify('中国OTA随单行李加购')).toBe('ota');
  });

  it('is at most 100 characters and never ends with a hyphen after cutting', () => {
    expect(slugify('a'.repeat(150))).toBe('a'.repeat(100));
    const cut = slugify(`${'a'.repeat(99)} bcd`);
    expect(cut).toBe('a'.repeat(99));
    expect(cut).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});
