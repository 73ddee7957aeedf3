import { describe, expect, it } from 'vitest';
import { cookiesOf, siteCookie } from '../../src/server/site/cookies';
import { bareNotFoundHtml, notFoundHtml, pageHtml, type PageView } from '../../src/server/site/layout';
import { snippetHtml, searchResultsHtml } from '../../src/server/site/search-page';
import { siteIconView } from '../../src/server/site/site-icon';

const VIEW: PageView = {
  siteTitle: 'Acme', home: '/', sections: [], variants: [], toc: '<ul></ul>', breadcrumbs: [], title: 'Acme', body: '<p>Hi</p>', outline: [], noindex: false, search: '/~search',
};

describe('the reader\'s cookies, page frame and search results, piece by piece', () => {
  it('reads cookies as browsers send them: the first of each name, quoted values, bad escapes kept, nameless parts skipped', () => {
    const cookies = cookiesOf(['a=1; a=2; =x; novalue', 'q="quoted%20value"; bad=%E0%A4%A']);
    expect([...cookies]).toEqual([['a', '1'], ['q', 'quoted value'], ['bad', '%E0%A4%A']]);
    expect(cookiesOf(undefined).size).toBe(0);
    expect(siteCookie('n', 'v w', '', { secure: true })).toBe('n=v%20w; Path=/; HttpOnly; SameSite=Lax; Secure');
  });

  it('frames a page: the site\'s title alone when the page is its home, an emoji and a description, a pager with one side, the outline\'s levels', () => {
    const home = pageHtml({ ...VIEW, emoji: '🚀', description: 'About "us"', next: { title: 'Next <one>', href: '/next' }, outline: [{ depth: 2, text: 'Two', id: 'two' }, { depth: 3, text: 'Three', id: 'three' }, { depth: 4, text: 'Four', id: 'four' }], noindex: true, canonical: 'https://docs.example/' });
    expect(home).toContain('<title>Acme</title>');
    expect(home).toContain('<h1>🚀 Acme</h1><p class="description">About &quot;us&quot;</p>');
    expect(home).toContain('<meta name="description" content="About &quot;us&quot;">');
    expect(home).toContain('<a class="next" href="/next" rel="next"><small>Next</small>Next &lt;one&gt;</a>');
    expect(home).not.toContain('class="previous"');
    expect(home).toContain('<li class="depth-3"><a href="#three">Three</a></li>');
    expect(home).not.toContain('Four');
    expect(home).toContain('<meta name="robots" content="noindex">');
    const one = pageHtml({ ...VIEW, title: 'Guide', sections: [{ title: 'Only', href: '/' }], variants: [{ title: 'Only', href: '/' }], siteIcon: { light: 'https://x.test/l.png', dark: 'https://x.test/d.png' } });
    expect(one).not.toContain('class="sections"');
    expect(one).not.toContain('class="variants"');
    expect(one).toContain('<picture class="brand-icon"><source srcset="https://x.test/d.png" media="(prefers-color-scheme: dark)"><img src="https://x.test/l.png" alt="" width="24" height="24"></picture>');
    expect(one).toContain('<link rel="icon" href="https://x.test/l.png">');
    const emoji = pageHtml({ ...VIEW, siteIcon: { emoji: '📘' } });
    expect(emoji).toContain('<span class="brand-icon" aria-hidden="true">📘</span>');
    expect(emoji).toMatch(/<link rel="icon" href="data:image\/svg\+xml,[^"]+">/);
    expect(notFoundHtml(VIEW)).toContain('This page does not exist.');
    expect(bareNotFoundHtml()).not.toContain('Acme');
  });

  it("reads a site's stored icon: a URL, light and dark images, an emoji; nothing a page cannot show", () => {
    expect(siteIconView(JSON.stringify({ icon: { light: '/~files/l.png', dark: '/~files/d.png' } }))).toEqual({ light: '/~files/l.png', dark: '/~files/d.png' });
    expect(siteIconView(JSON.stringify({ icon: { light: '/l.png', dark: '/l.png' } }))).toEqual({ light: '/l.png' });
    expect(siteIconView(JSON.stringify('/i.png'))).toEqual({ light: '/i.png' });
    expect(siteIconView(JSON.stringify({ emoji: '📘' }))).toEqual({ emoji: '📘' });
    // Another host (a page makes no third-party request), another scheme, nothing to show.
    for (const stored of [null, '', JSON.stringify('https://acme.example/logo.svg'), JSON.stringify('//acme.example/logo.svg'), JSON.stringify('javascript:alert(1)'),
      JSON.stringify({ icon: { light: 'data:text/html,x' } }), JSON.stringify({ emoji: '' }), '{not json', JSON.stringify(42)]) {
      expect(siteIconView(stored)).toBeUndefined();
    }
  });

  it('writes search results: none asked, none found, one page, and the bound of pages shown', () => {
    expect(searchResultsHtml('', [])).toContain('Type what you are looking for');
    expect(searchResultsHtml('<x>', [])).toContain('Nothing matches <strong>&lt;x&gt;</strong>.');
    const one = searchResultsHtml('a', [{ title: 'A', url: '/a', where: '', sections: [] }]);
    expect(one).toContain('1 page for');
    expect(one).not.toContain('class="where"');
    const many = Array.from({ length: 20 }, (_, i) => ({ title: `P${i}`, url: `/p${i}`, where: 'Guides', sections: [{ title: 'S', url: `/p${i}#s`, snippet: '**hit** <b>' }] }));
    expect(searchResultsHtml('hit', many)).toContain('The first 20 pages for');
    expect(snippetHtml('**a** & <b>')).toBe('<mark>a</mark> &amp; &lt;b&gt;');
  });
});
