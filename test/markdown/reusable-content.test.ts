import { describe, expect, it } from 'vitest';
import { markdownToDocument, pageDocument } from '../../src/markdown/document/from-markdown';
import { documentToMarkdown } from '../../src/markdown/document/to-markdown';
import { checkDocument } from '../../src/markdown/document/check';
import { includeLine } from '../../src/markdown/gitbook-blocks';
import { lexBlocks } from '../../src/markdown/markdown';
import { sectionsOf } from '../../src/engine/content/search-sections';

const block = (id: string) => ({ object: 'block', type: 'reusable-content', isVoid: true, data: { ref: { kind: 'reusable-content', reusableContent: id } } });
const leaf = (text: string) => ({ object: 'leaf', text, marks: [] });
const p = (text: string) => ({ object: 'block', type: 'paragraph', isVoid: false, data: {}, nodes: [{ object: 'text', leaves: [leaf(text)] }] });
const nodesOf = (markdown: string) => markdownToDocument(markdown).nodes;
/** markdown → document → markdown. */
const again = (markdown: string) => documentToMarkdown(markdownToDocument(markdown));

describe('the include line of a reusable content', () => {
  it('is a reusable-content block, and is written back as exactly that line', () => {
    const markdown = 'Before.\n\n{% include "/reusable-contents/abc123" %}\n\nAfter.\n';
    expect(nodesOf(markdown)).toEqual([p('Before.'), block('abc123'), p('After.')]);
    expect(again(markdown)).toBe(markdown);
    expect(includeLine('abc123')).toBe('{% include "/reusable-contents/abc123" %}');
  });

  it('is read in a list item, a hint, a tab and an expandable, and right after a paragraph line', () => {
    const markdown = [
      '1. Open the settings.',
      '2. Then:',
      '',
      '   {% include "/reusable-contents/r1" %}',
      '',
      '{% hint style="info" %}',
      '{% include "/reusable-contents/r2" %}',
      '{% endhint %}',
      '',
      '{% tabs %}',
      '{% tab title="Android" %}',
      '{% include "/reusable-contents/r3" %}',
      '{% endtab %}',
      '{% endtabs %}',
      '',
      '<details>',
      '',
      '<summary>Smartspacer disappeared</summary>',
      '',
      'Restart it:',
      '',
      '{% include "/reusable-contents/r4" %}',
      '',
      '</details>',
      '',
      'A paragraph',
      '{% include "/reusable-contents/r5" %}',
      '',
    ].join('\n');
    const doc = markdownToDocument(markdown);
    const ids = JSON.stringify(doc).match(/"reusableContent":"[^"]+"/g);
    expect(ids).toEqual(['r1', 'r2', 'r3', 'r4', 'r5'].map((id) => `"reusableContent":"${id}"`));
    expect(doc.nodes.at(-2)).toEqual(p('A paragraph'));
    expect(doc.nodes.at(-1)).toEqual(block('r5'));
    // Written and read again: the same document.
    expect(markdownToDocument(documentToMarkdown(doc))).toEqual(doc);
  });

  it('takes single quotes and whitespace control, written back in the stored form', () => {
    expect(nodesOf("{% include '/reusable-contents/x-1' %}\n")).toEqual([block('x-1')]);
    expect(nodesOf('{%- include "/reusable-contents/x_2" -%}\n')).toEqual([block('x_2')]);
    expect(nodesOf('   {%include "/reusable-contents/x.3"%}\n')).toEqual([block('x.3')]);
    expect(again("{% include '/reusable-contents/x-1' %}\n")).toBe('{% include "/reusable-contents/x-1" %}\n');
  });

  it('leaves an include of anything else as it was: its text, written back as it is', () => {
    for (const line of [
      '{% include "../.gitbook/includes/restart-lawnchair.md" %}',
      '{% include "/reusable-contents/a/b" %}',
      '{% include "/reusable-contents/" %}',
      '{% include "/reusable-contents/a b" %}',
      '{% include "/reusable-contents/abc" extra="1" %}',
      '{% include "/reusable-contents/abc\' %}',
      `{% include "/reusable-contents/${'a'.repeat(201)}" %}`,
    ]) {
      expect(nodesOf(`${line}\n`), line).toEqual([p(line)]);
      expect(again(`${line}\n`), line).toBe(`${line}\n`);
    }
    expect(nodesOf(`{% include "/reusable-contents/${'a'.repeat(200)}" %}\n`)).toEqual([block('a'.repeat(200))]);
  });

  it('is text in code, and nothing a page’s frontmatter holds', () => {
    expect(nodesOf('```\n{% include "/reusable-contents/abc" %}\n```\n')[0]).toMatchObject({ type: 'code' });
    expect(pageDocument('---\ntitle: Restart\n---\n\n{% include "/reusable-contents/abc" %}\n').nodes).toEqual([block('abc')]);
  });

  it('adds no text to search sections and is a block to the lexer', () => {
    expect(lexBlocks('{% include "/reusable-contents/abc" %}\n')[0]).toMatchObject({ type: 'reusable-content', reusableContent: 'abc' });
    expect(sectionsOf('Intro.\n\n{% include "/reusable-contents/abc" %}\n\nOutro.\n', 'Page')).toEqual([{ anchor: '', title: 'Page', body: 'Intro.\nOutro.' }]);
  });

  it('stays linear on hostile input (many include lines, a long unterminated one)', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => `{% include "/reusable-contents/r${i}" %}`).join('\n');
    const long = `{% include "/reusable-contents/${'a'.repeat(200_000)}`;
    const spaced = `{% include ${' '.repeat(200_000)}x`;
    const started = performance.now();
    expect(nodesOf(many)).toHaveLength(20_000);
    nodesOf(long);
    nodesOf(spaced);
    nodesOf(`{% include "/reusable-contents/a"${' '.repeat(200_000)}x %}`);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('a reusable-content block sent in a document', () => {
  it('is accepted and written as its include line', () => {
    const document = { object: 'document', data: {}, nodes: [p('Then:'), block('abc123')] };
    expect(checkDocument(document)).toEqual([]);
    expect(documentToMarkdown(document as never)).toBe('Then:\n\n{% include "/reusable-contents/abc123" %}\n');
  });

  it('is refused with a reference that is not a reusable content id', () => {
    const at = ['nodes', 0, 'data', 'ref'];
    const refused = [
      { kind: 'reusable-content', reusableContent: 'a/b' },
      { kind: 'reusable-content', reusableContent: 'a"b' },
      { kind: 'reusable-content', reusableContent: '' },
      { kind: 'reusable-content', reusableContent: 'x'.repeat(201) },
      { kind: 'reusable-content' },
      { kind: 'url', url: 'https://example.com' },
      'abc',
    ];
    for (const ref of refused) {
      const issues = checkDocument({ object: 'document', nodes: [{ object: 'block', type: 'reusable-content', isVoid: true, data: { ref } }] });
      expect(issues.map((i) => i.path), JSON.stringify(ref)).toEqual([at]);
      expect(issues[0].message).toMatch(/^must be a reusable content reference/);
    }
    expect(checkDocument({ object: 'document', nodes: [{ object: 'block', type: 'reusable-content', isVoid: true }] })).toEqual([{ path: ['nodes', 0, 'data'], message: 'is required' }]);
    // Only where blocks stand: not as an inline.
    expect(checkDocument({ object: 'document', nodes: [{ object: 'block', type: 'paragraph', nodes: [block('abc')] }] })[0].path).toEqual(['nodes', 0, 'nodes', 0, 'type']);
  });
});
