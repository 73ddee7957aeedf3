import type { Core } from '../../core';
import type { spacesModule } from '../../spaces';
import { groupsModule } from './groups';
import { sectionsModule } from './sections';
import { siteSpacesModule } from './site-spaces';

/**
 * A site's structure (issue 6): section groups, sections and site spaces. Members with a role read it;
 * organization admins change it (see site-rows.ts).
 */
export function structureModule(core: Core, spaces: ReturnType<typeof spacesModule>) {
  return { ...groupsModule(core), ...sectionsModule(core, spaces), ...siteSpacesModule(core, spaces) };
}
