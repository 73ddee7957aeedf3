// Webhooks (issue 32): delivery latency (a write's answer to the receiver's receipt) median and p99, and
// write throughput with and without a subscribed webhook, through `docsctl serve` on SQLite and on
// PostgreSQL in the same run. The receiver is node:http on loopback (serve --allow-private-addresses), in
// a process of its own.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Pool } from 'undici';
import { median, type BenchRow } from './report';
import { runQuiet, startServer } from './spawn';

type Cluster = { url: string; stop: () => void };

/**
 * A receiver that notes when each space's event arrived (by the space id in its body), in a child
 * process (bench/webhook-receiver.js).
 */
async function receiver() {
  const arrived = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  const child = fork(fileURLToPath(new URL('../../bench/webhook-receiver.js', import.meta.url)), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`the receiver exited with ${code}`)));
  });
  child.on('message', (batch) => {
    for (const [id, at] of batch as [string, number][]) {
      arrived.set(id, at - performance.timeOrigin);
      waiting.get(id)?.();
    }
  });
  return {
    url,
    /** Resolves once `n` events arrived in all (the backlog of a throughput run drained). */
    drained: async (count: number) => { while (arrived.size < count) await new Promise((resolve) => setTimeout(resolve, 20)); },
    /** When the event of space `id` arrives (on this process's performance.now() clock). */
    arrival: (id: string) => new Promise<number>((resolve) => {
      if (arrived.has(id)) return resolve(arrived.get(id)!);
      waiting.set(id, () => resolve(arrived.get(id)!));
    }),
    close: () => child.kill(),
  };
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

/** A `serve` of the bench's database, and writes sent to it 8 at a time. */
async function server(bin: string, env: NodeJS.ProcessEnv, org: string, token: string, flags: string[] = []) {
  const serve = await startServer([bin, 'serve', '--port', '0', '--json', '--rate-limit', '1000000000', '--log-format', 'off', '--allow-private-addresses', ...flags], env);
  const pool = new Pool(serve.url, { connections: 8 });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  let n = 0;
  const call = async (method: string, path: string, body: unknown) => {
    const res = await pool.request({ method, path, headers, body: JSON.stringify(body) });
    const text = await res.body.text();
    if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${text}`);
    return text ? JSON.parse(text) as { id: string } : undefined;
  };
  const createSpace = async () => (await call('POST', `/v1/orgs/${org}/spaces`, { title: `Space ${n++}` }))!.id;
  return {
    call,
    createSpace,
    /** Writes per second, 8 at a time. */
    throughput: async (total: number) => {
      let sent = 0;
      const start = performance.now();
      await Promise.all(Array.from({ length: 8 }, async () => { while (sent++ < total) await createSpace(); }));
      return total / ((performance.now() - start) / 1000);
    },
    close: async () => { await pool.close(); (serve.child as ChildProcess).kill(); },
  };
}

/**
 * What the outbox alone costs a write: a `serve --no-webhook-delivery` (deliveries recorded, sent by
 * another process), its webhook turned off and on in turns.
 */
async function outboxCost(bin: string, env: NodeJS.ProcessEnv, label: string, org: string, token: string, writes: number, rounds: number): Promise<BenchRow[]> {
  const s = await server(bin, env, org, token, ['--no-webhook-delivery']);
  try {
    await s.throughput(Math.ceil(writes / 4));
    const hook = await s.call('POST', `/v1/orgs/${org}/webhooks`, { url: 'http://127.0.0.1:9/unused', events: ['space_created'], active: false });
    const turn = async (active: boolean) => await s.call('PATCH', `/v1/orgs/${org}/webhooks/${hook!.id}`, { active });
    const without: number[] = [];
    const withHook: number[] = [];
    const ratios: number[] = [];
    // Short rounds in pairs, which goes first alternating, the median of the pairs' ratios: a burst of
    // other work on the machine falls on one pair, not on one side.
    const round = async (active: boolean) => {
      await turn(active);
      const rate = await s.throughput(Math.ceil(writes / 2));
      (active ? withHook : without).push(rate);
      return rate;
    };
    for (let pair = 0; pair < rounds * 4; pair++) {
      const first = await round(pair % 2 === 1);
      const second = await round(pair % 2 === 0);
      ratios.push(pair % 2 === 1 ? first / second : second / first);
    }
    // Its deliveries go with it: the next server starts with no backlog.
    await s.call('DELETE', `/v1/orgs/${org}/webhooks/${hook!.id}`, undefined);
    const ratio = median(ratios);
    return [
      { name: `webhooks${label}: outbox alone, no webhook, serve --no-webhook-delivery (baseline)`, value: `${median(without).toFixed(0)} writes/s` },
      { name: `webhooks${label}: outbox alone, a subscribed webhook, each event recorded (sent by another process)`, value: `${median(withHook).toFixed(0)} writes/s`, ratio, target: '>= 0.90x', ok: ratio >= 0.9 },
    ];
  } finally {
    await s.close();
  }
}

async function measure(bin: string, env: NodeJS.ProcessEnv, label: string, writes: number, rounds: number): Promise<BenchRow[]> {
  const init = JSON.parse(runQuiet(bin, ['init', '--json'], env)) as { organization: { id: string } };
  const org = init.organization.id;
  const token = (JSON.parse(runQuiet(bin, ['tokens', 'create', '--json'], env)) as { token: string }).token;
  const outbox = await outboxCost(bin, env, label, org, token, writes, rounds);
  const hook = await receiver();
  const { call, createSpace, throughput, close } = await server(bin, env, org, token);
  try {
    await throughput(Math.ceil(writes / 4));
    const without: number[] = [];
    const withHook: number[] = [];
    for (let round = 0; round < rounds; round++) without.push(await throughput(writes));
    await call('POST', `/v1/orgs/${org}/webhooks`, { url: hook.url, events: ['space_created'] });
    for (let round = 0; round < rounds; round++) withHook.push(await throughput(writes));
    // The throughput runs leave a backlog (a webhook's deliveries leave one at a time): let it drain.
    const drainStart = performance.now();
    await hook.drained(rounds * writes);
    const drainMs = performance.now() - drainStart;
    // Latency: one write at a time, from its answer to the receipt of its event.
    const latencies: number[] = [];
    for (let i = 0; i < Math.min(writes, 300); i++) {
      const id = await createSpace();
      const answered = performance.now();
      latencies.push((await hook.arrival(id)) - answered);
    }
    const base = median(without);
    const ratio = median(withHook) / base;
    return [
      ...outbox,
      { name: `webhooks${label}: write throughput (POST spaces, 8 at a time), no webhook (baseline)`, value: `${base.toFixed(0)} writes/s` },
      { name: `webhooks${label}: write throughput with a subscribed webhook, its deliveries sent by the same serve meanwhile`, value: `${median(withHook).toFixed(0)} writes/s`, ratio },
      { name: `webhooks${label}: delivery latency, write answered to receipt, median`, value: `${median(latencies).toFixed(1)} ms` },
      { name: `webhooks${label}: delivery latency, p99`, value: `${percentile(latencies, 0.99).toFixed(1)} ms` },
      { name: `webhooks${label}: backlog of the throughput runs drained ${(drainMs / 1000).toFixed(1)} s after their last write`, value: `${((rounds * writes) / ((drainMs + (rounds * writes) / median(withHook) * 1000) / 1000)).toFixed(0)} deliveries/s` },
    ];
  } finally {
    await close();
    hook.close();
  }
}

export async function benchWebhooks(bin: string, writes: number, rounds: number): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-bench-webhooks-'));
  const rows: BenchRow[] = [];
  try {
    const env = { ...process.env, DOCSCTL_DB: join(dir, 'hooks.db'), DOCSCTL_CONFIG_DIR: dir, CI: '1' };
    rows.push(...(await measure(bin, env, ' (SQLite)', writes, rounds)));
    const { startCluster } = (await import('../scripts/pg-cluster.js' as string)) as { startCluster: () => Promise<Cluster> };
    const cluster = await startCluster();
    try {
      const admin = new pg.Client(cluster.url);
      await admin.connect();
      await admin.query('CREATE DATABASE hooks');
      await admin.end();
      const pgEnv = { ...process.env, DOCSCTL_DB: '', DOCSCTL_DATABASE_URL: cluster.url.replace(/\/[^/]*$/, '/hooks'), DOCSCTL_CONFIG_DIR: join(dir, 'pg'), CI: '1' };
      rows.push(...(await measure(bin, pgEnv, ' (PostgreSQL)', writes, rounds)));
    } finally {
      cluster.stop();
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
