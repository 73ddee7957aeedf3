import type { Actor, Core } from '../../core';
import { EngineError, invalid } from '../../errors';
import type { spacesModule, SpaceRow } from '../../spaces';
import { siteFor, type SiteNeed, type SiteRow } from '../rows';
import { StructureView, type Viewer } from './present';

/** The site as the caller may use it, and a view of its structure presented for them. */
export interface SiteContext {
  site: SiteRow;
  viewer: Viewer;
  /** Loads the structure as it is now (after a change, load again). */
  view(): Promise<StructureView>;
}

export async function siteContext(core: Core, actor: Actor, organizationId: string, siteId: string, need: SiteNeed): Promise<SiteContext> {
  const { site, role } = await siteFor(core, actor, organizationId, siteId, need);
  const viewer = { role, userId: actor.userId };
  return { site, viewer, view: async () => await StructureView.load(core, site.id, site.organization_id, viewer) };
}

/**
 * A space named in a body (`field`, e.g. `spaceId` or `spaces[2]`): a live space of the organization that
 * the caller can read, else 400 naming the field (never revealing whether it exists elsewhere).
 */
export async function spaceInOrganization(spaces: ReturnType<typeof spacesModule>, actor: Actor, organizationId: string, spaceId: string, field: string): Promise<SpaceRow> {
  let row: SpaceRow;
  try {
    row = await spaces.visible(actor, spaceId);
  } catch (error) {
    if (error instanceof EngineError && error.kind === 'NotFound') throw invalid(`${field}: no space ${spaceId} in this organization`);
    throw error;
  }
  if (row.organization_id !== organizationId) throw invalid(`${field}: no space ${spaceId} in this organization`);
  return row;
}

/** `spaceId` of a structure body: a space the site may hold. */
export async function spaceForSite(spaces: ReturnType<typeof spacesModule>, actor: Actor, site: SiteRow, spaceId: string): Promise<SpaceRow> {
  return await spaceInOrganization(spaces, actor, site.organization_id, spaceId, 'spaceId');
}
