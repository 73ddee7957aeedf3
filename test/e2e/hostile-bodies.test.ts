import { describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { servedSandbox } from '../helpers/serve';

/**
 * Request bodies and heads from hostile callers, through a real `serve` (issue 13, item 6): nothing is
 * read before the route and the token say it is wanted, bounds are per route, and every refusal is an
 * answer with the JSON error body, never a reset.
 */
describe('bodies and headers through serve', () => {
  const { served, remote } = servedSandbox();

  /** Writes `head` and `body` on a raw socket and resolves with what comes back (or '' after `waitMs`). */
  function raw(head: string, body = '', waitMs = 5000): Promise<string> {
    const { url } = served();
    const { hostname, port } = new URL(url);
    return new Promise((resolve) => {
      const socket = connect(Number(port), hostname);
      let answer = '';
      const done = () => {
        socket.destroy();
        resolve(answer);
      };
      const timer = setTimeout(done, waitMs);
      socket.on('data', (chunk) => {
        answer += chunk;
        const [headers, rest] = answer.split('\r\n\r\n');
        const length = Number(/content-length: (\d+)/i.exec(headers)?.[1]);
        if (rest !== undefined && Buffer.byteLength(rest) >= length) {
          clearTimeout(timer);
          done();
        }
      });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearTimeout(timer);
        resolve(answer);
      });
      socket.write(head + body);
    });
  }
  const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1]);
  const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
  async function alive() {
    const { url, token } = served();
    const res = await request(`${url}/v1/user`, { headers: { authorization: `Bearer ${token}` } });
    await res.body.dump();
    expect(res.statusCode).toBe(200);
  }

  it('answers 401 to a body without a valid token before reading it', async () => {
    const space = JSON.parse((await remote(['spaces', 'create', '--title', 'Bodies', '--json'])).stdout).id;
    const path = `/v1/spaces/${space}/change-requests/1/content`;
    // 16 MiB announced, 9 bytes sent: an answer can only come if the server did not wait for the rest.
    for (const auth of ['', 'authorization: Bearer dct_not-a-token\r\n']) {
      const answer = await raw(`POST ${path} HTTP/1.1\r\nhost: x\r\n${auth}content-type: application/json\r\ncontent-length: ${16 * 1024 * 1024}\r\n\r\n`, '{"change');
      expect(statusOf(answer), answer).toBe(401);
      expect(bodyOf(answer).error.code).toBe(401);
      await alive();
    }
  });

  it('answers 413 with the JSON body when Content-Length or the bytes sent pass the route\'s bound, and takes 16 MiB where a route allows it', async () => {
    const { url, token } = served();
    const org = JSON.parse((await remote(['orgs', 'list', '--json'])).stdout).items[0].id;
    // Announced over the 4 MiB of an ordinary route: refused before a byte is read.
    const announced = await raw(`PATCH /v1/orgs/${org} HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${token}\r\ncontent-type: application/json\r\ncontent-length: ${5 * 1024 * 1024}\r\n\r\n`, '{"title"');
    expect(statusOf(announced), announced).toBe(413);
    expect(bodyOf(announced).error.message).toBe(`body: must be at most ${4 * 1024 * 1024} bytes for this route`);
    await alive();

    // Sent in chunks without a length: the client still reads a 413, not a reset.
    const big = JSON.stringify({ title: 'x'.repeat(5 * 1024 * 1024) });
    const chunked = await request(`${url}/v1/orgs/${org}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: Readable.from((function* () {
        for (let at = 0; at < big.length; at += 64 * 1024) yield big.slice(at, at + 64 * 1024);
      })()),
    });
    expect(chunked.statusCode).toBe(413);
    expect(((await chunked.body.json()) as { error: { message: string } }).error.message).toMatch(/^body: must be at most 4194304 bytes/);
    await alive();

    // A write batch may carry 16 MiB: seven pages of 900,000 characters (6.3 MB) go in.
    const space = JSON.parse((await remote(['spaces', 'create', '--title', 'Large', '--json'])).stdout).id;
    const cr = JSON.parse((await remote(['cr', 'create', '--space', space, '--json'])).stdout).number;
    const changes = Array.from({ length: 7 }, (_, i) => ({ operation: 'insert_page', title: `Page ${i}`, document: { markdown: `# Page ${i}\n\n${'word '.repeat(180_000)}` } }));
    const batch = await request(`${url}/v1/spaces/${space}/change-requests/${cr}/content`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ changes }),
    });
    expect(batch.statusCode, await batch.body.text()).toBe(200);
  });

  it('answers 431 with the JSON body to headers over 16 KiB, and 400 to bytes that are not HTTP', async () => {
    const { token } = served();
    const huge = await raw(`GET /v1/user HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${token}\r\nx-padding: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(statusOf(huge), huge.slice(0, 200)).toBe(431);
    expect(bodyOf(huge)).toEqual({ error: { code: 431, message: 'headers: must be at most 16384 bytes in all' } });
    await alive();
    const garbage = await raw('\u0000\u0001 not http at all\r\n\r\n');
    expect(statusOf(garbage), garbage).toBe(400);
    expect(bodyOf(garbage).error.code).toBe(400);
    await alive();
  });
});
