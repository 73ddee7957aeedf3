import type { Engine } from '../../engine/index';
import type { SiteVisit } from '../../engine/sites/reader/visit';
import { visibleSiteSpaces } from '../../engine/sites/reader/visit';
import type { PublishedSpace } from '../../engine/sites/reader/pages';
import { escapeHtml } from '../../markdown/html/escape';
import type { Addresses } from './navigation';

/** The longest query searched; the rest of a longer one is left out (a search box, not a document). */
export const MAX_QUERY_CHARACTERS = 256;
/** Pages a search shows. */
export const SEARCH_RESULTS = 20;

/** A page found, as a visitor's search shows it. */
export interface SiteSearchResult {
  title: string;
  url: string;
  /** Where it is on the site: its section and site space, when the site has more than one. */
  where: string;
  /** Its matching parts, best first: a heading's anchor URL and the matching words (matches in `**`). */
  sections: { title: string; url: string; snippet: string }[];
}

/**
 * Searches what the visitor sees of a site: the site spaces of their structure (conditions applied),
 * pages hidden from the table of contents left out. Ranked over all of them, best first.
 */
export async function searchSite(
  engine: Engine, visit: SiteVisit, query: string, at: Addresses, spaceOf: (id: string) => Promise<PublishedSpace | undefined>,
): Promise<SiteSearchResult[]> {
  const text = query.slice(0, MAX_QUERY_CHARACTERS).trim();
  if (!text) return [];
  const visible = visibleSiteSpaces(visit.structure);
  const places = new Map<string, { space: PublishedSpace; prefix: string[]; where: string }>();
  for (const { section, siteSpace, prefix } of visible) {
    const space = await spaceOf(siteSpace.space.id);
    // A space in two places is found once, at its first.
    if (!space || places.has(space.spaceId)) continue;
    const where = [visible.some((v) => v.section?.id !== section?.id) ? section?.title : undefined, section && section.siteSpaces.length > 1 ? siteSpace.title : undefined];
    places.set(space.spaceId, { space, prefix, where: where.filter(Boolean).join(' › ') });
  }
  const spaces = [...places.values()].map(({ space }) => ({ id: space.spaceId, revisionId: space.revisionId }));
  const found = await engine.search.published(visit.site.organization_id, spaces, text, SEARCH_RESULTS * 2);
  const results: SiteSearchResult[] = [];
  for (const item of found) {
    const place = places.get(item.spaceId)!;
    const page = place.space.byId.get(item.id);
    if (!page || page.hidden || page.type !== 'document') continue;
    const url = at.page(place.prefix, place.space, page);
    results.push({
      title: page.title,
      url,
      where: place.where,
      sections: item.sections.map((s) => ({ title: s.title, url: s.id === item.id ? url : `${url}#${encodeURIComponent(s.id)}`, snippet: s.snippet })),
    });
    if (results.length === SEARCH_RESULTS) break;
  }
  return results;
}

/** A snippet's text escaped, its `**matches**` marked. */
export function snippetHtml(snippet: string): string {
  return escapeHtml(snippet).replace(/\*\*([^*]+)\*\*/g, '<mark>$1</mark>');
}

/** The results page's content, for the page frame. */
export function searchResultsHtml(query: string, results: SiteSearchResult[]): string {
  const e = escapeHtml;
  if (!query.trim()) return '<p>Type what you are looking for in the search box above.</p>';
  if (!results.length) return `<p>Nothing matches <strong>${e(query)}</strong>.</p>`;
  const items = results.map((r) => {
    const where = r.where ? `<span class="where">${e(r.where)}</span>` : '';
    const sections = r.sections.map((s) => `<li><a href="${e(s.url)}">${e(s.title)}</a><p>${snippetHtml(s.snippet)}</p></li>`).join('');
    return `<li><a class="result" href="${e(r.url)}">${e(r.title)}</a>${where}${sections ? `<ul>${sections}</ul>` : ''}</li>`;
  });
  return `<p>${results.length === SEARCH_RESULTS ? `The first ${SEARCH_RESULTS} pages` : `${results.length} page${results.length === 1 ? '' : 's'}`} for <strong>${e(query)}</strong>.</p><ol class="results">${items.join('')}</ol>`;
}
