import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on loopback (node:http on 127.0.0.1:0): keeps every request, and answers each
 * with the status `answer` gives for it (200 unless told otherwise).
 */
export async function webhookReceiver(answer: (n: number, received: Received) => number | { status: number; body?: string; delayMs?: number } = () => 200) {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const got = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(got);
      const answered = answer(received.length, got);
      const { status, body, delayMs } = typeof answered === 'number' ? { status: answered, body: undefined, delayMs: 0 } : answered;
      setTimeout(() => {
        res.writeHead(status, { 'content-type': 'text/plain' }).end(body ?? `answer ${received.length}`);
        for (const wake of waiters.splice(0)) wake();
      }, delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** Waits until `n` requests came (at most `ms`). */
    async count(n: number, ms = 10_000): Promise<void> {
      const deadline = Date.now() + ms;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`the receiver got ${received.length} request(s), not ${n}, within ${ms} ms`);
        await new Promise<void>((resolve) => { waiters.push(resolve); setTimeout(resolve, 50); });
      }
    },
    close: async () => { server.closeAllConnections(); await new Promise<void>((resolve) => server.close(() => resolve())); },
  };
}

/** Whether `signature` (`sha256=<hex>`) is the HMAC-SHA256 of `body` with `secret`, as a receiver checks it. */
export function verifies(secret: string, body: string, signature: string | string[] | undefined): boolean {
  return signature === `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}
