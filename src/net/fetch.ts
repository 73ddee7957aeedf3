import { FetchFailure, checkTarget, guardedLookup } from './address-guard';
// Only the import pipeline loads this module (dynamically), so undici stays out of the CLI's start-up.
import { Agent, request, type Dispatcher } from 'undici';
import { VERSION } from '../version';
import { formatBytes, formatMs, type ImportLimits } from '../domain/import-limits';
import { setTimeout as sleep } from 'node:timers/promises';

/** A URL's answer: the URL it came from after redirects, its status, media type and (for a 2xx) its bytes. */
export interface Fetched {
  url: string;
  status: number;
  /** Media type without parameters, lower-case; '' when the server sent none. */
  contentType: string;
  charset?: string;
  body: Buffer;
}

export { FetchFailure, isInternalAddress, type FetchFailureKind } from './address-guard';

/** Fetches for one import: shared connections, the per-request timeout and the import's overall deadline. */
export interface FetchSession {
  /** `refuseRedirect` may refuse to follow a redirect: it answers why, and the fetch fails with that. */
  get(url: string, accept: string, refuseRedirect?: (next: URL) => string | undefined): Promise<Fetched>;
  /** The overall deadline has passed: nothing more will be fetched. */
  readonly expired: boolean;
  /** Waits `ms` (a robots.txt Crawl-delay), or until the overall deadline, whichever comes first. */
  pause(ms: number): Promise<void>;
  close(): Promise<void>;
}

const USER_AGENT = `docsctl/${VERSION} (content import)`;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** What went wrong with a request, in words. */
function describe(error: unknown, url: URL, limits: ImportLimits, deadline: AbortSignal): FetchFailure {
  if (error instanceof FetchFailure) return error;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof FetchFailure) return cause;
  if (deadline.aborted) return new FetchFailure('deadline', `the import ran out of time (${formatMs(limits.totalTimeoutMs)} in all) while fetching ${url.href}`);
  const name = (error as Error).name;
  const code = (error as { code?: string }).code ?? (cause as { code?: string } | undefined)?.code;
  if (name === 'TimeoutError' || name === 'AbortError' || /TIMEOUT/.test(code ?? '')) {
    return new FetchFailure('timeout', `no answer from ${url.href} within ${formatMs(limits.requestTimeoutMs)}`);
  }
  // Behind the guard (a server's editors) the reason stays generic: which socket error it was would
  // tell a closed port from an open one. A local user, fetching for themselves, gets the detail.
  if (limits.refusePrivateAddresses) return new FetchFailure('unreachable', `cannot reach ${url.href}: the connection failed`);
  return new FetchFailure('unreachable', `cannot reach ${url.href}: ${code ?? (error as Error).message}`);
}

export async function openFetchSession(limits: ImportLimits): Promise<FetchSession> {
  const agent = new Agent({
    connect: { timeout: limits.requestTimeoutMs, ...(limits.refusePrivateAddresses ? { lookup: guardedLookup } : {}) },
    headersTimeout: limits.requestTimeoutMs,
    bodyTimeout: limits.requestTimeoutMs,
  });
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), limits.totalTimeoutMs);
  timer.unref();

  async function readBody(res: Dispatcher.ResponseData, url: URL): Promise<Buffer> {
    const tooLarge = () => new FetchFailure('too-large', `the answer from ${url.href} is larger than ${formatBytes(limits.maxResponseBytes)}`);
    const declared = Number(res.headers['content-length']);
    if (declared > limits.maxResponseBytes) {
      res.body.destroy();
      throw tooLarge();
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limits.maxResponseBytes) {
        res.body.destroy();
        throw tooLarge();
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  }

  async function get(url: string, accept: string, refuseRedirect?: (next: URL) => string | undefined): Promise<Fetched> {
    let current = new URL(url);
    for (let hop = 0; ; hop++) {
      checkTarget(current, current.href, limits.refusePrivateAddresses);
      if (deadline.signal.aborted) throw describe(new Error('deadline'), current, limits, deadline.signal);
      const signal = AbortSignal.any([deadline.signal, AbortSignal.timeout(limits.requestTimeoutMs)]);
      try {
        const res = await request(current, { method: 'GET', headers: { 'user-agent': USER_AGENT, accept }, dispatcher: agent, signal });
        const location = res.headers.location;
        if (REDIRECTS.has(res.statusCode) && typeof location === 'string') {
          await res.body.dump();
          if (hop >= limits.maxRedirects) throw new FetchFailure('redirects', `${url} redirects more than ${limits.maxRedirects} times`);
          current = new URL(location, current);
          const refused = refuseRedirect?.(current);
          if (refused) throw new FetchFailure('refused', refused);
          continue;
        }
        const [type, ...params] = String(res.headers['content-type'] ?? '').split(';');
        const charset = params.map((p) => /^\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(p)?.[1]).find(Boolean);
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        if (!ok) await res.body.dump().catch(() => undefined);
        return {
          url: current.href,
          status: res.statusCode,
          contentType: type.trim().toLowerCase(),
          ...(charset ? { charset } : {}),
          body: ok ? await readBody(res, current) : Buffer.alloc(0),
        };
      } catch (error) {
        throw describe(error, current, limits, deadline.signal);
      }
    }
  }

  return {
    get,
    get expired() {
      return deadline.signal.aborted;
    },
    pause: (ms) => sleep(ms, undefined, { signal: deadline.signal }).catch(() => undefined),
    async close() {
      clearTimeout(timer);
      await agent.destroy();
    },
  };
}

/** Text of an answer in its declared charset (UTF-8 when none, or an unknown one). */
export function textOf(fetched: Fetched): string {
  try {
    return new TextDecoder(fetched.charset ?? 'utf-8').decode(fetched.body);
  } catch {
    return new TextDecoder('utf-8').decode(fetched.body);
  }
}
