import type { Core } from '../core';
import { syncSearchIndex } from './search-index';

/**
 * Makes `revisionId` the current content of a space. Every change of a space's content goes through
 * here (merge, import, duplicate), so the search index follows it in the same transaction.
 */
export async function setSpaceRevision(core: Core, spaceId: string, revisionId: string, updatedAt?: string): Promise<void> {
  if (updatedAt) await core.run('UPDATE spaces SET revision_id = ?, updated_at = ? WHERE id = ?', [revisionId, updatedAt, spaceId]);
  else await core.run('UPDATE spaces SET revision_id = ? WHERE id = ?', [revisionId, spaceId]);
  await syncSearchIndex(core, spaceId);
}
