import type { Core } from '../core';

/**
 * Makes `revisionId` the current content of a space. Every change of a space's content goes through
 * here (merge, import, duplicate), so whatever derives from the current content (the search index)
 * follows it.
 */
export function setSpaceRevision(core: Core, spaceId: string, revisionId: string, updatedAt?: string): void {
  if (updatedAt) core.run('UPDATE spaces SET revision_id = ?, updated_at = ? WHERE id = ?', [revisionId, updatedAt, spaceId]);
  else core.run('UPDATE spaces SET revision_id = ? WHERE id = ?', [revisionId, spaceId]);
}
