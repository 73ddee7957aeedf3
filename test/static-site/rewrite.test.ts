import { describe, expect, it } from 'vitest';
import { kindOf, relativeUrl, rewritePage, segmentsOf, tailOf, upToRoot, type RewriteOptions, type RewrittenTocs } from '../../src/static-site/rewrite';

const options: RewriteOptions = { fetchBase: '/o/org1/sites/site1', published: 'https://docs.test', baseUrl: 'https://copy.test/docs', assetRoot: '/~docsctl/assets/' };
const base = options.fetchBase;

/** The page rewritten as the build did before it kept tables of contents: every attribute of the whole page in one pass. */
function wholePage(html: string, tail: string) {
  const folder = segmentsOf(tail) ?? [];
  const links = new Set<string>();
  const up = upToRoot(folder);
  let out = html.replace(/\b(href|src|action)="([^"]*)"/g, (whole, name: string, value: string) => {
    if (value.startsWith(options.assetRoot)) {
      links.add(value);
      return `${name}="${up}${value.slice(1)}"`;
    }
    const inside = tailOf(value, options.fetchBase);
    if (!inside) return whole;
    links.add(inside.tail);
    return `${name}="${relativeUrl(folder, inside.tail)}${inside.anchor}"`;
  });
  const canonical = `${options.baseUrl}/${tail ? `${tail}/` : ''}`;
  out = out
    .replace(/<link rel="canonical" href="[^"]*">/, `<link rel="canonical" href="${canonical}">`)
    .replace(/<meta property="og:url" content="[^"]*">/, `<meta property="og:url" content="${canonical}">`)
    .replace('<html lang="en">', `<html lang="en" data-static-root="${up || './'}">`);
  return { html: out, links: [...links] };
}

/** A page as layout.ts lays it out: its space's table of contents twice, its own link marked, a variant switcher. */
function page(space: string, pages: number, current: number, tocMark = ' aria-current="page"') {
  const items = Array.from({ length: pages }, (_, i) => `<li><a href="${base}/${space}/page-${i}"${i === current ? tocMark : ''}>Page ${i} &amp; more</a></li>`).join('');
  const variants = `<details class="variants"><summary>${space}</summary><ul><li><a href="${base}/${space}" aria-current="page">${space}</a></li><li><a href="${base}/other">Other</a></li></ul></details>`;
  const toc = (label: string) => `<nav class="toc" aria-label="${label}">${variants}<ul>${items}<li><a href="https://example.com/out">Out</a></li></ul></nav>`;
  return [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="canonical" href="https://docs.test/${space}/page-${current}"><meta property="og:url" content="https://docs.test/${space}/page-${current}"><link rel="stylesheet" href="/~docsctl/assets/site.abc.css"></head>`,
    `<body><header class="site"><a class="brand" href="${base}">Docs</a><form class="search" action="${base}/~search" method="get"></form></header>`,
    '<div class="layout">', toc('Pages'), '<main id="content">', `<details class="menu"><summary>Menu</summary>${toc('Pages (menu)')}</details>`,
    `<article><h1>Page ${current}</h1><p>See <a href="${base}/${space}/page-${(current + 1) % pages}#setup">the next</a> and <img src="${base}/${space}/~files/f1/a.png" alt=""></p></article>`,
    `<nav class="pager"><a class="next" href="${base}/${space}/page-${current + 1}">Next</a></nav></main></div></body></html>`,
  ].join('\n');
}

const flat = (groups: readonly (readonly string[])[]) => [...new Set(groups.flat())];

describe('what a link of the site is (static-site/rewrite.ts)', () => {
  it("takes a schema's page for a page, even one of a file of the space or under a key named like a file", () => {
    expect(kindOf('api/~files/f1/spec.json')).toBe('file');
    expect(kindOf('api/guide.md')).toBe('markdown');
    // A legacy swagger block's file: `~files` in a schema's address names the file, the address is a page.
    for (const tail of ['api/~schemas/~files/f1/components/schemas/Pet', '~schemas/shop/components/schemas/README.md', 'api/~schemas/shop/definitions/Pet']) expect(kindOf(tail), tail).toBe('page');
    expect(relativeUrl(['api', 'deep'], 'api/~schemas/~files/f1/components/schemas/Pet')).toBe('../../api/~schemas/~files/f1/components/schemas/Pet/');
  });
});

describe('a page made a static file (static-site/rewrite.ts)', () => {
  it('rewrites each page as one pass over the whole page would, its tables of contents kept once for a space and depth', () => {
    const kept: RewrittenTocs = new Map();
    for (const [space, tails] of [['guides', ['guides/page-0', 'guides/page-7', 'guides/deep/page-3', '']], ['api', ['api/page-2', 'api/page-0']], ['guides', ['guides/page-9']]] as const) {
      for (const tail of tails) {
        const current = Number(/(\d+)$/.exec(tail)?.[1] ?? 0);
        const html = page(space, 12, current);
        const rewritten = rewritePage(html, tail, options, kept);
        const expected = wholePage(html, tail);
        expect(rewritten.html, tail).toBe(expected.html);
        expect(flat(rewritten.links), tail).toEqual(expected.links);
      }
    }
    // One kept copy per space and depth, the same array of links for every page that has it.
    expect([...kept.values()].reduce((n, tocs) => n + tocs.length, 0)).toBe(4);
    const [a, b] = [rewritePage(page('api', 12, 3), 'api/page-3', options, kept), rewritePage(page('api', 12, 4), 'api/page-4', options, kept)];
    expect(a.links.find((group) => group.length > 12)).toBe(b.links.find((group) => group.length > 12));
  });

  it('rewrites a page with no table of contents, one whose list has no current page, and one whose mark stands where the layout never writes it', () => {
    const kept: RewrittenTocs = new Map();
    const bare = `<!doctype html><html lang="en"><head><link rel="canonical" href="x"></head><body><a href="${base}/a/b">B</a><img src="/~docsctl/assets/x.png"></body></html>`;
    // A mark the layout never writes, inside what the attribute pattern reads as an attribute.
    const odd = page('guides', 5, 2).replace(`href="${base}/guides/page-1"`, `href="${base}/guides/page-1 aria-current="page"`);
    for (const [html, tail] of [[bare, 'a/b'], [page('guides', 5, 99), 'guides/page-99'], [odd, 'guides/page-2'], [page('guides', 5, 2, ' aria-current="page" aria-current="page"'), 'guides/page-2']]) {
      const rewritten = rewritePage(html, tail, options, kept);
      expect(rewritten.html).toBe(wholePage(html, tail).html);
      expect(flat(rewritten.links)).toEqual(wholePage(html, tail).links);
    }
  });
});
