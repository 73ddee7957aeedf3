import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startLatencyProxy, type LatencyProxy } from '../helpers/pg-latency-proxy';
import { countingParser } from '../helpers/pg-wire-count';

const cluster = () => process.env.DOCSCTL_TEST_POSTGRES!;

/** The proxy of the round-trip ceilings (test/postgres/round-trips.test.ts) and the bench's `postgres-network` group. */
describe('the PostgreSQL latency proxy', () => {
  let proxy: LatencyProxy | undefined;
  let client: pg.Client | undefined;
  afterEach(async () => {
    await client?.end();
    await proxy?.close();
    client = proxy = undefined;
  });
  const connected = async (delayMs: number) => {
    proxy = await startLatencyProxy(cluster(), { delayMs, record: true });
    client = new pg.Client(proxy.url);
    await client.connect();
    return { proxy, client };
  };

  it('counts a connection\'s start-up, a statement with parameters, a prepared one and a simple query each as one round trip', async () => {
    const { proxy, client } = await connected(0);
    expect(proxy.roundTrips()).toBe(1);
    expect(proxy.log()).toEqual([['(startup)']]);
    proxy.reset();
    expect(Number((await client.query('SELECT $1::int + 1 AS n', [1])).rows[0].n)).toBe(2);
    await client.query({ name: 'twice', text: 'SELECT $1::int * 2 AS n', values: [2] });
    await client.query({ name: 'twice', text: 'SELECT $1::int * 2 AS n', values: [3] });
    await client.query('SELECT 1; SELECT 2');
    expect(proxy.roundTrips()).toBe(4);
    expect(proxy.log()).toEqual([['SELECT $1::int + 1 AS n'], ['SELECT $1::int * 2 AS n'], ['SELECT $1::int * 2 AS n'], ['SELECT 1; SELECT 2']]);
    expect(proxy.connections()).toBe(0);
  });

  it('adds the delay asked for each way, and says how much it really added', async () => {
    const { proxy, client } = await connected(0.5);
    proxy.reset();
    const start = performance.now();
    for (let i = 0; i < 20; i++) await client.query('SELECT 1');
    const each = (performance.now() - start) / 20;
    const added = proxy.addedDelay();
    expect(added.chunks).toBe(40);
    expect(added.meanMs).toBeGreaterThanOrEqual(0.5);
    expect(each).toBeGreaterThanOrEqual(2 * added.meanMs);
  });

  it('reads messages split anywhere across chunks', () => {
    const trips: string[][] = [];
    const parser = countingParser({ record: true, named: new Map(), roundTrip: (s) => trips.push(s) });
    const message = (type: string, body: Buffer) => {
      const head = Buffer.alloc(5, type);
      head.writeInt32BE(body.length + 4, 1);
      return Buffer.concat([head, body]);
    };
    const startup = Buffer.alloc(8 + 5);
    startup.writeInt32BE(13, 0);
    startup.writeInt32BE(196608, 4);
    const z = (text: string) => Buffer.from(`${text}\0`);
    const stream = Buffer.concat([
      startup,
      message('P', Buffer.concat([z('s1'), z('SELECT 1'), Buffer.from([0, 0])])),
      message('B', Buffer.concat([z(''), z('s1'), Buffer.alloc(6)])),
      message('E', Buffer.concat([z(''), Buffer.alloc(4)])),
      message('S', Buffer.alloc(0)),
      message('Q', z('COMMIT')),
    ]);
    for (const byte of stream) parser.fromClient(Buffer.from([byte]));
    expect(trips).toEqual([['(startup)'], ['SELECT 1'], ['COMMIT']]);
  });
});
