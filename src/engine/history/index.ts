import type { Actor, Core } from '../core';
import { conflict, invalid, notFound } from '../errors';
import { DEFAULT_LIMIT, decodeCursor, encodeCursor, type ListEnvelope, type PageRequest } from '../pagination';
import type { spacesModule } from '../spaces';
import type { changeRequestsModule } from '../change-requests';
import { loadState, pathsOf, type RevisionState } from '../content/state';
import { presentPage, presentRevision, type PageFormat } from '../content/present';
import { presentUser, type User } from '../users';
import type { Change } from '../../domain/content-change';
import { compareStates, emptyState, pageCounts, treeOrder, type Comparison } from './compare';
import { contentDiff, describer, semanticChanges, type PageRef } from './present';
import { DELETED_DAYS_DEFAULT, MAX_HISTORY_WALK } from './limits';

type Spaces = ReturnType<typeof spacesModule>;
type ChangeRequests = ReturnType<typeof changeRequestsModule>;

interface RevisionRow {
  id: string;
  space_id: string;
  parents: string;
  type: string;
  change_request_id: string | null;
  created_at: string;
  created_by: string | null;
}

/** The change request a history entry merged, as the history names it. */
interface ChangeRequestRef {
  id: string;
  number: number;
  subject: string;
}

/** The platform's default number of semantic changes answered (`limit`). */
const DEFAULT_CHANGES = 10;

const firstParent = (row: RevisionRow): string | null => (JSON.parse(row.parents) as string[])[0] ?? null;

/**
 * Revision history and undo (issue 30): a space's history (the revisions that were its content, newest
 * first), what changed between two revisions (the platform's semantic changes, and docsctl's diff with the
 * markdown of each changed page), the pages removed lately, and restoring a revision or one page of it
 * through a change request (docs/decisions.md, "Revision history and undo").
 */
export function historyModule(core: Core, spaces: Spaces, changeRequests: ChangeRequests) {
  async function revisionRow(spaceId: string, revisionId: string): Promise<RevisionRow> {
    const row = await core.get<RevisionRow>('SELECT * FROM revisions WHERE id = ? AND space_id = ?', [revisionId, spaceId]);
    if (!row) throw notFound(`revision ${revisionId} not found in space ${spaceId}`);
    return row;
  }

  const stateOf = async (revisionId: string | null): Promise<RevisionState> => (revisionId ? await loadState(core, revisionId) : emptyState());

  async function userOf(id: string | null): Promise<User | undefined> {
    if (!id) return undefined;
    const row = await core.get<{ id: string; display_name: string; email: string; photo_url: string | null }>('SELECT id, display_name, email, photo_url FROM users WHERE id = ?', [id]);
    return row ? presentUser(core, row) : undefined;
  }

  async function changeRequestRef(id: string | null): Promise<ChangeRequestRef | undefined> {
    if (!id) return undefined;
    return await core.get<ChangeRequestRef>('SELECT id, number, subject FROM change_requests WHERE id = ?', [id]);
  }

  /**
   * What a revision changed against its first parent, counted; revisions never change, so it is kept.
   * `states` holds the states a walk down the history already loaded (each one's parent is the next one).
   */
  async function countsOf(row: RevisionRow, states: Map<string | null, RevisionState>) {
    const load = async (id: string | null) => {
      let state = states.get(id);
      if (!state) {
        state = await stateOf(id);
        if (states.size >= 2) states.delete(states.keys().next().value!);
        states.set(id, state);
      }
      return state;
    };
    return await core.immutable(`revision-counts:${row.id}`, async () => {
      // Its own state first: it is the previous entry's parent, still held.
      const after = await load(row.id);
      return pageCounts(compareStates(await load(firstParent(row)), after));
    });
  }

  async function summary(row: RevisionRow, states: Map<string | null, RevisionState> = new Map()) {
    const [createdBy, changeRequest] = [await userOf(row.created_by), row.type === 'merge' ? await changeRequestRef(row.change_request_id) : undefined];
    return {
      object: 'revision-summary' as const,
      id: row.id,
      type: row.type,
      parents: JSON.parse(row.parents) as string[],
      createdAt: row.created_at,
      ...(createdBy ? { createdBy } : {}),
      ...(changeRequest ? { changeRequest } : {}),
      pages: await countsOf(row, states),
      urls: {
        app: core.appUrl(`/s/${row.space_id}/~/revisions/${row.id}`),
        location: core.apiUrl(`/spaces/${row.space_id}/revisions/${row.id}`),
      },
    };
  }

  /** The two revisions a change request compares: what merging brought (merged), else its base and its head. */
  async function changeRequestPair(actor: Actor, spaceId: string, ref: string): Promise<{ from: string | null; to: string; changeRequestId: string }> {
    const { cr } = await changeRequests.resolve(actor, spaceId, ref);
    if (cr.status === 'merged' && cr.revision_merged) {
      return { from: firstParent(await revisionRow(spaceId, cr.revision_merged)), to: cr.revision_merged, changeRequestId: cr.id };
    }
    return { from: cr.revision_merged_ancestor ?? cr.revision_initial, to: cr.revision_id, changeRequestId: cr.id };
  }

  async function compare(from: string | null, to: string): Promise<{ before: RevisionState; after: RevisionState; comparison: Comparison }> {
    const [before, after] = [await stateOf(from), await stateOf(to)];
    return { before, after, comparison: compareStates(before, after) };
  }

  async function semantic(actor: Actor, spaceId: string, from: string | null, to: string, limit: number | undefined, mergedFrom?: string | null) {
    const { before, after, comparison } = await compare(from, to);
    const all = await semanticChanges(core, spaceId, actor.userId, before, after, comparison);
    const shown = all.slice(0, limit ?? DEFAULT_CHANGES);
    return {
      ...(mergedFrom ? { mergedFrom: await changeRequests.get(actor, spaceId, mergedFrom) } : {}),
      changes: shown,
      ...(all.length > shown.length ? { more: all.length - shown.length } : {}),
    };
  }

  const isEmpty = (c: Comparison) =>
    !c.pages.added.length && !c.pages.removed.length && !c.pages.edited.length && !c.pages.moved.length &&
    !c.files.added.length && !c.files.removed.length && !c.files.changed.length &&
    !c.reusables.added.length && !c.reusables.removed.length && !c.reusables.changed.length;

  return {
    /** The platform's getRevisionById: any revision of the space (its content's, or a change request's). */
    async revision(actor: Actor, spaceId: string, revisionId: string) {
      await spaces.visible(actor, spaceId);
      const row = await revisionRow(spaceId, revisionId);
      const revision = await presentRevision(core, spaceId, revisionId, await loadState(core, revisionId), actor.userId);
      return row.type === 'merge' && row.change_request_id ? { ...revision, mergedFrom: await changeRequests.get(actor, spaceId, row.change_request_id) } : revision;
    },

    /** The platform's getPageInRevisionById: a page as it is in any revision of the space (a deleted one's content too). */
    async page(actor: Actor, spaceId: string, revisionId: string, pageId: string, format: PageFormat = 'document', computed = true) {
      await spaces.visible(actor, spaceId);
      await revisionRow(spaceId, revisionId);
      const state = await loadState(core, revisionId);
      const entry = state.pages.get(pageId);
      if (!entry) throw notFound(`page ${pageId} not found in revision ${revisionId}`);
      return await presentPage(core, spaceId, state, entry, await pathsOf(core, state), { content: true, format, computed });
    },

    /**
     * docsctl: the space's history, newest first: its current revision, then each one's first parent (the
     * content before a merge, an import or any other change of the space's content), back to its first
     * revision. Change requests' own revisions are not in it. Paged by the revision to continue from.
     */
    async list(actor: Actor, spaceId: string, req: PageRequest): Promise<ListEnvelope<Awaited<ReturnType<typeof summary>>>> {
      const space = await spaces.visible(actor, spaceId);
      const limit = req.limit ?? DEFAULT_LIMIT;
      let next: string | null = space.revision_id;
      if (req.page) {
        next = String(decodeCursor('revisions', req.page, 1)[0]);
        if (!await core.get('SELECT 1 FROM revisions WHERE id = ? AND space_id = ?', [next, spaceId])) throw invalid('page: is not a valid page cursor for this list');
      }
      // Every revision that was the space's content: merges, and those made outside change requests.
      const count = (await core.get<{ n: number }>("SELECT COUNT(*) AS n FROM revisions WHERE space_id = ? AND (type = 'merge' OR change_request_id IS NULL)", [spaceId]))!.n;
      const rows: RevisionRow[] = [];
      while (next && rows.length <= limit) {
        const row: RevisionRow | undefined = await core.get<RevisionRow>('SELECT * FROM revisions WHERE id = ?', [next]);
        if (!row) break;
        rows.push(row);
        next = firstParent(row);
      }
      const more = rows.length > limit ? rows.pop() : undefined;
      const items = [];
      const states = new Map<string | null, RevisionState>();
      for (const row of rows) items.push(await summary(row, states));
      return more ? { next: { page: encodeCursor('revisions', [more.id]) }, count, items } : { count, items };
    },

    /** The platform's getRevisionSemanticChanges: against the revision's first parent. */
    async changes(actor: Actor, spaceId: string, revisionId: string, limit?: number) {
      await spaces.visible(actor, spaceId);
      const row = await revisionRow(spaceId, revisionId);
      return await semantic(actor, spaceId, firstParent(row), revisionId, limit, row.type === 'merge' ? row.change_request_id : null);
    },

    /** The platform's getChangeRequestChanges: what merging brought, or, not merged, what it changes since its base. */
    async changeRequestChanges(actor: Actor, spaceId: string, ref: string, limit?: number) {
      const pair = await changeRequestPair(actor, spaceId, ref);
      return await semantic(actor, spaceId, pair.from, pair.to, limit);
    },

    /** docsctl: what differs between two revisions of the space (by default, a revision and its first parent). */
    async diff(actor: Actor, spaceId: string, revisionId: string, from?: string) {
      await spaces.visible(actor, spaceId);
      const row = await revisionRow(spaceId, revisionId);
      if (from !== undefined && !await core.get('SELECT 1 FROM revisions WHERE id = ? AND space_id = ?', [from, spaceId])) {
        throw invalid(`from: no revision ${from} in space ${spaceId}`);
      }
      const fromId = from ?? firstParent(row);
      const { before, after, comparison } = await compare(fromId, revisionId);
      return { object: 'content-diff' as const, from: fromId, to: revisionId, ...await contentDiff(core, before, after, comparison) };
    },

    /** docsctl: a change request's diff (the revisions of `changeRequestChanges`). */
    async changeRequestDiff(actor: Actor, spaceId: string, ref: string) {
      const pair = await changeRequestPair(actor, spaceId, ref);
      const { before, after, comparison } = await compare(pair.from, pair.to);
      return {
        object: 'content-diff' as const,
        from: pair.from,
        to: pair.to,
        changeRequest: await changeRequests.get(actor, spaceId, pair.changeRequestId),
        ...await contentDiff(core, before, after, comparison),
      };
    },

    /**
     * docsctl: the pages the space's history removed in the last `days` days and that its content still
     * lacks, newest removal first: who removed them and when, the revision that did, and the last revision
     * that had them (what `restore` takes). A page and its sub-pages are each listed.
     */
    async deletedPages(actor: Actor, spaceId: string, query: PageRequest & { days?: number }) {
      const space = await spaces.visible(actor, spaceId);
      const days = query.days ?? DELETED_DAYS_DEFAULT;
      const since = new Date(core.clock.now().getTime() - days * 86_400_000).toISOString();
      const present = new Set((await core.all<{ page_id: string }>('SELECT page_id FROM revision_pages WHERE revision_id = ?', [space.revision_id])).map((r) => r.page_id));
      const seen = new Set<string>();
      const all: { page: PageRef; parent: string | null; deletedAt: string; deletedBy?: User; revision: string; lastRevision: string; changeRequest?: ChangeRequestRef }[] = [];
      let next: string | null = space.revision_id;
      for (let walked = 0; next && walked < MAX_HISTORY_WALK; walked++) {
        const row: RevisionRow | undefined = await core.get<RevisionRow>('SELECT * FROM revisions WHERE id = ?', [next]);
        if (!row || row.created_at < since) break;
        const parent = firstParent(row);
        next = parent;
        if (!parent) break;
        const removed = await core.all<{ page_id: string }>(
          'SELECT p.page_id FROM revision_pages p WHERE p.revision_id = ? AND NOT EXISTS (SELECT 1 FROM revision_pages c WHERE c.revision_id = ? AND c.page_id = p.page_id)',
          [parent, row.id],
        );
        const gone = removed.map((r) => r.page_id).filter((id) => !present.has(id) && !seen.has(id));
        if (!gone.length) continue;
        const before = await loadState(core, parent);
        const names = describer(core, before);
        const deletedBy = await userOf(row.created_by);
        const changeRequest = row.type === 'merge' ? await changeRequestRef(row.change_request_id) : undefined;
        const order = new Map(treeOrder(before).map((p, i) => [p.id, i]));
        for (const id of gone.sort((a, b) => order.get(a)! - order.get(b)!)) {
          seen.add(id);
          all.push({
            page: await names.ref(id),
            parent: before.pages.get(id)!.parent,
            deletedAt: row.created_at,
            ...(deletedBy ? { deletedBy } : {}),
            revision: row.id,
            lastRevision: parent,
            ...(changeRequest ? { changeRequest } : {}),
          });
        }
      }
      let start = 0;
      if (query.page) {
        const [revision, page] = decodeCursor('deleted-pages', query.page, 2);
        const at = all.findIndex((e) => e.revision === revision && e.page.id === page);
        if (at < 0) throw invalid('page: is not a valid page cursor for this list');
        start = at + 1;
      }
      const items = all.slice(start, start + (query.limit ?? DEFAULT_LIMIT)).map((e) => ({ object: 'deleted-page' as const, ...e }));
      const last = items.at(-1);
      const more = start + items.length < all.length;
      return more && last ? { next: { page: encodeCursor('deleted-pages', [last.revision, last.page.id]) }, count: all.length, items } : { count: all.length, items };
    },

    /**
     * docsctl: opens a change request that returns the space's content (or, with `page`, one page) to a
     * revision, written as a `restore_content` or `restore_page` change so it is checked and merged like
     * any other; with `merge`, merges it. All or nothing: a failure leaves no change request behind, and
     * a restore that would change nothing is refused (409).
     */
    async restore(actor: Actor, spaceId: string, revisionId: string, input: { page?: string; merge?: boolean; subject?: string }) {
      return await core.write(async () => {
        const space = await spaces.visible(actor, spaceId);
        spaces.requireRank(space, input.merge ? 4 : 3, input.merge ? 'restore and merge content of this space' : 'restore content of this space');
        await revisionRow(spaceId, revisionId);
        const old = await loadState(core, revisionId);
        let title: string | undefined;
        if (input.page !== undefined) {
          if (!old.pages.has(input.page)) throw invalid(`page: no page ${input.page} in revision ${revisionId}`);
          title = (await describer(core, old).ref(input.page)).title;
        }
        const subject = input.subject ?? (title !== undefined ? `Restore "${title}" from revision ${revisionId}` : `Restore the content of revision ${revisionId}`);
        const cr = await changeRequests.create(actor, spaceId, { subject: subject.slice(0, 100) });
        const change: Change = input.page !== undefined ? { operation: 'restore_page', revision: revisionId, page: input.page } : { operation: 'restore_content', revision: revisionId };
        const written = await changeRequests.write(actor, spaceId, cr.id, [change]);
        const comparison = compareStates(await loadState(core, space.revision_id), await loadState(core, written.changeRequest.revision));
        if (isEmpty(comparison)) {
          throw conflict(`nothing to restore: the space's content already has ${input.page !== undefined ? `page ${input.page} as it was in` : 'the content of'} revision ${revisionId}`);
        }
        if (input.merge) {
          const merged = await changeRequests.merge(actor, spaceId, cr.id);
          if (merged.result !== 'merge') throw conflict(`the restore conflicts with the space's content: nothing was changed`);
        }
        return {
          object: 'revision-restore' as const,
          revision: revisionId,
          ...(input.page !== undefined ? { page: input.page } : {}),
          changeRequest: await changeRequests.get(actor, spaceId, cr.id),
          pages: pageCounts(comparison),
          files: { added: comparison.files.added.map((f) => f.id), removed: comparison.files.removed.map((f) => f.id) },
        };
      });
    },
  };
}
