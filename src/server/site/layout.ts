import { escapeHtml } from '../../markdown/html/escape';
import type { OutlineEntry } from '../../markdown/html/render';
import { SCRIPT, STYLESHEET } from './assets';
import { emojiFavicon, type SiteIconView } from './site-icon';

/** A link of the site's navigation. */
export interface NavLink {
  title: string;
  href: string;
  current?: boolean;
}

/** Everything a published page shows around its content. */
export interface PageView {
  siteTitle: string;
  siteIcon?: SiteIconView;
  home: string;
  /** Sections as tabs, with the group each belongs to. */
  sections: (NavLink & { group?: string })[];
  /** The site spaces of the current section: a variant or language switcher. */
  variants: NavLink[];
  /** The table of contents as an HTML list, the current page marked (navigation.ts builds it). */
  toc: string;
  breadcrumbs: NavLink[];
  title: string;
  emoji?: string;
  description?: string;
  body: string;
  outline: OutlineEntry[];
  previous?: NavLink;
  next?: NavLink;
  noindex: boolean;
  canonical?: string;
  /** Where the search form sends its query. */
  search: string;
}

const e = escapeHtml;
const current = (link: NavLink) => (link.current ? ' aria-current="page"' : '');

function sectionTabs(sections: PageView['sections']): string {
  if (sections.length < 2) return '';
  let group: string | undefined;
  const items = sections.map((section) => {
    const heading = section.group && section.group !== group ? `<span class="group">${e(section.group)}</span>` : '';
    group = section.group;
    return `${heading}<a href="${e(section.href)}"${current(section)}>${e(section.title)}</a>`;
  });
  return `<nav class="sections" aria-label="Sections">${items.join('')}</nav>`;
}

function variantSwitcher(variants: NavLink[]): string {
  if (variants.length < 2) return '';
  const chosen = variants.find((v) => v.current) ?? variants[0];
  const items = variants.map((v) => `<li><a href="${e(v.href)}"${current(v)}>${e(v.title)}</a></li>`).join('');
  return `<details class="variants"><summary>${e(chosen.title)}</summary><ul>${items}</ul></details>`;
}

function toc(view: PageView, label: string): string {
  return `<nav class="toc" aria-label="${label}">${variantSwitcher(view.variants)}${view.toc}</nav>`;
}

function breadcrumbs(links: NavLink[]): string {
  if (!links.length) return '';
  return `<nav class="breadcrumbs" aria-label="Breadcrumbs"><ol>${links.map((l) => `<li><a href="${e(l.href)}">${e(l.title)}</a></li>`).join('')}</ol></nav>`;
}

function pager(view: PageView): string {
  if (!view.previous && !view.next) return '';
  const previous = view.previous ? `<a class="previous" href="${e(view.previous.href)}" rel="prev"><small>Previous</small>${e(view.previous.title)}</a>` : '';
  const next = view.next ? `<a class="next" href="${e(view.next.href)}" rel="next"><small>Next</small>${e(view.next.title)}</a>` : '';
  return `<nav class="pager" aria-label="Previous and next pages">${previous}${next}</nav>`;
}

function outline(entries: OutlineEntry[]): string {
  const shown = entries.filter((h) => h.depth === 2 || h.depth === 3);
  if (!shown.length) return '<aside class="outline" aria-label="On this page"></aside>';
  const items = shown.map((h) => `<li class="depth-${h.depth}"><a href="#${e(encodeURIComponent(h.id))}">${e(h.text)}</a></li>`).join('');
  return `<aside class="outline" aria-labelledby="outline-title"><h2 id="outline-title">On this page</h2><ul>${items}</ul></aside>`;
}

/** How a link to the page shows where it is shared (OpenGraph). */
function openGraph(title: string, view: Pick<PageView, 'canonical' | 'description'> & { siteTitle?: string }): string {
  const tags: [string, string | undefined][] = [['og:type', 'website'], ['og:title', title], ['og:site_name', view.siteTitle], ['og:description', view.description], ['og:url', view.canonical]];
  return tags.filter(([, value]) => value).map(([property, value]) => `<meta property="${property}" content="${e(value!)}">`).join('');
}

function head(title: string, view: Pick<PageView, 'noindex' | 'canonical' | 'siteIcon' | 'description'> & { siteTitle?: string; pageTitle?: string }): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(title)}</title>`,
    view.description ? `<meta name="description" content="${e(view.description)}">` : '',
    view.noindex ? '<meta name="robots" content="noindex">' : '',
    view.canonical ? `<link rel="canonical" href="${e(view.canonical)}">` : '',
    view.siteIcon ? `<link rel="icon" href="${e('emoji' in view.siteIcon ? emojiFavicon(view.siteIcon.emoji) : view.siteIcon.light)}">` : '',
    view.siteTitle ? openGraph(view.pageTitle ?? title, view) : '',
    `<link rel="stylesheet" href="${STYLESHEET.path}">`,
    `<script src="${SCRIPT.path}" defer></script>`,
    '</head>',
  ].join('');
}

/** The site's icon beside its title: an emoji, or an image that follows the visitor's light or dark preference. */
function brandIcon(icon: SiteIconView | undefined): string {
  if (!icon) return '';
  if ('emoji' in icon) return `<span class="brand-icon" aria-hidden="true">${e(icon.emoji)}</span>`;
  const dark = icon.dark ? `<source srcset="${e(icon.dark)}" media="(prefers-color-scheme: dark)">` : '';
  return `<picture class="brand-icon">${dark}<img src="${e(icon.light)}" alt="" width="24" height="24"></picture>`;
}

function header(view: Pick<PageView, 'siteTitle' | 'siteIcon' | 'home' | 'search'>): string {
  const icon = brandIcon(view.siteIcon);
  return `<header class="site"><a class="brand" href="${e(view.home)}">${icon}<span>${e(view.siteTitle)}</span></a>` +
    `<form class="search" role="search" action="${e(view.search)}" method="get"><label class="skip" for="q">Search</label>` +
    `<input id="q" name="q" type="search" placeholder="Search (Ctrl+K)" autocomplete="off"><button type="submit">Search</button></form></header>`;
}

/** A published page, whole: navigation around the rendered content. */
export function pageHtml(view: PageView): string {
  const title = view.title === view.siteTitle ? view.title : `${view.title} | ${view.siteTitle}`;
  const heading = `${view.emoji ? `${e(view.emoji)} ` : ''}${e(view.title)}`;
  return [
    head(title, { ...view, pageTitle: view.title }),
    '<body><a class="skip" href="#content">Skip to content</a>',
    header(view),
    sectionTabs(view.sections),
    '<div class="layout">',
    toc(view, 'Pages'),
    '<main id="content">',
    `<details class="menu"><summary>Menu</summary>${toc(view, 'Pages (menu)')}</details>`,
    breadcrumbs(view.breadcrumbs),
    `<article><h1>${heading}</h1>${view.description ? `<p class="description">${e(view.description)}</p>` : ''}${view.body}</article>`,
    pager(view),
    '</main>',
    outline(view.outline),
    '</div>',
    `<footer class="site">${e(view.siteTitle)}</footer>`,
    '</body></html>',
  ].join('\n');
}

/** The page of a path the site does not have: its navigation, and a way back. */
export function notFoundHtml(view: Omit<PageView, 'title' | 'body' | 'outline' | 'breadcrumbs'>): string {
  return pageHtml({ ...view, title: 'Page not found', body: `<p>This page does not exist. Go back to <a href="${e(view.home)}">${e(view.siteTitle)}</a>, or search for it above.</p>`, outline: [], breadcrumbs: [], noindex: true });
}

/** What a visitor who may not see a site gets: nothing of it, not even its title. */
export function bareNotFoundHtml(): string {
  return `${head('Not found', { noindex: true })}<body><main id="content"><h1>Not found</h1><p>There is nothing here.</p></main></body></html>`;
}
