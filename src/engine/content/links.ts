import type { Core } from '../core';
import type { spacesModule } from '../spaces';
import type { changeRequestsModule } from '../change-requests';

/** Links of a revision's pages, classified, and backlinks of files. */
export function linksModule(core: Core, spaces: ReturnType<typeof spacesModule>, changeRequests: ReturnType<typeof changeRequestsModule>) {
  void core; void spaces; void changeRequests;
  return {};
}
