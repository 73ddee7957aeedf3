import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { FetchFailure, checkTarget, guardedLookup } from './address-guard';

/** What a POST got back: the status and the first `maxResponseBytes` of the answer (as text). */
export interface Posted {
  status: number;
  body: string;
}

export interface PostOptions {
  headers: Record<string, string>;
  /** The whole exchange, connection to the last byte kept, is bounded by this. */
  timeoutMs: number;
  /** How much of the answer is read; the rest is not waited for. */
  maxResponseBytes: number;
  /** Loopback, private and this machine's addresses refused (the SSRF guard, docs/security.md). */
  refusePrivateAddresses: boolean;
}

/** How long an idle connection to a receiver is kept for the next POST (below the 5 s most servers keep one). */
const IDLE_CONNECTION_MS = 4000;

/**
 * Connections kept between POSTs (a webhook's deliveries leave one after the other to the same
 * receiver: measured, a kept connection takes a third off the CPU of a delivery). One pool behind the
 * SSRF guard and one without: a connection made without the guard is never reused behind it.
 */
const agents = new Map<string, HttpAgent>();
function agentFor(protocol: string, guarded: boolean): HttpAgent {
  const key = `${protocol}${guarded}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive: true, timeout: IDLE_CONNECTION_MS };
    agent = protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options);
    agents.set(key, agent);
  }
  return agent;
}

/**
 * POSTs `body` to `url` (webhooks): node:http, no redirects followed (a 3xx is an answer like any other),
 * the answer read up to a bound, the whole exchange within a timeout; behind the SSRF guard when asked.
 * A network failure, a timeout or a refused address throws a FetchFailure.
 */
export async function postJson(url: string, body: string, options: PostOptions): Promise<Posted> {
  const target = new URL(url);
  // A name is checked as it resolves (guardedLookup); an address given as is, here.
  checkTarget(target, url, options.refusePrivateAddresses);
  try {
    return await postOnce(target, body, options, agentFor(target.protocol, options.refusePrivateAddresses));
  } catch (error) {
    // A kept connection the receiver closed as it was reused: once more on a new one (node's advice for `reusedSocket`).
    if (!(error instanceof StaleConnection)) throw error;
    return await postOnce(target, body, options, false);
  }
}

class StaleConnection extends Error {}

function postOnce(target: URL, body: string, options: PostOptions, agent: HttpAgent | false): Promise<Posted> {
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Posted>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const req = send(target, {
      method: 'POST',
      headers: { ...options.headers, 'content-length': String(Buffer.byteLength(body)) },
      agent,
      ...(options.refusePrivateAddresses ? { lookup: guardedLookup as never } : {}),
    });
    const timer = setTimeout(() => {
      finish(() => reject(new FetchFailure('timeout', `no answer from ${target.origin} within ${options.timeoutMs / 1000} s`)));
      req.destroy();
    }, options.timeoutMs);
    req.on('error', (error: Error & { code?: string }) => finish(() => reject(
      error instanceof FetchFailure ? error
        : isStale(req, error) ? new StaleConnection(error.message)
        // Behind the guard the reason stays generic, as for imports: it would tell a closed port from an open one.
        : new FetchFailure('unreachable', `cannot reach ${target.origin}: ${options.refusePrivateAddresses ? 'the connection failed' : error.code ?? error.message}`),
    )));
    req.on('response', (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => finish(() => resolve({
        status: res.statusCode ?? 0,
        body: Buffer.concat(chunks).subarray(0, options.maxResponseBytes).toString('utf8'),
      }));
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        // Enough read: the rest of the answer is not waited for.
        if (size >= options.maxResponseBytes) {
          done();
          res.destroy();
        }
      });
      res.on('end', done);
      res.on('error', done);
      res.on('close', done);
    });
    req.end(body);
  });
}

/** The receiver closed a kept connection just as it was reused, before answering anything. */
function isStale(req: ClientRequest, error: Error & { code?: string }): boolean {
  return req.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
}
