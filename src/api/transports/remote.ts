import type { Agent, IncomingMessage } from 'node:http';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createRequire } from 'node:module';
import { TransportError } from '../errors';
import { REMOTE_CONNECTIONS, type Transport } from './transport';

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
  /** With `saveTo`, on success: the bytes written to the file (then `bytes` is empty). */
  saved?: number;
}

/** One exchange: a JSON body, or an upload's bytes (a file read as it is sent); a download saved to a file. */
interface Exchange {
  method: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** A file whose bytes are the body, streamed. */
  file?: string;
  saveTo?: string;
  /** Bounds the whole exchange (JSON requests). */
  signal?: AbortSignal;
  /** Bounds each wait for the other side instead (uploads and downloads, which may take long in all). */
  idleMs?: number;
}

/** The file a download is written to, as the answer arrives; a failure leaves no partial file. */
async function saveAnswer(res: IncomingMessage, path: string): Promise<number> {
  let saved = 0;
  res.on('data', (chunk: Buffer) => (saved += chunk.length));
  try {
    await pipeline(res, createWriteStream(path));
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
  return saved;
}

/**
 * node:http (or node:https) with one keep-alive agent per transport. undici was the client before;
 * measured on a remote `members list`, loading it cost ~45 ms of every start and its WebAssembly
 * parser kept the process ~85 ms after the answer while V8 finished optimizing it (docs/performance.md).
 */
function httpClient(base: URL): { exchange: (url: string, init: Exchange) => Promise<Answer>; agent: Agent } {
  // https loads only for an https URL: its TLS set-up is start-up a plain-HTTP command never needs.
  const http = (base.protocol === 'https:' ? load('node:https') : load('node:http')) as typeof import('node:http');
  const agent = new http.Agent({ keepAlive: true, maxSockets: REMOTE_CONNECTIONS });
  const exchange = (url: string, init: Exchange) =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.request(url, { method: init.method, headers: init.headers, agent, signal: init.signal }, (res: IncomingMessage) => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
        const status = res.statusCode ?? 0;
        if (init.saveTo && status >= 200 && status < 300) {
          saveAnswer(res, init.saveTo).then((saved) => resolve({ status, headers, bytes: Buffer.alloc(0), saved }), reject);
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => resolve({ status, headers, bytes: Buffer.concat(chunks) }));
      });
      // Once the answer has come, a failure to send the rest (a server refusing a body early, then
      // closing: EPIPE or ECONNRESET on write) changes nothing; the answer decides as it ends or fails.
      let answered = false;
      req.once('response', () => (answered = true));
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (!answered || (error.code !== 'EPIPE' && error.code !== 'ECONNRESET')) reject(error);
      });
      if (init.idleMs) req.setTimeout(init.idleMs, () => req.destroy(Object.assign(new Error(`no progress for ${init.idleMs} ms`), { name: 'TimeoutError' })));
      if (init.file === undefined) {
        req.end(init.body);
        return;
      }
      const file = createReadStream(init.file);
      file.on('error', (error) => req.destroy(error));
      // A request that ends early (an answer before the whole body, a failure) closes the file too.
      req.on('close', () => file.destroy());
      file.pipe(req);
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
    // Well under the agent's sockets (REMOTE_CONNECTIONS), so other requests of the command still find one.
    inFlight: 4,
    overNetwork: true,
    async send(req) {
      const headers: Record<string, string> = {
        accept: 'application/json',
        'user-agent': options.userAgent ?? 'docsctl',
      };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (req.upload !== undefined) {
        headers['content-type'] = 'application/octet-stream';
        headers['content-length'] = String(typeof req.upload === 'string' ? (await stat(req.upload)).size : req.upload.length);
      } else if (req.body !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(Buffer.byteLength(req.body));
      }
      // An upload or a download may take long in all: it is bounded by each wait instead.
      const transfer = req.upload !== undefined || req.saveTo !== undefined;
      const sent = typeof req.upload === 'string' ? { file: req.upload } : { body: req.upload ?? req.body };
      for (let attempt = 0; ; attempt++) {
        let answer: Answer;
        try {
          client ??= httpClient(new URL(base));
          // The signal bounds the whole exchange: connecting, the headers and the body (a transfer: each wait).
          const bounds = transfer ? { idleMs: timeout } : { signal: AbortSignal.timeout(timeout) };
          answer = await client.exchange(`${base}${req.url}`, { method: req.method, headers, ...sent, saveTo: req.saveTo, ...bounds });
          // A download from a server that keeps files in object storage may answer a redirect to a
          // presigned URL (serve --files-presign): followed once, without the token (it is for this server only).
          const location = answer.headers.location;
          if (req.method === 'GET' && [302, 303, 307].includes(answer.status) && location) {
            const target = new URL(location, `${base}/`);
            const elsewhere = httpClient(target);
            try {
              answer = await elsewhere.exchange(target.href, { method: 'GET', headers: { 'user-agent': headers['user-agent'] }, saveTo: req.saveTo, ...bounds });
            } finally {
              elsewhere.agent.destroy();
            }
          }
        } catch (error) {
          const code = (error as { code?: string }).code;
          const retryable = code === 'ECONNRESET' || code === 'EPIPE';
          if (retryable && attempt < retries && mayRetry(req.method, 'connection')) {
            await sleep(retryDelay({}, attempt, now()));
            continue;
          }
          const timedOut = (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError';
          const after = transfer ? `got no answer for ${timeout} ms` : `timed out after ${timeout} ms`;
          throw new TransportError(`cannot reach ${base}: ${timedOut ? after : (error as Error).message}`);
        }
        const { status, headers: responseHeaders, bytes, saved } = answer;
        if (mayRetry(req.method, status) && attempt < retries) {
          const wait = retryDelay(responseHeaders, attempt, now());
          if (wait <= maxWait) {
            await sleep(wait);
            continue;
          }
        }
        const type = responseHeaders['content-type'] ?? '';
        const body = type === '' || /json|text/.test(type) ? bytes.toString('utf8') : bytes;
        return { status, headers: responseHeaders, body: body.length === 0 ? undefined : body, ...(saved !== undefined ? { saved } : {}) };
      }
    },
    close: async () => client?.agent.destroy(),
  };
}
