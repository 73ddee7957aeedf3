import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
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

export type FetchFailureKind = 'timeout' | 'deadline' | 'unreachable' | 'too-large' | 'refused' | 'redirects';

/** Why a URL gave no answer; the message says what happened, for an error naming `url`. */
export class FetchFailure extends Error {
  constructor(readonly kind: FetchFailureKind, message: string) {
    super(message);
    this.name = 'FetchFailure';
  }
}

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

/**
 * What an SSRF guard refuses (docs/security.md): loopback, private, link-local, shared (CGNAT),
 * reserved, benchmarking, documentation and multicast ranges; IPv6 unique-local, link-local, site-local,
 * discard, documentation, and the translation prefixes that reach IPv4 addresses through a gateway
 * (NAT64 64:ff9b::/96 and its local-use 64:ff9b:1::/48, 6to4 2002::/16, Teredo 2001::/32,
 * IPv4-compatible ::/96). IPv4-mapped addresses (::ffff:a.b.c.d) are checked as the IPv4 they carry.
 */
const INTERNAL = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) INTERNAL.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 96], ['::1', 128], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 32], ['2001:db8::', 32],
  ['2002::', 16], ['3fff::', 20], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) INTERNAL.addSubnet(net, bits, 'ipv6');

/** The machine's own interface addresses (a public one included: the server must not fetch from itself). */
let ownAddresses: Set<string> | undefined;
function isOwnAddress(address: string): boolean {
  if (!ownAddresses) {
    ownAddresses = new Set();
    for (const list of Object.values(networkInterfaces())) for (const entry of list ?? []) ownAddresses.add(entry.address.toLowerCase().replace(/%.*$/, ''));
  }
  return ownAddresses.has(address.toLowerCase());
}

export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isInternalAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return INTERNAL.check(address, family === 4 ? 'ipv4' : 'ipv6') || isOwnAddress(address);
}

const refusal = (host: string) =>
  new FetchFailure('refused', `${host} is an internal address; this instance refuses to fetch from internal addresses (serve --allow-private-addresses allows it)`);

/**
 * DNS lookup for connections that refuses internal addresses. Checking at connect time (rather than
 * resolving first and fetching after) leaves no window for the name to resolve differently.
 */
function guardedLookup(hostname: string, options: object, callback: (error: Error | null, address?: string | LookupAddress[], family?: number) => void): void {
  dnsLookup(hostname, options as { all: true }, (error, addresses) => {
    if (error) return callback(error);
    const list = (Array.isArray(addresses) ? addresses : [{ address: addresses as unknown as string }]) as LookupAddress[];
    const internal = list.find((a) => isInternalAddress(a.address));
    if (internal) return callback(refusal(hostname));
    // Answer in the shape that was asked for: a list with `all`, else one address and its family.
    if ((options as { all?: boolean }).all) return callback(null, list);
    callback(null, list[0].address, list[0].family ?? isIP(list[0].address));
  });
}

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
      if (current.protocol !== 'http:' && current.protocol !== 'https:') {
        throw new FetchFailure('unreachable', `${current.href} is not an http or https URL`);
      }
      const host = current.hostname.replace(/^\[|\]$/g, '');
      if (limits.refusePrivateAddresses && isInternalAddress(host)) throw refusal(host);
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
