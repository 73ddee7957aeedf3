import type { Core } from '../core';
import type { SiteRow } from './rows';

/** What the published URL of a site depends on, beside the site itself. */
export interface OrganizationHosts {
  hostname: string | null;
  custom_hostname: string | null;
}

export async function organizationHosts(core: Core, organizationId: string): Promise<OrganizationHosts> {
  return await core.remember(hostsKey(organizationId), async () =>
    await core.get<OrganizationHosts>('SELECT hostname, custom_hostname FROM organizations WHERE id = ?', [organizationId]) ?? { hostname: null, custom_hostname: null },
  organizationId);
}

const hostsKey = (organizationId: string) => `org-hosts:${organizationId}`;

/**
 * The organization's hosts as a request read them with something else (GET of a site reads them with
 * the site), remembered as `organizationHosts` would: what follows needs no statement of its own.
 */
export async function knownHosts(core: Core, organizationId: string, hosts: OrganizationHosts): Promise<OrganizationHosts> {
  return await core.remember(hostsKey(organizationId), () => hosts, organizationId);
}

/**
 * Where a site is published, first match wins:
 * 1. a proxy: `https://{proxy}` (the site is served under the caller's own domain and path);
 * 2. the site's custom hostname: `https://{hostname}` plus `/{basename}` when set;
 * 3. the organization's custom hostname: `https://{customHostname}/{basename or site id}`;
 * 4. the organization's hostname, as a subdomain of the instance: `{scheme}://{hostname}.{instance host}/{basename or site id}`,
 *    unless the instance's host is an IP address (a sub-domain of one is no host name);
 * 5. otherwise under the instance: `{publicUrl}/o/{organizationId}/sites/{basename or site id}`.
 */
export function publishedBase(core: Core, site: SiteRow, hosts: OrganizationHosts): string {
  const tail = site.basename ?? site.id;
  if (site.proxy) return `https://${site.proxy}`;
  if (site.hostname) return `https://${site.hostname}${site.basename ? `/${site.basename}` : ''}`;
  if (hosts.custom_hostname) return `https://${hosts.custom_hostname}/${tail}`;
  if (hosts.hostname) {
    const instance = new URL(core.publicUrl);
    if (!isIpAddress(instance.hostname)) return `${instance.protocol}//${hosts.hostname}.${instance.host}/${tail}`;
  }
  return `${core.publicUrl}/o/${site.organization_id}/sites/${tail}`;
}

/** Whether a URL's host name is an IP address (v4, or v6 in brackets): it has no sub-domains to give. */
export const isIpAddress = (hostname: string) => hostname.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);

/** The published URL of site `siteId` without any share key (sections and site spaces extend it with their paths). */
export async function publishedBaseOf(core: Core, siteId: string): Promise<string> {
  const site = await core.get<SiteRow>('SELECT * FROM sites WHERE id = ?', [siteId]);
  return site ? publishedBase(core, site, await organizationHosts(core, site.organization_id)) : `${core.publicUrl}/sites/${siteId}`;
}

/** The published URL, carrying the share key for share-link sites when the caller may know it. */
export async function publishedUrl(core: Core, site: SiteRow, options: { withShareKey: boolean }): Promise<string> {
  const base = publishedBase(core, site, await organizationHosts(core, site.organization_id));
  return site.visibility === 'share-link' && options.withShareKey ? shareUrlOf(base, site.share_key) : base;
}

/** Where a proxy forwards to: the URL the site would be published at without the proxy. */
export async function proxyTarget(core: Core, site: SiteRow): Promise<string> {
  return publishedBase(core, { ...site, proxy: null }, await organizationHosts(core, site.organization_id));
}

/** A share link: the published URL with `?shareKey=` (the name of the API's own query parameter). */
export function shareUrlOf(base: string, shareKey: string): string {
  return `${base}?shareKey=${encodeURIComponent(shareKey)}`;
}
