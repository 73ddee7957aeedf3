import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { remoteTransport, retryDelay } from '../../src/api/transports/remote';
import { TransportError } from '../../src/api/errors';
import { run } from '../helpers/cli';

const servers: Server[] = [];

/**
 * A loopback server answering from a script of responses, recording what it saw. `partial`: the
 * answer's headers and these first bytes of its body, and then nothing more.
 */
async function scripted(responses: { status: number; headers?: Record<string, string>; body?: string; delayMs?: number; partial?: string }[]) {
  const seen: { method?: string; url?: string; authorization?: string }[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method, url: req.url, authorization: req.headers.authorization });
    const next = responses[Math.min(seen.length - 1, responses.length - 1)];
    setTimeout(() => {
      res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
      if (next.partial !== undefined) res.write(next.partial);
      else res.end(next.body ?? '');
    }, next.delayMs ?? 0);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

describe('retryDelay', () => {
  it('prefers Retry-After seconds, then an HTTP date, then X-RateLimit-Reset, then backoff', () => {
    expect(retryDelay({ 'retry-after': '3' }, 0, 0)).toBe(3000);
    expect(retryDelay({ 'retry-after': new Date(10_000).toUTCString() }, 0, 4_000)).toBe(6000);
    expect(retryDelay({ 'x-ratelimit-reset': '20' }, 0, 15_000)).toBe(5000);
    expect(retryDelay({}, 0, 0)).toBe(250);
    expect(retryDelay({}, 3, 0)).toBe(2000);
    expect(retryDelay({}, 10, 0)).toBe(8000);
  });
});

describe('remote transport', () => {
  it('sends the bearer token and retries 429/503 honouring Retry-After', async () => {
    const server = await scripted([
      { status: 429, headers: { 'retry-after': '2' }, body: '{"error":{"code":429,"message":"slow down"}}' },
      { status: 503, body: '' },
      { status: 200, body: '{"ok":true}' },
    ]);
    const waits: number[] = [];
    const transport = remoteTransport({ baseUrl: server.url, token: 'dct_abc', sleep: async (ms) => { waits.push(ms); } });
    const response = await transport.send({ method: 'GET', url: '/v1/user' });
    expect(response.status).toBe(200);
    expect(response.body).toBe('{"ok":true}');
    expect(waits).toEqual([2000, 500]);
    expect(server.seen).toHaveLength(3);
    expect(server.seen[0]).toMatchObject({ method: 'GET', url: '/v1/user', authorization: 'Bearer dct_abc' });
    await transport.close?.();
  });

  it('gives up after the bounded number of retries and returns the last answer', async () => {
    const server = await scripted([{ status: 502, body: 'bad gateway' }]);
    const transport = remoteTransport({ baseUrl: server.url, retries: 2, sleep: async () => undefined });
    const response = await transport.send({ method: 'GET', url: '/v1/user' });
    expect(response.status).toBe(502);
    expect(server.seen).toHaveLength(3);
    await transport.close?.();
  });

  it('retries a POST only when it was rate limited, never after a gateway error', async () => {
    const gateway = await scripted([{ status: 503, body: '' }, { status: 201, body: '{}' }]);
    const transport = remoteTransport({ baseUrl: gateway.url, sleep: async () => undefined });
    expect((await transport.send({ method: 'POST', url: '/v1/x', body: '{}' })).status).toBe(503);
    expect(gateway.seen).toHaveLength(1);
    const limited = await scripted([{ status: 429, headers: { 'retry-after': '0' }, body: '' }, { status: 201, body: '{}' }]);
    const again = remoteTransport({ baseUrl: limited.url, sleep: async () => undefined });
    expect((await again.send({ method: 'POST', url: '/v1/x', body: '{}' })).status).toBe(201);
    expect(limited.seen).toHaveLength(2);
    await transport.close?.();
    await again.close?.();
  });

  it('does not retry other errors', async () => {
    const server = await scripted([{ status: 400, body: '{"error":{"code":400,"message":"title: is required"}}' }]);
    const transport = remoteTransport({ baseUrl: server.url, sleep: async () => undefined });
    expect((await transport.send({ method: 'POST', url: '/v1/x', body: '{}' })).status).toBe(400);
    expect(server.seen).toHaveLength(1);
    await transport.close?.();
  });

  it('times out a slow server with a clear error', async () => {
    const server = await scripted([{ status: 200, body: '{}', delayMs: 500 }]);
    const transport = remoteTransport({ baseUrl: server.url, timeoutMs: 100, retries: 0 });
    await expect(transport.send({ method: 'GET', url: '/v1/user' })).rejects.toThrow(TransportError);
    await expect(transport.send({ method: 'GET', url: '/v1/user' })).rejects.toThrow(/timed out after 100 ms/);
    await transport.close?.();
  });

  it('times out an answer whose body stops coming, once, without retrying it as a dropped connection', async () => {
    const server = await scripted([{ status: 200, partial: '{"items": [' }]);
    const transport = remoteTransport({ baseUrl: server.url, timeoutMs: 100, sleep: async () => undefined });
    await expect(transport.send({ method: 'GET', url: '/v1/user' })).rejects.toThrow(/timed out after 100 ms/);
    expect(server.seen).toHaveLength(1);
    await transport.close?.();
  });

  it('reports an unreachable server as an error, exit code 1', async () => {
    const result = await run(['--url', 'http://127.0.0.1:9', '--token', 't', 'orgs', 'list'], { env: {} });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/cannot reach http:\/\/127\.0\.0\.1:9/);
  });

  it('maps a rate limit that outlasts the retries to exit code 7', async () => {
    const server = await scripted([{ status: 429, headers: { 'retry-after': '0' }, body: '{"error":{"code":429,"message":"rate limit exceeded"}}' }]);
    const result = await run(['--url', server.url, '--token', 't', 'orgs', 'list'], { env: {} });
    expect(result.code).toBe(7);
    expect(result.stderr).toContain('rate limit exceeded');
    expect(server.seen).toHaveLength(4);
  });
});
