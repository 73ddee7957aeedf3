import type { Column } from '../../output/render';
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
  { header: 'ID', value: (c) => c.id },
  { header: 'AUTHOR', value: (c) => c.postedBy?.email },
  { header: 'STATUS', value: (c) => c.status },
  { header: 'REPLIES', value: (c) => c.replies },
  { header: 'PAGE', value: page },
  { header: 'EXCERPT', value: (c) => excerpt(c.body) },
];

export const commentDetail: Column<Comment>[] = [
  { header: 'ID', value: (c) => c.id },
  { header: 'AUTHOR', value: (c) => c.postedBy?.email },
  { header: 'STATUS', value: (c) => c.status },
  { header: 'REPLIES', value: (c) => c.replies },
  { header: 'PAGE', value: page },
  { header: 'POSTED', value: (c) => c.postedAt },
  { header: 'EDITED', value: (c) => c.editedAt },
  { header: 'RESOLVED', value: (c) => (c.resolvedAt ? `${c.resolvedAt} by ${c.resolvedBy?.email ?? '?'}` : '') },
  { header: 'REACTIONS', value: reactions },
  { header: 'BODY', value: (c) => bodyText(c.body) },
];

export const replyColumns: Column<CommentReply>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: 'AUTHOR', value: (r) => r.postedBy?.email },
  { header: 'POSTED', value: (r) => r.postedAt },
  { header: 'REACTIONS', value: reactions },
  { header: 'EXCERPT', value: (r) => excerpt(r.body) },
];

export const replyDetail: Column<CommentReply>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: 'AUTHOR', value: (r) => r.postedBy?.email },
  { header: 'POSTED', value: (r) => r.postedAt },
  { header: 'EDITED', value: (r) => r.editedAt },
  { header: 'REACTIONS', value: reactions },
  { header: 'BODY', value: (r) => bodyText(r.body) },
];
