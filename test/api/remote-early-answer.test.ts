import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { remoteTransport } from '../../src/api/transports/remote';
import { run } from '../helpers/cli';

const MiB = 1024 * 1024;
const refusal = JSON.stringify({ error: { code: 413, message: 'body: must be at most 4194304 bytes for this route' } });
const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/**
 * A server that answers 413 as soon as it has a request's head, reads nothing of the body, and resets
 * the connection once the answer is out: the client is still writing, and its write fails with
 * EPIPE or ECONNRESET after the answer has come.
 */
async function refusingEarly(): Promise<{ url: string; heads: string[] }> {
  const heads: string[] = [];
  const server = createServer((socket) => {
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      heads.push(head.slice(0, end));
      socket.off('data', onData);
      socket.pause();
      const answer = `HTTP/1.1 413 Payload Too Large\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${refusal.length}\r\nconnection: close\r\n\r\n${refusal}`;
      socket.write(answer, () => setTimeout(() => socket.resetAndDestroy(), 20));
    };
    socket.on('data', onData);
    socket.on('error', () => undefined);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, heads };
}

describe('remote transport, a server that answers before the body is sent', () => {
  it('gives the answer, not the failed write, ten times out of ten', async () => {
    const server = await refusingEarly();
    const transport = remoteTransport({ baseUrl: server.url, retries: 0 });
    const body = JSON.stringify({ title: 'x'.repeat(32 * MiB) });
    for (let i = 0; i < 10; i++) {
      const response = await transport.send({ method: 'PATCH', url: '/v1/orgs/org_1', body });
      expect(response.status).toBe(413);
      expect(response.body).toBe(refusal);
    }
    await transport.close?.();
  });

  it('shows the server\'s 413 message in remote mode', async () => {
    const server = await refusingEarly();
    const result = await run(['--url', server.url, '--token', 't', 'orgs', 'update', 'org_1', '--title', 'x'.repeat(32 * MiB)], { env: {} });
    expect(server.heads[0]).toMatch(/^PATCH \/v1\/orgs\/org_1 /);
    expect(result.stderr).toContain('body: must be at most 4194304 bytes for this route');
    expect(result.code).toBe(1);
  });
});
