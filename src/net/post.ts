import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
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

/**
 * POSTs `body` to `url` (webhooks): node:http, no redirects followed (a 3xx is an answer like any other),
 * the answer read up to a bound, the whole exchange within a timeout; behind the SSRF guard when asked.
 * A network failure, a timeout or a refused address throws a FetchFailure.
 */
export async function postJson(url: string, body: string, options: PostOptions): Promise<Posted> {
  const target = new URL(url);
  // A name is checked as it resolves (guardedLookup); an address given as is, here.
  checkTarget(target, url, options.refusePrivateAddresses);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return await new Promise<Posted>((resolve, reject) => {
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
      agent: false,
      ...(options.refusePrivateAddresses ? { lookup: guardedLookup as never } : {}),
    });
    const timer = setTimeout(() => {
      finish(() => reject(new FetchFailure('timeout', `no answer from ${target.origin} within ${options.timeoutMs / 1000} s`)));
      req.destroy();
    }, options.timeoutMs);
    req.on('error', (error: Error & { code?: string }) => finish(() => reject(
      error instanceof FetchFailure ? error
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
