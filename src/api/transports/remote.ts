import { Agent, request as undiciRequest } from 'undici';
import { TransportError } from '../errors';
import type { Transport } from './transport';

export interface RemoteOptions {
  baseUrl: string;
  token?: string;
  /** Per-request timeout. */
  timeoutMs?: number;
  /** Retries on 429/502/503/504 and connection resets. */
  retries?: number;
  /** Longest wait honoured from Retry-After / X-RateLimit-Reset. */
  maxWaitMs?: number;
  userAgent?: string;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const RETRY_STATUSES = new Set([429, 502, 503, 504]);

/**
 * Whether a failed attempt may be sent again. A 429 was refused before any work, so it is always
 * safe; after a gateway error or a dropped connection the server may have acted already, so only
 * methods that are safe to repeat (everything but POST here) are retried.
 */
export function mayRetry(method: string, status: number | 'connection'): boolean {
  if (status === 429) return true;
  return method.toUpperCase() !== 'POST' && (status === 'connection' || RETRY_STATUSES.has(status));
}

/** How long to wait before retrying: Retry-After, else X-RateLimit-Reset, else exponential backoff. */
export function retryDelay(headers: Record<string, string>, attempt: number, nowMs: number): number {
  const retryAfter = headers['retry-after'];
  if (retryAfter !== undefined) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - nowMs);
  }
  const reset = Number(headers['x-ratelimit-reset']);
  if (headers['x-ratelimit-reset'] !== undefined && Number.isFinite(reset)) return Math.max(0, reset * 1000 - nowMs);
  return Math.min(8000, 250 * 2 ** attempt);
}

/** Talks to a `docsctl serve` (or any instance of the API) over HTTP with a bearer token. */
export function remoteTransport(options: RemoteOptions): Transport {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeout = options.timeoutMs ?? 30_000;
  const retries = options.retries ?? 3;
  const maxWait = options.maxWaitMs ?? 60_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = options.now ?? Date.now;
  const dispatcher = new Agent({ headersTimeout: timeout, bodyTimeout: timeout, connect: { timeout } });

  return {
    async send(req) {
      const headers: Record<string, string> = {
        accept: 'application/json',
        'user-agent': options.userAgent ?? 'docsctl',
      };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (req.body !== undefined) headers['content-type'] = 'application/json';
      for (let attempt = 0; ; attempt++) {
        let status: number;
        let responseHeaders: Record<string, string>;
        let body: string | Buffer;
        try {
          const res = await undiciRequest(`${base}${req.url}`, {
            method: req.method as 'GET',
            headers,
            body: req.body,
            dispatcher,
            // undici's own timers are coarse (about a second); the signal bounds the whole exchange precisely.
            signal: AbortSignal.timeout(timeout),
          });
          status = res.statusCode;
          responseHeaders = {};
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) responseHeaders[k] = Array.isArray(v) ? v.join(', ') : v;
          const bytes = Buffer.from(await res.body.arrayBuffer());
          const type = responseHeaders['content-type'] ?? '';
          body = type === '' || /json|text/.test(type) ? bytes.toString('utf8') : bytes;
        } catch (error) {
          const code = (error as { code?: string }).code;
          const retryable = code === 'ECONNRESET' || code === 'UND_ERR_SOCKET';
          if (retryable && attempt < retries && mayRetry(req.method, 'connection')) {
            await sleep(retryDelay({}, attempt, now()));
            continue;
          }
          const timedOut = (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError';
          const reason = timedOut || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT'
            ? `timed out after ${timeout} ms`
            : (error as Error).message;
          throw new TransportError(`cannot reach ${base}: ${reason}`);
        }
        if (mayRetry(req.method, status) && attempt < retries) {
          const wait = retryDelay(responseHeaders, attempt, now());
          if (wait <= maxWait) {
            await sleep(wait);
            continue;
          }
        }
        return { status, headers: responseHeaders, body: body.length === 0 ? undefined : body };
      }
    },
    close: () => dispatcher.close(),
  };
}
