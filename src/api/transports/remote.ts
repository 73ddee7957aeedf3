import type { Agent, IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
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

const load = createRequire(import.meta.url);

/** What one exchange answered, before retries are decided. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  bytes: Buffer;
}

/**
 * node:http (or node:https) with one keep-alive agent per transport. undici was the client before;
 * measured on a remote `members list`, loading it cost ~45 ms of every start and its WebAssembly
 * parser kept the process ~85 ms after the answer while V8 finished optimizing it (docs/performance.md).
 */
function httpClient(base: URL): { exchange: (url: string, init: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal }) => Promise<Answer>; agent: Agent } {
  // https loads only for an https URL: its TLS set-up is start-up a plain-HTTP command never needs.
  const http = (base.protocol === 'https:' ? load('node:https') : load('node:http')) as typeof import('node:http');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const exchange = (url: string, init: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal }) =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.request(url, { method: init.method, headers: init.headers, agent, signal: init.signal }, (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
          resolve({ status: res.statusCode ?? 0, headers, bytes: Buffer.concat(chunks) });
        });
      });
      req.on('error', reject);
      req.end(init.body);
    });
  return { exchange, agent };
}

/** Talks to a `docsctl serve` (or any instance of the API) over HTTP with a bearer token. */
export function remoteTransport(options: RemoteOptions): Transport {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeout = options.timeoutMs ?? 30_000;
  const retries = options.retries ?? 3;
  const maxWait = options.maxWaitMs ?? 60_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = options.now ?? Date.now;
  let client: ReturnType<typeof httpClient> | undefined;

  return {
    async send(req) {
      const headers: Record<string, string> = {
        accept: 'application/json',
        'user-agent': options.userAgent ?? 'docsctl',
      };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (req.body !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(Buffer.byteLength(req.body));
      }
      for (let attempt = 0; ; attempt++) {
        let answer: Answer;
        try {
          client ??= httpClient(new URL(base));
          // The signal bounds the whole exchange: connecting, the headers and the body.
          answer = await client.exchange(`${base}${req.url}`, { method: req.method, headers, body: req.body, signal: AbortSignal.timeout(timeout) });
        } catch (error) {
          const code = (error as { code?: string }).code;
          const retryable = code === 'ECONNRESET' || code === 'EPIPE';
          if (retryable && attempt < retries && mayRetry(req.method, 'connection')) {
            await sleep(retryDelay({}, attempt, now()));
            continue;
          }
          const timedOut = (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError';
          throw new TransportError(`cannot reach ${base}: ${timedOut ? `timed out after ${timeout} ms` : (error as Error).message}`);
        }
        const { status, headers: responseHeaders, bytes } = answer;
        if (mayRetry(req.method, status) && attempt < retries) {
          const wait = retryDelay(responseHeaders, attempt, now());
          if (wait <= maxWait) {
            await sleep(wait);
            continue;
          }
        }
        const type = responseHeaders['content-type'] ?? '';
        const body = type === '' || /json|text/.test(type) ? bytes.toString('utf8') : bytes;
        return { status, headers: responseHeaders, body: body.length === 0 ? undefined : body };
      }
    },
    close: async () => client?.agent.destroy(),
  };
}
