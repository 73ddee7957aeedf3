import type { Core } from '../core';
import type { spacesModule } from '../spaces';

/** A site's structure: sections, section groups and site spaces (issue 6). */
export function structureModule(core: Core, spaces: ReturnType<typeof spacesModule>) {
  void core; void spaces;
  return {};
}
