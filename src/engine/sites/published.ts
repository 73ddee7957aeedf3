import { timingSafeEqual } from 'node:crypto';
import type { Actor, Core } from '../core';
import { membershipOf } from '../access';
import { notFound } from '../errors';
import { signingSecret, verifyJwt } from '../jwt';
import type { SiteRow } from './rows';
import { countedSite, presentSite } from './present';
import { customizationsOf } from './customizations';
import { ANONYMOUS, presentSiteStructure } from './structure/present';
import { siteSpacesIn, visitorStructure } from './visitor-structure';
import type { VisitorClaims } from '../../domain/condition/index';

export interface PublishedQuery {
  /** The key of a share-link site. */
  shareKey?: string;
  /** A visitor JWT (the `serviceVisitorClaims` ping hands out) for a visitor-auth site. */
  visitorToken?: string;
  /** Unsigned claims, as the request brings them (`unsigned`, a JSON object). */
  unsigned?: Record<string, unknown>;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The longest a visitor JWT may be valid for: from `iat` (or from now, without one) to `exp`. */
export const MAX_VISITOR_TOKEN_SECONDS = 30 * 24 * 3600;

/**
 * The claims of a visitor JWT signed with the site's visitor signing key or the instance's key, issued for the site's organization, with
 * an `exp` that has not passed and lies at most 30 days after its `iat` (a token without `exp` would be
 * valid forever); undefined for any other token.
 */
async function visitorTokenClaims(core: Core, site: SiteRow, token: string | undefined): Promise<Record<string, unknown> | undefined> {
  if (!token) return undefined;
  const now = Math.floor(core.clock.now().getTime() / 1000);
  // Signed by the site's own sign-in backend (its visitor signing key), or by the instance (the ping's).
  const claims = (site.visitor_signing_key ? verifyJwt(token, site.visitor_signing_key, now) : undefined) ?? verifyJwt(token, await signingSecret(core), now);
  if (claims === undefined || claims.org !== site.organization_id || typeof claims.exp !== 'number') return undefined;
  const from = typeof claims.iat === 'number' ? Math.min(claims.iat, now) : now;
  return claims.exp - from <= MAX_VISITOR_TOKEN_SECONDS ? claims : undefined;
}

/**
 * What a visitor brings to a site with adaptive content: the signed claims of a valid visitor token
 * (its payload, whatever the site's visibility; its own `unsigned` field aside) and the request's
 * unsigned claims. An invalid token brings no claims.
 */
export async function visitorClaims(core: Core, site: SiteRow, query: PublishedQuery): Promise<VisitorClaims> {
  const { unsigned: _ignored, ...signed } = (await visitorTokenClaims(core, site, query.visitorToken)) ?? {};
  return { signed, unsigned: query.unsigned ?? {} };
}

/**
 * Whether a caller who is not a member with a role may see the published site: only once it is
 * published, and then as its visibility says (public and unlisted: any authenticated caller;
 * share-link: with the right key; visitor-auth: with a valid visitor token).
 */
export async function visitorMaySee(core: Core, site: SiteRow, query: PublishedQuery): Promise<boolean> {
  if (site.published !== 1) return false;
  switch (site.visibility) {
    case 'public':
    case 'unlisted':
      return true;
    case 'share-link':
      return query.shareKey !== undefined && sameSecret(query.shareKey, site.share_key);
    case 'visitor-auth':
      return (await visitorTokenClaims(core, site, query.visitorToken)) !== undefined;
  }
}

/**
 * api.md's Published content site. Members with a role always see it (published or not, whatever its
 * visibility); anyone else who may not see it gets the same 404 as for a site that does not exist.
 */
export async function publishedContentSite(core: Core, actor: Actor, organizationId: string, siteId: string, query: PublishedQuery) {
  const site = await core.get<SiteRow>('SELECT * FROM sites WHERE id = ? AND organization_id = ?', [siteId, organizationId]);
  const membership = site ? await membershipOf(core, organizationId, actor.userId) : undefined;
  const member = membership !== undefined && membership.role !== null;
  if (!site || (!member && !await visitorMaySee(core, site, query))) throw notFound(`site ${siteId} not found`);
  const viewer = member ? { role: membership.role, userId: actor.userId } : ANONYMOUS;
  // Members with a role see every section and site space, with its condition.
  const structure = member
    ? await presentSiteStructure(core, siteId, viewer)
    : visitorStructure(await presentSiteStructure(core, siteId, viewer), site.adaptive_enabled ? await visitorClaims(core, site, query) : undefined);
  // A visitor who came in with the share key may see it in the URLs; members may anyway.
  const presented = await presentSite(core, (await countedSite(core, siteId))!, { withShareKey: member || site.visibility === 'share-link', role: viewer.role });
  return {
    object: 'published-content-site' as const,
    // A visitor's count is of the site spaces they see: hidden ones are not hinted at.
    site: member ? presented : { ...presented, siteSpaces: siteSpacesIn(structure) },
    structure,
    customizations: customizationsOf(site),
    // Integrations load scripts on a published site; docsctl has no integrations.
    scripts: [],
  };
}
