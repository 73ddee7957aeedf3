import type * as z from 'zod/mini';
import { rawResponse, type RawFile } from './raw-response';
import { MAX_JSON_DEPTH, tooDeep } from './json-depth';
import { verifyCapability } from '../engine/capability';
import type { Engine, Actor } from '../engine/index';
import { DatabaseUnavailable, EngineError, FileStoreFailed, NewerDatabase, statusOf } from '../engine/errors';
import { routeList } from '../api/routes/index';
import { DEFAULT_MAX_BODY_BYTES, type ByteStream, type Route } from '../api/routes/route';
import type { ApiRequest, ApiResponse } from './messages';
import { uploadTooLarge } from '../domain/file-size';
import { createRouter } from './router';
import { formatIssues } from '../api/format-issues';
import { AHEAD_OF_TRANSACTION, COLLECTION_WRITES, operations, ORGANIZATION_WRITES, READS_AHEAD, SELF_COMMITTING, SPACE_WRITES, TRANSFERS, type RecordInTransaction } from './operations';
import { createRateLimiter, type RateLimitOptions } from './rate-limit';
import { renderOpenApi } from '../api/openapi';
import { WithStatus } from './status';
import { scopeRefusal } from '../domain/token-scopes';
import { describeCreated, summaryOf, type TargetDetail } from '../engine/audit';
import { writeReadsAhead } from '../engine/write-reads';
import type { Statement } from '../engine/store/store';

export type { ApiRequest, ApiResponse } from './messages';

export interface AppOptions {
  engine: Engine;
  /** Requests per window per token; off for the local transport. */
  rateLimit?: RateLimitOptions;
  /** Whether the server is stopping: `/readyz` then answers 503 (a balancer stops sending it requests). */
  stopping?: () => boolean;
  /** Called with unexpected errors (bugs); the client gets a plain 500 without a stack trace. */
  onError?: (error: unknown) => void;
}

export interface HandleOptions {
  /** Set by the local transport: the caller, already known, instead of a bearer token. */
  actor?: Actor;
  /** Key for rate limiting when there is no token (the client address). */
  clientKey?: string;
  /** Filled in as the request is handled, for the access log: never the token itself. */
  trace?: RequestTrace;
  /** The request's id (`X-Request-Id`), kept in the audit trail. */
  requestId?: string;
}

/** What `serve` may read of a request's body, decided before it reads any (`bodyPolicy`). */
export interface BodyPolicy {
  read: boolean;
  maxBodyBytes: number;
  /** Hand the body to the app as it arrives (`rawBody` routes: uploads) instead of reading it whole first. */
  stream?: boolean;
  /** The message of a 413 for this route, when it says more than the bound. */
  tooLarge?: string;
}

/** What the access log says of a request besides its method, path and status. */
export interface RequestTrace {
  operationId?: string;
  userId?: string;
  tokenId?: string;
  /** The database stayed locked past its busy timeout (answered 503). */
  databaseBusy?: boolean;
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

function json(status: number, value: unknown, headers: Record<string, string> = {}): ApiResponse {
  // Object.assign, not `{ ...JSON_HEADERS, ...headers }`: Node 20's V8 takes a slow path for a literal of
  // two spreads, ~2.5 µs where this takes 0.2 µs, on every answer `serve` gives (docs/performance.md).
  return { status, headers: Object.assign({}, JSON_HEADERS, headers), body: JSON.stringify(value) };
}

export function errorResponse(status: number, message: string, headers: Record<string, string> = {}): ApiResponse {
  return json(status, { error: { code: status, message } }, headers);
}

class BadRequest extends Error {}

function parseQuery(search: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const existing = out[key];
    out[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return out;
}

function validate(schema: z.ZodMiniType, value: unknown, prefix: string[]): unknown {
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw new BadRequest(formatIssues(result.error.issues, prefix));
  return result.data;
}

function parseBody(route: Route, raw: string | ByteStream | undefined): unknown {
  if (!route.body) return undefined;
  if (typeof raw !== 'string' && raw !== undefined) throw new BadRequest('body: must be JSON text');
  if (raw === undefined || raw.trim() === '') return validate(route.body, {}, []);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw new BadRequest(`body: is not valid JSON (${(error as Error).message})`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new BadRequest('body: must be a JSON object');
  const deep = tooDeep(parsed);
  if (deep !== undefined) throw new BadRequest(`${deep}: must not nest objects and arrays more than ${MAX_JSON_DEPTH} levels deep`);
  return validate(route.body, parsed, []);
}

function headerOf(req: Pick<ApiRequest, 'headers'>, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The bearer token of a request, if it sends one. */
function bearerToken(req: Pick<ApiRequest, 'headers'>): string | undefined {
  return /^Bearer\s+(.+)$/i.exec(headerOf(req, 'authorization') ?? '')?.[1]?.trim();
}

/** A raw body's bytes: as they arrive, or a text body (`docsctl api --input`) as its UTF-8 bytes. */
async function* bytesOf(body: string | ByteStream | undefined): ByteStream {
  if (typeof body === 'string') yield Buffer.from(body);
  else if (body) yield* body;
}

/** A request URL's path and query string (without the `?`). */
export function splitUrl(url: string): { path: string; search: string } {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? { path: url, search: '' } : { path: url.slice(0, queryAt), search: url.slice(queryAt + 1) };
}

/** The whole API as one function: route table -> validate -> authorize -> engine -> present. */
export function createApp(options: AppOptions) {
  const { engine } = options;
  const match = createRouter(routeList);
  const limiter = options.rateLimit ? createRateLimiter(options.rateLimit, engine.core.clock) : undefined;
  let openApiBody: string | undefined;

  /**
   * One request through the route table: the transports, the server, tests and benches use this.
   * While the database is unreachable, whatever the request needed of it, the answer is 503.
   */
  async function handleAsync(req: ApiRequest, handleOptions: HandleOptions = {}): Promise<ApiResponse> {
    try {
      return await routed(req, handleOptions);
    } catch (error) {
      if (error instanceof DatabaseUnavailable) return unavailable();
      throw error;
    }
  }

  async function routed(req: ApiRequest, handleOptions: HandleOptions): Promise<ApiResponse> {
    const { path, search } = splitUrl(req.url);

    // For load balancers and orchestrators: no token, no rate limit.
    if (req.method === 'GET' && path === '/healthz') return json(200, { status: 'ok' });
    if (req.method === 'GET' && path === '/readyz') {
      if (options.stopping?.()) return json(503, { status: 'not ready', reason: 'the server is stopping' });
      const ready = await engine.ready();
      return ready === true ? json(200, { status: 'ready' }) : json(503, { status: 'not ready', reason: ready });
    }
    if (req.method === 'GET' && path === '/openapi.json') {
      openApiBody ??= JSON.stringify(renderOpenApi(engine.core.publicUrl));
      return { status: 200, headers: { ...JSON_HEADERS }, body: openApiBody };
    }

    let rateHeaders: Record<string, string> = {};
    const token = bearerToken(req);
    // Authenticated before the rate limit, so that only a valid token gets a count of its own: junk
    // tokens count against the client address like requests without one.
    // Once per request: what the engine remembers is dropped if another connection wrote since.
    const inPath = organizationInPath(path);
    const revalidated = await engine.core.revalidate(inPath, token && !handleOptions.actor ? engine.tokens.readsAlongside(token, inPath) : undefined);
    const authenticated = token && !handleOptions.actor ? await engine.tokens.authenticate(token) : undefined;
    if (limiter) {
      const state = limiter(authenticated ? `token:${token}` : `addr:${handleOptions.clientKey ?? 'unknown'}`);
      rateHeaders = {
        'x-ratelimit-limit': String(state.limit),
        'x-ratelimit-remaining': String(state.remaining),
        'x-ratelimit-reset': String(state.reset),
      };
      if (!state.allowed) {
        const wait = Math.max(1, state.reset - Math.floor(engine.core.clock.now().getTime() / 1000));
        return errorResponse(429, `rate limit of ${state.limit} requests exceeded; retry after ${wait} seconds`, {
          ...rateHeaders,
          'retry-after': String(wait),
        });
      }
    }

    const found = match(req.method.toUpperCase(), path);
    if (!found) return errorResponse(404, `no route for ${req.method.toUpperCase()} ${path}`, rateHeaders);
    if ('malformed' in found) return errorResponse(400, `path: ${path} has malformed percent-encoding`, rateHeaders);
    if ('allowed' in found) {
      return errorResponse(405, `method ${req.method.toUpperCase()} is not allowed on ${path}; allowed: ${found.allowed.join(', ')}`, {
        ...rateHeaders,
        allow: found.allowed.join(', '),
      });
    }
    const { route, params } = found;
    const trace = handleOptions.trace;
    if (trace) {
      trace.operationId = route.operationId;
      if (authenticated) Object.assign(trace, { userId: authenticated.userId, tokenId: authenticated.tokenId });
      else if (handleOptions.actor) trace.userId = handleOptions.actor.userId;
    }
    try {
      let actor = handleOptions.actor;
      if (!actor && !token && route.capability && search.includes('signature=')) {
        const verdict = await verifyCapability(engine.core, path, new URLSearchParams(search));
        if ('refused' in verdict) return errorResponse(403, verdict.refused, rateHeaders);
        actor = { userId: verdict.userId };
      }
      if (!actor) {
        if (!token) return errorResponse(401, 'authentication required: send Authorization: Bearer <token>', rateHeaders);
        actor = authenticated;
        if (!actor) return errorResponse(401, await engine.tokens.refusalOf(token), rateHeaders);
        const refusal = scopeRefusal(authenticated!.scope, req.method.toUpperCase(), route.tag);
        if (refusal) return errorResponse(403, refusal, rateHeaders);
      }
      const query = route.query ? validate(route.query, parseQuery(search), []) : {};
      let body: unknown;
      if (route.rawBody) {
        // A declared length past the bound is refused before a byte is read; the operation bounds the rest.
        const declared = Number(headerOf(req, 'content-length'));
        if (declared > engine.core.maxFileSize) return errorResponse(413, uploadTooLarge(engine.core.maxFileSize, (query as { name?: string }).name), rateHeaders);
        body = bytesOf(req.body);
      } else body = parseBody(route, req.body);
      const operation = operations[route.operationId as keyof typeof operations] as (e: Engine, a: Actor, i: { params: unknown; query: unknown; body: unknown; record?: RecordInTransaction; ahead?: unknown }) => unknown;
      let ahead: unknown;
      const run = async (record?: RecordInTransaction) => operation(engine, actor!, { params, query, body, record, ahead });
      // A write and its audit record commit together, or neither does (docs/api.md, "Audit log").
      // A space's organization was read with the change versions: not again (one round trip a write fewer).
      const spaceOrganization = inPath && 'space' in inPath && inPath.space === params.spaceId && !params.organizationId ? revalidated : undefined;
      let organizationId = route.method === 'GET' ? undefined : (spaceOrganization ?? await engine.audit.organizationOf(params));
      // What the path's targets are called, read before the write runs: a delete or a rename changes them.
      const describe = async () => (organizationId === undefined ? [] : await engine.audit.describeTargets(params));
      const audit = async (value: unknown, described: TargetDetail[]) => {
        const created = value !== null && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string' ? (value as { id: string }).id : undefined;
        // A route outside any organization writes one only by creating it (createOrganization).
        const inOrganization = organizationId ?? ((value as { object?: unknown } | null)?.object === 'organization' ? created : undefined);
        if (inOrganization === undefined) return;
        // An answer's id is what the write created unless the path named it (by id, or by a number or an
        // e-mail that the description resolved: a change request's update answers it whole).
        const creates = created !== undefined && !Object.values(params).includes(created) && !described.some((d) => d.id === created);
        await engine.audit.record({
          organizationId: inOrganization, userId: actor!.userId, ...(authenticated ? { tokenId: authenticated.tokenId } : {}),
          operationId: route.operationId, method: route.method, path,
          targets: { ...params, ...(creates ? { created } : {}) },
          targetDetails: [...described, ...(creates ? [describeCreated(created, value)] : [])],
          summary: summaryOf(route.rawBody ? undefined : body), ...(handleOptions.requestId ? { requestId: handleOptions.requestId } : {}),
          status: value instanceof WithStatus ? value.status : route.status,
        });
      };
      let value: unknown;
      if (route.method === 'GET') {
        value = await run();
      } else if (SELF_COMMITTING.has(route.operationId)) {
        // A transaction cannot wait on the network: an import or an OpenAPI publish commits its own
        // transactions as it goes, and its record follows once it is done.
        const described = await describe();
        // One that stores in a single transaction (an upload) records in it, so both commit together.
        let recorded = false;
        const record = async (answer: unknown) => {
          await audit(answer, described);
          recorded = true;
        };
        value = await run(record);
        if (!recorded) await engine.core.write(async () => await audit(value, described));
      } else {
        // What would wait on the network inside the transaction (S3) is done before it opens.
        const beforehand = AHEAD_OF_TRANSACTION[route.operationId as keyof typeof AHEAD_OF_TRANSACTION] as ((e: Engine, a: Actor, i: { params: unknown; query: unknown; body: unknown }) => Promise<unknown>) | undefined;
        ahead = await beforehand?.(engine, actor!, { params, query, body });
        let failed: { error: unknown } | undefined;
        let moved = false;
        const own = READS_AHEAD[route.operationId as keyof typeof READS_AHEAD] as ((e: Engine, a: Actor, i: { params: unknown; query: unknown; body: unknown }) => Statement[]) | undefined;
        const readsAhead = () => [...writeReadsAhead(params, organizationId!, actor!.userId), ...(own?.(engine, actor!, { params, query, body }) ?? [])];
        const audited = async (scope: string[] | undefined) => await engine.core.write(async () => {
          // A space's (or collection's) organization was read before its lock was held: a transfer may have moved it since.
          if (scope !== undefined && scope[0] !== params.organizationId && await engine.audit.organizationOf(params) !== scope[0]) {
            moved = true;
            return undefined;
          }
          try {
            const described = await describe();
            const done = await run();
            await audit(done, described);
            return done;
          } catch (error) {
            // What the operation committed before failing stays committed, as without the audit
            // (a late restore purges the space, then answers 404); there is nothing to record.
            failed = { error };
            return undefined;
          }
          // Nothing runs here after a failure: the operation's first transaction needs no savepoint.
        }, scope, { undoneWholeIfFirstFails: true, readAhead: organizationId === undefined ? undefined : readsAhead() });
        const scope = writeScope(route.operationId, params, organizationId, body);
        value = await audited(scope);
        // Moved meanwhile: written (and recorded) in its new organization as the whole instance's write.
        if (moved) {
          organizationId = await engine.audit.organizationOf(params);
          value = await audited(undefined);
        } else if (scope !== undefined && conflictedAcross(failed?.error)) {
          // Undone whole: alone, as the whole instance's write, it cannot meet another's.
          failed = undefined;
          value = await audited(undefined);
        }
        if (failed) throw failed.error;
      }
      if (route.raw) return await rawResponse(route.status, value as RawFile, rateHeaders);
      if (!route.response) return { status: route.status, headers: rateHeaders };
      // A create-or-update answer carries its own status (201 created, else the route's).
      return value instanceof WithStatus ? json(value.status, value.value, rateHeaders) : json(route.status, value, rateHeaders);
    } catch (error) {
      return failure(error, rateHeaders, trace);
    }
  }

  function unavailable(rateHeaders: Record<string, string> = {}): ApiResponse {
    return errorResponse(503, 'the database is unavailable: retry in a moment', { ...rateHeaders, 'retry-after': '1' });
  }

  function failure(error: unknown, rateHeaders: Record<string, string>, trace?: RequestTrace): ApiResponse {
    if (error instanceof BadRequest) return errorResponse(400, error.message, rateHeaders);
    if (error instanceof EngineError) return errorResponse(statusOf(error), error.message, rateHeaders);
    // Another docsctl migrated the database since this one opened it: reads go on, writes are refused
    // before they change anything (docs/deployment.md, "Upgrading"); another replica may take the retry.
    if (error instanceof DatabaseUnavailable) return unavailable(rateHeaders);
    // The file store (S3) refused or did not answer: said as it is (the store and what failed), and logged.
    if (error instanceof FileStoreFailed) {
      options.onError?.(error);
      return errorResponse(503, error.message, rateHeaders);
    }
    if (error instanceof NewerDatabase) {
      return errorResponse(503, `this server no longer writes: ${error.message}`, { ...rateHeaders, 'retry-after': '1' });
    }
    // Another connection held the database past the busy timeout: the client may simply retry.
    if ((error as { code?: unknown } | null)?.code === 'SQLITE_BUSY') {
      if (trace) trace.databaseBusy = true;
      return errorResponse(503, 'the database is busy: retry in a moment', { ...rateHeaders, 'retry-after': '1' });
    }
    options.onError?.(error);
    return errorResponse(500, 'internal error: the request could not be completed', rateHeaders);
  }

  /**
   * What `serve` decides before it reads a byte of a request's body: whether the body is worth reading
   * at all (a route that takes one, and a caller with a valid token; otherwise the answer, 404, 405 or
   * 401, needs no body) and how much of it the route takes.
   */
  async function bodyPolicy(req: Omit<ApiRequest, 'body'>): Promise<BodyPolicy> {
    const found = match(req.method.toUpperCase(), splitUrl(req.url).path);
    const route = found && 'route' in found ? found.route : undefined;
    const maxBodyBytes = route?.rawBody ? engine.core.maxFileSize : (route?.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
    // A raw body (an upload) streams to the operation, which bounds it and names the bound.
    const stream = route?.rawBody ? { stream: true, tooLarge: uploadTooLarge(maxBodyBytes, new URLSearchParams(splitUrl(req.url).search).get('name')) } : {};
    if (!route?.body) return { read: false, maxBodyBytes };
    const token = bearerToken(req);
    if (!token) return { read: false, maxBodyBytes, ...stream };
    try {
      // A token remembered valid is read for at once: if another replica revoked it since, handleAsync
      // (which reads the change versions first) answers 401 after a body read within its bound. Any
      // other answer is looked at again against the database's versions (a token created elsewhere).
      if (await engine.tokens.authenticate(token) !== undefined) return { read: true, maxBodyBytes, ...stream };
      await engine.core.revalidate();
      return { read: await engine.tokens.authenticate(token) !== undefined, maxBodyBytes, ...stream };
    } catch (error) {
      // Read (within the bound): handleAsync answers 503 if the database is still away, or serves it.
      if (error instanceof DatabaseUnavailable) return { read: true, maxBodyBytes, ...stream };
      throw error;
    }
  }

  return { handleAsync, bodyPolicy, engine };
}

export type App = ReturnType<typeof createApp>;

/**
 * The organization a path is under (`/v1/orgs/{organizationId}/…`), or its space (`/v1/spaces/{spaceId}/…`),
 * whose organization's change version the request's first read also fetches.
 */
function organizationInPath(path: string): { organization: string } | { space: string } | undefined {
  const organization = /^\/v1\/orgs\/([^/]+)/.exec(path)?.[1];
  if (organization) return { organization };
  const space = /^\/v1\/spaces\/([^/]+)/.exec(path)?.[1];
  return space ? { space } : undefined;
}

/**
 * Whether a write scoped to an organization failed only because another organization's write ran
 * beside it (PostgreSQL): each inserted the same content-addressed row (a page version, a file) in
 * the other order (a deadlock, 40P01), or took a key the whole instance shares (a unique key, 23505:
 * a space's first search key, a file both stored as new). The engine checks its own unique rules
 * before it inserts, under the organization's lock, so inside one organization neither happens.
 */
function conflictedAcross(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '23505';
}

/**
 * The organizations whose writes alone a route's write waits for (`WriteScope`), or undefined for the
 * whole instance's: the path's own organization for ORGANIZATION_WRITES, the space's or the
 * collection's for SPACE_WRITES and COLLECTION_WRITES, and for TRANSFERS that one and the one the body
 * names (the store takes their locks in a fixed order). The first is the one checked again under the lock.
 */
function writeScope(operationId: string, params: Record<string, string>, organizationId: string | undefined, body: unknown): string[] | undefined {
  if (ORGANIZATION_WRITES.has(operationId)) return [params.organizationId];
  if (organizationId === undefined) return undefined;
  if (SPACE_WRITES.has(operationId) && params.spaceId) return [organizationId];
  if (COLLECTION_WRITES.has(operationId) && params.collectionId) return [organizationId];
  const target = (body as { organization?: unknown } | null | undefined)?.organization;
  if (TRANSFERS.has(operationId) && typeof target === 'string') return [organizationId, target];
  return undefined;
}
