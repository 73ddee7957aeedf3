import type { Actor, Core } from './core';
import { conflict, locked, notFound } from './errors';
import { keysetPage, type PageRequest } from './pagination';
import { presentUser } from './users';
import type { spacesModule, SpaceRow } from './spaces';
import { applyChanges } from './content/batch';
import { writeFilesAhead, type FilesAhead } from './content/file-bytes';
import type { Change } from '../domain/content-change';
import { threeWayMerge, type MergeResult } from './content/merge';
import { loadState, saveRevision } from './content/state';
import { setSpaceRevision } from './content/space-revision';
import { emitSpaceEvent } from './webhooks';
import { presentFile } from './content/present';

import type { ChangeRequestStatus } from '../domain/values';
import { mapInOrder } from './in-order';

interface ChangeRequestRow {
  id: string;
  space_id: string;
  number: number;
  status: ChangeRequestStatus;
  subject: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  revision_id: string;
  revision_initial: string;
  revision_merged_ancestor: string | null;
  revision_merged: string | null;
  space_revision: string;
  author_name: string | null;
  author_email: string | null;
  comments_open: number;
}

const CR_COLUMNS = `c.*, s.revision_id AS space_revision, u.display_name AS author_name, u.email AS author_email,
  (SELECT COUNT(*) FROM comments m WHERE m.space_id = c.space_id AND m.root_key = c.id AND m.status = 'open') AS comments_open`;
const CR_FROM = 'change_requests c JOIN spaces s ON s.id = c.space_id LEFT JOIN users u ON u.id = c.created_by';

function present(core: Core, row: ChangeRequestRow) {
  const base = row.revision_merged_ancestor ?? row.revision_initial;
  return {
    object: 'change-request' as const,
    id: row.id,
    number: row.number,
    status: row.status,
    subject: row.subject,
    space: row.space_id,
    ...(row.created_by && row.author_email
      ? { createdBy: presentUser(core, { id: row.created_by, display_name: row.author_name ?? row.author_email, email: row.author_email, photo_url: null }) }
      : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    revision: row.revision_id,
    revisionInitial: row.revision_initial,
    ...(row.revision_merged_ancestor ? { revisionMergedAncestor: row.revision_merged_ancestor } : {}),
    ...(row.revision_merged ? { revisionMerged: row.revision_merged } : {}),
    comments: row.comments_open,
    outdated: row.status !== 'merged' && base !== row.space_revision,
    urls: {
      app: core.appUrl(`/s/${row.space_id}/~/changes/${row.number}`),
      location: core.apiUrl(`/spaces/${row.space_id}/change-requests/${row.id}`),
    },
  };
}

export type ChangeRequest = Awaited<ReturnType<typeof present>>;

type Spaces = ReturnType<typeof spacesModule>;

/** A merge's conflicts as the API lists them: pages, then reusable contents. */
const conflictsOf = (merged: MergeResult): ({ page: string } | { reusableContent: string })[] => [
  ...merged.conflicts.map((page) => ({ page })),
  ...(merged.reusableConflicts ?? []).map((reusableContent) => ({ reusableContent })),
];

/** Change requests: branches of a space's content, written in batches, updated from and merged into main. */
export function changeRequestsModule(core: Core, spaces: Spaces) {
  /** By id or by number within the space. */
  async function row(spaceId: string, ref: string): Promise<ChangeRequestRow> {
    const found = /^\d+$/.test(ref)
      ? await core.get<ChangeRequestRow>(`SELECT ${CR_COLUMNS} FROM ${CR_FROM} WHERE c.space_id = ? AND c.number = ?`, [spaceId, Number(ref)])
      : await core.get<ChangeRequestRow>(`SELECT ${CR_COLUMNS} FROM ${CR_FROM} WHERE c.space_id = ? AND c.id = ?`, [spaceId, ref]);
    if (!found) throw notFound(`change request ${ref} not found in space ${spaceId}`);
    return found;
  }

  function writable(space: SpaceRow, cr: ChangeRequestRow, what: string): void {
    if (space.edit_mode === 'locked') throw locked(`space ${space.id} is locked: ${what} is not allowed until its edit mode is live`);
    if (cr.status === 'merged' || cr.status === 'archived') throw conflict(`change request #${cr.number} is ${cr.status}: ${what} is not allowed`);
  }

  /** The change request, once `actor` is known to be allowed to write its content. */
  async function writableFor(actor: Actor, spaceId: string, ref: string): Promise<ChangeRequestRow> {
    const space = await spaces.visible(actor, spaceId);
    spaces.requireRank(space, 3, 'edit change requests of this space');
    const cr = await row(spaceId, ref);
    writable(space, cr, 'writing content');
    return cr;
  }

  const contribute = async (crId: string, userId: string) =>
    await core.run('INSERT OR IGNORE INTO change_request_contributors (change_request_id, user_id) VALUES (?, ?)', [crId, userId]);

  return {
    /** The change request as a caller who can see the space sees it (content reads use this). */
    async resolve(actor: Actor, spaceId: string, ref: string) {
      const space = await spaces.visible(actor, spaceId);
      return { space, cr: await row(spaceId, ref) };
    },

    async list(actor: Actor, spaceId: string, query: PageRequest & { status?: ChangeRequestStatus; contributor?: string }) {
      await spaces.visible(actor, spaceId);
      const where = ['c.space_id = ?', 'c.status = ?'];
      const args: unknown[] = [spaceId, query.status ?? 'open'];
      if (query.contributor) {
        where.push('(c.created_by = ? OR EXISTS (SELECT 1 FROM change_request_contributors k WHERE k.change_request_id = c.id AND k.user_id = ?))');
        args.push(query.contributor, query.contributor);
      }
      return await keysetPage<ChangeRequestRow, ChangeRequest>(core, {
        listing: `change-requests:${query.status ?? 'open'}`,
        from: CR_FROM,
        columns: CR_COLUMNS,
        where,
        args,
        orderBy: ['c.number'],
        direction: 'desc',
        keyOf: (r) => [r.number],
        present: (r) => present(core, r),
      }, query);
    },

    async create(actor: Actor, spaceId: string, input: { subject?: string }): Promise<ChangeRequest> {
      return await core.write(async () => {
        const space = await spaces.visible(actor, spaceId);
        spaces.requireRank(space, 3, 'open change requests on this space');
        if (space.edit_mode === 'locked') throw locked(`space ${spaceId} is locked: no change requests until its edit mode is live`);
        const id = core.newId();
        const now = core.now();
        const revision = await saveRevision(core, spaceId, await loadState(core, space.revision_id), { parents: [space.revision_id], type: 'edits', changeRequest: id, createdBy: actor.userId });
        const number = ((await core.get<{ n: number | null }>('SELECT MAX(number) AS n FROM change_requests WHERE space_id = ?', [spaceId]))!.n ?? 0) + 1;
        await core.run(
          `INSERT INTO change_requests (id, space_id, number, status, subject, created_by, created_at, updated_at, revision_id, revision_initial)
           VALUES (?, ?, ?, 'open', ?, ?, ?, ?, ?, ?)`,
          [id, spaceId, number, input.subject ?? '', actor.userId, now, now, revision, space.revision_id],
        );
        await contribute(id, actor.userId);
        const created = present(core, await row(spaceId, id));
        await emitSpaceEvent(core, spaceId, 'change_request_created', { changeRequest: created });
        return created;
      });
    },

    async get(actor: Actor, spaceId: string, ref: string): Promise<ChangeRequest> {
      await spaces.visible(actor, spaceId);
      return present(core, await row(spaceId, ref));
    },

    async update(actor: Actor, spaceId: string, ref: string, patch: { subject?: string; status?: 'draft' | 'open' | 'archived' }): Promise<ChangeRequest> {
      return await core.write(async () => {
        const space = await spaces.visible(actor, spaceId);
        spaces.requireRank(space, 3, 'change change requests of this space');
        const cr = await row(spaceId, ref);
        if (cr.status === 'merged' && patch.status !== undefined) throw conflict(`change request #${cr.number} is merged: its status cannot change`);
        if (patch.subject !== undefined) await core.run('UPDATE change_requests SET subject = ? WHERE id = ?', [patch.subject, cr.id]);
        if (patch.status !== undefined) await core.run('UPDATE change_requests SET status = ? WHERE id = ?', [patch.status, cr.id]);
        await core.run('UPDATE change_requests SET updated_at = ? WHERE id = ?', [core.now(), cr.id]);
        const updated = present(core, await row(spaceId, cr.id));
        if (patch.status !== undefined && patch.status !== cr.status) {
          await emitSpaceEvent(core, spaceId, 'change_request_status_updated', { changeRequest: updated, status: patch.status, previousStatus: cr.status, updatedBy: actor.userId });
        }
        return updated;
      });
    },

    /**
     * The base64 files of a batch for this change request written to the file store (`writeFilesAhead`),
     * before the transaction of `write` begins, once the actor is known to be allowed to write them:
     * what `write` then takes as `ahead`. Undefined without a file store.
     */
    async filesAhead(actor: Actor, spaceId: string, ref: string, changes: Change[]): Promise<FilesAhead | undefined> {
      if (!core.files) return undefined;
      await writableFor(actor, spaceId, ref);
      return await writeFilesAhead(core, changes);
    },

    /** A batch of content changes, all or nothing, as a new revision of the change request; `ahead`: its files already in the file store (`filesAhead`). */
    async write(actor: Actor, spaceId: string, ref: string, changes: Change[], ahead?: FilesAhead) {
      return await core.write(async () => {
        const cr = await writableFor(actor, spaceId, ref);
        const state = await loadState(core, cr.revision_id);
        const { applied, insertedFiles } = await applyChanges(core, state, changes, spaceId, ahead);
        const revision = await saveRevision(core, spaceId, state, { parents: [cr.revision_id], type: 'edits', changeRequest: cr.id, createdBy: actor.userId });
        await core.run('UPDATE change_requests SET revision_id = ?, updated_at = ? WHERE id = ?', [revision, core.now(), cr.id]);
        await contribute(cr.id, actor.userId);
        return {
          changeRequest: present(core, await row(spaceId, cr.id)),
          changes: applied,
          insertedFiles: await mapInOrder(insertedFiles, async (f) => await presentFile(core, spaceId, f, actor.userId)),
        };
      });
    },

    /**
     * Merges into the space: a three-way merge at page level between the change request's base, its
     * head and the space's current content. Conflicts merge nothing.
     */
    async merge(actor: Actor, spaceId: string, ref: string) {
      return await core.write(async () => {
        const space = await spaces.visible(actor, spaceId);
        spaces.requireRank(space, 4, 'merge change requests of this space');
        const cr = await row(spaceId, ref);
        writable(space, cr, 'merging');
        const base = cr.revision_merged_ancestor ?? cr.revision_initial;
        const merged = threeWayMerge(await loadState(core, base), await loadState(core, space.revision_id), await loadState(core, cr.revision_id));
        // Conflicts merge nothing: the resulting revision is the space's, unchanged (docs/decisions.md).
        if (!merged.state) return { revision: space.revision_id, result: 'conflicts' as const, conflicts: conflictsOf(merged) };
        const revision = await saveRevision(core, spaceId, merged.state, { parents: [space.revision_id, cr.revision_id], type: 'merge', changeRequest: cr.id, createdBy: actor.userId });
        const now = core.now();
        await setSpaceRevision(core, spaceId, revision, now);
        await core.run("UPDATE change_requests SET status = 'merged', revision_merged = ?, updated_at = ? WHERE id = ?", [revision, now, cr.id]);
        await emitSpaceEvent(core, spaceId, 'change_request_merged', { changeRequest: present(core, await row(spaceId, cr.id)), revision, mergedBy: actor.userId });
        return { revision, result: 'merge' as const };
      });
    },

    /** Brings the space's current content into the change request, with the same rules as a merge. */
    async updateFromMain(actor: Actor, spaceId: string, ref: string) {
      return await core.write(async () => {
        const space = await spaces.visible(actor, spaceId);
        spaces.requireRank(space, 3, 'update change requests of this space');
        const cr = await row(spaceId, ref);
        writable(space, cr, 'updating');
        const base = cr.revision_merged_ancestor ?? cr.revision_initial;
        if (base === space.revision_id) return { revision: cr.revision_id, result: 'update' as const };
        const merged = threeWayMerge(await loadState(core, base), await loadState(core, cr.revision_id), await loadState(core, space.revision_id));
        // Conflicts change nothing: the resulting revision is the change request's, unchanged.
        if (!merged.state) return { revision: cr.revision_id, result: 'conflicts' as const, conflicts: conflictsOf(merged) };
        const revision = await saveRevision(core, spaceId, merged.state, { parents: [cr.revision_id, space.revision_id], type: 'update', changeRequest: cr.id, createdBy: actor.userId });
        await core.run('UPDATE change_requests SET revision_id = ?, revision_merged_ancestor = ?, updated_at = ? WHERE id = ?', [
          revision, space.revision_id, core.now(), cr.id,
        ]);
        return { revision, result: 'update' as const };
      });
    },
  };
}
