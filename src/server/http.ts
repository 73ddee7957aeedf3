import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorResponse, type App, type ApiResponse } from './app';

const MAX_BODY_BYTES = 16 * 1024 * 1024;

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

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(chunks.length ? Buffer.concat(chunks).toString('utf8') : undefined));
    req.on('error', reject);
  });
}

/**
 * Puts the app on node:http. No request can end the process: whatever one throws, at once or later,
 * becomes a 500 with the JSON error body for that request alone, reported to `onError`.
 */
export function createHttpServer(app: Pick<App, 'handleAsync'>, onError?: (error: unknown) => void): Server {
  return createServer((req, res) => {
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const respond = async (body: string | undefined) =>
      send(res, await app.handleAsync({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body }, { clientKey: req.socket.remoteAddress }), onError);
    const answered = hasBody ? readBody(req).then(respond, () => send(res, errorResponse(413, `body: must be at most ${MAX_BODY_BYTES} bytes`))) : respond(undefined);
    answered.catch((error: unknown) => fail(res, error, onError));
  });
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
