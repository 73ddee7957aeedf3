import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { htmlToMarkdown } from '../../src/engine/content/import/html-to-markdown';
import { isPageKey, keyOf, scopeOf } from '../../src/engine/content/import/crawl';
import { absoluteLinks, markdownImport, stemOf } from '../../src/engine/content/import/document';
import { docxImport } from '../../src/engine/content/import/docx';
import { zipImport } from '../../src/engine/content/import/zip';
import { importLimits } from '../../src/domain/import-limits';
import { EngineError } from '../../src/engine/errors';
import { readTree } from '../../src/content-tree/local-tree';
import { docxOf, png, zipOf } from '../fixtures/import/server';

const PAGE = 'https://docs.example.com/guide/install.html';

async function rejection(promise: Promise<unknown> | (() => unknown)): Promise<EngineError> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    expect(error).toBeInstanceOf(EngineError);
    return error as EngineError;
  }
  throw new Error('expected a rejection');
}

describe('htmlToMarkdown', () => {
  it('keeps the <main> content only, without navigation, scripts, styles, headers and footers', () => {
    const page = htmlToMarkdown(
      `<html><head><title>Install | Acme</title><style>p{}</style></head><body>
        <header>Site header</header><nav><a href="/x">Menu</a></nav>
        <main><h1>Install</h1><p>Run <code>npm i</code>.</p><script>track()</script><nav>In-page nav</nav><footer>Was this helpful?</footer></main>
        <footer>Copyright</footer></body></html>`,
      PAGE,
    );
    expect(page.title).toBe('Install');
    expect(page.markdown).toBe('# Install\n\nRun `npm i`.\n');
  });

  it('falls back to <article>, then [role=main], then the body; the title to <title>', () => {
    expect(htmlToMarkdown('<body><p>Out</p><article><p>In</p></article></body>', PAGE).markdown).toBe('In\n');
    expect(htmlToMarkdown('<body><p>Out</p><div role="main"><p>In</p></div></body>', PAGE).markdown).toBe('In\n');
    const body = htmlToMarkdown('<title>Just a title</title><body><header>H</header><p>Body text</p><footer>F</footer></body>', PAGE);
    expect(body).toMatchObject({ title: 'Just a title', markdown: 'Body text\n' });
    expect(htmlToMarkdown('<p>No title at all</p>', PAGE).title).toBeUndefined();
  });

  it('makes links and images absolute, lets the caller rewrite links, and lists every link of the page', () => {
    const page = htmlToMarkdown(
      `<nav><a href="/docs/menu.html">Menu</a></nav><main><p><a href="configure.html#opts">Configure</a> <a href="../faq/">FAQ</a>
       <a href="mailto:a@b.c">Mail</a> <a href="#steps">Steps</a> <img src="img/a.png" srcset="img/a@2x.png 2x" alt="A"></p><h2 id="steps">The steps</h2></main>`,
      PAGE,
      (url) => (url.pathname.endsWith('configure.html') ? `PAGE(${url.hash})` : undefined),
    );
    expect(page.markdown).toContain('[Configure](PAGE\\(#opts\\))');
    expect(page.markdown).toContain('[FAQ](https://docs.example.com/faq/)');
    expect(page.markdown).toContain('[Mail](mailto:a@b.c)');
    expect(page.markdown).toContain('[Steps](#the-steps)');
    expect(page.markdown).toContain('![A](https://docs.example.com/guide/img/a.png)');
    expect(page.links.map(String)).toEqual([
      'https://docs.example.com/docs/menu.html',
      'https://docs.example.com/guide/configure.html',
      'https://docs.example.com/faq/',
    ]);
    expect([...page.anchors]).toEqual([['steps', 'the-steps'], ['the-steps', 'the-steps']]);
  });

  it('honours <base href>, and leaves relative links alone without a page URL', () => {
    expect(htmlToMarkdown('<head><base href="https://cdn.example.com/v2/"></head><main><a href="x.html">X</a></main>', PAGE).markdown).toBe(
      '[X](https://cdn.example.com/v2/x.html)\n',
    );
    expect(htmlToMarkdown('<main><img src="pic.png" alt="P"></main>', undefined).markdown).toBe('![P](pic.png)\n');
  });

  it('converts code blocks with their language, lists, emphasis and tables (GFM)', () => {
    const page = htmlToMarkdown(
      `<main><pre><code class="language-js">let a = 1;</code></pre><ul><li><strong>bold</strong></li><li><em>it</em></li></ul>
       <table><thead><tr><th>Name</th><th>Value</th></tr></thead><tbody><tr><td>a | b</td><td><code>1</code></td></tr><tr><td>only</td></tr></tbody></table></main>`,
      PAGE,
    );
    expect(page.markdown).toBe(
      '```js\nlet a = 1;\n```\n\n-   **bold**\n-   _it_\n\n| Name | Value |\n| --- | --- |\n| a \\| b | `1` |\n| only |  |\n',
    );
  });

  it('gives duplicate heading anchors -1, -2 as markdown renderers do', () => {
    const page = htmlToMarkdown('<main><h2 id="a">Usage</h2><h2 id="b">Usage</h2><h2 id="c">Usage!</h2></main>', PAGE);
    expect([...page.anchors]).toEqual([['a', 'usage'], ['b', 'usage-1'], ['c', 'usage-2'], ['usage', 'usage'], ['usage-1', 'usage-1'], ['usage-2', 'usage-2']]);
  });
});

describe('crawl scope', () => {
  it('is the start URL\'s origin and folder', () => {
    expect(scopeOf(new URL('https://h.test/docs/'))).toEqual({ origin: 'https://h.test', prefix: '/docs/' });
    expect(scopeOf(new URL('https://h.test/docs'))).toEqual({ origin: 'https://h.test', prefix: '/docs/' });
    expect(scopeOf(new URL('https://h.test/docs/index.html'))).toEqual({ origin: 'https://h.test', prefix: '/docs/' });
    expect(scopeOf(new URL('https://h.test'))).toEqual({ origin: 'https://h.test', prefix: '/' });
  });

  it('keys URLs by their path under the folder, without index pages, html extensions, query or fragment', () => {
    const scope = scopeOf(new URL('https://h.test/docs/'));
    const key = (url: string) => keyOf(new URL(url), scope);
    expect(key('https://h.test/docs/')).toBe('');
    expect(key('https://h.test/docs')).toBe('');
    expect(key('https://h.test/docs/index.html')).toBe('');
    expect(key('https://h.test/docs/guide/')).toBe('guide');
    expect(key('https://h.test/docs/guide/index.htm?x=1#top')).toBe('guide');
    expect(key('https://h.test/docs/guide/install.html')).toBe('guide/install');
    expect(key('https://h.test/docs/Read%20me.php')).toBe('Read me');
    expect(key('https://h.test/docs/report.pdf')).toBe('report.pdf');
    expect(key('https://h.test/blog/')).toBeUndefined();
    expect(key('https://h.test/docsearch')).toBeUndefined();
    expect(key('http://h.test/docs/')).toBeUndefined();
    expect(key('https://other.test/docs/')).toBeUndefined();
    expect([isPageKey('guide/install'), isPageKey(''), isPageKey('report.pdf'), isPageKey('img/logo.png')]).toEqual([true, true, false, false]);
  });
});

describe('markdown documents', () => {
  it('take their title from frontmatter or the first heading, else the file name, and absolute links', () => {
    const content = markdownImport('# Getting started\n\n[Next](next.md) [Top](#top) [Abs](https://x.test/) ![i](/img/a.png "Title")\n', 'https://h.test/notes/intro.md');
    expect(content).toMatchObject({ totalResources: 1, importedResources: 1 });
    expect(content.tree.pages).toEqual([{
      path: 'getting-started', parentPath: null, slug: 'getting-started', title: 'Getting started', file: 'intro.md', group: false,
      markdown: '# Getting started\n\n[Next](https://h.test/notes/next.md) [Top](#top) [Abs](https://x.test/) ![i](https://h.test/img/a.png "Title")\n',
    }]);
    expect(markdownImport('---\ntitle: From frontmatter\n---\ntext', 'https://h.test/a.md').tree.pages[0].title).toBe('From frontmatter');
    expect(markdownImport('no heading', 'https://h.test/notes/my%20notes.md').tree.pages[0].title).toBe('my notes');
  });

  it('refuses binary content and broken frontmatter, naming url', async () => {
    expect((await rejection(() => markdownImport('PK\u0003\u0004\u0000\u0000', 'https://h.test/a.md'))).message).toBe('url: https://h.test/a.md is binary, not markdown text');
    expect((await rejection(() => markdownImport('---\ntitle: [unclosed\n---\n', 'https://h.test/a.md'))).message).toMatch(/^url: https:\/\/h\.test\/a\.md cannot be read as markdown: frontmatter is not valid YAML/);
  });

  it('names documents after their URL', () => {
    expect([stemOf('https://h.test/a/b/guide.md'), stemOf('https://h.test/'), stemOf('https://h.test/x/Report%201.docx')]).toEqual(['guide', 'h.test', 'Report 1']);
    expect(absoluteLinks('[a](b.md) [c](http://x/) [d](#e)', 'https://h.test/dir/f.md')).toBe('[a](https://h.test/dir/b.md) [c](http://x/) [d](#e)');
  });
});

/** An import whose deadline has not passed. */
const live = { expired: false };

describe('docx documents', () => {
  it('become one page through mammoth, headings and all, with their images as files', async () => {
    const image = png(32, 16);
    const content = await docxImport(await docxOf({ title: 'Quarterly report', text: 'Sales grew', image }), 'https://h.test/files/Q3%20report.docx', importLimits(), live);
    expect(content).toMatchObject({ totalResources: 2, importedResources: 2 });
    const [page] = content.tree.pages;
    expect(page).toMatchObject({ slug: 'quarterly-report', title: 'Quarterly report', file: 'Q3 report.md' });
    expect(page.markdown).toBe('# Quarterly report\n\nSales grew **bold** and [a link](https://example.org/)\n\n![A diagram](q3-report-image-1.png)\n');
    expect(content.tree.assets).toMatchObject([{ file: 'q3-report-image-1.png', size: image.length }]);
    expect(await content.tree.assets[0].read()).toEqual(image);
  });

  it('refuses a document whose XML unpacks past 16 MiB before mammoth reads it (a few hundred KB that took 3.8 GB)', async () => {
    const xml = `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${'<w:p><w:r><w:t>bomb</w:t></w:r></w:p>'.repeat(500_000)}</w:body></w:document>`;
    const bomb = await zipOf({ '[Content_Types].xml': '<Types/>', 'word/document.xml': xml });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const error = await rejection(docxImport(bomb, 'https://h.test/bomb.docx', importLimits(), live));
    expect(error.message).toBe("url: the Word document's XML unpacks to more than 16 MiB");
    const declared = await rejection(docxImport(bomb, 'https://h.test/bomb.docx', importLimits({ maxUnpackedBytes: 1024 * 1024 }), live));
    expect(declared.message).toBe(`url: a Word document (.docx) declares ${Buffer.byteLength(xml) + 8} bytes unpacked; an import unpacks at most 1 MiB`);
  });

  it('refuses what mammoth cannot read, naming url', async () => {
    const error = await rejection(docxImport(Buffer.from('not a docx'), 'https://h.test/a.docx', importLimits(), live));
    expect(error.message).toMatch(/^url: https:\/\/h\.test\/a\.docx is not a Word document \(\.docx\) that can be read: /);
    const noDocument = await rejection(docxImport(await zipOf({ 'hello.txt': 'hi' }), 'https://h.test/b.docx', importLimits(), live));
    expect(noDocument.message).toMatch(/^url: https:\/\/h\.test\/b\.docx is not a Word document/);
  });
});

describe('zip archives', () => {
  const limits = importLimits();

  it('read like a folder for content push: folders, README.md, SUMMARY.md order, files', async () => {
    const logo = png(8, 8);
    const zip = await zipOf({
      'handbook/SUMMARY.md': '* [Intro](README.md)\n* [Setup](setup/README.md)\n  * [Linux](setup/linux.md)\n* [Zeta](zeta.md)\n',
      'handbook/README.md': '# Intro\n\n![logo](img/logo.png)',
      'handbook/zeta.md': '# Zeta',
      'handbook/setup/README.md': '# Setup',
      'handbook/setup/linux.md': '# Linux',
      'handbook/img/logo.png': logo,
      'handbook/.hidden.md': '# Hidden',
      '__MACOSX/handbook/._README.md': 'junk',
    });
    const content = await zipImport(zip, 'https://h.test/handbook.zip', limits, live);
    expect(content.tree.pages.map((p) => [p.path, p.title, p.file])).toEqual([
      ['readme', 'Intro', 'README.md'],
      ['setup', 'Setup', 'setup/README.md'],
      ['setup/linux', 'Linux', 'setup/linux.md'],
      ['zeta', 'Zeta', 'zeta.md'],
    ]);
    expect(content.tree.assets).toMatchObject([{ file: 'img/logo.png', size: logo.length }]);
    expect(await content.tree.assets[0].read()).toEqual(logo);
    expect(content).toMatchObject({ totalResources: 5, importedResources: 5 });
  });

  it('give the very tree content push reads from the same folder on disk', async () => {
    const files: Record<string, string | Buffer> = {
      'README.md': '# Home', 'b.md': '# B', 'a.md': '---\ntitle: Alpha\n---\ntext', 'group/child.md': 'no heading',
      'empty-group/x/deep.md': '# Deep', 'img/pic.png': png(2, 2), 'SUMMARY.md': '* [B](b.md)\n* [A](a.md)\n', 'node_modules/x.md': '# No',
    };
    const root = mkdtempSync(join(tmpdir(), 'docsctl-zip-'));
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(dirname(join(root, name)), { recursive: true });
      writeFileSync(join(root, name), content);
    }
    const fromZip = await zipImport(await zipOf(files), 'https://h.test/z.zip', limits, live);
    expect(fromZip.tree).toEqual(await readTree(root));
    // SUMMARY.md lists b and a; README.md, the first page, comes first; the rest are not pages.
    expect(fromZip.tree.pages.map((p) => p.path)).toEqual(['readme', 'b', 'a']);
  });

  it('leave out files over the largest file size (counted as found), and refuse archives with bad markdown or nothing to import', async () => {
    const oneMiB = { ...limits, maxFileBytes: 1024 * 1024 };
    const content = await zipImport(await zipOf({ 'a.md': '# A\n\n[data](big.bin)', 'big.bin': Buffer.alloc(1024 * 1024 + 1) }), 'https://h.test/z.zip', oneMiB, live);
    expect(content).toMatchObject({ totalResources: 2, importedResources: 1, tree: { assets: [] } });
    expect((await rejection(zipImport(await zipOf({ 'bad.md': '---\ntitle: [x\n---\n' }), 'https://h.test/z.zip', limits, live))).message).toMatch(
      /^url: the zip archive cannot be read as a folder of markdown: frontmatter is not valid YAML/,
    );
    expect((await rejection(zipImport(await zipOf({ 'docs/': '' }), 'https://h.test/z.zip', limits, live))).message).toBe(
      'url: the zip archive holds no markdown pages and no files',
    );
  });

  it('refuse what is not a zip, too many entries, and more unpacked bytes than allowed (zip bombs)', async () => {
    expect((await rejection(zipImport(Buffer.from('hello'), 'https://h.test/z.zip', limits, live))).message).toMatch(/^url: https:\/\/h\.test\/z\.zip is not a zip archive that can be read: /);
    const many = await zipOf(Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`p${i}.md`, '# P'])));
    expect((await rejection(zipImport(many, 'https://h.test/z.zip', importLimits({ maxZipEntries: 3 }), live))).message).toBe(
      'url: the zip archive holds 4 files; an import takes at most 3',
    );
    // 2 MiB of zeros compress to a few KiB.
    const bomb = await zipOf({ 'a.md': '# A', 'zeros.bin': Buffer.alloc(2 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(64 * 1024);
    // Refused on the sizes its directory declares, before anything is inflated.
    expect((await rejection(zipImport(bomb, 'https://h.test/z.zip', importLimits({ maxUnpackedBytes: 1024 * 1024 }), live))).message).toBe(
      'url: a zip archive declares 2097155 bytes unpacked; an import unpacks at most 1 MiB',
    );
    // Unpacking counts in the import's time bound.
    expect((await rejection(zipImport(await zipOf({ 'a.md': '# A' }), 'https://h.test/z.zip', limits, { expired: true }))).message).toMatch(
      /^url: the import ran out of time \(25 s in all\) while unpacking a\.md$/,
    );
  });
});
