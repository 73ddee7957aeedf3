import type { Core } from '../core';
import { invalid } from '../errors';
import { presentUser, type User } from '../users';

export interface Reaction {
  emoji: string;
  count: number;
  users: { user: User; reactedAt: string }[];
}

/** Reactions are kept per comment and per reply, in two tables so that deletes cascade from either. */
export type ReactionSubject = 'comment' | 'reply';

const TABLES: Record<ReactionSubject, { table: string; key: string }> = {
  comment: { table: 'comment_reactions', key: 'comment_id' },
  reply: { table: 'reply_reactions', key: 'reply_id' },
};

interface ReactionRow {
  subject: string;
  emoji: string;
  reacted_at: string;
  user_id: string;
  display_name: string;
  email: string;
  photo_url: string | null;
}

/**
 * The reactions of many comments (or replies) in one query: per subject, emojis in the order they
 * were first used, each with its users in the order they reacted.
 */
export async function loadReactions(core: Core, subject: ReactionSubject, ids: string[]): Promise<Map<string, Reaction[]>> {
  const out = new Map<string, Reaction[]>();
  if (!ids.length) return out;
  const { table, key } = TABLES[subject];
  const rows = await core.all<ReactionRow>(
    `SELECT r.${key} AS subject, r.emoji, r.reacted_at, u.id AS user_id, u.display_name, u.email, u.photo_url
     FROM ${table} r JOIN users u ON u.id = r.user_id
     WHERE r.${key} IN (SELECT value FROM json_each(?))
     ORDER BY r.${key}, r.reacted_at, r.emoji, u.id`,
    [JSON.stringify(ids)],
  );
  for (const row of rows) {
    let reactions = out.get(row.subject);
    if (!reactions) out.set(row.subject, (reactions = []));
    let reaction = reactions.find((r) => r.emoji === row.emoji);
    if (!reaction) reactions.push((reaction = { emoji: row.emoji, count: 0, users: [] }));
    reaction.count++;
    reaction.users.push({ user: presentUser(core, { id: row.user_id, display_name: row.display_name, email: row.email, photo_url: row.photo_url }), reactedAt: row.reacted_at });
  }
  return out;
}

export interface ReactionChange {
  addedReactions?: string[];
  removedReactions?: string[];
}

export const changesReactions = (change: ReactionChange) => Boolean(change.addedReactions?.length || change.removedReactions?.length);

/**
 * Adds and removes the caller's reactions: one per emoji per user, so adding one again keeps the
 * first reaction (and its time), and removing one the caller does not have changes nothing.
 */
export async function applyReactions(core: Core, subject: ReactionSubject, id: string, userId: string, change: ReactionChange): Promise<void> {
  const added = change.addedReactions ?? [];
  const removed = new Set(change.removedReactions ?? []);
  const both = added.find((emoji) => removed.has(emoji));
  if (both !== undefined) throw invalid(`removedReactions: ${JSON.stringify(both)} is also in addedReactions`);
  const { table, key } = TABLES[subject];
  const now = core.now();
  for (const emoji of added) {
    await core.run(`INSERT OR IGNORE INTO ${table} (${key}, emoji, user_id, reacted_at) VALUES (?, ?, ?, ?)`, [id, emoji, userId, now]);
  }
  for (const emoji of removed) await core.run(`DELETE FROM ${table} WHERE ${key} = ? AND emoji = ? AND user_id = ?`, [id, emoji, userId]);
}
