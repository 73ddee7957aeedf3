import type { Core } from '../../core';

/** Rows of the structure tables (migration 006). */
export interface GroupRow {
  id: string;
  site_id: string;
  title: string;
  icon: string | null;
  position: number;
  created_at: string;
}

export interface SectionRow {
  id: string;
  site_id: string;
  group_id: string | null;
  title: string;
  description: string | null;
  path: string;
  condition: string | null;
  icon: string | null;
  is_default: number;
  position: number;
  created_at: string;
}

export interface SiteSpaceRow {
  id: string;
  site_id: string;
  section_id: string | null;
  space_id: string;
  path: string;
  condition: string | null;
  is_default: number;
  position: number;
  created_at: string;
  /** The space's title (joined). */
  space_title: string;
  /** 1 when the site space shows: its space is live and still belongs to the site's organization. */
  visible: number;
}

/**
 * Site spaces with their space's title and whether they show. A site space whose space is deleted (or
 * was transferred to another organization) is hidden, not removed: restoring the space brings it back.
 */
const SITE_SPACES = `SELECT ss.*, sp.title AS space_title,
    (sp.deleted_at IS NULL AND sp.organization_id = st.organization_id) AS visible
  FROM site_spaces ss JOIN spaces sp ON sp.id = ss.space_id JOIN sites st ON st.id = ss.site_id`;

/** Everything a site's structure holds, each kind in its stored order; hidden site spaces included. */
export interface Structure {
  groups: GroupRow[];
  sections: SectionRow[];
  siteSpaces: SiteSpaceRow[];
}

export async function loadStructure(core: Core, siteId: string): Promise<Structure> {
  return {
    groups: await core.all<GroupRow>('SELECT * FROM site_section_groups WHERE site_id = ? ORDER BY position, id', [siteId]),
    sections: await core.all<SectionRow>('SELECT * FROM site_sections WHERE site_id = ? ORDER BY position, id', [siteId]),
    siteSpaces: await core.all<SiteSpaceRow>(`${SITE_SPACES} WHERE ss.site_id = ? ORDER BY ss.position, ss.id`, [siteId]),
  };
}

export async function groupRow(core: Core, siteId: string, groupId: string): Promise<GroupRow | undefined> {
  return await core.get<GroupRow>('SELECT * FROM site_section_groups WHERE id = ? AND site_id = ?', [groupId, siteId]);
}

export async function sectionRow(core: Core, siteId: string, sectionId: string): Promise<SectionRow | undefined> {
  return await core.get<SectionRow>('SELECT * FROM site_sections WHERE id = ? AND site_id = ?', [sectionId, siteId]);
}

/** A site space of the site, hidden ones included (callers decide what a hidden one means). */
export async function siteSpaceRow(core: Core, siteId: string, siteSpaceId: string): Promise<SiteSpaceRow | undefined> {
  return await core.get<SiteSpaceRow>(`${SITE_SPACES} WHERE ss.id = ? AND ss.site_id = ?`, [siteSpaceId, siteId]);
}

/** Site spaces in one container (a section, or the root when `sectionId` is null), in order, hidden ones included. */
export async function siteSpacesIn(core: Core, siteId: string, sectionId: string | null): Promise<SiteSpaceRow[]> {
  return await core.all<SiteSpaceRow>(`${SITE_SPACES} WHERE ss.site_id = ? AND ss.section_id IS ? ORDER BY ss.position, ss.id`, [siteId, sectionId]);
}

/** How many site spaces of the site show (the site's `siteSpaces` count). */
export async function countSiteSpaces(core: Core, siteId: string): Promise<number> {
  return (await core.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM site_spaces ss JOIN spaces sp ON sp.id = ss.space_id JOIN sites st ON st.id = ss.site_id
     WHERE ss.site_id = ? AND sp.deleted_at IS NULL AND sp.organization_id = st.organization_id`,
    [siteId],
  ))!.n;
}

/** A position after every site space of a container (a section, or the root), hidden ones included. */
export async function nextSiteSpacePosition(core: Core, siteId: string, sectionId: string | null): Promise<number> {
  const row = await core.get<{ p: number | null }>('SELECT MAX(position) AS p FROM site_spaces WHERE site_id = ? AND section_id IS ?', [siteId, sectionId]);
  return (row?.p ?? -1) + 1;
}
