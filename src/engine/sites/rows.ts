import type { Actor, Core } from '../core';
import { requireMember } from '../access';
import { forbidden, notFound } from '../errors';
import type { Role } from '../../domain/roles';
import type { SiteType, SiteVisibility } from '../../domain/site-values';

/** A row of `sites` (see migration 006). */
export interface SiteRow {
  id: string;
  organization_id: string;
  type: SiteType;
  title: string;
  visibility: SiteVisibility;
  published: number;
  hostname: string | null;
  basename: string | null;
  proxy: string | null;
  icon: string | null;
  adaptive_enabled: number;
  adaptive_schema: string | null;
  adaptive_updated_at: string | null;
  share_key: string;
  /** The key visitor tokens of this site are signed with (null until first read; migration 021). */
  visitor_signing_key: string | null;
  /** Where a visitor without a valid token is sent (their sign-in page); null: a 404. */
  visitor_fallback_url: string | null;
  customizations: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * Who may do what with sites: members with a role read them (guests and outsiders get 404, as for an
 * organization they cannot see); only organization admins change a site or its structure (403).
 */
export type SiteNeed = 'read' | 'manage';

export function canManageSites(role: Role | null): boolean {
  return role === 'admin';
}

/** The site `siteId` of `organizationId` as the caller may use it: 404 when unseen, 403 when not allowed. */
export async function siteFor(core: Core, actor: Actor, organizationId: string, siteId: string, need: SiteNeed): Promise<{ site: SiteRow; role: Role | null }> {
  const { role } = await requireMember(core, actor, organizationId);
  const site = await core.get<SiteRow>('SELECT * FROM sites WHERE id = ? AND organization_id = ?', [siteId, organizationId]);
  if (!site || role === null) throw notFound(`site ${siteId} not found`);
  if (need === 'manage' && !canManageSites(role)) throw forbidden('you are not allowed to change sites (admin role required)');
  return { site, role };
}
