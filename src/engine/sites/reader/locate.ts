import type { Core } from '../../core';
import type { SiteRow } from '../rows';
import { organizationHosts, publishedBase } from '../urls';

/** Where a visitor's browser asked: the Host header and the path (without query). */
export interface VisitAddress {
  host: string;
  path: string;
}

/** A published site a request is for: the site, the URL prefix the visitor reached it by, and what follows it. */
export interface LocatedSite {
  site: SiteRow;
  /** The path the visitor reached the site by, without a trailing `/` ('' at a host's root): links in its pages start with it. */
  basePath: string;
  /** The path segments after the base, decoded. */
  rest: string[];
}

const segmentsOf = (path: string): string[] | undefined => {
  try {
    return path.split('/').filter(Boolean).map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined; // a malformed %-escape: no site page
  }
};

/** A site of `organizationId` named by the URL's tail: its basename, else its id (a site without basename). */
async function siteByTail(core: Core, organizationId: string, tail: string): Promise<SiteRow | undefined> {
  // Remembered until the organization's next write (core.remember), as every view of a page asks.
  return await core.remember(`site-by-tail:${organizationId}:${tail}`, async () =>
    (await core.get<SiteRow>('SELECT * FROM sites WHERE organization_id = ? AND basename = ? AND proxy IS NULL', [organizationId, tail])) ??
    (await core.get<SiteRow>('SELECT * FROM sites WHERE organization_id = ? AND id = ? AND proxy IS NULL', [organizationId, tail])),
  organizationId);
}

/** The organization a path of the path form names (`…/o/{organizationId}/sites/…`), if it is one. */
export function organizationInSitePath(core: Core, path: string): string | undefined {
  const segments = segmentsOf(path);
  const prefix = segmentsOf(new URL(core.publicUrl).pathname) ?? [];
  if (!segments || !prefix.every((segment, i) => segments[i] === segment)) return undefined;
  return segments[prefix.length] === 'o' && segments[prefix.length + 2] === 'sites' ? segments[prefix.length + 1] : undefined;
}

/**
 * The site a visitor's request is for, by each form `urls.published` takes (engine/sites/urls.ts): the
 * path form `{publicUrl}/o/{organizationId}/sites/{basename or id}` on any host, the organization's
 * hostname as a sub-domain of the public URL's host, the site's own hostname (then its basename, when
 * set) and the organization's custom hostname. Undefined when the request is for none (the API's).
 */
export async function locateSite(core: Core, address: VisitAddress): Promise<LocatedSite | undefined> {
  const segments = segmentsOf(address.path);
  if (!segments) return undefined;
  const instance = new URL(core.publicUrl);
  const host = address.host.toLowerCase();
  const prefix = segmentsOf(instance.pathname) ?? [];
  const underPrefix = prefix.every((segment, i) => segments[i] === segment);
  // The path form, whatever the host: what a server on an IP address hands out.
  if (underPrefix && segments[prefix.length] === 'o' && segments[prefix.length + 2] === 'sites' && segments.length >= prefix.length + 4) {
    const [organizationId, , tail] = segments.slice(prefix.length + 1, prefix.length + 4);
    const site = await siteByTail(core, organizationId, tail);
    if (!site) return undefined;
    const basePath = `/${[...prefix, 'o', organizationId, 'sites', tail].map(encodeURIComponent).join('/')}`;
    return { site, basePath, rest: segments.slice(prefix.length + 4) };
  }
  const hostname = host.replace(/:\d+$/, '');
  // The organization's hostname as a sub-domain of the public URL's host (same port).
  if (host.endsWith(`.${instance.host}`)) {
    const label = host.slice(0, -instance.host.length - 1);
    const organization = /^[a-z0-9-]+$/.test(label) ? await core.get<{ id: string }>('SELECT id FROM organizations WHERE hostname = ?', [label]) : undefined;
    if (organization && segments.length >= 1) {
      const site = await siteByTail(core, organization.id, segments[0]);
      if (site) return { site, basePath: `/${encodeURIComponent(segments[0])}`, rest: segments.slice(1) };
    }
    return undefined;
  }
  if (hostname === instance.hostname) return undefined;
  // The site's own hostname, then its basename when it has one.
  for (const site of await core.all<SiteRow>('SELECT * FROM sites WHERE hostname = ? AND proxy IS NULL', [hostname])) {
    if (!site.basename) return { site, basePath: '', rest: segments };
    if (segments[0] === site.basename) return { site, basePath: `/${encodeURIComponent(site.basename)}`, rest: segments.slice(1) };
  }
  const organization = await core.get<{ id: string }>('SELECT id FROM organizations WHERE custom_hostname = ?', [hostname]);
  if (organization && segments.length >= 1) {
    const site = await siteByTail(core, organization.id, segments[0]);
    if (site) return { site, basePath: `/${encodeURIComponent(segments[0])}`, rest: segments.slice(1) };
  }
  return undefined;
}

/** Every published site of the instance with the URL a visitor opens (without share key), in title order. */
export async function publishedSites(core: Core): Promise<{ id: string; title: string; visibility: SiteRow['visibility']; url: string }[]> {
  const sites = await core.all<SiteRow>('SELECT * FROM sites WHERE published = 1 ORDER BY title, id');
  const out = [];
  for (const site of sites) out.push({ id: site.id, title: site.title, visibility: site.visibility, url: await siteBaseUrl(core, site) });
  return out;
}

/** The URL of a site's root that the API hands out (its canonical address, without share key). */
export async function siteBaseUrl(core: Core, site: SiteRow): Promise<string> {
  return publishedBase(core, site, await organizationHosts(core, site.organization_id));
}
