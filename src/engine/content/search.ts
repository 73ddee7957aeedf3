import type { Core } from '../core';
import type { spacesModule } from '../spaces';

/** Full-text search (SQLite FTS5, bm25) over the sections of every space's current content. */
export function searchModule(core: Core, spaces: ReturnType<typeof spacesModule>) {
  void core; void spaces;
  return {};
}
