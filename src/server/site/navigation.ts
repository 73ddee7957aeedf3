import type { Core } from '../../engine/core';
import type { SiteVisit, VisitPlace } from '../../engine/sites/reader/visit';
import type { PublishedSpace, TocPage } from '../../engine/sites/reader/pages';
import { classifyLink } from '../../engine/content/link-targets';
import { siteIconView } from './site-icon';
import type { LinkResolver } from '../../markdown/html/render';
import { escapeHtml, safeUrl } from '../../markdown/html/escape';

/** The URLs of a visit: the site's base as reached, each page's and each file's. */
export class Addresses {
  constructor(readonly basePath: string) {}
  join(segments: string[]): string {
    const path = segments.filter(Boolean).map((s) => s.split('/').map(encodeURIComponent).join('/')).join('/');
    return path ? `${this.basePath}/${path}` : this.basePath || '/';
  }
  home(): string {
    return this.join([]);
  }
  page(prefix: string[], space: PublishedSpace, page: TocPage): string {
    // The first page of a site space is at the site space's own URL.
    return space.readingOrder[0]?.id === page.id ? this.join(prefix) : this.join([...prefix, page.path]);
  }
  file(prefix: string[], fileId: string, name: string): string {
    return this.join([...prefix, '~files', fileId, name]);
  }
}

/**
 * Links of a page as published URLs, resolved as `docsctl links` resolves them; broken ones are text.
 * A heading's anchor is not checked here (the renderer gives headings their ids): a link to a page
 * that exists keeps its anchor.
 */
export function linkResolver(space: PublishedSpace, page: TocPage, prefix: string[], at: Addresses): LinkResolver {
  const resolve = (target: string): string | undefined => {
    const found = classifyLink(target, page.id, space.index);
    if (!found || (found.status === 'broken' && !(found.kind === 'anchor' && found.page))) return undefined;
    if (found.kind === 'url') return safeUrl(found.url!);
    if (found.kind === 'file') {
      const file = space.state.files.get(found.file!);
      return file ? at.file(prefix, file.id, file.name) : undefined;
    }
    const to = found.page ? space.byId.get(found.page) : undefined;
    if (!to) return undefined;
    const anchor = found.anchor ? `#${encodeURIComponent(found.anchor)}` : '';
    if (to.id === page.id && anchor) return anchor;
    return `${at.page(prefix, space, to)}${anchor}`;
  };
  return {
    href: resolve,
    src: resolve,
    title(target) {
      const found = classifyLink(target, page.id, space.index);
      return found?.page ? space.byId.get(found.page)?.title : undefined;
    },
    reusable: (id) => space.state.reusables.get(id)?.markdown,
  };
}

/** A table of contents as HTML, and where in it each page's link may be marked as the current one. */
interface TocHtml { html: string; marks: Map<string, number> }

/** Tables of contents built, per published space (a revision: never stale) and per address of its pages. */
const builtTocs = new WeakMap<PublishedSpace, Map<string, TocHtml>>();
/** Addresses a space's tables of contents are kept for (a site's base paths and prefixes: few). */
const KEPT_TOCS_PER_SPACE = 64;

/**
 * The table of contents of a space's pages as an HTML list (hidden pages left out, groups as titles),
 * the current page's link marked `aria-current`. Built once per revision and address; a view only marks
 * its page (each view used to build and escape the whole list, twice).
 */
export function tocHtml(space: PublishedSpace, prefix: string[], at: Addresses, currentId: string | undefined): string {
  let kept = builtTocs.get(space);
  if (!kept) builtTocs.set(space, (kept = new Map()));
  const key = `${at.basePath}\n${prefix.join('/')}`;
  let toc = kept.get(key);
  if (!toc) {
    if (kept.size >= KEPT_TOCS_PER_SPACE) kept.clear();
    toc = buildToc(space, prefix, at);
    kept.set(key, toc);
  }
  const mark = currentId === undefined ? undefined : toc.marks.get(currentId);
  return mark === undefined ? toc.html : `${toc.html.slice(0, mark)} aria-current="page"${toc.html.slice(mark)}`;
}

function buildToc(space: PublishedSpace, prefix: string[], at: Addresses): TocHtml {
  const marks = new Map<string, number>();
  let html = '';
  const list = (pages: TocPage[]) => {
    html += '<ul>';
    for (const p of pages) {
      if (p.hidden) continue;
      const shown = p.children.some((c) => !c.hidden);
      if (p.type === 'group') {
        html += `<li><div class="toc-group">${escapeHtml(p.title)}</div>`;
      } else {
        const href = p.type === 'link' ? (safeUrl(p.href ?? '') ?? '#') : at.page(prefix, space, p);
        html += `<li><a href="${escapeHtml(href)}"`;
        marks.set(p.id, html.length);
        html += `>${escapeHtml(p.emoji ? `${p.emoji} ${p.title}` : p.title)}</a>`;
      }
      if (shown) list(p.children);
      html += '</li>';
    }
    html += '</ul>';
  };
  list(space.pages);
  return { html, marks };
}

/** A group's first document page, at any depth (a group has no content of its own). */
export function firstDocument(page: TocPage): TocPage | undefined {
  for (const child of page.children) {
    if (child.type === 'document') return child;
    const inner = firstDocument(child);
    if (inner) return inner;
  }
  return undefined;
}

export async function sectionGroups(core: Core, siteId: string, organizationId: string): Promise<Map<string, string>> {
  return await core.remember(`site-section-groups:${siteId}`, async () => {
    const rows = await core.all<{ id: string; title: string }>('SELECT id, title FROM site_section_groups WHERE site_id = ?', [siteId]);
    return new Map(rows.map((r) => [r.id, r.title]));
  }, organizationId);
}

/** The navigation every page of a site space shows. */
export async function frame(core: Core, visit: SiteVisit, place: VisitPlace, space: PublishedSpace, at: Addresses, currentId: string | undefined, search: string) {
  const groups = await sectionGroups(core, visit.site.id, visit.site.organization_id);
  const sections = place.sections.map((s) => ({ title: s.title, href: at.join([s.path]), current: s.id === place.section?.id, ...(s.sectionGroup ? { group: groups.get(s.sectionGroup) } : {}) }));
  const sectionPrefix = place.section ? [place.section.path] : [];
  const variants = place.siteSpaces.map((s) => ({ title: s.title, href: at.join([...sectionPrefix, s.path]), current: s.id === place.siteSpace.id }));
  return {
    siteTitle: visit.site.title,
    siteIcon: siteIconView(visit.site.icon),
    home: at.home(),
    sections,
    variants,
    toc: tocHtml(space, place.prefix, at, currentId),
    noindex: visit.site.visibility !== 'public',
    search,
  };
}

/** A page's ancestors from the top, for its breadcrumbs. */
export function ancestors(space: PublishedSpace, page: TocPage): TocPage[] {
  const out: TocPage[] = [];
  for (let parent = space.state.pages.get(page.id)?.parent; parent; parent = space.state.pages.get(parent)?.parent) {
    const above = space.byId.get(parent);
    if (above) out.unshift(above);
  }
  return out;
}
