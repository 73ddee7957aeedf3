import type { Core } from '../../engine/core';
import { visibleSiteSpaces, type SiteVisit } from '../../engine/sites/reader/visit';
import { publishedMarkdown, type PublishedSpace, type TocPage } from '../../engine/sites/reader/pages';
import { escapeHtml } from '../../markdown/html/escape';
import { withoutLeadingTitle } from '../../markdown/markdown';
import type { Addresses } from './navigation';
import { redirectsOf } from '../../engine/sites/reader/redirects';

/** Files at a site's root for machines: their names, and what each answers. */
export const MACHINE_FILES = new Set(['llms.txt', 'llms-full.txt', 'sitemap.xml', 'robots.txt', '~redirects.json']);

/** A page the visitor may see, with where it is. */
interface ListedPage {
  page: TocPage;
  space: PublishedSpace;
  url: string;
  /** Its markdown's URL (`.md` after the page's own path). */
  markdownUrl: string;
  heading: string;
}

/** Every document page the visitor sees, site space by site space, in reading order; URLs absolute. */
async function listedPages(visit: SiteVisit, at: Addresses, origin: string, spaceOf: (id: string) => Promise<PublishedSpace | undefined>): Promise<ListedPage[]> {
  const out: ListedPage[] = [];
  const seen = new Set<string>();
  const visible = visibleSiteSpaces(visit.structure);
  for (const { section, siteSpace, prefix } of visible) {
    const space = await spaceOf(siteSpace.space.id);
    if (!space || seen.has(space.spaceId)) continue;
    seen.add(space.spaceId);
    const heading = [section && visible.length > 1 ? section.title : undefined, siteSpace.title].filter((t, i, all) => t && all.indexOf(t) === i).join(' › ');
    for (const page of space.readingOrder) {
      out.push({ page, space, heading, url: origin + at.page(prefix, space, page), markdownUrl: `${origin}${at.join([...prefix, page.path])}.md` });
    }
  }
  return out;
}

/**
 * `llms.txt` (the llmstxt.org format: the site's title, then each site space's pages as links to their
 * markdown), `llms-full.txt` (every page's markdown), `sitemap.xml` and `robots.txt`.
 */
export async function machineFile(
  core: Core, name: string, visit: SiteVisit, at: Addresses, origin: string, spaceOf: (id: string) => Promise<PublishedSpace | undefined>,
): Promise<{ contentType: string; body: string } | undefined> {
  const site = visit.site;
  if (name === 'robots.txt') {
    const body = site.visibility === 'public' ? `User-agent: *\nAllow: /\nSitemap: ${origin}${at.join(['sitemap.xml'])}\n` : 'User-agent: *\nDisallow: /\n';
    return { contentType: 'text/plain; charset=utf-8', body };
  }
  if (name === '~redirects.json') return { contentType: 'application/json; charset=utf-8', body: JSON.stringify({ redirects: await siteRedirects(core, visit, at, spaceOf) }) };
  // Only a public site is listed for search engines.
  if (name === 'sitemap.xml' && site.visibility !== 'public') return undefined;
  const pages = await listedPages(visit, at, origin, spaceOf);
  if (name === 'sitemap.xml') {
    const urls = pages.map((p) => `<url><loc>${escapeHtml(p.url)}</loc></url>`).join('\n');
    return { contentType: 'application/xml; charset=utf-8', body: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n` };
  }
  if (name === 'llms.txt') {
    const lines = [`# ${site.title}`, ''];
    let heading: string | undefined;
    for (const p of pages) {
      if (p.heading !== heading) lines.push(...(heading === undefined ? [] : ['']), `## ${p.heading}`, '');
      heading = p.heading;
      lines.push(`- [${p.page.title.replace(/[[\]]/g, '\\$&')}](${p.markdownUrl})`);
    }
    return { contentType: 'text/plain; charset=utf-8', body: `${lines.join('\n')}\n` };
  }
  const parts: string[] = [];
  for (const p of pages) parts.push(`${await pageMarkdown(core, p.space, p.page)}\nSource: ${p.url}\n`);
  return { contentType: 'text/plain; charset=utf-8', body: parts.join('\n---\n\n') };
}

/**
 * The `.gitbook.yaml` redirects of every site space the visitor sees, as paths of the site (what the
 * reader answers 301 for): `from` after the site's base, `to` the page's URL. What `sites build` makes
 * redirect pages of; the same as a visitor finds by trying the old paths.
 */
async function siteRedirects(core: Core, visit: SiteVisit, at: Addresses, spaceOf: (id: string) => Promise<PublishedSpace | undefined>): Promise<{ from: string; to: string }[]> {
  const out: { from: string; to: string }[] = [];
  for (const { siteSpace, prefix } of visibleSiteSpaces(visit.structure)) {
    const space = await spaceOf(siteSpace.space.id);
    if (!space) continue;
    for (const [from, pageId] of await redirectsOf(core, space)) {
      const page = space.byId.get(pageId);
      if (page && !space.byPath.has(from)) out.push({ from: [...prefix, from].join('/'), to: at.page(prefix, space, page) });
    }
  }
  return out;
}

/** A page as markdown, as its `.md` URL answers: its title as a heading, its description, its content. */
export async function pageMarkdown(core: Core, space: PublishedSpace, page: TocPage): Promise<string> {
  const { data, markdown } = await publishedMarkdown(core, space, page.id);
  const description = data.description ? `${data.description}\n\n` : '';
  // The content's own first heading is the title's: written once, from the page's title.
  const body = withoutLeadingTitle(markdown).trim();
  return `# ${data.title}\n\n${description}${body}\n`;
}
