import type { Actor, Core } from '../core';
import { forbidden, invalid, notFound } from '../errors';
import { keysetPage, type ListEnvelope, type PageRequest } from '../pagination';
import type { spacesModule, SpaceRow } from '../spaces';
import type { changeRequestsModule } from '../change-requests';
import { COMMENT_RANK, commentPermissions, replyPermissions } from './rules';
import { emitSpaceEvent, spaceEventRead } from '../webhooks';
import { userRow, userRowRead } from '../users';
import type { Statement } from '../store/store';
import { applyReactions, changesReactions, type ReactionChange } from './reactions';
import {
  COMMENT_COLUMNS, COMMENT_FROM, REPLY_COLUMNS, REPLY_FROM, presentComments, presentNewComment, presentReplies,
  type BodyFormat, type Comment, type CommentReply, type CommentRow, type Presenting, type ReplyRow,
} from './present';

type Spaces = ReturnType<typeof spacesModule>;
type ChangeRequests = ReturnType<typeof changeRequestsModule>;

export type { Comment, CommentReply, BodyFormat };

/** Where comments live: a space's own content, or one of its change requests (id or number). */
export interface CommentRoot {
  spaceId: string;
  changeRequest?: string;
}

export interface CommentBody {
  markdown?: string;
}

export interface CommentListQuery extends PageRequest {
  status?: 'all' | 'open' | 'resolved';
  order?: 'asc' | 'desc';
  format?: BodyFormat;
  targetPage?: string;
  authors?: string[];
}

export interface CommentCreate {
  page?: string;
  node?: string;
  body: CommentBody;
}

export interface CommentUpdate extends ReactionChange {
  resolved?: boolean;
  body?: CommentBody;
}

export interface ReplyUpdate extends ReactionChange {
  body?: CommentBody;
}

interface ResolvedRoot {
  space: SpaceRow;
  changeRequestId?: string;
  /** `''` for the space root, the change request's id otherwise (the `root_key` column). */
  rootKey: string;
  revisionId: string;
  base: string;
  what: string;
}

/** Comments and replies at the space root and the change-request root, with reactions. */
export function commentsModule(core: Core, spaces: Spaces, changeRequests: ChangeRequests) {
  async function resolveRoot(actor: Actor, root: CommentRoot): Promise<ResolvedRoot> {
    if (root.changeRequest !== undefined) {
      const { space, cr } = await changeRequests.resolve(actor, root.spaceId, root.changeRequest);
      return {
        space, changeRequestId: cr.id, rootKey: cr.id, revisionId: cr.revision_id,
        base: `/spaces/${space.id}/change-requests/${cr.id}/comments`, what: `change request #${cr.number}`,
      };
    }
    const space = await spaces.visible(actor, root.spaceId);
    return { space, rootKey: '', revisionId: space.revision_id, base: `/spaces/${space.id}/comments`, what: `space ${space.id}` };
  }

  const presenting = (actor: Actor, r: ResolvedRoot, format: BodyFormat = 'document'): Presenting => ({
    core, base: r.base, spaceId: r.space.id, changeRequestId: r.changeRequestId, revisionId: r.revisionId,
    actor: actor.userId, rank: r.space.caller_rank, format,
  });

  async function commentRow(r: ResolvedRoot, commentId: string): Promise<CommentRow> {
    const row = await core.get<CommentRow>(`SELECT ${COMMENT_COLUMNS} FROM ${COMMENT_FROM} WHERE c.id = ? AND c.space_id = ? AND c.root_key = ?`, [
      commentId, r.space.id, r.rootKey,
    ]);
    if (!row) throw notFound(`comment ${commentId} not found in ${r.what}`);
    return row;
  }

  async function replyRow(r: ResolvedRoot, commentId: string, replyId: string): Promise<ReplyRow> {
    await commentRow(r, commentId);
    const row = await core.get<ReplyRow>(`SELECT ${REPLY_COLUMNS} FROM ${REPLY_FROM} WHERE r.id = ? AND r.comment_id = ?`, [replyId, commentId]);
    if (!row) throw notFound(`reply ${replyId} not found on comment ${commentId}`);
    return row;
  }

  const oneComment = async (actor: Actor, r: ResolvedRoot, id: string, format?: BodyFormat) => (await presentComments(presenting(actor, r, format), [await commentRow(r, id)]))[0];
  const oneReply = async (actor: Actor, r: ResolvedRoot, commentId: string, id: string, format?: BodyFormat) =>
    (await presentReplies(presenting(actor, r, format), [await replyRow(r, commentId, id)]))[0];

  const mayComment = (r: ResolvedRoot, what: string) => spaces.requireRank(r.space, COMMENT_RANK, what);

  /** Body edits are the author's; reactions need the comment role (both checked before anything is written). */
  function checkEdit(r: ResolvedRoot, authorId: string | null, actor: Actor, patch: ReplyUpdate, what: 'comment' | 'reply'): void {
    const isAuthor = authorId === actor.userId;
    if (patch.body !== undefined && !replyPermissions(r.space.caller_rank, isAuthor).edit) {
      throw forbidden(`you are not allowed to edit this ${what}: only its author can`);
    }
    if (changesReactions(patch)) mayComment(r, `react to ${what === 'comment' ? 'comments' : 'replies'} on this space`);
  }

  return {
    async list(actor: Actor, root: CommentRoot, query: CommentListQuery): Promise<ListEnvelope<Comment>> {
      const r = await resolveRoot(actor, root);
      const where = ['c.space_id = ?', 'c.root_key = ?'];
      const args: unknown[] = [r.space.id, r.rootKey];
      if (query.status && query.status !== 'all') {
        where.push('c.status = ?');
        args.push(query.status);
      }
      if (query.targetPage) {
        where.push('c.page_id = ?');
        args.push(query.targetPage);
      }
      if (query.authors?.length) {
        where.push('c.posted_by IN (SELECT value FROM json_each(?))');
        args.push(JSON.stringify(query.authors));
      }
      const order = query.order ?? 'desc';
      const page = await keysetPage<CommentRow, CommentRow>(core, {
        listing: `comments:${order}`,
        from: COMMENT_FROM,
        columns: COMMENT_COLUMNS,
        where,
        args,
        orderBy: ['c.posted_at', 'c.seq'],
        direction: order,
        keyOf: (row) => [row.posted_at, row.seq],
        present: (row) => row,
      }, query);
      return { ...page, items: await presentComments(presenting(actor, r, query.format), page.items) };
    },

    async create(actor: Actor, root: CommentRoot, input: CommentCreate, format?: BodyFormat): Promise<Comment> {
      return await core.write(async () => {
        const r = await resolveRoot(actor, root);
        mayComment(r, 'comment on this space');
        if (input.node !== undefined && input.page === undefined) throw invalid('node: requires page (the page the node belongs to)');
        let version: string | null = null;
        if (input.page !== undefined) {
          version = (await core.get<{ version_id: string }>('SELECT version_id FROM revision_pages WHERE revision_id = ? AND page_id = ?', [r.revisionId, input.page]))
            ?.version_id ?? null;
          if (!version) throw invalid(`page: no page ${input.page} in the content of ${r.what}`);
        }
        const id = core.newId();
        const row = {
          id, space_id: r.space.id, change_request_id: r.changeRequestId ?? null, posted_by: actor.userId, posted_at: core.now(), edited_at: null,
          markdown: input.body.markdown ?? '', page_id: input.page ?? null, node_id: input.node ?? null, page_version_id: version, revision_id: r.revisionId,
          status: 'open' as const, resolved_at: null, resolved_by: null, resolver_name: null, resolver_email: null, resolver_photo: null, reply_count: 0,
        };
        // Nothing below reads the comment back: on PostgreSQL it goes with the COMMIT, and the answer is
        // the row as written, with its author.
        await core.runAtCommit(
          `INSERT INTO comments (id, space_id, change_request_id, posted_by, posted_at, markdown, page_id, node_id, page_version_id, revision_id)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [id, row.space_id, row.change_request_id, row.posted_by, row.posted_at, row.markdown, row.page_id, row.node_id, row.page_version_id, row.revision_id],
        );
        await emitSpaceEvent(core, r.space.id, 'comment_created', {
          changeRequest: row.change_request_id,
          comment: { id, postedBy: actor.userId, postedAt: row.posted_at, page: row.page_id, markdown: row.markdown },
        });
        const author = await userRow(core, actor.userId);
        return await presentNewComment(presenting(actor, r, format), {
          ...row, author_name: author?.display_name ?? null, author_email: author?.email ?? null, author_photo: author?.photo_url ?? null,
        });
      });
    },

    /** What `create` reads before it writes, beyond every space write's (the app sends them with its BEGIN). */
    createReadsAhead: (actor: Actor, spaceId: string): Statement[] => [spaceEventRead(spaceId), userRowRead(actor.userId)],

    async get(actor: Actor, root: CommentRoot, commentId: string, format?: BodyFormat): Promise<Comment> {
      return await oneComment(actor, await resolveRoot(actor, root), commentId, format);
    },

    /** Resolves or reopens, edits the body, adds and removes the caller's reactions: all or nothing. */
    async update(actor: Actor, root: CommentRoot, commentId: string, patch: CommentUpdate, format?: BodyFormat): Promise<Comment> {
      return await core.write(async () => {
        const r = await resolveRoot(actor, root);
        const row = await commentRow(r, commentId);
        checkEdit(r, row.posted_by, actor, patch, 'comment');
        if (patch.resolved !== undefined && !commentPermissions(r.space.caller_rank, row.posted_by === actor.userId).resolve) {
          throw forbidden(`you are not allowed to ${patch.resolved ? 'resolve' : 'reopen'} this comment: only its author or someone with the review role on the space can`);
        }
        const now = core.now();
        if (patch.body !== undefined) await core.run('UPDATE comments SET markdown = ?, edited_at = ? WHERE id = ?', [patch.body.markdown ?? '', now, row.id]);
        // Resolving a resolved comment keeps who resolved it and when; reopening clears both.
        if (patch.resolved === true && row.status !== 'resolved') {
          await core.run("UPDATE comments SET status = 'resolved', resolved_at = ?, resolved_by = ? WHERE id = ?", [now, actor.userId, row.id]);
        } else if (patch.resolved === false && row.status !== 'open') {
          await core.run("UPDATE comments SET status = 'open', resolved_at = NULL, resolved_by = NULL WHERE id = ?", [row.id]);
        }
        if (changesReactions(patch)) await applyReactions(core, 'comment', row.id, actor.userId, patch);
        return await oneComment(actor, r, row.id, format);
      });
    },

    /** Deletes a comment with its replies and every reaction (foreign keys cascade). */
    async remove(actor: Actor, root: CommentRoot, commentId: string): Promise<void> {
      await core.write(async () => {
        const r = await resolveRoot(actor, root);
        const row = await commentRow(r, commentId);
        if (!commentPermissions(r.space.caller_rank, row.posted_by === actor.userId).delete) {
          throw forbidden('you are not allowed to delete this comment: only its author or an admin of the space can');
        }
        await core.run('DELETE FROM comments WHERE id = ?', [row.id]);
      });
    },

    /** Replies in the order they were posted (the conversation), oldest first. */
    async listReplies(actor: Actor, root: CommentRoot, commentId: string, query: PageRequest & { format?: BodyFormat }): Promise<ListEnvelope<CommentReply>> {
      const r = await resolveRoot(actor, root);
      await commentRow(r, commentId);
      const page = await keysetPage<ReplyRow, ReplyRow>(core, {
        listing: 'comment-replies',
        from: REPLY_FROM,
        columns: REPLY_COLUMNS,
        where: ['r.comment_id = ?'],
        args: [commentId],
        orderBy: ['r.posted_at', 'r.seq'],
        direction: 'asc',
        keyOf: (row) => [row.posted_at, row.seq],
        present: (row) => row,
      }, query);
      return { ...page, items: await presentReplies(presenting(actor, r, query.format), page.items) };
    },

    async createReply(actor: Actor, root: CommentRoot, commentId: string, input: { body: CommentBody }, format?: BodyFormat): Promise<CommentReply> {
      return await core.write(async () => {
        const r = await resolveRoot(actor, root);
        const comment = await commentRow(r, commentId);
        mayComment(r, 'reply to comments on this space');
        const id = core.newId();
        await core.run('INSERT INTO comment_replies (id, comment_id, posted_by, posted_at, markdown) VALUES (?, ?, ?, ?, ?)', [
          id, comment.id, actor.userId, core.now(), input.body.markdown ?? '',
        ]);
        return await oneReply(actor, r, comment.id, id, format);
      });
    },

    async getReply(actor: Actor, root: CommentRoot, commentId: string, replyId: string, format?: BodyFormat): Promise<CommentReply> {
      return await oneReply(actor, await resolveRoot(actor, root), commentId, replyId, format);
    },

    async updateReply(actor: Actor, root: CommentRoot, commentId: string, replyId: string, patch: ReplyUpdate, format?: BodyFormat): Promise<CommentReply> {
      return await core.write(async () => {
        const r = await resolveRoot(actor, root);
        const row = await replyRow(r, commentId, replyId);
        checkEdit(r, row.posted_by, actor, patch, 'reply');
        if (patch.body !== undefined) await core.run('UPDATE comment_replies SET markdown = ?, edited_at = ? WHERE id = ?', [patch.body.markdown ?? '', core.now(), row.id]);
        if (changesReactions(patch)) await applyReactions(core, 'reply', row.id, actor.userId, patch);
        return await oneReply(actor, r, commentId, row.id, format);
      });
    },

    async removeReply(actor: Actor, root: CommentRoot, commentId: string, replyId: string): Promise<void> {
      await core.write(async () => {
        const r = await resolveRoot(actor, root);
        const row = await replyRow(r, commentId, replyId);
        if (!replyPermissions(r.space.caller_rank, row.posted_by === actor.userId).delete) {
          throw forbidden('you are not allowed to delete this reply: only its author or an admin of the space can');
        }
        await core.run('DELETE FROM comment_replies WHERE id = ?', [row.id]);
      });
    },
  };
}
