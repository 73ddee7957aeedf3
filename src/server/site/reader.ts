import type { Engine } from '../../engine/index';
import type { Core } from '../../engine/core';
import type { ApiRequest, ApiResponse } from '../messages';
import { splitUrl, type RequestTrace } from '../app';
import { DatabaseUnavailable } from '../../engine/errors';
import { rawResponse } from '../raw-response';
import { locateSite, type LocatedSite } from '../../engine/sites/reader/locate';
import { placeOf, visitSite, type SiteVisit, type VisitPlace } from '../../engine/sites/reader/visit';
import { publishedFile, publishedMarkdown, publishedSpace, type PublishedSpace, type TocPage } from '../../engine/sites/reader/pages';
import { classifyLink } from '../../engine/content/link-targets';
import { renderMarkdown, type LinkResolver } from '../../markdown/html/render';
import { safeUrl } from '../../markdown/html/escape';
import { assetAt } from './assets';
import { cookiesOf, siteCookie } from './cookies';
import { bareNotFoundHtml, notFoundHtml, pageHtml, type NavLink, type PageView, type TocEntry } from './layout';

/**
 * What every page of a published site carries: no script or style but the site's own, no frame, no
 * plugin, forms only to itself; images also from other hosts (content links to them).
 */
export const SITE_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https: data:; font-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'self'";
/** What a file of a space gets: nothing it holds (an SVG's script) runs. */
const FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; sandbox";

/** The cookie that remembers a visitor's share key and visitor token for one site: JSON `{ s, t }`. */
export const visitCookie = (siteId: string) => `docsctl-site-${siteId}`;
/** The platform's cookie of unsigned claims, which a site's own script may set. */
export const UNSIGNED_CLAIMS_COOKIE = 'gitbook-visitor-public';
/** The longest remembered-visit cookie read. */
const MAX_VISIT_COOKIE_BYTES = 8192;
/** The longest unsigned-claims cookie read (JSON of a few claims). */
const MAX_UNSIGNED_BYTES = 4096;
/** How long a remembered share key or visitor token lasts in the browser (a token's own `exp` still applies). */
const REMEMBER_SECONDS = 30 * 24 * 3600;

const html = (status: number, body: string, headers: Record<string, string> = {}): ApiResponse => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': SITE_CSP, 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin', ...headers },
  body,
});

const redirect = (status: 301 | 302, location: string, headers: Record<string, string> = {}): ApiResponse => ({
  status,
  headers: { location, 'cache-control': 'no-store', 'content-type': 'text/plain; charset=utf-8', ...headers },
  body: `Moved to ${location}\n`,
});

/** A JSON object of a cookie, undefined unless it is one and within `max` bytes. */
function jsonCookie(cookie: string | undefined, max: number): Record<string, unknown> | undefined {
  if (!cookie || cookie.length > max) return undefined;
  try {
    const parsed: unknown = JSON.parse(cookie);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The URLs of a visit: the site's base as reached, each page's and each file's. */
class Addresses {
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

/** Links of a page as published URLs, resolved as `docsctl links` resolves them; broken ones are text. */
function linkResolver(space: PublishedSpace, page: TocPage, prefix: string[], at: Addresses): LinkResolver {
  const resolve = (target: string): string | undefined => {
    const found = classifyLink(target, page.id, space.index);
    if (!found || found.status === 'broken') return undefined;
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

function tocOf(pages: TocPage[], space: PublishedSpace, prefix: string[], at: Addresses, currentId: string | undefined): TocEntry[] {
  return pages
    .filter((p) => !p.hidden)
    .map((p) => {
      const children = tocOf(p.children, space, prefix, at, currentId);
      if (p.type === 'group') return { title: p.title, href: '', group: true, children };
      const href = p.type === 'link' ? (safeUrl(p.href ?? '') ?? '#') : at.page(prefix, space, p);
      return { title: p.emoji ? `${p.emoji} ${p.title}` : p.title, href, current: p.id === currentId, children };
    });
}

/** A group's first document page, at any depth (a group has no content of its own). */
function firstDocument(page: TocPage): TocPage | undefined {
  for (const child of page.children) {
    if (child.type === 'document') return child;
    const inner = firstDocument(child);
    if (inner) return inner;
  }
  return undefined;
}

async function sectionGroups(core: Core, siteId: string): Promise<Map<string, string>> {
  const rows = await core.all<{ id: string; title: string }>('SELECT id, title FROM site_section_groups WHERE site_id = ?', [siteId]);
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** The navigation every page of a site space shows. */
async function frame(core: Core, visit: SiteVisit, place: VisitPlace, space: PublishedSpace, at: Addresses, currentId: string | undefined, search: string) {
  const groups = await sectionGroups(core, visit.site.id);
  const sections = place.sections.map((s) => ({ title: s.title, href: at.join([s.path]), current: s.id === place.section?.id, ...(s.sectionGroup ? { group: groups.get(s.sectionGroup) } : {}) }));
  const sectionPrefix = place.section ? [place.section.path] : [];
  const variants = place.siteSpaces.map((s) => ({ title: s.title, href: at.join([...sectionPrefix, s.path]), current: s.id === place.siteSpace.id }));
  return {
    siteTitle: visit.site.title,
    ...(visit.site.icon && safeUrl(visit.site.icon) ? { siteIcon: visit.site.icon } : {}),
    home: at.home(),
    sections,
    variants,
    toc: tocOf(space.pages, space, place.prefix, at, currentId),
    noindex: visit.site.visibility !== 'public',
    search,
  };
}

/** Answers the requests `serve` gets for published sites; undefined for any other (the API's). */
export function siteReader(engine: Engine, options: { secureCookies?: boolean } = {}) {
  const core = engine.core;
  const secure = options.secureCookies ?? core.publicUrl.startsWith('https:');

  async function visitPage(req: ApiRequest, located: LocatedSite, query: URLSearchParams): Promise<ApiResponse> {
    const { site, basePath, rest } = located;
    const cookies = cookiesOf(req.headers.cookie);
    const sharedKey = query.get('shareKey') ?? undefined;
    const token = query.get('jwt_token') ?? undefined;
    const remembered = jsonCookie(cookies.get(visitCookie(site.id)), MAX_VISIT_COOKIE_BYTES) ?? {};
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    const credentials = {
      shareKey: sharedKey ?? text(remembered.s),
      visitorToken: token ?? text(remembered.t),
      unsigned: jsonCookie(cookies.get(UNSIGNED_CLAIMS_COOKIE), MAX_UNSIGNED_BYTES),
    };
    const visit = await visitSite(core, site, credentials);
    const private_ = site.visibility === 'share-link' || site.visibility === 'visitor-auth';
    const cache = { 'cache-control': private_ ? 'private, no-store' : 'no-cache', ...(site.visibility !== 'public' ? { 'x-robots-tag': 'noindex' } : {}) };
    if (!visit) return html(404, bareNotFoundHtml(), { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' });
    const cookiePath = basePath || '/';
    // A key or token in the URL is remembered in a cookie, and the URL loses it (no secret in history or a Referer).
    if (sharedKey !== undefined || token !== undefined) {
      query.delete('shareKey');
      query.delete('jwt_token');
      const kept = query.toString();
      const remember = { ...(credentials.shareKey !== undefined ? { s: credentials.shareKey } : {}), ...(credentials.visitorToken !== undefined ? { t: credentials.visitorToken } : {}) };
      const location = `${new Addresses(basePath).join(rest)}${kept ? `?${kept}` : ''}`;
      return redirect(302, location, { 'set-cookie': siteCookie(visitCookie(site.id), JSON.stringify(remember), cookiePath, { secure, maxAgeSeconds: REMEMBER_SECONDS }) });
    }
    const at = new Addresses(basePath);
    const place = placeOf(visit.structure, rest);
    const space = place ? await publishedSpace(core, place.siteSpace.space.id) : undefined;
    if (!place || !space) return html(404, bareNotFoundHtml(), { ...cache, 'x-robots-tag': 'noindex' });
    const search = at.join([...place.prefix, '~search']);

    // A file of the space: `~files/{id}/{name}`.
    const file = /^~files\/([^/]+)(?:\/.*)?$/.exec(place.pagePath);
    if (file) {
      const found = await publishedFile(core, space, file[1]);
      if (!found) return html(404, notFoundHtml(await frame(core, visit, place, space, at, undefined, search)), cache);
      return await rawResponse(200, found, { ...cache, 'content-security-policy': FILE_CSP });
    }

    const page = place.pagePath === '' ? space.readingOrder[0] : space.byPath.get(place.pagePath.toLowerCase());
    if (!page) return html(404, notFoundHtml(await frame(core, visit, place, space, at, undefined, search)), cache);
    if (page.type === 'group') {
      const first = firstDocument(page);
      return first ? redirect(302, at.page(place.prefix, space, first)) : html(404, notFoundHtml(await frame(core, visit, place, space, at, undefined, search)), cache);
    }
    if (page.type === 'link') {
      const target = safeUrl(page.href ?? '');
      return target ? redirect(302, target) : html(404, notFoundHtml(await frame(core, visit, place, space, at, undefined, search)), cache);
    }
    const { data, markdown } = await publishedMarkdown(core, space, page.id);
    const rendered = renderMarkdown(markdown, linkResolver(space, page, place.prefix, at));
    const order = space.readingOrder.findIndex((p) => p.id === page.id);
    const link = (p: TocPage | undefined): NavLink | undefined => (p ? { title: p.title, href: at.page(place.prefix, space, p) } : undefined);
    const view: PageView = {
      ...(await frame(core, visit, place, space, at, page.id, search)),
      breadcrumbs: ancestors(space, page).map((p) => ({ title: p.title, href: p.type === 'group' ? (link(firstDocument(p))?.href ?? at.home()) : at.page(place.prefix, space, p) })),
      title: data.title,
      ...(data.emoji ? { emoji: data.emoji } : {}),
      ...(data.description ? { description: data.description } : {}),
      body: rendered.html,
      outline: rendered.outline,
      ...(order > 0 ? { previous: link(space.readingOrder[order - 1]) } : {}),
      ...(order >= 0 && order < space.readingOrder.length - 1 ? { next: link(space.readingOrder[order + 1]) } : {}),
      canonical: space.readingOrder[0]?.id === page.id ? place.siteSpace.urls.published : `${place.siteSpace.urls.published}/${page.path}`,
    };
    return html(200, pageHtml(view), cache);
  }

  return async function read(req: ApiRequest, trace?: RequestTrace): Promise<ApiResponse | undefined> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    const { path, search } = splitUrl(req.url);
    if (path === '/v1' || path.startsWith('/v1/')) return undefined;
    const asset = assetAt(path);
    if (asset) return { status: 200, headers: { 'content-type': asset.contentType, 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' }, body: asset.body };
    const host = req.headers.host;
    const located = await locateSite(core, { host: typeof host === 'string' ? host : '', path });
    if (!located) return undefined;
    if (trace) trace.operationId = 'readPublishedSite';
    try {
      return await visitPage(req, located, new URLSearchParams(search));
    } catch (error) {
      // The database away: come back in a moment, as the API says.
      if (error instanceof DatabaseUnavailable) return html(503, '<!doctype html><title>Unavailable</title><p>The site is unavailable for a moment. Try again.</p>', { 'retry-after': '1', 'cache-control': 'no-store' });
      throw error;
    }
  };
}

/** A page's ancestors from the top, for its breadcrumbs. */
function ancestors(space: PublishedSpace, page: TocPage): TocPage[] {
  const out: TocPage[] = [];
  for (let parent = space.state.pages.get(page.id)?.parent; parent; parent = space.state.pages.get(parent)?.parent) {
    const above = space.byId.get(parent);
    if (above) out.unshift(above);
  }
  return out;
}
