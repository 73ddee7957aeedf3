import type { Core } from '../../core';
import { invalid } from '../../errors';
import { loadStructure, sectionRow, siteSpaceRow, type SiteSpaceRow } from './rows';
import { orderedSections, siteSpacesOf } from './order';

/**
 * Defaults are exclusive: one default section per site (while it has sections) and one default site
 * space per container (a section, or the site's root). Setting one clears the old one.
 */

/** Makes `sectionId` the site's default section (the site's `defaultSiteSection`). 400 naming the field when it is not a section of the site. */
export async function setDefaultSection(core: Core, siteId: string, sectionId: string): Promise<void> {
  if (!await sectionRow(core, siteId, sectionId)) throw invalid(`defaultSiteSection: no section ${sectionId} in site ${siteId}`);
  await core.run('UPDATE site_sections SET is_default = CASE WHEN id = ? THEN 1 ELSE 0 END WHERE site_id = ?', [sectionId, siteId]);
}

/** Makes a site space the default of its container (a section's `defaultSiteSpace`). */
export async function markDefaultSiteSpace(core: Core, row: Pick<SiteSpaceRow, 'id' | 'site_id' | 'section_id'>): Promise<void> {
  await core.run('UPDATE site_spaces SET is_default = CASE WHEN id = ? THEN 1 ELSE 0 END WHERE site_id = ? AND section_id IS ?', [row.id, row.site_id, row.section_id]);
}

/**
 * Makes `siteSpaceId` the site's default site space (the site's `defaultSiteSpace`): the default of its
 * section, and its section the site's default section, so a visitor of the site lands on it. 400 naming
 * the field when it is not a site space of the site (or its space is deleted).
 */
export async function setDefaultSiteSpace(core: Core, siteId: string, siteSpaceId: string): Promise<void> {
  const row = await siteSpaceRow(core, siteId, siteSpaceId);
  if (!row || !row.visible) throw invalid(`defaultSiteSpace: no site space ${siteSpaceId} in site ${siteId}`);
  await markDefaultSiteSpace(core, row);
  if (row.section_id) await setDefaultSection(core, siteId, row.section_id);
}

/**
 * After a section or site space goes (or the first one arrives): a site with sections and no default
 * section gets its first one; a container with site spaces and no default gets its first one. A default
 * whose space is deleted keeps its mark, so restoring the space brings it back as the default.
 */
export async function repairDefaults(core: Core, siteId: string): Promise<void> {
  const structure = await loadStructure(core, siteId);
  const sections = orderedSections(structure);
  if (sections.length && !sections.some((s) => s.row.is_default)) {
    await core.run('UPDATE site_sections SET is_default = 1 WHERE id = ?', [sections[0].row.id]);
  }
  for (const container of [null, ...sections.map((s) => s.row.id)]) {
    const siteSpaces = siteSpacesOf(structure, container);
    if (siteSpaces.length && !siteSpaces.some((s) => s.is_default)) {
      await core.run('UPDATE site_spaces SET is_default = 1 WHERE id = ?', [(siteSpaces.find((s) => s.visible) ?? siteSpaces[0]).id]);
    }
  }
}
