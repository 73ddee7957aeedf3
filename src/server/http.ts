import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorResponse, splitUrl, type App, type ApiResponse, type RequestTrace } from './app';
import { randomUUID } from 'node:crypto';
import { requestIdOf, type AccessEntry } from './access-log';

function send(res: import('node:http').ServerResponse, response: ApiResponse, onError?: (error: unknown) => void): void {
  // A known length lets node write headers and body in one go instead of chunked encoding.
  // Every ApiResponse carries its own headers object, so adding to it is safe and saves a copy.
  response.headers['content-length'] = String(response.body === undefined ? 0 : Buffer.byteLength(response.body));
  try {
    res.writeHead(response.status, response.headers);
  } catch (error) {
    // A header node refuses (a character it cannot send): this request fails, the server goes on.
    return fail(res, error, onError);
  }
  res.end(response.body);
}

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
const tooLarge = (max: number): ApiResponse => {
  const answer = errorResponse(413, `body: must be at most ${max} bytes for this route`);
  answer.headers.connection = 'close';
  return answer;
};

/**
 * Puts the app on node:http. No request can end the process: whatever one throws, at once or later,
 * becomes a 500 with the JSON error body for that request alone, reported to `onError`.
 */
export function createHttpServer(app: Pick<App, 'handleAsync' | 'bodyPolicy'>, onError?: (error: unknown) => void, log?: (entry: AccessEntry) => void): Server {
  const server = createServer(async (req, res) => {
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
    // The id goes into the answer's own headers: res.setHeader before writeHead would put node on its
    // slow header path (measured: a quarter of the throughput of a simple GET). No 'finish' listener
    // either: the line is written from here.
    const reply = (answer: ApiResponse) => {
      answer.headers['x-request-id'] = requestId;
      send(res, answer, onError);
      logged(res.statusCode);
    };
    // handleAsync is async: whatever it throws arrives as a rejection, caught below.
    const respond = (body: string | undefined) =>
      app.handleAsync({ method: head.method, url: head.url, headers: head.headers, body }, { clientKey: req.socket.remoteAddress, trace, requestId }).then(reply);
    const answered = head.method === 'GET' || head.method === 'HEAD' ? respond(undefined) : await (async () => {
      // Nothing is read before the route and the token say the body is wanted, and how much of it.
      const policy = await app.bodyPolicy(head);
      // Whatever is (still) sent is dropped unread.
      const refuse = () => (req.resume(), reply(tooLarge(policy.maxBodyBytes)));
      if (!policy.read) {
        req.resume();
        return respond(undefined);
      }
      if (Number(req.headers['content-length']) > policy.maxBodyBytes) return refuse();
      let body: string | undefined;
      try {
        body = await readBody(req, policy.maxBodyBytes);
      } catch (error) {
        if (!(error instanceof TooLarge)) throw error;
        return refuse();
      }
      return respond(body);
    })();
    await Promise.resolve(answered).catch((error: unknown) => {
      if (!res.headersSent) res.setHeader('x-request-id', requestId);
      fail(res, error, onError);
      logged(500);
    });
  });
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
