import type { Core } from '../core';
import { presentUser, type User } from '../users';

/** Someone who replied to a comment: how many replies, and when they last posted or edited one. */
export interface Replier {
  user: User;
  count: number;
  updatedAt: string;
}

interface ReplierRow {
  comment_id: string;
  user_id: string;
  display_name: string;
  email: string;
  photo_url: string | null;
  replies: number | string;
  updated_at: string;
}

/** The repliers of many comments in one query: per comment, the most recently active first. */
export async function loadRepliers(core: Core, commentIds: string[]): Promise<Map<string, Replier[]>> {
  const out = new Map<string, Replier[]>();
  if (!commentIds.length) return out;
  const rows = await core.all<ReplierRow>(
    `SELECT r.comment_id, u.id AS user_id, u.display_name, u.email, u.photo_url,
       COUNT(*) AS replies, MAX(COALESCE(r.edited_at, r.posted_at)) AS updated_at
     FROM comment_replies r JOIN users u ON u.id = r.posted_by
     WHERE r.comment_id IN (SELECT value FROM json_each(?))
     GROUP BY r.comment_id, u.id, u.display_name, u.email, u.photo_url
     ORDER BY r.comment_id, updated_at DESC, u.id`,
    [JSON.stringify(commentIds)],
  );
  for (const row of rows) {
    let repliers = out.get(row.comment_id);
    if (!repliers) out.set(row.comment_id, (repliers = []));
    repliers.push({
      user: presentUser(core, { id: row.user_id, display_name: row.display_name, email: row.email, photo_url: row.photo_url }),
      count: Number(row.replies),
      updatedAt: row.updated_at,
    });
  }
  return out;
}
