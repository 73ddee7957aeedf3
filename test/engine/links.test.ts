import { describe, expect, it } from 'vitest';
import { classifyInclude, classifyLink, scanMarkdown, type RevisionIndex, htmlTargets } from '../../src/engine/content/link-targets';
import { headingIds, slugOfHeading, platformSlugOfHeading } from '../../src/markdown/headings';
import { pageInMemory } from '../../src/engine/content/in-memory-page';

describe('scanMarkdown', () => {
  it('finds links and images anywhere marked finds them: nested, in lists, tables, blockquotes, references, autolinks', () => {
    const markdown = [
      '---',
      'title: "[not](a-link.md)"',
      '---',
      'A [plain](plain.md) link and an ![image](/files/f1).',
      '',
      '[![badge](badge.png)](https://ci.example/build)',
      '',
      '- item [in list](list.md)',
      '  - nested ![deep](deep.png)',
      '',
      '| a | b |',
      '|---|---|',
      '| [cell](cell.md) | ![pic](/files/f2) |',
      '',
      '> quoted [bq](#heading)',
      '',
      'See [the spec][spec] and <https://angle.example> and https://bare.example.',
      '',
      '[spec]: https://spec.example',
    ].join('\n');
    expect(scanMarkdown(markdown).hrefs).toEqual([
      'plain.md', '/files/f1', 'https://ci.example/build', 'badge.png', 'list.md', 'deep.png', 'cell.md', '/files/f2', '#heading',
      'https://spec.example', 'https://angle.example', 'https://bare.example',
    ]);
  });

  it('ignores what only looks like a link: code spans, fenced code, and HTML inside code', () => {
    const markdown = 'Use `[x](code.md)` and `<a href="span.md">`.\n\n```md\n[fenced](fenced.md)\n<img src="fenced.png">\n```\n\n    [indented](indented.md)\n';
    expect(scanMarkdown(markdown).hrefs).toEqual([]);
  });

  it('finds href of <a> and src of <img> in raw HTML, block or inline, quoted either way or bare', () => {
    const markdown = [
      '<p align="center"><img src="logo.png" width="200"></p>',
      '',
      'Text with an inline <a href="inline.md">link</a> and <A HREF=\'upper.md\'>one</A>.',
      '',
      '<div>',
      '  <a class="x" href=bare.md>bare</a> <a name="anchor-only">no href</a> <a href="">empty</a>',
      '</div>',
      '',
      '<!-- <a href="commented.md"> commented out: not a link -->',
    ].join('\n');
    expect(scanMarkdown(markdown).hrefs).toEqual(['logo.png', 'inline.md', 'upper.md', 'bare.md']);
  });

  it("gives every heading (also in blockquotes and lists) the platform's id and GitHub's", () => {
    const { anchors } = scanMarkdown('# Getting Started!\n\n## API & SDK\n\n> ### Quoted `code` heading\n\n- ## In a list\n\nSetext\n------\n\n## Getting started\n');
    expect([...anchors.keys()]).toEqual(['getting-started', 'api-sdk', 'quoted-code-heading', 'in-a-list', 'setext', 'getting-started-1', 'api--sdk']);
  });
});

describe('scanMarkdown with GitBook blocks', () => {
  it('finds the targets of content-ref, page-ref, embed and file, and links inside hint and tab bodies', () => {
    const markdown = [
      '{% hint style="info" %}', 'See [the hint link](hint.md).', '{% endhint %}', '',
      '{% tabs %}', '{% tab title="One" %}', '![in tab](tab.png)', '{% endtab %}', '{% endtabs %}', '',
      '{% content-ref url="setup.md" %}', '[setup.md](setup.md)', '{% endcontent-ref %}', '',
      "{% page-ref page='legacy.md' %}", '',
      '{% embed url="https://video.example/v" %}', '{% file src="../.gitbook/assets/guide.pdf" %}', 'Caption [more](more.md)', '{% endfile %}',
      '```', '{% content-ref url="in-code.md" %}', '```',
    ].join('\n');
    expect(scanMarkdown(markdown).hrefs).toEqual([
      'hint.md', 'tab.png', 'setup.md', 'setup.md', 'legacy.md', 'https://video.example/v', '../.gitbook/assets/guide.pdf', 'more.md',
    ]);
  });

  it('gives a heading with an <a id> anchor both that id and its GitHub id, and its anchor is no link', () => {
    const scan = scanMarkdown('## Install it <a href="#install" id="install"></a>\n\n### Old <a name="Legacy"></a>\n\n{% hint %}\n## Inside\n{% endhint %}\n');
    expect([...scan.anchors.keys()].sort()).toEqual(['inside', 'install', 'install-it', 'legacy', 'old']);
    expect(scan.hrefs).toEqual([]);
  });

  it('checks a link to a heading\'s explicit id as ok', () => {
    const revision = index();
    revision.pages.get('p-faq')!.anchors = scanMarkdown('# Questions <a href="#q" id="q"></a>\n').anchors;
    expect(classifyLink('faq.md#q', 'p-install', revision)).toMatchObject({ kind: 'anchor', status: 'ok', anchor: 'q' });
    expect(classifyLink('faq.md#questions', 'p-install', revision)).toMatchObject({ kind: 'anchor', status: 'ok' });
  });

  it('finds the reusable contents include lines name (also in bodies), not includes of files, in code, or links to the path', () => {
    const markdown = [
      '{% include "/reusable-contents/r1" %}', '',
      "{%- include '/reusable-contents/r2' -%}", '',
      '{% hint style="info" %}', '{% include "/reusable-contents/r3" %}', '{% endhint %}', '',
      '{% include "../.gitbook/includes/restart.md" %}', '',
      '```', '{% include "/reusable-contents/in-code" %}', '```', '',
      'Text {% include "/reusable-contents/inline" %} in a paragraph, and [a link](/reusable-contents/r4).',
    ].join('\n');
    const scan = scanMarkdown(markdown);
    expect(scan.includes).toEqual(['r1', 'r2', 'r3']);
    expect(scan.hrefs).toEqual(['/reusable-contents/r4']);
  });

  it('stays linear on many include lines and a long one never closed', () => {
    const started = performance.now();
    expect(scanMarkdown(Array.from({ length: 20_000 }, (_, i) => `{% include "/reusable-contents/r${i}" %}`).join('\n')).includes).toHaveLength(20_000);
    expect(scanMarkdown(`{% include "/reusable-contents/${'a'.repeat(200_000)}`).includes).toEqual([]);
    expect(scanMarkdown(`{% include ${' '.repeat(200_000)}x`).includes).toEqual([]);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('reads a page that opens a block it never closes, and a megabyte of such openers', () => {
    expect(scanMarkdown('{% hint %}\n[after](after.md)\n').hrefs).toEqual(['after.md']);
    expect(scanMarkdown('{% content-ref url="x.md" %}\n'.repeat(35_000)).hrefs).toHaveLength(35_000);
  });
});

describe('heading ids', () => {
  it('lower-cases, drops punctuation, keeps letters of any script, digits, - and _, turns spaces into -', () => {
    expect(slugOfHeading('Hello, World!')).toBe('hello-world');
    expect(slugOfHeading('v2.0: What’s new?')).toBe('v20-whats-new');
    expect(slugOfHeading('Déjà vu — 東京 snake_case')).toBe('déjà-vu--東京-snake_case');
    expect(slugOfHeading('  Trim me  ')).toBe('trim-me');
  });

  it('numbers duplicates -1, -2, and steps over an id a heading already took', () => {
    expect(headingIds(['Intro', 'Intro', 'Intro'])).toEqual(['intro', 'intro-1', 'intro-2']);
    expect(headingIds(['A', 'A 1', 'A'])).toEqual(['a', 'a-1', 'a-2']);
  });

  it('uses the visible text: link text kept, entities decoded, images dropped', () => {
    expect([...scanMarkdown('# See [the guide](guide.md) &amp; ![logo](l.png)more').anchors]).toEqual([['see-the-guide-more', 'see-the-guide-more'], ['see-the-guide--more', 'see-the-guide-more']]);
  });

  // The platform's rule, from the links its editor wrote in real repositories (issue 57).
  it("gives the platform's ids: . _ ~ kept, every other run one -, id- before a digit, other scripts in Latin letters", () => {
    expect(platformSlugOfHeading('Release 4.9')).toBe('release-4.9');
    expect(platformSlugOfHeading('AppConfig:JamfValidation:Enabled')).toBe('appconfig-jamfvalidation-enabled');
    expect(platformSlugOfHeading('1. Which data is processed')).toBe('id-1.-which-data-is-processed');
    expect(platformSlugOfHeading('5. Group filter and output: the "label" directive')).toBe('id-5.-group-filter-and-output-the-label-directive');
    expect(platformSlugOfHeading('Event Processor - Error Handler')).toBe('event-processor-error-handler');
    expect(platformSlugOfHeading('Environment Variable(s)')).toBe('environment-variable-s');
    expect(platformSlugOfHeading('1. 中文分词')).toBe('id-1.-zhong-wen-fen-ci');
    expect(platformSlugOfHeading('Über café')).toBe('uber-cafe');
    expect(platformSlugOfHeading('🚀')).toBe('section');
  });

  it("resolves an anchor to an expandable by its summary's text", () => {
    const { anchors } = scanMarkdown('<details>\n\n<summary>What does <strong>Match &#x26; dock</strong> do?</summary>\n\nIt.\n\n</details>\n');
    expect(Object.fromEntries(anchors)).toEqual({ 'what-does-match-dock-do': 'what-does-match-dock-do', 'what-does-match--dock-do': 'what-does-match-dock-do' });
  });

  it("resolves an anchor by the platform's id, GitHub's, the older id without id-, or a footnote, each to the id its page is published with", () => {
    const { anchors } = scanMarkdown('## Release 4.9\n\n## 5. Group: the "label" directive\n\n## Intro <a href="#start" id="start"></a>\n\nA note[^3].\n\n[^3]: The note.\n');
    expect(Object.fromEntries(anchors)).toEqual({
      'release-4.9': 'release-4.9', 'release-49': 'release-4.9',
      'id-5.-group-the-label-directive': 'id-5.-group-the-label-directive', '5-group-the-label-directive': 'id-5.-group-the-label-directive', '5.-group-the-label-directive': 'id-5.-group-the-label-directive',
      start: 'start', intro: 'start',
      'user-content-fn-3': 'user-content-fn-3', 'user-content-fnref-3': 'user-content-fnref-3',
    });
  });
});

/**
 * A revision: readme (root), guide (with sub-pages install and faq), guide/install, guide/faq, and
 * changelog (a leaf); files f1 (img/logo.png) and f2 (diagram.svg).
 */
function index(): RevisionIndex {
  const ids = (...names: string[]) => new Map(names.map((name) => [name, name]));
  const pages: RevisionIndex['pages'] = new Map([
    ['p-readme', { path: 'readme', anchors: ids('welcome'), hasChildren: false }],
    ['p-guide', { path: 'guide', anchors: ids('overview'), hasChildren: true }],
    ['p-install', { path: 'guide/install', anchors: ids('on-linux', 'on-linux-1'), hasChildren: false }],
    ['p-faq', { path: 'guide/faq', anchors: ids(), hasChildren: false }],
    ['p-changelog', { path: 'changelog', anchors: ids('v2'), hasChildren: false }],
    // Kept by Git Sync in a file whose folder is not its path.
    ['p-quick', { path: 'guide/quick-start', anchors: ids('run'), hasChildren: false, file: 'tutorials/quick-start.md' }],
    ['p-setup', { path: 'guide/setup', anchors: ids(), hasChildren: false, file: 'setup/README.md' }],
  ]);
  return {
    pages,
    pageByPath: new Map([...pages].map(([id, p]) => [p.path, id])),
    pageByFile: new Map([...pages].filter(([, p]) => p.file).map(([id, p]) => [p.file!, id])),
    files: new Map([['f1', 'img/logo.png'], ['f2', 'diagram.svg'], ['f3', 'logo.png']]),
    fileByName: new Map([['img/logo.png', 'f1'], ['diagram.svg', 'f2'], ['logo.png', 'f3']]),
    // f1 lies beside the pages (img/), f2 under .gitbook/assets/ (no path of its own), f3 in another folder with f1's base name.
    fileByPath: new Map([['img/logo.png', 'f1'], ['.gitbook/assets/diagram.svg', 'f2'], ['tutorials/logo.png', 'f3']]),
    reusables: new Map([['r1', 'Restart the service']]),
    publicUrl: 'https://docs.example.com',
  };
}

const classify = (href: string, from = 'p-install') => classifyLink(href, from, index());

describe('classifyLink', () => {
  it('resolves relative page links against the folder content pull writes the page into', () => {
    // A leaf page (guide/install.md) links from its parent's folder.
    expect(classify('faq.md')).toMatchObject({ kind: 'page', status: 'ok', page: 'p-faq', path: 'guide/faq' });
    expect(classify('./faq')).toMatchObject({ kind: 'page', status: 'ok', page: 'p-faq' });
    expect(classify('../changelog.md')).toMatchObject({ kind: 'page', status: 'ok', page: 'p-changelog' });
    expect(classify('../README.md')).toMatchObject({ kind: 'page', status: 'ok', page: 'p-readme' });
    expect(classify('README.md')).toMatchObject({ kind: 'page', status: 'ok', page: 'p-guide' });
    expect(classify('../guide/')).toMatchObject({ kind: 'page', status: 'ok', page: 'p-guide' });
    // A page with sub-pages is guide/README.md: its links start in its own folder.
    expect(classify('install.md', 'p-guide')).toMatchObject({ kind: 'page', status: 'ok', page: 'p-install' });
    expect(classify('guide/install', 'p-readme')).toMatchObject({ kind: 'page', status: 'ok', page: 'p-install' });
    expect(classify('Guide/Install.md', 'p-readme')).toMatchObject({ kind: 'page', status: 'ok', page: 'p-install' });
    expect(classify('/guide/faq')).toMatchObject({ kind: 'page', status: 'ok', page: 'p-faq' });
    expect(classify('my%20faq.md')).toMatchObject({ kind: 'page', status: 'broken', path: 'guide/my faq' });
  });

  it('marks pages that do not exist broken, keyed by the path looked for', () => {
    expect(classify('missing.md')).toEqual({ key: 'page-path:guide/missing', kind: 'page', status: 'broken', path: 'guide/missing' });
    expect(classify('install.md', 'p-readme')).toMatchObject({ status: 'broken', path: 'install' });
    expect(classify('../../outside.md')).toMatchObject({ kind: 'page', status: 'broken', path: '../../outside.md' });
  });

  it('checks anchors in the same page and in linked pages', () => {
    expect(classify('#on-linux')).toEqual({ key: 'anchor:p-install#on-linux', kind: 'anchor', status: 'ok', page: 'p-install', path: 'guide/install', anchor: 'on-linux' });
    expect(classify('#On-Linux-1')).toMatchObject({ status: 'ok', anchor: 'on-linux-1' });
    expect(classify('#nowhere')).toMatchObject({ kind: 'anchor', status: 'broken', page: 'p-install', anchor: 'nowhere' });
    expect(classify('#')).toMatchObject({ kind: 'page', status: 'ok', page: 'p-install' });
    expect(classify('../changelog.md#v2')).toMatchObject({ kind: 'anchor', status: 'ok', page: 'p-changelog', anchor: 'v2' });
    expect(classify('../changelog#v3')).toMatchObject({ kind: 'anchor', status: 'broken', page: 'p-changelog', anchor: 'v3' });
    expect(classify('gone.md#x')).toEqual({ key: 'anchor:path:guide/gone#x', kind: 'anchor', status: 'broken', path: 'guide/gone', anchor: 'x' });
  });

  it('resolves /files/<id> and asset paths to files', () => {
    expect(classify('/files/f1')).toEqual({ key: 'file:f1', kind: 'file', status: 'ok', file: 'f1', name: 'img/logo.png' });
    expect(classify('/files/nope')).toEqual({ key: 'file:nope', kind: 'file', status: 'broken', file: 'nope' });
    expect(classify('../img/logo.png')).toMatchObject({ key: 'file:f1', status: 'ok', file: 'f1' });
    expect(classify('diagram.svg', 'p-readme')).toMatchObject({ key: 'file:f2', status: 'ok' });
    expect(classify('missing.png')).toEqual({ key: 'file-name:guide/missing.png', kind: 'file', status: 'broken', name: 'guide/missing.png' });
  });

  it('lists absolute URLs without fetching them: in-app under this instance\'s /app, ok otherwise', () => {
    expect(classify('https://example.org/x')).toEqual({ key: 'url:https://example.org/x', kind: 'url', status: 'ok', url: 'https://example.org/x' });
    expect(classify('mailto:team@example.org')).toMatchObject({ kind: 'url', status: 'ok' });
    expect(classify('https://docs.example.com/app/s/space-1/guide')).toMatchObject({ kind: 'url', status: 'in-app' });
    expect(classify('https://DOCS.example.com/app')).toMatchObject({ status: 'in-app' });
    expect(classify('//docs.example.com/app/s/x')).toMatchObject({ status: 'in-app' });
    expect(classify('https://docs.example.com/application')).toMatchObject({ status: 'ok' });
    expect(classify('https://docs.example.com/v1/spaces')).toMatchObject({ status: 'ok' });
    expect(classify('http://docs.example.com:81/app/x')).toMatchObject({ status: 'ok' });
  });

  // Issue 57: the platform writes `[Home](./)` from README.md and `[Back](../)` from a folder's README.md.
  it('resolves a link to the content root to the first page, from a Git Sync file and from a page without one', () => {
    expect(classify('../', 'p-setup')).toMatchObject({ kind: 'page', status: 'ok', page: 'p-readme' }); // setup/README.md
    expect(classify('./', 'p-readme')).toMatchObject({ kind: 'page', status: 'ok', page: 'p-readme' });
    expect(classify('../', 'p-install')).toMatchObject({ kind: 'page', status: 'ok', page: 'p-readme' }); // guide/install, no file
    expect(classify('../../', 'p-setup')).toMatchObject({ kind: 'page', status: 'broken' }); // above the root
    expect(htmlTargets('<img src=".gitbook/assets/API Close &#x26; Apply.png"> <a href="a&amp;b.md">x</a>')).toEqual(['.gitbook/assets/API Close & Apply.png', 'a&b.md']);
  });

  it('resolves links of a page kept in a Git Sync file as GitHub does: relative to that file, to exact paths only', () => {
    const from = 'p-quick'; // tutorials/quick-start.md, at path guide/quick-start
    expect(classify('../setup/README.md', from)).toMatchObject({ kind: 'page', status: 'ok', page: 'p-setup', path: 'guide/setup' });
    expect(classify('../setup', from)).toMatchObject({ kind: 'page', status: 'ok', page: 'p-setup' });
    expect(classify('quick-start.md#run', from)).toMatchObject({ kind: 'anchor', status: 'ok', page: 'p-quick' });
    expect(classify('../.gitbook/assets/diagram.svg', from)).toMatchObject({ kind: 'file', status: 'ok', file: 'f2', name: 'diagram.svg' });
    // The file at that very path, not another of the same name elsewhere.
    expect(classify('logo.png', from)).toMatchObject({ kind: 'file', status: 'ok', file: 'f3' });
    expect(classify('../img/logo.png', from)).toMatchObject({ kind: 'file', status: 'ok', file: 'f1' });
    expect(classify('/img/logo.png', from)).toMatchObject({ kind: 'file', status: 'ok', file: 'f1' });
    // What GitHub would not open is broken: a page path, a file name in another case, no extension.
    expect(classify('/changelog', from)).toMatchObject({ kind: 'page', status: 'broken', path: 'changelog' });
    expect(classify('../setup/readme.md', from)).toMatchObject({ kind: 'page', status: 'broken' });
    expect(classify('../setup/README', from)).toMatchObject({ kind: 'page', status: 'broken' });
    expect(classify('../missing.md', from)).toMatchObject({ status: 'broken', path: 'missing.md' });
    expect(classify('../img/nope.png', from)).toMatchObject({ kind: 'file', status: 'broken', name: 'img/nope.png' });
  });

  it('classifies an include of a reusable content: ok when the revision holds it, broken when not', () => {
    expect(classifyInclude('r1', index())).toEqual({ key: 'reusable-content:r1', kind: 'reusable-content', status: 'ok', reusableContent: 'r1', name: 'Restart the service' });
    expect(classifyInclude('gone', index())).toEqual({ key: 'reusable-content:gone', kind: 'reusable-content', status: 'broken', reusableContent: 'gone' });
  });

  it('skips empty targets', () => {
    expect(classify('')).toBeUndefined();
    expect(classify('   ')).toBeUndefined();
  });
});

describe('pageInMemory', () => {
  const listing = { name: 'demo', key: ['number', 'string'] as ('string' | 'number')[] };
  const items = [[0, 'a'], [0, 'b'], [1, 'a'], [2, 'z']] as [number, string][];
  const keyOf = (k: [number, string]) => k;

  it('pages with opaque cursors and goes on after the last item even when the list changed', () => {
    const first = pageInMemory(listing, items, keyOf, { limit: 3 });
    expect(first).toMatchObject({ count: 4, items: items.slice(0, 3) });
    const second = pageInMemory(listing, items, keyOf, { limit: 3, page: first.next!.page });
    expect(second).toEqual({ count: 4, items: [[2, 'z']] });
    // The item the cursor names is gone: the next page starts after where it was.
    const changed = pageInMemory(listing, [[0, 'a'], [2, 'z']] as [number, string][], keyOf, { limit: 3, page: first.next!.page });
    expect(changed.items).toEqual([[2, 'z']]);
  });

  it('refuses cursors of another listing or with the wrong shape (400)', () => {
    const other = pageInMemory({ name: 'other', key: ['string', 'string'] }, [['a', 'b']], (k) => k, { limit: 1 });
    expect(other.next).toBeUndefined();
    const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    expect(() => pageInMemory(listing, items, keyOf, { page: cursor(['other', [0, 'a']]) })).toThrow(/page: is not a valid page cursor/);
    expect(() => pageInMemory(listing, items, keyOf, { page: cursor(['demo', ['0', 'a']]) })).toThrow(/page: is not a valid page cursor/);
    expect(() => pageInMemory(listing, items, keyOf, { page: 'garbage!' })).toThrow(/page: is not a valid page cursor/);
  });
});
