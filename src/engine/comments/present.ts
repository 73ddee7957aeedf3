import type { Core } from '../core';
import { markdownToDocument } from '../../markdown/document/from-markdown';
import { presentUser, type User } from '../users';
import { commentPermissions, replyPermissions } from './rules';
import { commentedPage } from './target';
import { loadReactions, type Reaction } from './reactions';
import { loadRepliers, type Replier } from './repliers';
import { mapInOrder } from '../in-order';

export type BodyFormat = 'document' | 'markdown';

interface Authored {
  id: string;
  seq: number;
  posted_by: string | null;
  posted_at: string;
  edited_at: string | null;
  markdown: string;
  author_name: string | null;
  author_email: string | null;
  author_photo: string | null;
}

export interface CommentRow extends Authored {
  space_id: string;
  change_request_id: string | null;
  page_id: string | null;
  node_id: string | null;
  page_version_id: string | null;
  revision_id: string;
  status: 'open' | 'resolved';
  resolved_at: string | null;
  resolved_by: string | null;
  resolver_name: string | null;
  resolver_email: string | null;
  resolver_photo: string | null;
  reply_count: number;
}

export interface ReplyRow extends Authored {
  comment_id: string;
}

export const COMMENT_COLUMNS = `c.*,
  u.display_name AS author_name, u.email AS author_email, u.photo_url AS author_photo,
  rb.display_name AS resolver_name, rb.email AS resolver_email, rb.photo_url AS resolver_photo,
  (SELECT COUNT(*) FROM comment_replies r WHERE r.comment_id = c.id) AS reply_count`;
export const COMMENT_FROM = 'comments c LEFT JOIN users u ON u.id = c.posted_by LEFT JOIN users rb ON rb.id = c.resolved_by';
export const REPLY_COLUMNS = 'r.*, u.display_name AS author_name, u.email AS author_email, u.photo_url AS author_photo';
export const REPLY_FROM = 'comment_replies r LEFT JOIN users u ON u.id = r.posted_by';

/** Where comments are presented from: the root and the caller. */
export interface Presenting {
  core: Core;
  /** API path of the root's comments, e.g. `/spaces/S/comments`. */
  base: string;
  spaceId: string;
  changeRequestId?: string;
  /** The root's current revision: `target.page` describes the page as it is there. */
  revisionId: string;
  actor: string;
  rank: number;
  format: BodyFormat;
}

/**
 * The body in the asked format: the platform's document tree of the markdown (a comment has no
 * frontmatter: one starting with `---` starts with a divider or a heading underline, as markdown says).
 */
export function presentBody(markdown: string, format: BodyFormat) {
  return format === 'markdown' ? { markdown } : { document: markdownToDocument(markdown) };
}

function user(core: Core, id: string | null, name: string | null, email: string | null, photo: string | null): User | undefined {
  return id && email ? presentUser(core, { id, display_name: name ?? email, email, photo_url: photo }) : undefined;
}

function authored(p: Presenting, row: Omit<Authored, 'seq'>, reactions: Reaction[]) {
  const postedBy = user(p.core, row.posted_by, row.author_name, row.author_email, row.author_photo);
  return {
    id: row.id,
    ...(postedBy ? { postedBy } : {}),
    postedAt: row.posted_at,
    ...(row.edited_at ? { editedAt: row.edited_at } : {}),
    reactions,
  };
}

async function presentComment(p: Presenting, row: Omit<CommentRow, 'seq'>, reactions: Reaction[], repliers: Replier[]) {
  const isAuthor = row.posted_by === p.actor;
  const resolvedBy = user(p.core, row.resolved_by, row.resolver_name, row.resolver_email, row.resolver_photo);
  return {
    object: 'comment' as const,
    ...authored(p, row, reactions),
    replies: row.reply_count,
    repliers,
    body: presentBody(row.markdown, p.format),
    target: {
      ...(row.node_id ? { node: { id: row.node_id } } : {}),
      ...(p.changeRequestId ? { changeRequest: p.changeRequestId } : {}),
      ...(row.page_id ? { page: await commentedPage(p.core, p.revisionId, row.revision_id, row.page_id, row.page_version_id) } : {}),
      space: p.spaceId,
      revision: row.revision_id,
    },
    urls: { location: p.core.apiUrl(`${p.base}/${row.id}`) },
    permissions: commentPermissions(p.rank, isAuthor),
    status: row.status,
    ...(row.resolved_at ? { resolvedAt: row.resolved_at } : {}),
    ...(resolvedBy ? { resolvedBy } : {}),
  };
}

function presentReply(p: Presenting, row: ReplyRow, reactions: Reaction[]) {
  return {
    object: 'comment-reply' as const,
    ...authored(p, row, reactions),
    body: presentBody(row.markdown, p.format),
    urls: { location: p.core.apiUrl(`${p.base}/${row.comment_id}/replies/${row.id}`) },
    permissions: replyPermissions(p.rank, row.posted_by === p.actor),
  };
}

export type Comment = Awaited<ReturnType<typeof presentComment>>;
export type CommentReply = ReturnType<typeof presentReply>;

/** Comments with their reactions, loaded for all of them in one query. */
export async function presentComments(p: Presenting, rows: CommentRow[]): Promise<Comment[]> {
  const reactions = await loadReactions(p.core, 'comment', rows.map((r) => r.id));
  const repliers = await loadRepliers(p.core, rows.map((r) => r.id));
  return await mapInOrder(rows, async (row) => await presentComment(p, row, reactions.get(row.id) ?? [], repliers.get(row.id) ?? []));
}

/** A comment just posted, from what was written: it has no reactions and no replies yet. */
export async function presentNewComment(p: Presenting, row: Omit<CommentRow, 'seq'>): Promise<Comment> {
  return await presentComment(p, row, [], []);
}

export async function presentReplies(p: Presenting, rows: ReplyRow[]): Promise<CommentReply[]> {
  const reactions = await loadReactions(p.core, 'reply', rows.map((r) => r.id));
  return rows.map((row) => presentReply(p, row, reactions.get(row.id) ?? []));
}
