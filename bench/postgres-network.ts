// Issue 59: `serve` on PostgreSQL across a network. A proxy between serve and the database
// (test/helpers/pg-latency-proxy.ts) counts each measured request's round trips and adds a delay each
// way; each request's median latency, sent one at a time, with no delay and with 1 ms round trips. The
// PATCH beside the hand-written floor of bench/floor-servers.ts through the same proxy.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Pool } from 'undici';
import { startLatencyProxy, type LatencyProxy } from '../test/helpers/pg-latency-proxy';
import { ANOTHER_REPLICAS_WRITE, measuredRequests, type Call, type MeasuredRequest } from '../test/helpers/round-trip-requests';
import { POSTGRES_PATCH_FLOOR_SERVER } from './floor-servers';
import { median, type BenchRow } from './report';
import { runQuiet, startServer } from './spawn';

type Cluster = { url: string; stop: () => void };

/** One way: 1 ms round trips, as between two hosts of a data centre. */
const DELAY_MS = 0.5;

/** Issue 59's targets: round trips of a request sent again (what the replica remembers still valid). */
const TARGETS: Record<string, number> = { 'GET a member': 2, 'PATCH a member\'s role': 4, 'GET a page\'s content': 3, 'list spaces': 2 };

/** A caller of one server with a token, over a keep-alive connection. */
function caller(url: string, token: string): Call & { close: () => Promise<void> } {
  const pool = new Pool(url, { connections: 1 });
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await pool.request({ method: method as 'GET', path, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.body.text();
    return { status: res.statusCode, body: text ? JSON.parse(text) : undefined };
  };
  return Object.assign(call, { close: () => pool.close() });
}

/** Median milliseconds of `times` sendings one after the other, after a few to warm up; the delay the proxy really added one way. */
async function latency(proxy: LatencyProxy, call: Call, r: MeasuredRequest, times: number, sent: { n: number }): Promise<{ ms: number; addedMs: number }> {
  const send = async () => {
    const answer = await call(r.method, r.path, r.body?.(sent.n++));
    if (answer.status >= 300) throw new Error(`${r.method} ${r.path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  };
  for (let i = 0; i < 5; i++) await send();
  proxy.reset();
  const each: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await send();
    each.push(performance.now() - start);
  }
  return { ms: median(each), addedMs: proxy.addedDelay().meanMs };
}

export async function benchPostgresNetwork(bin: string, times: number): Promise<BenchRow[]> {
  const { startCluster } = (await import('../scripts/pg-cluster.js' as string)) as { startCluster: () => Promise<Cluster> };
  const cluster = await startCluster();
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-bench-pg-network-'));
  const stop: (() => unknown)[] = [];
  try {
    const admin = new pg.Client(cluster.url);
    await admin.connect();
    await admin.query('CREATE DATABASE network');
    await admin.end();
    const database = cluster.url.replace(/\/[^/]*$/, '/network');
    const env = { ...process.env, DOCSCTL_DATABASE_URL: database, DOCSCTL_CONFIG_DIR: dir, CI: '1' };
    runQuiet(bin, ['init', '--sample'], env);
    const token = JSON.parse(runQuiet(bin, ['tokens', 'create', '--json'], env)).token as string;
    const proxy = await startLatencyProxy(database, { delayMs: 0 });
    stop.push(() => proxy.close());
    // No webhook deliveries from serve: its polling would be counted in whichever request it met.
    const serve = await startServer([bin, 'serve', '--port', '0', '--json', '--rate-limit', '1000000000', '--log-format', 'off', '--no-webhook-delivery'], { ...env, DOCSCTL_DATABASE_URL: proxy.url });
    stop.push(() => serve.child.kill());
    const call = caller(serve.url, token);
    stop.push(() => call.close());
    const direct = new pg.Client(database);
    await direct.connect();
    stop.push(() => direct.end());
    const rows: BenchRow[] = [];
    const requests = await measuredRequests(call);
    for (const r of requests) {
      const sent = { n: 0 };
      const send = async () => void (await call(r.method, r.path, r.body?.(sent.n++)));
      await send();
      const warm = await proxy.count(send);
      await direct.query(ANOTHER_REPLICAS_WRITE);
      const cold = await proxy.count(send);
      proxy.setDelay(0);
      const near = await latency(proxy, call, r, times, sent);
      proxy.setDelay(DELAY_MS);
      const far = await latency(proxy, call, r, Math.ceil(times / 2), sent);
      proxy.setDelay(0);
      const target = TARGETS[r.name];
      rows.push({
        name: `postgres-network: ${r.name}`,
        value: `${warm} round trip${warm === 1 ? '' : 's'} (${cold} after another replica's write); median ${near.ms.toFixed(2)} ms, ${far.ms.toFixed(2)} ms over 1 ms round trips (${(2 * far.addedMs).toFixed(2)} ms added each)`,
        ...(target === undefined ? {} : { target: `<= ${target} round trips`, ok: warm <= target }),
      });
    }
    rows.push(...(await patchAgainstFloor(proxy, call, requests.find((r) => r.name === 'PATCH a member\'s role')!, token, times)));
    return rows;
  } finally {
    for (const s of stop.reverse()) await s();
    rmSync(dir, { recursive: true, force: true });
    cluster.stop();
  }
}

/** The PATCH of bench/floor-servers.ts (4 round trips, the least node-postgres allows) through the same proxy, beside serve's. */
async function patchAgainstFloor(proxy: LatencyProxy, serve: Call, patch: MeasuredRequest, token: string, times: number): Promise<BenchRow[]> {
  const floor = await startServer(['-e', POSTGRES_PATCH_FLOOR_SERVER], { ...process.env, DATABASE_URL: proxy.url, PG_MODULE: createRequire(import.meta.url).resolve('pg') });
  const call = caller(floor.url, token);
  try {
    const sent = { n: 0 };
    await call(patch.method, patch.path, patch.body?.(sent.n++));
    const trips = await proxy.count(async () => await call(patch.method, patch.path, patch.body?.(sent.n++)));
    const rows: BenchRow[] = [];
    for (const [delay, label] of [[0, 'no delay'], [DELAY_MS, '1 ms round trips']] as const) {
      proxy.setDelay(delay);
      const [floored, served] = [await latency(proxy, call, patch, times, sent), await latency(proxy, serve, patch, times, sent)];
      rows.push({
        name: `postgres-network: PATCH a member's role, ${label}: serve against the floor (node:http + pg, ${trips} round trips), median latency`,
        value: `${served.ms.toFixed(2)} against ${floored.ms.toFixed(2)} ms`, ratio: floored.ms / served.ms,
      });
    }
    proxy.setDelay(0);
    return rows;
  } finally {
    await call.close();
    floor.child.kill();
  }
}
