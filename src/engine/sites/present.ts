import type { Core } from '../core';
import type { SiteRow } from './rows';
import { SITE_TYPES, type SiteFeatureId, type SiteType, type SiteIcon } from '../../domain/site-values';
import type { Role } from '../../domain/roles';
import { sitePermissionsFor } from './permissions';
import { proxyTarget, publishedUrl } from './urls';

/** A site row with the number of site spaces that show (their space is live and still the organization's). */
export type CountedSiteRow = SiteRow & { site_spaces: number };

/** Columns of a counted site row (`st` is the `sites` table). */
export const COUNTED_SITE_COLUMNS = `st.*, (SELECT COUNT(*) FROM site_spaces x JOIN spaces sp ON sp.id = x.space_id
  WHERE x.site_id = st.id AND sp.deleted_at IS NULL AND sp.organization_id = st.organization_id) AS site_spaces`;

export async function countedSite(core: Core, siteId: string): Promise<CountedSiteRow | undefined> {
  return await core.get<CountedSiteRow>(`SELECT ${COUNTED_SITE_COLUMNS} FROM sites st WHERE st.id = ?`, [siteId]);
}

/**
 * What each plan brings, by the plan that first includes it. docsctl enforces none of them (every
 * site of a self-hosted instance can use everything); `features` tells clients what the type means.
 */
const FEATURES: [SiteFeatureId, SiteType][] = [
  ['sites-sections', 'basic'],
  ['sites-share-links', 'basic'],
  ['sites-custom-domain', 'premium'],
  ['sites-visitor-authentication', 'premium'],
  // A proxy serves the site under a path of the customer's own domain: the platform's custom subdirectory.
  ['sites-custom-subdirectory', 'ultimate'],
  ['sites-adaptive-content', 'ultimate'],
];

export function featuresOf(type: string) {
  const rank = SITE_TYPES.indexOf(type as SiteType);
  return FEATURES.filter(([, plan]) => SITE_TYPES.indexOf(plan) <= rank).map(([id, plan]) => ({ id, plan, frozen: false }));
}

/** The site `icon` as stored (JSON of one of api.md's variants, checked when written), or null. */
function iconOf(row: SiteRow): SiteIcon | null {
  if (!row.icon) return null;
  try {
    return JSON.parse(row.icon) as SiteIcon;
  } catch {
    return null;
  }
}

/**
 * api.md's Site. `withShareKey` says whether the caller may know the share key of a share-link
 * site (members may; see site-published.ts for visitors): then `urls.published` carries it. `role`
 * is the caller's in the organization (null: a visitor without one), for `permissions`.
 */
export async function presentSite(core: Core, row: CountedSiteRow, options: { withShareKey: boolean; role: Role | null }) {
  return {
    object: 'site' as const,
    id: row.id,
    type: row.type,
    // docsctl never freezes a site down to a lower plan: the plan in force is the site's own.
    appliedType: row.type,
    title: row.title,
    icon: iconOf(row),
    ...(row.hostname ? { hostname: row.hostname } : {}),
    ...(row.basename ? { basename: row.basename } : {}),
    // The origin as PATCH took it (host and path, no scheme), as the platform's `origin` pattern has it.
    ...(row.proxy ? { proxy: { origin: row.proxy, target: await proxyTarget(core, row) } } : {}),
    visibility: row.visibility,
    // Sites have no access rules of their own: who reads and changes one follows the organization's roles.
    defaultLevel: 'inherit' as const,
    permissions: sitePermissionsFor(options.role),
    published: row.published === 1,
    siteSpaces: row.site_spaces,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    adaptiveContent: { enabled: row.adaptive_enabled === 1 },
    // docsctl serves no ads: nothing was submitted to an ad programme, and nothing can be.
    ads: { status: 'pending' as const, submittable: false },
    features: featuresOf(row.type),
    urls: {
      location: core.apiUrl(`/orgs/${row.organization_id}/sites/${row.id}`),
      app: core.appUrl(`/o/${row.organization_id}/sites/${row.id}`),
      published: await publishedUrl(core, row, options),
      // Where the site can be seen before it is published: its published content, which members read
      // whether or not the site is live.
      preview: core.apiUrl(`/orgs/${row.organization_id}/sites/${row.id}/published`),
    },
  };
}

export type Site = Awaited<ReturnType<typeof presentSite>>;
