import type { Actor, Core } from './core';
import { notFound } from './errors';
import type { Statement } from './store/store';

export interface UserRow {
  id: string;
  display_name: string;
  email: string;
  photo_url: string | null;
  created_at: string;
}

export interface User {
  object: 'user';
  id: string;
  displayName: string;
  email: string;
  photoURL?: string;
  urls: { location: string };
}

export function presentUser(core: Core, row: Pick<UserRow, 'id' | 'display_name' | 'email' | 'photo_url'>): User {
  return {
    object: 'user',
    id: row.id,
    displayName: row.display_name,
    email: row.email,
    ...(row.photo_url ? { photoURL: row.photo_url } : {}),
    urls: { location: core.apiUrl(`/users/${row.id}`) },
  };
}

/** A user's row by id (a write that answers with its caller as an author reads it ahead with its BEGIN). */
export function userRowRead(userId: string): Statement {
  return { sql: 'SELECT * FROM users WHERE id = ?', args: [userId] };
}

export async function userRow(core: Core, userId: string): Promise<UserRow | undefined> {
  const { sql, args } = userRowRead(userId);
  return await core.get<UserRow>(sql, args);
}

export async function findUser(core: Core, idOrEmail: string): Promise<UserRow | undefined> {
  return idOrEmail.includes('@')
    ? await core.get<UserRow>('SELECT * FROM users WHERE email = ?', [idOrEmail])
    : await userRow(core, idOrEmail);
}

/** A new user's row, not yet written (`createUserRow` writes one; a bulk write many at once). */
export function newUserRow(core: Core, input: { email: string; displayName?: string; photoURL?: string }): UserRow {
  return {
    id: core.newId(),
    email: input.email,
    display_name: input.displayName ?? input.email.split('@')[0],
    photo_url: input.photoURL ?? null,
    created_at: core.now(),
  };
}

export async function createUserRow(core: Core, input: { email: string; displayName?: string; photoURL?: string }): Promise<UserRow> {
  const row = newUserRow(core, input);
  await core.run('INSERT INTO users (id, display_name, email, photo_url, created_at) VALUES (?, ?, ?, ?, ?)', [
    row.id, row.display_name, row.email, row.photo_url, row.created_at,
  ]);
  return row;
}

export function usersModule(core: Core) {
  return {
    async current(actor: Actor): Promise<User> {
      const row = await userRow(core, actor.userId);
      if (!row) throw notFound(`user ${actor.userId} not found`);
      return presentUser(core, row);
    },

    /** A user is visible to themselves and to anyone sharing an organization with them. */
    async get(actor: Actor, userId: string): Promise<User> {
      const row = await core.get<UserRow>(
        `SELECT u.* FROM users u WHERE u.id = ? AND (u.id = ? OR EXISTS (
           SELECT 1 FROM members a JOIN members b ON a.organization_id = b.organization_id
           WHERE a.user_id = u.id AND b.user_id = ?))`,
        [userId, actor.userId, actor.userId],
      );
      if (!row) throw notFound(`user ${userId} not found`);
      return presentUser(core, row);
    },
  };
}
