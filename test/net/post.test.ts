import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { postJson } from '../../src/net/post';

const options = { headers: { 'content-type': 'application/json' }, timeoutMs: 5000, maxResponseBytes: 4096, refusePrivateAddresses: false };

/** A receiver on loopback that answers `handle` and counts the connections it was opened. */
async function receiver(handle: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const sockets: Socket[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => handle(req, res, body));
  });
  server.on('connection', (socket: Socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, sockets, close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
}

let closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.map((close) => close()));
  closing = [];
});

describe('postJson: connections kept between deliveries', () => {
  it('sends POSTs to one receiver one after the other over one kept connection', async () => {
    const got: string[] = [];
    const r = await receiver((_req, res, body) => { got.push(body); res.writeHead(200).end('ok'); });
    closing.push(r.close);
    for (const n of [1, 2, 3]) expect(await postJson(r.url, `{"n":${n}}`, options)).toEqual({ status: 200, body: 'ok' });
    expect(got).toEqual(['{"n":1}', '{"n":2}', '{"n":3}']);
    expect(r.sockets).toHaveLength(1);
  });

  it('sends again on a new connection when the receiver dropped the kept one as it was reused', async () => {
    let answered = 0;
    const served = new WeakMap<Socket, number>();
    const r = await receiver((req, res) => {
      const n = (served.get(req.socket) ?? 0) + 1;
      served.set(req.socket, n);
      // A kept connection dropped without an answer (as a receiver does whose keep-alive just lapsed).
      if (n > 1) return req.socket.destroy();
      answered++;
      res.writeHead(200).end('ok');
    });
    closing.push(r.close);
    expect((await postJson(r.url, '{"n":1}', options)).status).toBe(200);
    expect((await postJson(r.url, '{"n":2}', options)).status).toBe(200);
    expect(answered).toBe(2);
    expect(r.sockets).toHaveLength(2);
  });

  it('does not send again when a new connection fails: that is the receiver answering', async () => {
    const r = await receiver((req) => req.socket.destroy());
    closing.push(r.close);
    await expect(postJson(r.url, '{"n":1}', options)).rejects.toThrow(/cannot reach/);
    expect(r.sockets).toHaveLength(1);
  });
});
