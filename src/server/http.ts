import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { errorResponse, splitUrl, type App, type ApiResponse, type RequestTrace } from './app';
import { randomUUID } from 'node:crypto';
import { requestIdOf, type AccessEntry } from './access-log';
import type { Stopping } from './stopping';
import { CONNECTIONS_CHECK_MS, HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS } from './connection-bounds';

/**
 * Sends `response`. With `drained`, the answer goes out whole at once but the exchange ends (and node
 * closes the connection) only when the rest of the body has been read and dropped: closing a socket
 * the client still writes to resets it, and the client then often loses the answer (EPIPE/ECONNRESET).
 */
export function send(res: import('node:http').ServerResponse, response: ApiResponse, onError?: (error: unknown) => void, drained?: Promise<void>): void {
  // A known length lets node write headers and body in one go instead of chunked encoding.
  // Every ApiResponse carries its own headers object, so adding to it is safe and saves a copy.
  response.headers['content-length'] = String(response.stream ? response.stream.size : response.body === undefined ? 0 : Buffer.byteLength(response.body));
  try {
    res.writeHead(response.status, response.headers);
  } catch (error) {
    // A header node refuses (a character it cannot send): this request fails, the server goes on.
    return fail(res, error, onError);
  }
  if (response.stream) return sendStream(res, response.stream.chunks, onError);
  if (!drained) return void res.end(response.body);
  if (response.body !== undefined) res.write(response.body);
  void drained.then(() => res.end());
}

/** A large file's bytes, read as the client takes them; a failure to read them cuts the answer (and is reported). */
function sendStream(res: ServerResponse, chunks: AsyncIterable<Uint8Array>, onError?: (error: unknown) => void): void {
  pipeline(Readable.from(chunks), res).catch((error: { code?: string }) => {
    // A client that went away is no error of ours.
    if (error?.code !== 'ERR_STREAM_PREMATURE_CLOSE') onError?.(error);
    res.destroy();
  });
}

/**
 * A body as the app reads it while it arrives (`rawBody` routes). Stopping early leaves the request
 * as it is instead of destroying it (and its socket): the answer still goes out, and the rest drains.
 */
const streamOf = (req: IncomingMessage): AsyncIterable<Uint8Array> => ({ [Symbol.asyncIterator]: () => req.iterator({ destroyOnReturn: false }) });

/** Answers 500 with the JSON error body (or, when the answer had begun, ends it) and reports `error`. */
function fail(res: import('node:http').ServerResponse, error: unknown, onError?: (error: unknown) => void): void {
  onError?.(error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const answer = errorResponse(500, 'internal error: the request could not be completed');
  res.writeHead(answer.status, { ...answer.headers, 'content-length': String(Buffer.byteLength(answer.body!)) });
  res.end(answer.body);
}

class TooLarge extends Error {}

/**
 * Reads a body of at most `max` bytes. Past it the bytes are no longer kept, and the promise fails at
 * once so the 413 goes out while the rest is read and dropped: the client gets its answer, not a reset.
 */
function readBody(req: IncomingMessage, max: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      if (size > max) return;
      size += chunk.length;
      if (size > max) {
        chunks.length = 0;
        reject(new TooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(chunks.length ? Buffer.concat(chunks).toString('utf8') : undefined));
    req.on('error', reject);
  });
}

/** 413 naming the bound; the connection closes after it, since the rest of the body is not wanted. */
const tooLarge = (max: number, message = `body: must be at most ${max} bytes for this route`): ApiResponse => {
  const answer = errorResponse(413, message);
  answer.headers.connection = 'close';
  return answer;
};

/**
 * How much of a body nobody reads the server still takes in and drops once it has answered, and for
 * how long (docs/security.md): enough for a client to read its answer rather than a reset, and no
 * more, so a client that keeps sending cannot hold a connection. Past either, the socket is destroyed.
 */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
export const DRAIN_MAX_MS = 10_000;

const draining = new WeakMap<IncomingMessage, Promise<void>>();

/**
 * Reads and drops the rest of `req`'s body within DRAIN_MAX_BYTES and DRAIN_MAX_MS; resolves once it
 * has ended (at once if it had), never if the client went away or passed a bound. Once per request.
 */
function drain(req: IncomingMessage): Promise<void> {
  let ended = draining.get(req);
  if (ended) return ended;
  ended = new Promise<void>((resolve) => {
    if (req.complete) return void (req.resume(), resolve());
    let left = DRAIN_MAX_BYTES;
    const cut = () => req.socket.destroy();
    const timer = setTimeout(cut, DRAIN_MAX_MS).unref();
    req.on('data', (chunk: Buffer) => {
      left -= chunk.length;
      if (left < 0) cut();
    });
    // The connection may go on to other requests: the timer must not outlive this body.
    req.once('end', () => (clearTimeout(timer), resolve()));
    req.once('close', () => clearTimeout(timer));
  });
  draining.set(req, ended);
  return ended;
}

/** Any expectation but 100-continue (node's own answer is a bare 417). */
const expectationFailed = (): ApiResponse => {
  const answer = errorResponse(417, 'expect: must be 100-continue');
  answer.headers.connection = 'close';
  return answer;
};

/**
 * Puts the app on node:http. No request can end the process: whatever one throws, at once or later,
 * becomes a 500 with the JSON error body for that request alone, reported to `onError`. With
 * `stopping`, every request is followed to the end of its handler, and once the server stops every
 * answer closes its connection (`stopping.ts`).
 */
export function createHttpServer(app: Pick<App, 'handleAsync' | 'bodyPolicy'>, onError?: (error: unknown) => void, log?: (entry: AccessEntry) => void, stopping?: Stopping): Server {
  // `expectation`: what the request's Expect header asked for (node emits such requests apart).
  const handle = async (req: IncomingMessage, res: ServerResponse, expectation: 'none' | '100-continue' | 'other') => {
    const head = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers };
    // Every answer carries the request's id; the access-log line is written as it is sent.
    const requestId = requestIdOf(req.headers['x-request-id'], randomUUID);
    const trace: RequestTrace = {};
    const started = log ? performance.now() : 0;
    const logged = (status: number) => {
      if (!log) return;
      const { path } = splitUrl(head.url);
      log({ time: new Date().toISOString(), requestId, method: head.method, path, ...trace, status, durationMs: Math.round((performance.now() - started) * 10) / 10 });
    };
    // Until 100 Continue is sent, an answer closes the connection (node's rule: the client may or may not
    // send its body after it).
    let awaitingContinue = expectation !== 'none';
    // The id goes into the answer's own headers: res.setHeader before writeHead would put node on its
    // slow header path (measured: a quarter of the throughput of a simple GET). No 'finish' listener
    // either: the line is written from here.
    const reply = (answer: ApiResponse) => {
      // Answered already: by the shutdown timeout's 503 (stopping.cutOff).
      if (res.headersSent || res.writableEnded) return;
      answer.headers['x-request-id'] = requestId;
      // A stopping server closes each connection after its answer: the client opens its next elsewhere.
      if (stopping?.stopping) answer.headers.connection = 'close';
      // A connection about to close stays open until the body has ended (within the drain bounds).
      const closing = answer.headers.connection === 'close' || awaitingContinue;
      send(res, answer, onError, closing ? drain(req) : undefined);
      logged(res.statusCode);
    };
    // handleAsync is async: whatever it throws arrives as a rejection, caught below.
    const respond = (body: string | AsyncIterable<Uint8Array> | undefined) =>
      app.handleAsync({ method: head.method, url: head.url, headers: head.headers, body }, { clientKey: req.socket.remoteAddress, trace, requestId }).then((answer) => {
        // A streamed body the app did not read to its end (a refusal): the rest drains, then the connection closes.
        if (body !== undefined && typeof body !== 'string' && !req.complete) answer.headers.connection = 'close';
        reply(answer);
      });
    // Not awaited here: whatever the body policy throws becomes a 500 below, like the rest.
    const answered = expectation === 'other' ? reply(expectationFailed()) : head.method === 'GET' || head.method === 'HEAD' ? respond(undefined) : (async () => {
      // Nothing is read before the route and the token say the body is wanted, and how much of it.
      const policy = await app.bodyPolicy(head);
      // Whatever is (still) sent is read and dropped, within the drain bounds.
      const refuse = () => reply(tooLarge(policy.maxBodyBytes, policy.tooLarge));
      if (!policy.read) {
        void drain(req);
        return respond(undefined);
      }
      // Refused before it is sent when the client waits for 100 Continue (curl does with large bodies).
      if (Number(req.headers['content-length']) > policy.maxBodyBytes) return refuse();
      if (awaitingContinue) {
        res.writeContinue();
        awaitingContinue = false;
      }
      // An upload goes to the app as it arrives; the operation bounds it.
      if (policy.stream) return respond(streamOf(req));
      let body: string | undefined;
      try {
        body = await readBody(req, policy.maxBodyBytes);
      } catch (error) {
        if (error instanceof TooLarge) return refuse();
        // A client gone before the end of its body: nobody to answer, and no error of ours.
        if (req.destroyed) return;
        throw error;
      }
      return respond(body);
    })();
    await Promise.resolve(answered).catch((error: unknown) => {
      if (res.writableEnded) return onError?.(error);
      if (!res.headersSent) res.setHeader('x-request-id', requestId);
      fail(res, error, onError);
      logged(500);
    });
  };
  const follow = (req: IncomingMessage, res: ServerResponse, expectation: 'none' | '100-continue' | 'other') => {
    const handled = handle(req, res, expectation);
    stopping?.track(res, handled);
  };
  // Headers within HEADERS_TIMEOUT_MS (checked every second, not node's 30 s), idle keep-alive connections closed after 5 s.
  const server = createServer({ headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: CONNECTIONS_CHECK_MS, keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS }, (req, res) => follow(req, res, 'none'));
  // With `Expect: 100-continue` node emits 'checkContinue' instead of 'request' (and, without a
  // listener, sends 100 Continue itself): the body policy decides first, so a refused body is never invited.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => follow(req, res, '100-continue'));
  // Any other expectation: 417 (node's own answer has no body).
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => follow(req, res, 'other'));
  // What node refuses before a request exists (headers over its 16 KiB limit, bytes that are not HTTP)
  // gets the JSON error body too, instead of a bare status line.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent) return socket.destroy();
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const message = status === 431 ? 'headers: must be at most 16384 bytes in all' : 'request: is not a valid HTTP request';
    const answer = errorResponse(status, message);
    const reason = status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
    socket.end(`HTTP/1.1 ${status} ${reason}\r\ncontent-type: ${answer.headers['content-type']}\r\ncontent-length: ${Buffer.byteLength(answer.body!)}\r\nconnection: close\r\n\r\n${answer.body}`);
  });
  return server;
}

export function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}
