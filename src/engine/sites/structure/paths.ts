import type { Core } from '../../core';
import { conflict } from '../../errors';
import { slugify } from '../../../markdown/markdown';

/**
 * Paths are unique among siblings: a section's among the site's sections (they share the site's URL
 * space, groups add no segment), a site space's among the site spaces of its section (or the root),
 * hidden ones included so that restoring a space never makes two alike. A new object takes the slug of
 * its title with `-2`, `-3`… when taken; renaming onto a taken path is 409.
 */
export async function sectionPathTaken(core: Core, siteId: string, path: string, exceptId = ''): Promise<boolean> {
  return !!await core.get('SELECT 1 FROM site_sections WHERE site_id = ? AND path = ? AND id <> ?', [siteId, path, exceptId]);
}

export async function siteSpacePathTaken(core: Core, siteId: string, sectionId: string | null, path: string, exceptId = ''): Promise<boolean> {
  return !!await core.get('SELECT 1 FROM site_spaces WHERE site_id = ? AND section_id IS ? AND path = ? AND id <> ?', [siteId, sectionId, path, exceptId]);
}

/** The slug of `title`, suffixed until `taken` says it is free (at most 100 characters). */
export async function freePath(title: string, taken: (path: string) => boolean | Promise<boolean>): Promise<string> {
  const base = slugify(title);
  if (!await taken(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const path = `${base.slice(0, 100 - suffix.length)}${suffix}`;
    if (!await taken(path)) return path;
  }
}

export async function requireFreeSectionPath(core: Core, siteId: string, path: string, sectionId: string): Promise<void> {
  if (await sectionPathTaken(core, siteId, path, sectionId)) throw conflict(`path: another section of this site already has the path "${path}"`);
}

export async function requireFreeSiteSpacePath(core: Core, siteId: string, sectionId: string | null, path: string, siteSpaceId: string): Promise<void> {
  if (await siteSpacePathTaken(core, siteId, sectionId, path, siteSpaceId)) {
    throw conflict(`path: another site space ${sectionId ? `of section ${sectionId}` : 'at the root of this site'} already has the path "${path}"`);
  }
}
