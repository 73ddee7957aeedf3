import type { Core } from '../core';
import type { spacesModule } from '../spaces';
import { groupsModule } from './structure-groups';
import { sectionsModule } from './structure-sections';
import { siteSpacesModule } from './structure-site-spaces';

/**
 * A site's structure (issue 6): section groups, sections and site spaces. Members with a role read it;
 * organization admins change it (see site-rows.ts).
 */
export function structureModule(core: Core, spaces: ReturnType<typeof spacesModule>) {
  return { ...groupsModule(core), ...sectionsModule(core, spaces), ...siteSpacesModule(core, spaces) };
}
