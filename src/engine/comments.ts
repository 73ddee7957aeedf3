import type { Core } from './core';
import type { spacesModule } from './spaces';
import type { changeRequestsModule } from './change-requests';

/** Comments and replies at the space root and the change-request root. */
export function commentsModule(core: Core, spaces: ReturnType<typeof spacesModule>, changeRequests: ReturnType<typeof changeRequestsModule>) {
  void core; void spaces; void changeRequests;
  return {};
}
