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

async function measure(bin: string, env: NodeJS.ProcessEnv, label: string, writes: number, rounds: number): Promise<BenchRow[]> {
  const init = JSON.parse(runQuiet(bin, ['init', '--json'], env)) as { organization: { id: string } };
  const org = init.organization.id;
  const token = (JSON.parse(runQuiet(bin, ['tokens', 'create', '--json'], env)) as { token: string }).token;
  const serve = await startServer([bin, 'serve', '--port', '0', '--json', '--rate-limit', '1000000000', '--log-format', 'off', '--allow-private-addresses'], env);
  const hook = await receiver();
  const pool = new Pool(serve.url, { connections: 8 });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  let n = 0;
  const createSpace = async () => {
    const res = await pool.request({ method: 'POST', path: `/v1/orgs/${org}/spaces`, headers, body: JSON.stringify({ title: `Space ${n++}` }) });
    const body = (await res.body.json()) as { id: string };
    if (res.statusCode !== 201) throw new Error(`POST spaces: ${res.statusCode}`);
    return body.id;
  };
  /** Writes per second, 8 at a time. */
  const throughput = async (total: number) => {
    let sent = 0;
    const start = performance.now();
    await Promise.all(Array.from({ length: 8 }, async () => { while (sent++ < total) await createSpace(); }));
    return total / ((performance.now() - start) / 1000);
  };
  try {
    await throughput(Math.ceil(writes / 4));
    const without: number[] = [];
    const withHook: number[] = [];
    for (let round = 0; round < rounds; round++) without.push(await throughput(writes));
    const created = await pool.request({ method: 'POST', path: `/v1/orgs/${org}/webhooks`, headers, body: JSON.stringify({ url: hook.url, events: ['space_created'] }) });
    await created.body.text();
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
      { name: `webhooks${label}: write throughput (POST spaces, 8 at a time), no webhook (baseline)`, value: `${base.toFixed(0)} writes/s` },
      { name: `webhooks${label}: write throughput with a subscribed webhook (its deliveries sent meanwhile)`, value: `${median(withHook).toFixed(0)} writes/s`, ratio, target: '>= 0.90x', ok: ratio >= 0.9 },
      { name: `webhooks${label}: delivery latency, write answered to receipt, median`, value: `${median(latencies).toFixed(1)} ms` },
      { name: `webhooks${label}: delivery latency, p99`, value: `${percentile(latencies, 0.99).toFixed(1)} ms` },
      { name: `webhooks${label}: backlog of the throughput runs drained ${(drainMs / 1000).toFixed(1)} s after their last write`, value: `${((rounds * writes) / ((drainMs + (rounds * writes) / median(withHook) * 1000) / 1000)).toFixed(0)} deliveries/s` },
    ];
  } finally {
    await pool.close();
    hook.close();
    (serve.child as ChildProcess).kill();
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
