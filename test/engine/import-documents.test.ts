/**
 * Pages made by the HTML and Word (docx) importers read back as valid platform documents that round
 * trip: document → markdown → document gives the same document, and the markdown docsctl writes for
 * it is stable (what the importer spelled otherwise, such as `-   ` bullets, is written once in
 * docsctl's spelling and stays so).
 */
import { describe, expect, it } from 'vitest';
import { htmlToMarkdown } from '../../src/engine/content/import/html-to-markdown';
import { docxImport } from '../../src/engine/content/import/docx';
import { importLimits } from '../../src/domain/import-limits';
import { pageDocument, markdownToDocument } from '../../src/markdown/document/from-markdown';
import { documentToMarkdown } from '../../src/markdown/document/to-markdown';
import { checkDocument } from '../../src/markdown/document/check';
import { docxOf, png } from '../fixtures/import/server';

function expectRoundTrip(markdown: string, types: string[]) {
  const document = pageDocument(markdown);
  expect(checkDocument(document)).toEqual([]);
  expect(document.nodes.map((n) => n.type)).toEqual(types);
  const written = documentToMarkdown(document);
  expect(markdownToDocument(written)).toEqual(document);
  expect(documentToMarkdown(markdownToDocument(written))).toBe(written);
}

describe('imported pages as documents', () => {
  it('from HTML: headings, marks, links, images, lists, code, quotes, tables and rules', () => {
    const page = htmlToMarkdown(
      `<main><h1>Install</h1><p>Run <strong>this</strong>, <em>then</em> <code>that</code>; see <a href="/guide/next.html">next</a>.</p>
       <p><img src="/img/a.png" alt="A"></p>
       <h2 id="steps">Steps</h2><ol><li>one<ul><li>nested</li></ul></li><li>two</li></ol>
       <pre><code class="language-sh">npm i
npm test</code></pre>
       <blockquote><p>Quoted <s>old</s>.</p></blockquote><hr>
       <h4>Small</h4>
       <table><thead><tr><th>Name</th><th>Value</th></tr></thead><tbody><tr><td>a | b</td><td><code>1</code></td></tr></tbody></table>
       <div><span>raw *stars* and _underscores_</span></div></main>`,
      'https://docs.example.com/guide/install.html',
    );
    expectRoundTrip(page.markdown, ['heading-1', 'paragraph', 'images', 'heading-2', 'list-ordered', 'code', 'blockquote', 'divider', 'heading-3', 'table', 'paragraph']);
  });

  it('from a Word document: headings, marks, links and images', async () => {
    const content = await docxImport(await docxOf({ title: 'Quarterly report', text: 'Sales grew', image: png(32, 16) }), 'https://h.test/files/Q3.docx', importLimits(), { expired: false });
    const [page] = content.tree.pages;
    expectRoundTrip(page.markdown, ['heading-1', 'paragraph', 'images']);
  });
});
