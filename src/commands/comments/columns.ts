import type { Column } from '../../output/render';
import { idColumn, statusColumn, timeColumn } from '../../output/column-kinds';
import { relativeTime } from '../../output/relative-time';
import type { ResultOf } from '../../api/routes/route';
import type { Routes } from '../../api/routes/index';

export type Comment = ResultOf<Routes['getCommentInSpace']>;
export type CommentReply = ResultOf<Routes['getCommentReplyInSpace']>;
type Body = Comment['body'];

interface DocNode {
  nodes?: DocNode[];
  leaves?: { text: string }[];
}

/** The text of a body: its markdown, or the text of its document's blocks, one a line. */
export function bodyText(body: Body): string {
  if (body.markdown !== undefined) return body.markdown;
  const text = (node: DocNode): string => (node.leaves ?? []).map((l) => l.text).join('') + (node.nodes ?? []).map(text).join('');
  return ((body.document?.nodes ?? []) as DocNode[]).map(text).join('\n');
}

/** The first non-empty line of a body, cut to `width` characters: what a table row shows. */
export function excerpt(body: Body, width = 60): string {
  const line = bodyText(body).split('\n').map((l) => l.trim()).find(Boolean) ?? '';
  return line.length > width ? `${line.slice(0, width - 1)}…` : line;
}

const reactions = (c: { reactions: { emoji: string; count: number }[] }) => c.reactions.map((r) => `${r.emoji} ${r.count}`).join(', ');

const page = (c: Comment) => (c.target.page ? `${c.target.page.path}${c.target.page.outdated ? ' (outdated)' : ''}` : '');

export const commentColumns: Column<Comment>[] = [
  idColumn((c) => c.id),
  { header: 'AUTHOR', value: (c) => c.postedBy?.email, whole: true },
  statusColumn((c) => c.status, 'STATUS', 2),
  { header: 'REPLIES', value: (c) => c.replies, priority: 3 },
  { header: 'PAGE', value: page },
  { header: 'EXCERPT', value: (c) => excerpt(c.body), priority: 1 },
];

export const commentDetail: Column<Comment>[] = [
  idColumn((c) => c.id),
  { header: 'AUTHOR', value: (c) => c.postedBy?.email },
  { header: 'STATUS', value: (c) => c.status },
  { header: 'REPLIES', value: (c) => c.replies },
  { header: 'PAGE', value: page },
  timeColumn('POSTED', (c) => c.postedAt),
  timeColumn('EDITED', (c) => c.editedAt),
  {
    header: 'RESOLVED',
    value: (c) => (c.resolvedAt ? `${c.resolvedAt} by ${c.resolvedBy?.email ?? '?'}` : ''),
    show: (c, view) => (c.resolvedAt ? `${relativeTime(c.resolvedAt, view.now)} by ${c.resolvedBy?.email ?? '?'}` : ''),
  },
  { header: 'REACTIONS', value: reactions },
  { header: 'BODY', value: (c) => bodyText(c.body) },
];

export const replyColumns: Column<CommentReply>[] = [
  idColumn((r) => r.id),
  { header: 'AUTHOR', value: (r) => r.postedBy?.email, whole: true },
  timeColumn('POSTED', (r) => r.postedAt, 2),
  { header: 'REACTIONS', value: reactions, priority: 3 },
  { header: 'EXCERPT', value: (r) => excerpt(r.body), priority: 1 },
];

export const replyDetail: Column<CommentReply>[] = [
  idColumn((r) => r.id),
  { header: 'AUTHOR', value: (r) => r.postedBy?.email },
  timeColumn('POSTED', (r) => r.postedAt),
  timeColumn('EDITED', (r) => r.editedAt),
  { header: 'REACTIONS', value: reactions },
  { header: 'BODY', value: (r) => bodyText(r.body) },
];
