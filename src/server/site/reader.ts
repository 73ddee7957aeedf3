import type { Engine } from '../../engine/index';
import type { ApiRequest, ApiResponse } from '../messages';
import { splitUrl, type RequestTrace } from '../app';
import { DatabaseUnavailable, EngineError, statusOf } from '../../engine/errors';
import { disposition, rawResponse } from '../raw-response';
import { BoundedCache } from '../../engine/bounded-cache';
import { pageOperations } from '../../engine/sites/reader/operations';
import { locateSite, organizationInSitePath, siteBaseUrl, type LocatedSite } from '../../engine/sites/reader/locate';
import { placeOf, visibleSiteSpaces, visitSite, type SiteVisit } from '../../engine/sites/reader/visit';
import { publishedFile, publishedMarkdown, publishedSpaces, type PublishedSpace, type TocPage } from '../../engine/sites/reader/pages';
import { renderMarkdown, type RenderedPage } from '../../markdown/html/render';
import { schemaPageHtml } from '../../markdown/html/api-operation';
import { publishedSchema } from '../../engine/sites/reader/schemas';
import { SCHEMAS_SEGMENT } from '../../domain/schema-places';
import { pointerSegments } from '../../openapi-document/json-pointer';
import { escapeHtml, safeUrl } from '../../markdown/html/escape';
import { withoutLeadingTitle } from '../../markdown/markdown';
import { assetAt } from './assets';
import { cookiesOf, siteCookie } from './cookies';
import { bareNotFoundHtml, notFoundHtml, pageHtml, type NavLink, type PageView } from './layout';
import { Addresses, ancestors, firstDocument, frame, linkResolver, sectionGroups } from './navigation';
import { markdownValidator, pageValidator, siteFingerprint } from './validators';
import { BUILD_TAGS, SPACE_TAG_HEADER, spaceTagOf } from './build-tags';
import { pageData } from '../../engine/content/state';
import { FILE_CSP, finished, html, redirect, tagMatches, taggedBody, text, type SiteAnswer, type TaggedBody } from './responses';
import { searchResultsHtml, searchSite } from './search-page';
import { MACHINE_FILES, machineFile, pageMarkdown } from './machine';
import { redirectOf } from '../../engine/sites/reader/redirects';
import { answerMcp, MCP_SEGMENTS, mcpNotFound, type SiteTools } from './mcp';
import { PDF_SEGMENTS, sitePdf } from './pdf';
import { Busy, oneAtATime } from './one-at-a-time';

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
/** PDFs asked for while one is drawn that wait their turn; past them a visitor is asked to come back (503). */
const MAX_WAITING_PDFS = 4;
/** Paths the app answers outside `/v1`: never a site's. */
const APP_PATHS = new Set(['/healthz', '/readyz', '/openapi.json']);
/** Rendered page bodies kept (by revision, page and address: never stale). */
const KEPT_BODIES = 512;
/** Whole pages kept for views everyone sees alike (each page's HTML with its tag and compressed forms). */
const KEPT_VIEWS = 256;

/** A link of a spec's description: a URL, else text. */
const externalOnly = (target: string) => (/^https?:\/\//i.test(target) ? safeUrl(target) : undefined);

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

/**
 * A page rendered, or, should the renderer fail on it, its markdown as text: a page that cannot be
 * rendered is still read, never a 500 (the failure is reported as serve reports errors).
 */
function safely(render: () => RenderedPage, markdown = ''): RenderedPage {
  try {
    return render();
  } catch (error) {
    process.emitWarning(`a page could not be rendered: ${(error as Error).message}`);
    return { html: `<pre class="unrendered">${escapeHtml(markdown)}</pre>`, outline: [], unknown: [] };
  }
}

/** Answers the requests `serve` gets for published sites; undefined for any other (the API's). */
export function siteReader(engine: Engine, options: { secureCookies?: boolean } = {}) {
  const core = engine.core;
  const secure = options.secureCookies ?? core.publicUrl.startsWith('https:');
  const spaces = publishedSpaces(core);
  // A page's HTML depends on its revision and on the addresses its links take, nothing else (a computed
  // page's on its spec too: those are rendered each time).
  const bodies = new BoundedCache<string, RenderedPage>(KEPT_BODIES);
  // A whole page, when nothing of the visitor changes it: keyed by its validator (validators.ts).
  const views = new BoundedCache<string, TaggedBody>(KEPT_VIEWS);
  // PDFs are drawn one at a time (each takes the thread a page at a time): the others wait their turn.
  const pdfs = oneAtATime(MAX_WAITING_PDFS);

  /** The site's addresses as the API hands them out, whatever address the visitor came by. */
  async function canonicalBase(site: LocatedSite['site']): Promise<{ origin: string; at: Addresses }> {
    const base = new URL(await siteBaseUrl(core, site));
    return { origin: base.origin, at: new Addresses(base.pathname.replace(/\/$/, '')) };
  }

  /** The site as a page's tags are made of it (validators.ts): its row, structure, groups and address. */
  async function siteKey(visit: SiteVisit): Promise<string> {
    const canonical = await canonicalBase(visit.site);
    const groups = await sectionGroups(core, visit.site.id, visit.site.organization_id);
    return siteFingerprint(visit, groups, canonical.origin + canonical.at.basePath);
  }

  /** A page's canonical URL: the shortest path to it on the site's own address (as in sitemap.xml). */
  async function canonicalUrl(visit: SiteVisit, siteSpaceId: string, space: PublishedSpace, page: TocPage): Promise<string> {
    const { origin, at } = await canonicalBase(visit.site);
    const prefix = visibleSiteSpaces(visit.structure).find((v) => v.siteSpace.id === siteSpaceId)?.prefix ?? [];
    return origin + at.page(prefix, space, page);
  }

  /** The MCP tools of one visit: search, read and list what the visitor sees, with the URLs the API hands out. */
  function siteTools(visit: SiteVisit, spaceOf: (spaceId: string) => Promise<PublishedSpace | undefined>): SiteTools {
    return {
      async search(query) {
        const { origin, at } = await canonicalBase(visit.site);
        const results = await searchSite(engine, visit, query, at, spaceOf);
        if (!results.length) return `Nothing matches "${query}".`;
        return results.map((r) => [`- ${r.title}${r.where ? ` (${r.where})` : ''}: ${origin}${r.url}`, ...r.sections.slice(0, 2).map((s) => `  ${s.snippet}`)].join('\n')).join('\n');
      },
      async read(path) {
        const { at } = await canonicalBase(visit.site);
        let tail = /^https?:\/\//i.test(path) ? (URL.canParse(path) ? new URL(path).pathname : '') : path;
        if (at.basePath && tail.startsWith(at.basePath)) tail = tail.slice(at.basePath.length);
        const segments = tail.replace(/\.md$/i, '').split('/').filter(Boolean).map((s) => { try { return decodeURIComponent(s); } catch { return s; } });
        const place = placeOf(visit.structure, segments);
        const space = place ? await spaceOf(place.siteSpace.space.id) : undefined;
        const page = place && space ? (place.pagePath === '' ? space.readingOrder[0] : space.byPath.get(place.pagePath.toLowerCase())) : undefined;
        return page?.type === 'document' && space ? await pageMarkdown(core, space, page) : undefined;
      },
      async list() {
        const { origin, at } = await canonicalBase(visit.site);
        return (await machineFile(core, 'llms.txt', visit, at, origin, spaceOf))!.body;
      },
    };
  }

  async function visitPage(req: ApiRequest, located: LocatedSite, query: URLSearchParams): Promise<SiteAnswer> {
    const { site, basePath, rest } = located;
    const spaceOf = (spaceId: string) => spaces(spaceId, site.organization_id);
    const cookies = cookiesOf(req.headers.cookie);
    const sharedKey = query.get('shareKey') ?? undefined;
    const token = query.get('jwt_token') ?? undefined;
    const remembered = jsonCookie(cookies.get(visitCookie(site.id)), MAX_VISIT_COOKIE_BYTES) ?? {};
    const string = (value: unknown) => (typeof value === 'string' ? value : undefined);
    const credentials = {
      shareKey: sharedKey ?? string(remembered.s),
      visitorToken: token ?? string(remembered.t),
      unsigned: jsonCookie(cookies.get(UNSIGNED_CLAIMS_COOKIE), MAX_UNSIGNED_BYTES),
    };
    const mcp = rest.length === MCP_SEGMENTS.length && MCP_SEGMENTS.every((segment, i) => rest[i] === segment);
    // An MCP client brings a visitor token as a bearer token (it keeps no cookie).
    const bearer = mcp ? /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''))?.[1] : undefined;
    if (bearer && credentials.visitorToken === undefined) credentials.visitorToken = bearer;
    const visit = await visitSite(core, site, credentials);
    if (mcp) return visit ? await answerMcp(req, siteTools(visit, spaceOf)) : mcpNotFound();
    const private_ = site.visibility === 'share-link' || site.visibility === 'visitor-auth';
    // Claims change what a page shows: a page seen with them is the visitor's own.
    const personal = private_ || credentials.unsigned !== undefined;
    const cache = { 'cache-control': personal ? 'private, no-cache' : 'no-cache', ...(site.visibility !== 'public' ? { 'x-robots-tag': 'noindex' } : {}) };
    if (!visit) {
      // A visitor-auth site sends a visitor without a valid token to its sign-in page, saying where they were going.
      if (site.published && site.visibility === 'visitor-auth' && site.visitor_fallback_url) {
        const target = new URL(site.visitor_fallback_url);
        target.searchParams.set('location', `/${rest.join('/')}`);
        return redirect(302, target.href);
      }
      return html(404, bareNotFoundHtml(), { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' });
    }
    const at = new Addresses(basePath);
    // A key or token in the URL is remembered in a cookie, and the URL loses it (no secret in history or a Referer).
    if (sharedKey !== undefined || token !== undefined) {
      query.delete('shareKey');
      query.delete('jwt_token');
      const kept = query.toString();
      const remember = { ...(credentials.shareKey !== undefined ? { s: credentials.shareKey } : {}), ...(credentials.visitorToken !== undefined ? { t: credentials.visitorToken } : {}) };
      const location = `${at.join(rest)}${kept ? `?${kept}` : ''}`;
      return redirect(302, location, { 'set-cookie': siteCookie(visitCookie(site.id), JSON.stringify(remember), basePath || '/', { secure, maxAgeSeconds: REMEMBER_SECONDS }) });
    }
    // The space tags current at this address, which a second `sites build` asks first (build-tags.ts).
    if (rest.length === 1 && rest[0] === BUILD_TAGS) {
      if (!visit.everyone || personal) return html(404, bareNotFoundHtml(), cache);
      const key = await siteKey(visit);
      const tags: string[] = [];
      for (const { siteSpace, prefix } of visibleSiteSpaces(visit.structure)) {
        const published = await spaceOf(siteSpace.space.id);
        if (published) tags.push(await spaceTagOf(core, { organizationId: site.organization_id, site: key, space: published, basePath, prefix }));
      }
      return text('application/json; charset=utf-8', JSON.stringify({ tags }), cache);
    }
    // The files for machines at the site's root, with the URLs the API hands out.
    if (rest.length === 1 && MACHINE_FILES.has(rest[0])) {
      const base = await canonicalBase(site);
      // Redirects name paths as the visitor reached the site (what `sites build` fetched); the rest, the API's URLs.
      const made = await machineFile(core, rest[0], visit, rest[0] === '~redirects.json' ? at : base.at, base.origin, spaceOf);
      return made ? text(made.contentType, made.body, cache) : html(404, bareNotFoundHtml(), cache);
    }
    // The site (or one page, or one site space) as a PDF, at the platform's path.
    if (rest.length === PDF_SEGMENTS.length && PDF_SEGMENTS.every((segment, i) => rest[i] === segment)) {
      const base = await canonicalBase(site);
      let made: Awaited<ReturnType<typeof sitePdf>>;
      try {
        made = await pdfs.run(() => sitePdf(core, visit, base.at, base.origin, spaceOf, query));
      } catch (error) {
        if (error instanceof Busy) return { ...text('text/plain; charset=utf-8', 'Other PDFs are being made: try again in a moment.\n', { 'cache-control': 'no-store', 'retry-after': '5' }), status: 503 };
        if (error instanceof EngineError) return { ...text('text/plain; charset=utf-8', `${error.message}\n`, cache), status: statusOf(error) };
        throw error;
      }
      if (!made) return html(404, bareNotFoundHtml(), cache);
      return { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': disposition('inline', made.name), 'x-content-type-options': 'nosniff', ...cache }, body: made.bytes };
    }
    const place = placeOf(visit.structure, rest);
    const space = place ? await spaceOf(place.siteSpace.space.id) : undefined;
    if (!place || !space) return html(404, bareNotFoundHtml(), { ...cache, 'x-robots-tag': 'noindex' });
    const searchUrl = at.join([...place.prefix, '~search']);
    /**
     * A view everyone sees alike is tagged by what it is made of (`pageId` and what else it shows): a
     * browser (or `sites build`) that has it gets 304 before anything is rendered, and the whole view is
     * kept under that tag. Its space's tag too, which a second `sites build` reads to skip it unasked
     * (build-tags.ts). A visitor's own view has neither.
     */
    const sharedTags = async (pageId: string, shows: string): Promise<{ validator?: string; spaceTag: Record<string, string> }> => {
      if (!visit.everyone || personal) return { spaceTag: {} };
      const key = await siteKey(visit);
      return {
        validator: pageValidator({ site: key, space, pageId, basePath, prefix: place.prefix, operations: shows }),
        spaceTag: { [SPACE_TAG_HEADER]: await spaceTagOf(core, { organizationId: site.organization_id, site: key, space, basePath, prefix: place.prefix }) },
      };
    };
    /** What a browser that has a view everyone sees alike gets: 304 with its tags. */
    const notModified = (validator: string, spaceTag: Record<string, string>): SiteAnswer => ({ status: 304, headers: { etag: validator, vary: 'Accept-Encoding', ...cache, ...spaceTag } });
    /** A schema's own page (domain/schema-places.ts), of the document a block names. */
    const schemaAddress = (prefix: string[], source: string[] | undefined, pointer: string) => {
      const segments = source && pointerSegments(pointer);
      return segments ? at.join([...prefix, SCHEMAS_SEGMENT, ...source, ...segments]) : undefined;
    };
    const around = async (currentId?: string) => await frame(core, visit, place, space, at, currentId, searchUrl);
    const notFound = async () => html(404, notFoundHtml(await around()), cache);

    if (place.pagePath === '~search') {
      const q = query.get('q') ?? '';
      const results = await searchSite(engine, visit, q, at, spaceOf);
      if (query.get('format') === 'json') return text('application/json; charset=utf-8', JSON.stringify({ query: q, results }), cache);
      return html(200, pageHtml({ ...(await around()), title: q ? `Search: ${q}` : 'Search', body: searchResultsHtml(q, results), outline: [], breadcrumbs: [], noindex: true }), cache);
    }
    // A schema of an API description a page of the space shows: `~schemas/{source}/{pointer}` (domain/schema-places.ts).
    if (place.pagePath.startsWith(`${SCHEMAS_SEGMENT}/`)) {
      const segments = place.pagePath.split('/').slice(1);
      const shown = await publishedSchema(core, site.organization_id, space, segments);
      if (!shown) return await notFound();
      // Made of the space's revision (which says whether its pages name the spec) and the schema's document.
      const { validator, spaceTag } = await sharedTags(place.pagePath, `${space.revisionId}\n${shown.document}`);
      if (validator !== undefined && tagMatches(req.headers['if-none-match'], validator)) return notModified(validator, spaceTag);
      const body = schemaPageHtml(shown.view, shown.of, segments.slice(shown.source.length).join('/'), {
        // A spec's descriptions link out, never into the site: what they name is not a page of it.
        markdown: (text) => renderMarkdown(text, { href: externalOnly, src: externalOnly }).html,
        schema: (pointer) => schemaAddress(place.prefix, shown.source, pointer),
      });
      const made = pageHtml({ ...(await around()), title: shown.view.name, body, outline: [], breadcrumbs: [], noindex: true });
      return validator === undefined ? html(200, made, cache) : { ...html(200, made, { ...cache, ...spaceTag }), kept: taggedBody(made, validator) };
    }
    // A file of the space: `~files/{id}/{name}`.
    const file = /^~files\/([^/]+)(?:\/.*)?$/.exec(place.pagePath);
    if (file) {
      const found = await publishedFile(core, space, file[1]);
      return found ? await rawResponse(200, found, { ...cache, 'content-security-policy': FILE_CSP }) : await notFound();
    }
    // A page as markdown: its path and `.md`.
    const asMarkdown = place.pagePath.toLowerCase().endsWith('.md');
    const pagePath = asMarkdown ? place.pagePath.slice(0, -3) : place.pagePath;
    const page = pagePath === '' ? space.readingOrder[0] : space.byPath.get(pagePath.toLowerCase());
    if (!page) {
      // A path the repository's .gitbook.yaml redirects: 301 to the page it names.
      const moved = asMarkdown ? undefined : await redirectOf(core, space, pagePath);
      const to = moved ? space.byId.get(moved) : undefined;
      return to ? redirect(301, at.page(place.prefix, space, to)) : await notFound();
    }
    if (page.type === 'group') {
      const first = firstDocument(page);
      return first ? redirect(302, at.page(place.prefix, space, first)) : await notFound();
    }
    if (page.type === 'link') {
      const target = safeUrl(page.href ?? '');
      return target ? redirect(302, target) : await notFound();
    }
    if (asMarkdown) {
      // A stored page's markdown is its version's: tagged by it, a copy that has it gets 304 unread.
      const stored = space.state.pages.get(page.id);
      const tag = stored && !(await pageData(core, stored.versionId)).computed ? markdownValidator(stored.versionId) : undefined;
      const spaceTag: Record<string, string> = tag && visit.everyone && !personal ? { [SPACE_TAG_HEADER]: await spaceTagOf(core, { organizationId: site.organization_id, site: await siteKey(visit), space, basePath, prefix: place.prefix }) } : {};
      if (tag && tagMatches(req.headers['if-none-match'], tag)) return { status: 304, headers: { etag: tag, ...cache, ...spaceTag } };
      const answer = text('text/markdown; charset=utf-8', await pageMarkdown(core, space, page), { ...cache, ...spaceTag });
      return tag ? { ...answer, kept: taggedBody(answer.body as string, tag) } : answer;
    }

    const { data, markdown } = await publishedMarkdown(core, space, page.id);
    // The page's title heads the page: the content's own first `# Title` is not shown twice.
    // The API operations its blocks name, from their specs' latest versions (part of what the page shows).
    const operations = await pageOperations(core, visit.site.organization_id, space, page.id, markdown);
    const { validator, spaceTag } = data.computed ? { validator: undefined, spaceTag: {} } : await sharedTags(page.id, operations.versions);
    if (validator !== undefined && tagMatches(req.headers['if-none-match'], validator)) return notModified(validator, spaceTag);
    const kept = validator === undefined ? undefined : views.get(validator);
    if (kept) return { ...html(200, '', { ...cache, ...spaceTag }), kept };
    const renderOnce = () => safely(() => renderMarkdown(withoutLeadingTitle(markdown), { ...linkResolver(space, page, place.prefix, at), operation: operations.lookup, schema: (block, pointer) => schemaAddress(place.prefix, operations.schemaSource(block), pointer) }), markdown);
    // The operations its blocks name are read first; one the page's scan missed is read, and the page rendered again.
    const render = async () => {
      await operations.load();
      const once = renderOnce();
      return (await operations.loadMissed()) ? renderOnce() : once;
    };
    const rendered = data.computed ? await render() : await bodies.getOrMake(`${space.revisionId}\n${page.id}\n${basePath}\n${place.prefix.join('/')}\n${operations.versions}`, render);
    const order = space.readingOrder.findIndex((p) => p.id === page.id);
    const link = (p: TocPage | undefined): NavLink | undefined => (p ? { title: p.title, href: at.page(place.prefix, space, p) } : undefined);
    const view: PageView = {
      ...(await around(page.id)),
      breadcrumbs: ancestors(space, page).map((p) => ({ title: p.title, href: p.type === 'group' ? (link(firstDocument(p))?.href ?? at.home()) : at.page(place.prefix, space, p) })),
      title: data.title,
      ...(data.emoji ? { emoji: data.emoji } : {}),
      ...(data.description ? { description: data.description } : {}),
      body: rendered.html,
      outline: rendered.outline,
      ...(order > 0 ? { previous: link(space.readingOrder[order - 1]) } : {}),
      ...(order >= 0 && order < space.readingOrder.length - 1 ? { next: link(space.readingOrder[order + 1]) } : {}),
      canonical: await canonicalUrl(visit, place.siteSpace.id, space, page),
    };
    const made = pageHtml(view);
    if (validator === undefined) return html(200, made, cache);
    const tagged = taggedBody(made, validator);
    views.set(validator, tagged);
    return { ...html(200, made, { ...cache, ...spaceTag }), kept: tagged };
  }

  return async function read(req: ApiRequest, trace?: RequestTrace): Promise<ApiResponse | undefined> {
    const { path, search } = splitUrl(req.url);
    if (req.method !== 'GET' && req.method !== 'HEAD' && !path.endsWith(`/${MCP_SEGMENTS.join('/')}`)) return undefined;
    // The API's, and the paths the app answers beside it (health, readiness and its OpenAPI document).
    if (path === '/v1' || path.startsWith('/v1/') || APP_PATHS.has(path)) return undefined;
    const asset = assetAt(path);
    if (asset) return finished(req, { status: 200, headers: { 'content-type': asset.contentType, 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' }, body: asset.body });
    try {
      // What is remembered between requests (a site, its structure, a space's revision) is checked
      // against the database's change versions once a request, as the API does (core.revalidate).
      // On the path form the organization is known already: its version is read in the same query.
      const organization = organizationInSitePath(core, path);
      await core.revalidate(organization ? { organization } : undefined);
      const host = req.headers.host;
      const located = await locateSite(core, { host: typeof host === 'string' ? host : '', path });
      if (!located) return undefined;
      if (trace) trace.operationId = 'readPublishedSite';
      return finished(req, await visitPage(req, located, new URLSearchParams(search)));
    } catch (error) {
      // The database away: come back in a moment, as the API says.
      if (error instanceof DatabaseUnavailable) return html(503, '<!doctype html><title>Unavailable</title><p>The site is unavailable for a moment. Try again.</p>', { 'retry-after': '1', 'cache-control': 'no-store' });
      throw error;
    }
  };
}
