import { createServer } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { boundConnections, REFUSALS_LINGERING } from '../../src/server/connection-bounds';

const servers: Array<() => void> = [];
afterEach(() => {
  for (const stop of servers.splice(0)) stop();
});

/**
 * Refusals past the per-address bound must not fill the bound in all: a flood whose clients never
 * close (they keep their half of the connection open) would otherwise leave node closing everyone's
 * new connections, the innocent client's too (the flake of serve-connection-flood, issue 33 item 3).
 */
describe('connection bounds', () => {
  it('keeps room for other addresses while a flood past its bound is refused', async () => {
    const server = createServer((_req, res) => res.end('ok'));
    const total = 300;
    const perAddress = 16;
    boundConnections(server, { total, perAddress });
    let seen = 0;
    let dropped = 0;
    server.on('connection', () => seen++);
    server.on('drop', () => (dropped++, seen++));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const sockets: Socket[] = [];
    servers.push(() => {
      for (const socket of sockets) socket.destroy();
      server.close();
    });

    const flood = 600;
    for (let i = 0; i < flood; i++) {
      const socket = connect({ host: '127.0.0.1', port, localAddress: '127.0.0.2', allowHalfOpen: true });
      socket.on('error', () => {});
      socket.on('connect', () => socket.write('GET / HTTP/1.1\r\nHost: slow\r\n'));
      sockets.push(socket);
    }
    while (seen < flood) await new Promise((resolve) => setTimeout(resolve, 10));
    // Within the second a refused connection may wait for its client: the flood holds its bound and
    // the refusals still lingering, no more.
    const open = await new Promise<number>((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
    expect(dropped).toBe(0);
    expect(open).toBeLessThanOrEqual(perAddress + REFUSALS_LINGERING);
    const res = await request(`http://127.0.0.1:${port}/`, { headersTimeout: 2000 });
    expect(res.statusCode).toBe(200);
    expect(await res.body.text()).toBe('ok');
  });
});
