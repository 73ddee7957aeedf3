/** Bounds of comparing revisions (docs/decisions.md, "Revision history and undo"). */

/** The most text of line diffs one comparison answers (1 MiB): pages past it are listed without their diff. */
export const MAX_DIFF_CHARS = 1024 * 1024;
/** Past this many lines added plus removed in a page, its diff replaces the whole part that differs (unified-diff.ts). */
export const MAX_DIFF_EDITS = 2000;
/** A page longer than this (on either side) is diffed as one replaced block: Myers' search would take too long. */
export const MAX_DIFF_LINES = 50_000;
/** `content deleted`: how far back by default, and at most (days). */
export const DELETED_DAYS_DEFAULT = 7;
export const DELETED_DAYS_MAX = 365;
/** The most revisions of a space's history one deleted-pages listing walks through. */
export const MAX_HISTORY_WALK = 10_000;
