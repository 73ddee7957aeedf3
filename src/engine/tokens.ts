import { createHash, randomBytes } from 'node:crypto';
import type { Actor, Core, ReadAlongside } from './core';
import { STILL_KEPT, type Statement } from './store/store';
import { forbidden, invalid, notFound } from './errors';
import { TOKEN_SCOPES, type TokenScope } from '../domain/token-scopes';
import { findUser } from './users';
import { membershipKey, requireRight } from './access';
import { keysetPage, type PageRequest } from './pagination';
import { spaceOrganizationKey, spaceRowKey, tokenSpaceRead } from './spaces';

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

/** What a request's token stands for. */
type TokenUse = { id: string; user_id: string; expires_at: string | null; scope: TokenScope };

function tokenRead(digest: string): Statement {
  return { sql: 'SELECT id, user_id, expires_at, scope FROM api_tokens WHERE token_hash = ? AND revoked_at IS NULL', args: [digest] };
}

/** The membership (`membershipRead`'s row) of a token's user in an organization, or a space's. */
function tokenMembershipRead(digest: string, of: { organization: string } | { space: string }): Statement {
  const organization = 'organization' in of ? '?' : '(SELECT organization_id FROM spaces WHERE id = ?)';
  return {
    sql: `SELECT m.role FROM members m JOIN api_tokens t ON t.user_id = m.user_id
      WHERE t.token_hash = ? AND t.revoked_at IS NULL AND m.organization_id = ${organization} AND m.disabled = 0`,
    args: [digest, 'organization' in of ? of.organization : of.space],
  };
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

/** A token as the API answers it (`object: 'token'`). */
const presentApi = (row: TokenRow) => ({ object: 'token' as const, ...present(row) });

/**
 * The caller as the app hands it over: over HTTP, with the id and scope of the token it came with;
 * in-process (the local transport: whoever holds the database), without.
 */
type Caller = Actor & { tokenId?: string; scope?: TokenScope };

/** Scopes by what they allow, narrowest first. */
const SCOPE_RANK: Record<TokenScope, number> = { read: 1, write: 2, admin: 3 };

const TOKEN_ROW = 'SELECT t.*, u.email FROM api_tokens t JOIN users u ON u.id = t.user_id';

/** In-process, without a token: the local transport, whoever holds the database (docs/security.md, "The operator"). */
const isOperator = (actor: Caller) => actor.tokenId === undefined;

/** API tokens: random, shown once, stored only as a SHA-256 hash. Managed locally, not over the API. */
export function tokensModule(core: Core) {
  const lastTouched = new Map<string, number>();

  /**
   * A token the caller may see: of a member of the organization, else 404 (someone else's token is none
   * of its business); the operator reaches every token of the instance.
   */
  async function reachable(actor: Caller, organizationId: string, tokenId: string): Promise<TokenRow> {
    const row = isOperator(actor)
      ? await core.get<TokenRow>(`${TOKEN_ROW} WHERE t.id = ?`, [tokenId])
      : await core.get<TokenRow>(`${TOKEN_ROW} JOIN members m ON m.user_id = t.user_id AND m.organization_id = ? WHERE t.id = ?`, [organizationId, tokenId]);
    if (!row) throw notFound(`token ${tokenId} not found in organization ${organizationId}`);
    return row;
  }

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
      const row = await core.get<TokenRow>(`${TOKEN_ROW} WHERE t.id = ?`, [id]);
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

    /**
     * The tokens of the organization's members (the tokens that can reach it), revoked and expired
     * ones too, oldest first; `user` narrows to one user. Admins only. The operator (in-process) sees
     * every token of the instance, as it always did.
     */
    async listInOrganization(actor: Caller, organizationId: string, query: PageRequest & { user?: string }) {
      await requireRight(core, actor, organizationId, 'admin');
      const operator = isOperator(actor);
      const where = operator ? [] : ['m.organization_id = ?'];
      const args: unknown[] = operator ? [] : [organizationId];
      if (query.user) {
        where.push(query.user.includes('@') ? 'lower(u.email) = lower(?)' : 't.user_id = ?');
        args.push(query.user);
      }
      return await keysetPage<TokenRow, ReturnType<typeof presentApi>>(
        core,
        {
          listing: 'tokens',
          from: `api_tokens t JOIN users u ON u.id = t.user_id${operator ? '' : ' JOIN members m ON m.user_id = t.user_id'}`,
          columns: 't.*, u.email',
          where,
          args,
          orderBy: ['t.created_at', 't.id'],
          direction: 'asc',
          keyOf: (row) => [row.created_at, row.id],
          present: presentApi,
        },
        query,
      );
    },

    /** One token of a member of the organization (404 for any other; the operator: any). Admins only. */
    async getInOrganization(actor: Caller, organizationId: string, tokenId: string) {
      await requireRight(core, actor, organizationId, 'admin');
      return presentApi(await reachable(actor, organizationId, tokenId));
    },

    /**
     * Mints a token for a member (the caller by default). Admins only. Over the API (a caller with a
     * token) only for the caller: a token acts as its user in every organization they belong to, so a
     * token for someone else would carry an admin of this organization into the others. The operator
     * (in-process, holding the database) mints for any user of the instance, as it always did. Never
     * more than the calling token: no wider scope (the default is the caller's), no later expiry (the
     * default is the caller's).
     */
    async createInOrganization(actor: Caller, organizationId: string, input: { user?: string; name?: string; expiresAt?: string; scope?: TokenScope }) {
      await requireRight(core, actor, organizationId, 'admin');
      const user = await findUser(core, input.user ?? actor.userId);
      const member = user && await core.get('SELECT 1 FROM members WHERE organization_id = ? AND user_id = ?', [organizationId, user.id]);
      if (!user || (!member && !isOperator(actor))) throw notFound(`user: no member ${input.user} in this organization`);
      const caller = isOperator(actor) ? undefined : await core.get<{ expires_at: string | null; scope: TokenScope }>('SELECT expires_at, scope FROM api_tokens WHERE id = ?', [actor.tokenId]);
      if (!isOperator(actor) && user.id !== actor.userId) {
        throw forbidden('user: over the API a token is minted only for its caller (a token acts in every organization of its user); tokens for others are minted by the operator, docsctl tokens create --user on the database');
      }
      const scope = input.scope ?? caller?.scope ?? 'admin';
      if (caller && SCOPE_RANK[scope] > SCOPE_RANK[caller.scope]) {
        throw forbidden(`scope: a token of scope ${caller.scope} cannot mint one of scope ${scope}`);
      }
      const expiresAt = input.expiresAt ?? caller?.expires_at ?? undefined;
      if (caller?.expires_at && expiresAt !== undefined && Date.parse(expiresAt) > Date.parse(caller.expires_at)) {
        throw invalid(`expiresAt: must be at most the expiry of the token making it (${caller.expires_at})`);
      }
      const created = await this.create({ user: user.id, name: input.name, scope, ...(expiresAt !== undefined ? { expiresAt } : {}) });
      return { object: 'token' as const, ...created };
    },

    /** Revokes a token (as `getInOrganization` finds it); answers it, kept with `revokedAt`. Admins only. */
    async revokeInOrganization(actor: Caller, organizationId: string, tokenId: string) {
      await requireRight(core, actor, organizationId, 'admin');
      await reachable(actor, organizationId, tokenId);
      await core.write(async () => await core.run('UPDATE api_tokens SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?', [core.now(), tokenId]));
      return presentApi(await reachable(actor, organizationId, tokenId));
    },

    /** The actor a bearer token stands for, or undefined. Records use at most once a minute per token. */
    /**
     * The caller a token stands for, with the token's id (for the access log) and scope, or undefined
     * for a token unknown, revoked or expired (`refusalOf` says which).
     */
    async authenticate(token: string): Promise<(Actor & { tokenId: string; scope: TokenScope }) | undefined> {
      const digest = cachedHash(token);
      const row = await core.remember(`token:${digest}`, async () => {
        const { sql, args } = tokenRead(digest);
        return await core.get<TokenUse>(sql, args);
      });
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

    /**
     * What a request with `token` reads with its change versions (`Core.revalidate`): the token's row
     * and its user's membership of the path's organization, remembered as `authenticate` and the
     * access checks would remember them. After another replica's write, each is then no round trip.
     */
    readsAlongside(token: string, of: { organization: string } | { space: string } | undefined): ReadAlongside {
      const digest = cachedHash(token);
      const space = of && 'space' in of ? of.space : undefined;
      // A space's path: the space as the token's user sees it too (the access check's row), unless it
      // is remembered and no version moved since (a steady stream of reads does not pay for it).
      const user = (core.held(`token:${digest}`) as { user_id: string } | null | undefined)?.user_id;
      const home = space === undefined ? undefined : core.held(spaceOrganizationKey(space)) as string | null | undefined;
      const unless = space && user && home ? core.keptUnder(spaceRowKey(space, user), home) : undefined;
      return {
        reads: [tokenRead(digest), ...(of ? [tokenMembershipRead(digest, of)] : []), ...(space ? [{ ...tokenSpaceRead(digest, space), unless }] : [])],
        keep: (rows, organization) => {
          const [tokenRow, membership, spaceRow] = rows.map((row) => (row === STILL_KEPT ? undefined : row));
          return [
            { key: `token:${digest}`, value: tokenRow },
            ...(of && tokenRow && organization ? [{ key: membershipKey(organization, tokenRow.user_id as string), value: membership, organizationId: organization }] : []),
            ...(space ? [{ key: spaceOrganizationKey(space), value: organization ?? null }] : []),
            ...(space && tokenRow && organization && rows[2] !== STILL_KEPT ? [{ key: spaceRowKey(space, tokenRow.user_id as string), value: spaceRow ?? null, organizationId: organization }] : []),
          ];
        },
      };
    },

    /** Why a token `authenticate` refused is refused: what the 401 says. */
    async refusalOf(token: string): Promise<string> {
      const row = await core.get<{ revoked_at: string | null; expires_at: string | null }>('SELECT revoked_at, expires_at FROM api_tokens WHERE token_hash = ?', [cachedHash(token)]);
      if (row && row.revoked_at === null && row.expires_at !== null) return `the token expired at ${row.expires_at}: create a new one (docsctl tokens create --expires …)`;
      return 'the token is unknown or revoked';
    },
  };
}
