import type { Core } from '../core';
import { syncSearchIndex } from './search-index';
import { emitSpaceEvent } from '../webhooks';

/**
 * Makes `revisionId` the current content of a space. Every change of a space's content goes through
 * here (merge, import, duplicate), so the search index follows it in the same transaction, and so does
 * the `space_content_updated` event (not for a new space's first content: `space_created` says it).
 */
export async function setSpaceRevision(core: Core, spaceId: string, revisionId: string, updatedAt?: string): Promise<void> {
  const previous = (await core.get<{ revision_id: string }>('SELECT revision_id FROM spaces WHERE id = ?', [spaceId]))?.revision_id;
  if (updatedAt) await core.run('UPDATE spaces SET revision_id = ?, updated_at = ? WHERE id = ?', [revisionId, updatedAt, spaceId]);
  else await core.run('UPDATE spaces SET revision_id = ? WHERE id = ?', [revisionId, spaceId]);
  await syncSearchIndex(core, spaceId);
  if (previous !== undefined && previous !== 'pending' && previous !== revisionId) {
    await emitSpaceEvent(core, spaceId, 'space_content_updated', { revision: revisionId, previousRevision: previous });
  }
}
