import type { Core } from '../core';
import type { spacesModule } from '../spaces';

/** Sites: create/list/get/update/delete, share keys, adaptive schema, published content (issue 6). */
export function sitesModule(core: Core, spaces: ReturnType<typeof spacesModule>) {
  void core; void spaces;
  return {};
}
