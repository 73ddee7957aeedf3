import { createHash, randomBytes } from 'node:crypto';
import type { Actor, Core } from './core';
import { invalid, notFound } from './errors';
import { TOKEN_SCOPES, type TokenScope } from '../domain/token-scopes';
import { findUser } from './users';

interface TokenRow {
  id: string;
  user_id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  expires_at: string | null;
  scope: TokenScope;
  email: string;
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Hashes of recently seen tokens: hashing is pure, so caching it skips work on every request. */
const recentHashes = new Map<string, string>();
function cachedHash(token: string): string {
  let digest = recentHashes.get(token);
  if (digest === undefined) {
    if (recentHashes.size >= 1000) recentHashes.clear();
    digest = hash(token);
    recentHashes.set(token, digest);
  }
  return digest;
}

function present(row: TokenRow) {
  return {
    id: row.id,
    name: row.name,
    user: row.user_id,
    email: row.email,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
    expiresAt: row.expires_at,
    scope: row.scope,
  };
}

export type TokenInfo = Awaited<ReturnType<typeof present>>;

/** API tokens: random, shown once, stored only as a SHA-256 hash. Managed locally, not over the API. */
export function tokensModule(core: Core) {
  const lastTouched = new Map<string, number>();

  return {
    /** A new token for `user`; `expiresAt` (ISO time, in the future) and `scope` (default admin) narrow it. */
    async create(input: { user: string; name?: string; expiresAt?: string; scope?: TokenScope }): Promise<TokenInfo & { token: string }> {
      const user = await findUser(core, input.user);
      if (!user) throw notFound(`user ${input.user} not found`);
      if (input.expiresAt !== undefined && !(Date.parse(input.expiresAt) > core.clock.now().getTime())) {
        throw invalid(`expiresAt: must be a time in the future (it is ${input.expiresAt})`);
      }
      if (input.scope !== undefined && !TOKEN_SCOPES.includes(input.scope)) throw invalid(`scope: must be one of ${TOKEN_SCOPES.join(', ')}`);
      const token = `dct_${randomBytes(32).toString('base64url')}`;
      const id = core.newId();
      await core.write(async () =>
        await core.run('INSERT INTO api_tokens (id, user_id, name, token_hash, created_at, expires_at, scope) VALUES (?, ?, ?, ?, ?, ?, ?)', [
          id, user.id, input.name ?? 'docsctl', hash(token), core.now(), input.expiresAt === undefined ? null : new Date(input.expiresAt).toISOString(), input.scope ?? 'admin',
        ]),
      );
      return { ...await this.get(id), token };
    },

    async get(id: string): Promise<TokenInfo> {
      const row = await core.get<TokenRow>('SELECT t.*, u.email FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.id = ?', [id]);
      if (!row) throw notFound(`token ${id} not found`);
      return present(row);
    },

    async list(): Promise<TokenInfo[]> {
      return (await core.all<TokenRow>('SELECT t.*, u.email FROM api_tokens t JOIN users u ON u.id = t.user_id ORDER BY t.created_at, t.id')).map(present);
    },

    async revoke(id: string): Promise<TokenInfo> {
      await this.get(id);
      await core.write(async () => await core.run('UPDATE api_tokens SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?', [core.now(), id]));
      return await this.get(id);
    },

    /** The actor a bearer token stands for, or undefined. Records use at most once a minute per token. */
    /**
     * The caller a token stands for, with the token's id (for the access log) and scope, or undefined
     * for a token unknown, revoked or expired (`refusalOf` says which).
     */
    async authenticate(token: string): Promise<(Actor & { tokenId: string; scope: TokenScope }) | undefined> {
      const digest = cachedHash(token);
      const row = await core.remember(`token:${digest}`, async () =>
        await core.get<{ id: string; user_id: string; expires_at: string | null; scope: TokenScope }>(
          'SELECT id, user_id, expires_at, scope FROM api_tokens WHERE token_hash = ? AND revoked_at IS NULL',
          [digest],
        ),
      );
      if (!row) return undefined;
      const now = core.clock.now().getTime();
      if (row.expires_at !== null && Date.parse(row.expires_at) <= now) return undefined;
      if (now - (lastTouched.get(row.id) ?? 0) > 60_000) {
        try {
          await core.run('UPDATE api_tokens SET last_used_at = ? WHERE id = ?', [new Date(now).toISOString(), row.id]);
          lastTouched.set(row.id, now);
        } catch (error) {
          // Best effort: a database busy with another writer must not fail the request for this.
          if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
        }
      }
      return { userId: row.user_id, tokenId: row.id, scope: row.scope };
    },

    /** Why a token `authenticate` refused is refused: what the 401 says. */
    async refusalOf(token: string): Promise<string> {
      const row = await core.get<{ revoked_at: string | null; expires_at: string | null }>('SELECT revoked_at, expires_at FROM api_tokens WHERE token_hash = ?', [cachedHash(token)]);
      if (row && row.revoked_at === null && row.expires_at !== null) return `the token expired at ${row.expires_at}: create a new one (docsctl tokens create --expires …)`;
      return 'the token is unknown or revoked';
    },
  };
}
