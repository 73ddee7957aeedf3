import type { Core } from '../../engine/core';
import { visibleSiteSpaces, type SiteVisit } from '../../engine/sites/reader/visit';
import type { PublishedSpace, TocPage } from '../../engine/sites/reader/pages';
import type { PdfSpacePart } from '../../engine/content/pdf';
import type { Addresses } from './navigation';
import { invalid } from '../../engine/errors';
import { isPaper, PAPER_NAMES } from '../../domain/pdf-paper';

/** The platform's path of a site's PDF, after the site's base. */
export const PDF_SEGMENTS = ['~gitbook', 'pdf'];

/** A space's pages the visitor sees, in tree order with their depth (hidden ones and their children left out). */
function shownPages(space: PublishedSpace, only?: string): PdfSpacePart['pages'] {
  const out: PdfSpacePart['pages'] = [];
  const walk = (pages: TocPage[], depth: number) => {
    for (const page of pages) {
      if (page.hidden) continue;
      if (page.type === 'document' && (!only || page.id === only)) out.push({ id: page.id, title: page.title, depth: only ? 0 : depth });
      walk(page.children, depth + 1);
    }
  };
  walk(space.pages, 0);
  return out;
}

/**
 * The PDF of what a visitor may see of a site, as `GET {site}/~gitbook/pdf` answers it: every site
 * space they see (`?siteSpace=ID`: one; `?page=ID`: one page; `?paper=letter`: US Letter sheets), links to pages outside it as the
 * site's URLs. Undefined when the visitor sees no such page or site space (a 404).
 */
export async function sitePdf(
  core: Core, visit: SiteVisit, at: Addresses, origin: string, spaceOf: (id: string) => Promise<PublishedSpace | undefined>, query: URLSearchParams,
): Promise<{ bytes: Buffer; name: string } | undefined> {
  const paper = query.get('paper') ?? undefined;
  if (paper !== undefined && !isPaper(paper)) throw invalid(`paper: must be one of ${PAPER_NAMES.join(', ')}`);
  const onlyPage = query.get('page') ?? undefined;
  const onlySiteSpace = query.get('siteSpace') ?? undefined;
  const parts: PdfSpacePart[] = [];
  let title = visit.site.title;
  for (const { siteSpace, prefix } of visibleSiteSpaces(visit.structure)) {
    if (onlySiteSpace && siteSpace.id !== onlySiteSpace) continue;
    const space = await spaceOf(siteSpace.space.id);
    if (!space || parts.some((p) => p.spaceId === space.spaceId)) continue;
    const pages = shownPages(space, onlyPage);
    if (!pages.length) continue;
    if (onlyPage) title = pages[0].title;
    else if (onlySiteSpace) title = `${visit.site.title}: ${siteSpace.title}`;
    parts.push({
      spaceId: space.spaceId,
      state: space.state,
      index: space.index,
      pages,
      pageUrl: (pageId, anchor) => {
        const page = space.byId.get(pageId);
        return page ? `${origin}${at.page(prefix, space, page)}${anchor ? `#${encodeURIComponent(anchor)}` : ''}` : undefined;
      },
      fileUrl: (fileId, name) => origin + at.file(prefix, fileId, name),
    });
  }
  if (!parts.length) return undefined;
  // The renderer and its fonts load only when a PDF is asked for.
  const { contentPdf } = await import('../../engine/content/pdf');
  return { bytes: await contentPdf(core, title, parts, paper), name: `${title}.pdf` };
}
