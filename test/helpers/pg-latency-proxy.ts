import { createServer, connect, type Socket } from 'node:net';
import { countingParser, type RoundTripLog } from './pg-wire-count';

/**
 * A TCP proxy between docsctl and PostgreSQL (issue 59): it adds a one-way delay to every chunk each
 * way, as a network between two hosts would, and counts the round trips the client makes.
 *
 * The delay: Node's timers fire no sooner than 1 ms, so a chunk waits on a timer while more than 2 ms
 * remain and on `setImmediate` turns after that (which spins the event loop while a chunk waits). What
 * was really added is measured per chunk (`addedDelay`): report that, not the delay asked for.
 *
 * The count: by the wire protocol, see ./pg-wire-count.ts.
 */
export interface LatencyProxy {
  /** The database URL with the proxy's address in place of the server's. */
  url: string;
  /** Round trips since the last `reset` (./pg-wire-count.ts says what one is). */
  roundTrips(): number;
  /** The statements of each round trip since the last `reset`, when started with `record`. */
  log(): RoundTripLog[];
  /** Connections opened since the last `reset`. */
  connections(): number;
  /** The one-way delay really added since the last `reset`: mean over the chunks forwarded, in ms. */
  addedDelay(): { meanMs: number; chunks: number };
  reset(): void;
  /** Sets the one-way delay in ms for what arrives from now on. */
  setDelay(ms: number): void;
  /** Resolves once no byte went either way for `ms` (what a request set going after its answer is done). */
  quiet(ms?: number): Promise<void>;
  /**
   * The round trips of what `send` sends, and of what it sets going after its answer: counted from a
   * quiet link (`reset` then) to a link quiet for 20 ms. `log()` then holds their statements.
   */
  count(send: () => Promise<unknown>): Promise<number>;
  close(): Promise<void>;
}

interface Pending {
  to: Socket;
  chunk: Buffer;
  received: number;
  due: number;
}

export async function startLatencyProxy(databaseUrl: string, options: { delayMs?: number; record?: boolean } = {}): Promise<LatencyProxy> {
  const target = new URL(databaseUrl);
  let delayMs = options.delayMs ?? 0.5;
  let trips = 0;
  let opened = 0;
  let logged: RoundTripLog[] = [];
  let added = 0;
  let chunks = 0;
  let lastByte = performance.now();
  // Names of prepared statements are the client's, shared by its connections: their texts, by name.
  const named = new Map<string, string>();
  // In arrival order: with one delay for all, that is the order they fall due.
  const queue: Pending[] = [];
  let pumping = false;
  const sockets = new Set<Socket>();

  const deliver = (item: Pending, now: number) => {
    added += now - item.received;
    chunks++;
    if (!item.to.destroyed) item.to.write(item.chunk);
  };
  const pump = () => {
    const now = performance.now();
    while (queue.length && queue[0].due <= now) deliver(queue.shift()!, now);
    if (!queue.length) return void (pumping = false);
    const wait = queue[0].due - now;
    if (wait > 2) setTimeout(pump, Math.floor(wait - 1.5));
    else setImmediate(pump);
  };
  const forward = (to: Socket, chunk: Buffer) => {
    const received = performance.now();
    lastByte = received;
    if (delayMs <= 0 && !queue.length) return deliver({ to, chunk, received, due: received }, received);
    queue.push({ to, chunk, received, due: received + delayMs });
    if (!pumping) {
      pumping = true;
      pump();
    }
  };

  const server = createServer((client) => {
    opened++;
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    const parse = countingParser({
      record: options.record === true,
      named,
      roundTrip: (statements) => {
        trips++;
        if (options.record) logged.push(statements);
      },
    });
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    client.on('data', (chunk: Buffer) => {
      parse.fromClient(chunk);
      forward(upstream, chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      parse.fromServer(chunk);
      forward(client, chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const quiet = async (ms = 20) => {
    while (queue.length || performance.now() - lastByte < ms) await new Promise((resolve) => setTimeout(resolve, ms));
  };
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as { port: number }).port);

  const reset = () => {
    trips = 0;
    opened = 0;
    logged = [];
    added = 0;
    chunks = 0;
  };
  return {
    url: url.href,
    roundTrips: () => trips,
    log: () => logged,
    connections: () => opened,
    addedDelay: () => ({ meanMs: chunks ? added / chunks : 0, chunks }),
    reset,
    setDelay(ms: number) {
      delayMs = ms;
    },
    quiet,
    async count(send) {
      await quiet();
      reset();
      await send();
      await quiet();
      return trips;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
