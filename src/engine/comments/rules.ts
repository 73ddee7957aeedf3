/**
 * Who may do what with comments and replies, from the caller's rank on the space (space-access.ts:
 * admin 6 … comment 2, read 1) and whether they wrote the thing. Reading needs the space to be
 * visible at all (rank 1); everything that writes needs the comment role.
 */
export const COMMENT_RANK = 2;
export const RESOLVE_RANK = 4;
export const ADMIN_RANK = 6;

export function replyPermissions(rank: number, isAuthor: boolean) {
  const mayComment = rank >= COMMENT_RANK;
  return {
    view: rank >= 1,
    /** Only the author edits the body, and only while they may still comment. */
    edit: isAuthor && mayComment,
    reply: mayComment,
    delete: (isAuthor && mayComment) || rank >= ADMIN_RANK,
  };
}

export function commentPermissions(rank: number, isAuthor: boolean) {
  return {
    ...replyPermissions(rank, isAuthor),
    /** docsctl extension: resolve or reopen (the author, or a reviewer of the space). */
    resolve: (isAuthor && rank >= COMMENT_RANK) || rank >= RESOLVE_RANK,
  };
}
