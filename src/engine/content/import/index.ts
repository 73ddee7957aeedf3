import type { Core } from '../../core';
import type { spacesModule } from '../../spaces';
import type { changeRequestsModule } from '../../change-requests';

/** Content import from a URL (website crawl, html, markdown, zip, docx) into a space or a change request. */
export function importModule(core: Core, spaces: ReturnType<typeof spacesModule>, changeRequests: ReturnType<typeof changeRequestsModule>) {
  void core; void spaces; void changeRequests;
  return {};
}
