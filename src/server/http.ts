import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorResponse, type App, type ApiResponse } from './app';

const MAX_BODY_BYTES = 16 * 1024 * 1024;

function send(res: import('node:http').ServerResponse, response: ApiResponse): void {
  // A known length lets node write headers and body in one go instead of chunked encoding.
  // Every ApiResponse carries its own headers object, so adding to it is safe and saves a copy.
  response.headers['content-length'] = String(response.body === undefined ? 0 : Buffer.byteLength(response.body));
  res.writeHead(response.status, response.headers);
  res.end(response.body);
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

/** Puts the app on node:http. */
export function createHttpServer(app: Pick<App, 'handleAsync'>): Server {
  return createServer((req, res) => {
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const respond = (body: string | undefined) =>
      app.handleAsync({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body }, { clientKey: req.socket.remoteAddress }).then((r) => send(res, r));
    if (!hasBody) {
      respond(undefined);
      return;
    }
    readBody(req).then(respond, () => send(res, errorResponse(413, `body: must be at most ${MAX_BODY_BYTES} bytes`)));
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
