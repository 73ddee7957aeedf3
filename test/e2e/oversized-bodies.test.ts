import { describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import { request as httpRequest } from 'node:http';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { fetch } from 'undici';
import { servedSandbox } from '../helpers/serve';
import { createHttpServer, DRAIN_MAX_BYTES, DRAIN_MAX_MS, listen } from '../../src/server/http';

const MiB = 1024 * 1024;

/**
 * An oversized body always reads its 413 (issue 29, item 5): the answer goes out at once, the server
 * reads and drops the rest within its drain bounds before closing, so the client is not reset while it
 * still writes; with `Expect: 100-continue` the 413 comes instead of 100 Continue.
 */
describe('oversized bodies through serve', () => {
  const { served, remote } = servedSandbox();
  const tooLarge = (max: number) => ({ error: { code: 413, message: `body: must be at most ${max} bytes for this route` } });

  async function routes() {
    const org = JSON.parse((await remote(['orgs', 'list', '--json'])).stdout).items[0].id;
    const space = JSON.parse((await remote(['spaces', 'create', '--title', 'Oversized', '--json'])).stdout).id;
    const cr = JSON.parse((await remote(['cr', 'create', '--space', space, '--json'])).stdout).number;
    return { org: `/v1/orgs/${org}`, batch: `/v1/spaces/${space}/change-requests/${cr}/content` };
  }

  /** Opens a raw connection to the server; `answer()` is everything read from it so far. */
  function rawSocket(): Promise<{ socket: Socket; answer: () => string; closed: Promise<void> }> {
    const { hostname, port } = new URL(served().url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname);
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('latin1')));
      socket.on('error', () => undefined);
      const closed = new Promise<void>((done) => socket.on('close', () => done()));
      socket.once('connect', () => resolve({ socket, answer: () => text, closed }));
      socket.once('error', reject);
    });
  }

  async function alive() {
    const { url, token } = served();
    const res = await fetch(`${url}/v1/user`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  }

  it('answers 413 with the JSON body to 30 oversized bodies sent with fetch, none of them reset', async () => {
    const { url, token } = served();
    const { org, batch } = await routes();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    // Three kinds: a length over an ordinary route's 4 MiB (refused before reading), a stream without a
    // length that passes 4 MiB while arriving, a length over a write batch's 16 MiB. Ten at once, three rounds.
    const kinds = [
      { url: `${url}${org}`, method: 'PATCH', headers, bytes: 5 * MiB, stream: false, max: 4 * MiB },
      { url: `${url}${org}`, method: 'PATCH', headers, bytes: 6 * MiB, stream: true, max: 4 * MiB },
      { url: `${url}${batch}`, method: 'POST', headers, bytes: 20 * MiB, stream: false, max: 16 * MiB },
    ];
    const sent = Array.from({ length: 30 }, (_, i) => kinds[i % 3]);
    const rounds = [sent.slice(0, 10), sent.slice(10, 20), sent.slice(20)];
    const answers = await fetchFromChild(rounds);
    const failed = answers.filter((a) => a.status !== 413);
    expect(failed, `${failed.length} of 30 did not read their 413`).toEqual([]);
    answers.forEach((answer, i) => expect(answer.body).toEqual(tooLarge(sent[i].max)));
    await alive();
  });

  it('shows the 413 message in remote mode', async () => {
    const { org } = await routes();
    const result = await remote(['orgs', 'update', org.split('/').pop()!, '--title', 'x'.repeat(5 * MiB)]);
    expect(result.stderr).toContain(tooLarge(4 * MiB).error.message);
    expect(result.code).toBe(1);
    await alive();
  });

  it('answers 413 instead of 100 Continue when Expect: 100-continue announces a body over the bound', async () => {
    const { url, token } = served();
    const { org, batch } = await routes();
    // Twice on a raw socket: what comes first is the 413, never "100 Continue".
    for (const [path, length, max] of [[org, 5 * MiB, 4 * MiB], [batch, 17 * MiB, 16 * MiB]] as const) {
      const { socket, answer } = await rawSocket();
      socket.write(`${path === org ? 'PATCH' : 'POST'} ${path} HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${token}\r\ncontent-type: application/json\r\ncontent-length: ${length}\r\nexpect: 100-continue\r\n\r\n`);
      await until(() => complete(answer()));
      socket.destroy();
      const text = answer();
      expect(text, text.slice(0, 200)).toMatch(/^HTTP\/1\.1 413 /);
      expect(text).not.toMatch(/100 Continue/i);
      expect(text).toMatch(/\r\nconnection: close\r\n/i);
      expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual(tooLarge(max));
    }
    // Once with node:http, which would emit 'continue' had the server sent it.
    const answer = await new Promise<{ status: number; body: string; continued: boolean }>((resolve, reject) => {
      let continued = false;
      const req = httpRequest(`${url}${org}`, { method: 'PATCH', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': String(5 * MiB), expect: '100-continue' } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode!, body, continued });
          req.destroy();
        });
      });
      req.on('continue', () => {
        continued = true;
        req.end('x'.repeat(5 * MiB));
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(answer.continued).toBe(false);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(tooLarge(4 * MiB));
    await alive();
  });

  it('sends 100 Continue to a body within the bound, and 417 with the JSON body to another expectation', async () => {
    const { token } = served();
    const { org } = await routes();
    const body = JSON.stringify({ title: 'Expected' });
    const { socket, answer } = await rawSocket();
    socket.write(`PATCH ${org} HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${token}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nexpect: 100-continue\r\n\r\n`);
    await until(() => answer().includes('\r\n\r\n'));
    expect(answer()).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\n$/);
    socket.write(body);
    await until(() => answer().includes('"Expected"'));
    expect(answer()).toMatch(/HTTP\/1\.1 200 OK/);
    socket.destroy();

    const other = await rawSocket();
    other.socket.write(`PATCH ${org} HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${token}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nexpect: something-else\r\n\r\n${body}`);
    await other.closed;
    const text = other.answer();
    expect(text).toMatch(/^HTTP\/1\.1 417 /);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({ error: { code: 417, message: 'expect: must be 100-continue' } });
  });

  it('closes the connection of a client that keeps sending past the drain bound, and goes on answering others', async () => {
    const { token } = served();
    const { org } = await routes();
    const { socket, answer, closed } = await rawSocket();
    // Announces far more than the server drains, then keeps writing.
    socket.write(`PATCH ${org} HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${token}\r\ncontent-type: application/json\r\ncontent-length: ${4 * DRAIN_MAX_BYTES}\r\n\r\n`);
    const chunk = Buffer.alloc(MiB, 0x20);
    let sent = 0;
    let open = true;
    void closed.then(() => (open = false));
    socket.on('error', () => (open = false));
    while (open && sent < 3 * DRAIN_MAX_BYTES) {
      if (!socket.write(chunk)) await Promise.race([new Promise((r) => socket.once('drain', r)), closed]);
      sent += chunk.length;
      if (sent % (8 * MiB) === 0) await alive();
    }
    await closed;
    // The 413 came first; the server cut the connection once it had drained its bound, not at the end.
    expect(answer()).toMatch(/^HTTP\/1\.1 413 /);
    expect(sent).toBeLessThan(3 * DRAIN_MAX_BYTES);
    expect(sent).toBeGreaterThanOrEqual(DRAIN_MAX_BYTES);
    await alive();
  });

  it('closes the connection of a client that is still sending when the drain time is up', async () => {
    const { token } = served();
    const { org } = await routes();
    const { socket, answer, closed } = await rawSocket();
    socket.write(`PATCH ${org} HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${token}\r\ncontent-type: application/json\r\ncontent-length: ${5 * MiB}\r\n\r\n`);
    const started = Date.now();
    // A byte every 100 ms: far within the size bound, never done.
    const trickle = setInterval(() => socket.write(' '), 100);
    let answered = 0;
    const others = setInterval(() => void alive().then(() => answered++), 1000);
    await closed;
    clearInterval(trickle);
    clearInterval(others);
    expect(answer()).toMatch(/^HTTP\/1\.1 413 /);
    expect(Date.now() - started).toBeGreaterThanOrEqual(DRAIN_MAX_MS - 500);
    expect(Date.now() - started).toBeLessThan(DRAIN_MAX_MS + 5000);
    expect(answered).toBeGreaterThanOrEqual(5);
    await alive();
  }, DRAIN_MAX_MS + 20_000);
});

describe('a body its client abandons', () => {
  it('is no internal error: nothing is reported and the server goes on', async () => {
    const reported: unknown[] = [];
    const server = createHttpServer(
      { bodyPolicy: async () => ({ read: true, maxBodyBytes: 4 * MiB }), handleAsync: async () => ({ status: 200, headers: {}, body: 'fine' }) },
      (error) => reported.push(error),
    );
    const { port } = await listen(server, 0, '127.0.0.1');
    try {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      await new Promise((r) => socket.once('connect', r));
      // Half of an announced megabyte, then gone.
      socket.write(`POST /x HTTP/1.1\r\nhost: x\r\ncontent-length: ${MiB}\r\n\r\n${'x'.repeat(MiB / 2)}`);
      await new Promise((r) => setTimeout(r, 100));
      socket.destroy();
      await new Promise((r) => setTimeout(r, 100));
      const res = await fetch(`http://127.0.0.1:${port}/x`, { method: 'POST', body: '{}' });
      expect(await res.text()).toBe('fine');
      expect(reported).toEqual([]);
    } finally {
      server.close();
    }
  });
});

const execFileAsync = promisify(execFile);

/** Runs test/helpers/fetch-bodies.mjs: undici's fetch in a process of its own, as a real client. */
async function fetchFromChild(rounds: object[][]): Promise<{ status?: number; body?: unknown; error?: string }[]> {
  const script = fileURLToPath(new URL('../helpers/fetch-bodies.mjs', import.meta.url));
  const { stdout } = await execFileAsync(process.execPath, [script, JSON.stringify({ rounds })], { maxBuffer: 16 * MiB });
  return JSON.parse(stdout);
}

/** Whether `text` holds a whole answer (its head and as many bytes as its Content-Length says). */
function complete(text: string): boolean {
  const end = text.indexOf('\r\n\r\n');
  const length = /\r\ncontent-length: (\d+)/i.exec(text)?.[1];
  return end >= 0 && length !== undefined && text.length - end - 4 >= Number(length);
}

async function until(condition: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}
