import { describe, expect, it } from 'vitest';
import { renderMarkdown, type LinkResolver } from '../../src/markdown/html/render';
import { safeUrl } from '../../src/markdown/html/escape';

const links: LinkResolver = {
  href: (target) => (target.endsWith('.md') ? `/docs/${target.replace(/\.md$/, '')}` : target),
  src: (target) => (target.startsWith('.gitbook/assets/') ? `/files/${target.slice(16)}` : target),
  title: (target) => (target === 'guide.md' ? 'The guide' : undefined),
  reusable: (id) => (id === 'shared' ? 'Shared **text**.' : id === 'loop' ? '{% include "/reusable-contents/loop" %}' : undefined),
};
const render = (markdown: string) => renderMarkdown(markdown, links);

describe('markdown as HTML for visitors (markdown/html/render.ts)', () => {
  it('escapes text and code, keeps marks, and gives each heading an id with an anchor link', () => {
    const { html, outline } = render('# A & B <i>\n\nText 5 < 6 & `a<b>&amp;` **bold** _em_ ~~del~~\n\n## Twice\n\n## Twice\n\n### Deep\n\n#### Deeper');
    // The platform's id (`a-b`); GitHub's (`a--b`) is an alias the same links reach.
    expect(html).toContain('<h1 id="a-b"><span id="a--b"></span>A &amp; B <i>');
    expect(html).toContain('Text 5 &lt; 6 &amp; <code>a&lt;b&gt;&amp;</code> <strong>bold</strong> <em>em</em> <del>del</del>');
    expect(html).toContain('<h2 id="twice-1">');
    expect(html).toContain('<a class="anchor" href="#twice"');
    expect(outline).toEqual([
      { depth: 1, text: 'A & B ', id: 'a-b' },
      { depth: 2, text: 'Twice', id: 'twice' },
      { depth: 2, text: 'Twice', id: 'twice-1' },
      { depth: 3, text: 'Deep', id: 'deep' },
    ]);
  });

  // Issue 57: the platform's ids, with GitHub's and the older platform's as aliases; footnotes as GitHub writes them.
  it("gives headings the platform's ids, reachable by GitHub's too, and footnotes their notes at the end", () => {
    const { html, outline } = render('## Release 4.9\n\n## 5. Group: the "label" directive\n\nA note[^3], again[^3], unknown[^9].\n\n[^3]: The **note**.\n');
    expect(html).toContain('<h2 id="release-4.9"><span id="release-49"></span>Release 4.9');
    expect(html).toContain('<h2 id="id-5.-group-the-label-directive"><span id="5-group-the-label-directive"></span><span id="5.-group-the-label-directive"></span>5. Group');
    expect(outline.map((o) => o.id)).toEqual(['release-4.9', 'id-5.-group-the-label-directive']);
    expect(html).toContain('A note<sup class="footnote-ref"><a href="#user-content-fn-3" id="user-content-fnref-3">3</a></sup>, again<sup class="footnote-ref"><a href="#user-content-fn-3">3</a></sup>, unknown[^9].');
    expect(html).toMatch(/<section class="footnotes" aria-label="Footnotes"><ol><li id="user-content-fn-3"><p>The <strong>note<\/strong>\. <a href="#user-content-fnref-3"[^>]*>↩<\/a><\/p><\/li><\/ol><\/section>\n$/);
    expect(html).not.toContain('[^3]:');
    // A note marked reads as a link definition (`[^u]: https://…`); a label defined twice keeps its first note, as on GitHub.
    const url = render('See[^u].\n\n[^u]: https://example.com\n\n[^3]: One.\n\n[^3]: Two.\n\nA[^3].\n').html;
    expect(url).toContain('See<sup class="footnote-ref"><a href="#user-content-fn-u" id="user-content-fnref-u">u</a></sup>.');
    expect(url).toContain('<li id="user-content-fn-u"><p>https://example.com <a href="#user-content-fnref-u"');
    expect(url).toContain('<li id="user-content-fn-3"><p>One. <a href="#user-content-fnref-3"');
    expect(url).not.toContain('Two.');
  });

  it("gives an expandable's summary the platform's id of its text, after the headings' ids", () => {
    const { html } = render('## Common issues\n\n<details>\n\n<summary>What does <strong>this</strong> do?</summary>\n\nIt does.\n\n</details>\n\n<details><summary>Common issues</summary>\n\nAgain.\n\n</details>\n');
    expect(html).toContain('<summary id="what-does-this-do">What does <strong>this</strong> do?</summary>');
    expect(html).toContain('<summary id="common-issues-1">Common issues</summary>');
  });

  it('keeps the id GitBook writes in a heading\'s anchor', () => {
    const { html, outline } = render('## Setup <a href="#setup-id" id="setup-id"></a>');
    // Links by the text's slug reach it too.
    expect(html).toContain('<h2 id="setup-id"><span id="setup"></span>Setup');
    expect(html).not.toContain('href="#setup-id" id=');
    expect(outline[0].id).toBe('setup-id');
  });

  it('renders GitBook\'s blocks: hints, tabs, code with title and line numbers, content-refs, embeds, files, reusable content', () => {
    const { html, unknown } = render([
      '{% hint style="danger" %}\nStop **now**\n{% endhint %}',
      '{% tabs %}\n{% tab title="macOS" %}\nbrew\n{% endtab %}\n{% tab title="Linux" %}\napt\n{% endtab %}\n{% endtabs %}',
      '{% code title="app.js" lineNumbers="true" %}\n```js\nconst a = 1;\nconst b = "<b>";\n```\n{% endcode %}',
      '{% content-ref url="guide.md" %}\n[guide.md](guide.md)\n{% endcontent-ref %}',
      '{% embed url="https://www.youtube.com/watch?v=1" %}\nA video\n{% endembed %}',
      '{% file src=".gitbook/assets/report.pdf" %}\nThe report\n{% endfile %}',
      '{% include "/reusable-contents/shared" %}',
      '{% stepper %}\n{% step %}\n### First\n{% endstep %}\n{% endstepper %}',
    ].join('\n\n'));
    expect(unknown).toEqual([]);
    expect(html).toContain('<aside class="hint hint-danger" role="note" aria-label="Danger"><p>Stop <strong>now</strong></p>');
    expect(html).toMatch(/<div class="tabs" data-tabs><section class="tab" id="tabs-1-1"><h4 class="tab-title">macOS<\/h4><p>brew<\/p>\n<\/section><section class="tab" id="tabs-1-2"><h4 class="tab-title">Linux/);
    expect(html).toContain('<figure class="code line-numbers"><figcaption class="code-title">app.js</figcaption><pre tabindex="0"><code data-language="js"><span class="line"><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span>;</span>\n<span class="line"><span class="hljs-keyword">const</span> b = <span class="hljs-string">&quot;&lt;b&gt;&quot;</span>;</span></code></pre></figure>');
    expect(html).toContain('<a class="card" href="/docs/guide"><span class="card-title">The guide</span></a>');
    expect(html).toContain('<figure class="embed"><a href="https://www.youtube.com/watch?v=1">https://www.youtube.com/watch?v=1</a><figcaption><p>A video</p>');
    expect(html).toContain('<div class="file"><a href="/files/report.pdf" download>report.pdf</a>');
    expect(html).toContain('<div class="reusable"><p>Shared <strong>text</strong>.</p>');
    expect(html).toContain('<h3 id="first">First');
  });

  it('stops a reusable content that includes itself', () => {
    const { html } = render('{% include "/reusable-contents/loop" %}');
    expect(html.match(/class="reusable"/g)?.length).toBe(4);
  });

  it('renders lists, task lists, tables with alignment, quotes, rules and images', () => {
    const { html } = render('3. three\n4. four\n\n- [x] done\n- [ ] open\n\n| L | R |\n|:--|--:|\n| a | b |\n\n> quoted\n\n---\n\n![A chart](.gitbook/assets/chart.png)');
    expect(html).toContain('<ol start="3"><li>three</li><li>four</li></ol>');
    expect(html).toContain('<input type="checkbox" disabled checked aria-label="done"> done');
    expect(html).toContain('<th scope="col" class="align-left">L</th><th scope="col" class="align-right">R</th>');
    expect(html).toContain('<blockquote><p>quoted</p>\n</blockquote>');
    expect(html).toContain('<hr>');
    expect(html).toContain('<img src="/files/chart.png" alt="A chart" loading="lazy">');
  });

  it('lets no script run: script and style dropped, handlers and unsafe URLs removed, unknown tags shown as text', () => {
    const { html } = render([
      '<script>alert(1)</script>',
      '<style>body{}</style><iframe src="https://evil.test"></iframe>',
      '<img src="x.png" onerror="alert(2)"><a href="javascript:alert(3)" onclick="x()">a</a><a href="java&#x09;script:alert(4)">b</a>',
      '[c](javascript:alert(5)) [d](vbscript:x) ![e](data:text/html,x)',
      '<blink>old</blink> <mark>kept</mark> <div onmouseover="x" style="color:red">div</div>',
    ].join('\n\n'));
    expect(html).not.toMatch(/<script|<style|<iframe|onerror|onclick|onmouseover|style=|javascript:|vbscript:|data:text/i);
    expect(html).toContain('<img src="x.png">');
    expect(html).toContain('&lt;blink&gt;old&lt;/blink&gt;');
    expect(html).toContain('<mark>kept</mark>');
    expect(html).toContain('<p>c d e</p>');
  });

  it('decodes character references in attributes before resolving them', () => {
    const { html } = render('<img src=".gitbook/assets/Close &#x26; Apply.png">');
    expect(html).toContain('<img src="/files/Close &amp; Apply.png">');
  });

  it('shows a block it does not know as its text, never failing', () => {
    const { html, unknown } = renderMarkdown('Term\n: definition', links);
    expect(unknown).toEqual([]);
    expect(html).toContain('Term');
  });

  it('accepts only relative URLs, anchors and safe schemes', () => {
    for (const ok of ['page.md', '#x', '/a/b', 'https://x.test', 'mailto:a@b.test', 'tel:+1', '?q=1']) expect(safeUrl(ok)).toBe(ok);
    for (const bad of ['javascript:x', ' JavaScript:x', 'java\nscript:x', 'data:x', 'vbscript:x', 'file:///etc', ':x']) expect(safeUrl(bad)).toBeUndefined();
  });
  it('renders steppers, columns, updates, and API operations as their method and path', () => {
    const { html, unknown } = render([
      '{% stepper %}\n{% step %}\n### Install\n\nRun it.\n{% endstep %}\n\n{% step %}\n### Use\n\nDone <b>x</b>.\n{% endstep %}\n{% endstepper %}',
      '{% columns %}\n{% column %}\nLeft\n{% endcolumn %}\n\n{% column %}\nRight\n{% endcolumn %}\n{% endcolumns %}',
      '{% updates format="full" %}\n{% update date="2026-01-02" %}\nShipped.\n{% endupdate %}\n{% endupdates %}',
      '{% openapi-operation spec="petstore" path="/pets/{id}" method="get" %}\n[OpenAPI petstore](https://example.com/petstore.json)\n{% endopenapi-operation %}',
      '{% swagger src="api.yaml" path="/users" method="post" summary="Create" %}\n{% swagger-description %}\nMakes a <user>.\n{% endswagger-description %}\n{% endswagger %}',
    ].join('\n\n'));
    expect(unknown).toEqual([]);
    expect(html).toMatch(/<ol class="stepper"><li class="step"><h3 id="install">Install.*<p>Run it.<\/p>\n<\/li><li class="step"><h3 id="use">/s);
    expect(html).toContain('<div class="columns"><div class="column"><p>Left</p>\n</div><div class="column"><p>Right</p>');
    expect(html).toContain('<section class="update"><p class="update-date"><time datetime="2026-01-02">2026-01-02</time></p><p>Shipped.</p>');
    expect(html).toContain('<code class="method method-get">GET</code> <code>/pets/{id}</code>');
    expect(html).not.toContain('OpenAPI petstore');
    // Where no spec is at hand (no resolver for it), a hand-written swagger block shows its own parts.
    expect(html).toContain('<code class="method method-post">POST</code> <code>/users</code></h3><p class="api-operation-spec">From api.yaml</p><p class="api-operation-summary">Create</p><div class="api-operation-description"><p>Makes a &lt;user&gt;.</p>');
    // A container without its closing tag leaves its content as it is.
    expect(render('{% stepper %}\n{% step %}\nAlone\n').html).toContain('<p>Alone</p>');
  });
  it('highlights code on the server: spans of escaped text, a span cut at each line with line numbers, unknown languages and huge blocks plain', async () => {
    const { html } = render('```python\nprint("<script>")  # say\n```\n\n```brainfudge\n<b>\n```');
    expect(html).toContain('<code data-language="python"><span class="hljs-built_in">print</span>(<span class="hljs-string">&quot;&lt;script&gt;&quot;</span>)  <span class="hljs-comment"># say</span></code>');
    expect(html).toContain('<code data-language="brainfudge">&lt;b&gt;</code>');
    const lines = render('{% code lineNumbers="true" %}\n```js\n/* one\ntwo */ x\n```\n{% endcode %}').html;
    expect(lines).toContain('<span class="line"><span class="hljs-comment">/* one</span></span>\n<span class="line"><span class="hljs-comment">two */</span> x</span>');
    const huge = `\`\`\`js\n${'const a = 1;\n'.repeat(10_000)}\`\`\``;
    expect(render(huge).html).not.toContain('hljs-');
  });
  it('renders $$ math as MathML: a block alone, inline within text, TeX kept out of markdown, no links from TeX', async () => {
    const { html } = render('$$\na_1^2 + b_1^2 = c^2\n$$\n\nInline $$x_1 + y_1$$ and **bold** and $$\\href{javascript:alert(1)}{x}$$.');
    expect(html).toMatch(/^<div class="math-block"><span class="katex"><math xmlns="http:\/\/www\.w3\.org\/1998\/Math\/MathML" display="block">/);
    expect(html).toContain('<msubsup><mi>a</mi><mn>1</mn><mn>2</mn></msubsup>');
    expect(html).toContain('<p>Inline <span class="katex"><math');
    expect(html).toContain('<msub><mi>x</mi><mn>1</mn></msub>');
    expect(html).toContain('</math></span> and <strong>bold</strong> and');
    expect(html).not.toMatch(/href=|javascript:alert\(1\)\}\{x\}<\/mtext>/);
    // A formula past the bound is its source.
    expect(render(`$$${'x+'.repeat(6000)}x$$`).html).toContain('<code class="math">x+x+');
  });
  it('keeps GitBook\'s buttons and card tables, and no other class or data attribute', async () => {
    const { html } = render('<a href="guide.md" class="button primary evil">Start</a> <a href="x.md" class="hidden">x</a>\n\n<table data-view="cards" data-x="1"><thead><tr><th>A</th></tr></thead><tbody><tr><td>One</td></tr></tbody></table>\n\n<table data-view="list"><tr><td>x</td></tr></table>');
    expect(html).toContain('<a href="/docs/guide" class="button primary">Start</a>');
    expect(html).toContain('<a href="/docs/x">x</a>');
    expect(html).toContain('<ul class="cards"><li class="card"><div class="card-cell">One</div></li></ul>');
    expect(html).toContain('<table><tr><td>x</td></tr></table>');
  });
  // Issue 56: cards as a visitor sees them: cover on top, shown cells, the whole card a link to its target.
  it('renders cards: shown cells, the cover image, a link over the card named by its text, and hostile cells made safe', () => {
    const { html } = render([
      '<table data-card-size="large" data-view="cards"><thead><tr><th></th><th></th><th data-hidden></th><th data-hidden data-card-target data-type="content-ref"></th><th data-hidden data-card-cover data-type="files"></th></tr></thead><tbody>',
      '<tr><td><strong>Guide</strong></td><td>Read <a href="b.md">b</a> &#x26; go</td><td>secret note</td><td><a href="guide.md">guide.md</a></td><td><a href=".gitbook/assets/c%20d.png">c d.png</a></td></tr>',
      '<tr><td><img src=x onerror="alert(1)">Evil</td><td><script>alert(2)</script></td><td></td><td><a href="javascript:alert(3)">x</a></td><td></td></tr>',
      '</tbody></table>',
    ].join(''));
    expect(html).toContain('<ul class="cards cards-large"><li class="card card-linked"><img class="card-cover" src="/files/c%20d.png" alt="" loading="lazy"><div class="card-cell"><strong>Guide</strong></div><div class="card-cell">Read <a href="/docs/b">b</a> &#x26; go</div><a class="card-target" href="/docs/guide"><span class="visually-hidden">Guide Read b &amp; go</span></a></li>');
    expect(html).not.toContain('secret note');
    expect(html).toContain('<li class="card"><div class="card-cell"><img src="x">Evil</div><div class="card-cell"></div></li></ul>');
    expect(html).not.toMatch(/onerror|<script|javascript:/);
  });

  it('reads a hostile cards table in time linear in its length (unclosed quotes, runs of <, tags never closed)', () => {
    // Ten times the input may take about ten times as long, not a hundred: a ratio, not a wall-clock bound.
    const timed = (body: string) => {
      const started = performance.now();
      render(`<table data-view="cards"><thead><tr><th></th></tr></thead><tbody><tr><td>${body}</td></tr></tbody></table>`);
      return performance.now() - started;
    };
    for (const piece of ['<a x="', '<', '<a b c d e f g ']) {
      const small = Math.max(1, Math.min(...[0, 1, 2].map(() => timed(piece.repeat(4_000)))));
      const large = Math.min(...[0, 1, 2].map(() => timed(piece.repeat(40_000))));
      expect(large / small, piece).toBeLessThan(40);
    }
  });

  it('renders the rest of markdown and the edges of each block: escapes, breaks, titles, what does not resolve, lists, quotes', async () => {
    const none: LinkResolver = { href: () => undefined, src: () => undefined };
    const { html } = render([
      'A \\*star\\* and a break  \nhere, [titled](guide.md "The title") &amp; more.',
      '3. three\n4. four\n\n- [x] done\n- [ ] to do\n\n> quoted **words**\n\n---',
      '| L | C | R |\n| :- | :-: | -: |\n| a | b | c |',
      '{% embed url="https://video.example/v/1" %}\nA caption\n{% endembed %}',
      '{% file src=".gitbook/assets/report%E0%A4%A.pdf" %}\nThe report\n{% endfile %}',
      '{% include "/reusable-contents/missing" %}',
      '{% openapi-operation spec=\'pets\' path="/pets" method="post" %}',
      '{% stepper %}\n{% endstepper %}\n\n{% updates %}\n{% update %}\nNo date.\n{% endupdate %}\n{% endupdates %}\n\n{% openapi-operation %}\n{% endopenapi-operation %}',
    ].join('\n\n'));
    expect(html).toContain('A *star* and a break<br>here, <a href="/docs/guide" title="The title">titled</a> &amp; more.');
    expect(html).toContain('<ol start="3"><li>three</li><li>four</li></ol>');
    expect(html).toContain('<input type="checkbox" disabled checked aria-label="done"> done');
    expect(html).toContain('<blockquote><p>quoted <strong>words</strong></p>');
    expect(html).toContain('<hr>');
    expect(html).toContain('<th scope="col" class="align-left">L</th><th scope="col" class="align-center">C</th><th scope="col" class="align-right">R</th>');
    expect(html).toContain('<figure class="embed"><a href="https://video.example/v/1">https://video.example/v/1</a><figcaption><p>A caption</p>');
    expect(html).toContain('download>report%E0%A4%A.pdf</a><div class="file-caption"><p>The report</p>');
    expect(html).not.toContain('missing');
    expect(html).toContain('<code class="method method-post">POST</code> <code>/pets</code></h3><p class="api-operation-spec">From pets</p>');
    expect(html).toContain('<ol class="stepper"></ol>');
    expect(html).toContain('<section class="update"><p>No date.</p>');
    expect(html).toContain('<section class="api-operation"></section>');
    // Nothing resolves: links are their text, images their alt, cards their target, embeds and files their names.
    const bare = renderMarkdown('[text](x.md) ![alt text](y.png)\n\n{% content-ref url="z.md" %}\n[z.md](z.md)\n{% endcontent-ref %}\n\n{% embed url="https://e.example" %}\n{% endembed %}\n\n{% file src="f.pdf" %}\n{% endfile %}', none).html;
    expect(bare).toContain('<p>text alt text</p>');
    expect(bare).toContain('<p>z.md</p>');
    expect(bare).toContain('<figure class="embed">https://e.example</figure>');
    expect(bare).toContain('<div class="file">f.pdf</div>');
  });
});
