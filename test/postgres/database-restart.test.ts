import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Pool } from 'undici';
import { describe, expect, it } from 'vitest';
import { runBuilt, spawnBuiltServe } from '../helpers/built';

// Slow on purpose: a lifecycle test. PostgreSQL is restarted six times under load (each restart a
// fast shutdown, recovery and a second and a half of serving) with two built replicas: 15-21 s.

type Cluster = { url: string; restart: () => Promise<void>; stop: () => void };

/**
 * PostgreSQL restarted under load (`pg_ctl restart -m fast`, what a failover or a minor upgrade does),
 * six times, with two built serve replicas taking reads and writes (issue 33, item 3): no replica
 * ends; while the server is away every answer is 503 with the JSON error body, within the wait bound;
 * once it is back both serve again without a restart; every write answered 201 is in the database.
 */
describe('serve replicas while PostgreSQL restarts', () => {
  it('stay up, answer 503 quickly during the outage, serve again after, and lose no acknowledged write', async () => {
    const { startCluster } = (await import('../../scripts/pg-cluster.js' as string)) as { startCluster: () => Promise<Cluster> };
    const cluster = await startCluster();
    const dir = mkdtempSync(join(tmpdir(), 'docsctl-restart-'));
    const servers: ReturnType<typeof spawnBuiltServe>[] = [];
    try {
      const admin = new pg.Client(cluster.url);
      await admin.connect();
      await admin.query('CREATE DATABASE restart');
      await admin.end();
      const url = cluster.url.replace(/\/postgres$/, '/restart');
      const box = { dir, env: { DOCSCTL_DATABASE_URL: url, DOCSCTL_CONFIG_DIR: join(dir, 'config'), HOME: dir } };
      const init = JSON.parse((await runBuilt(box, ['init', '--json'])).stdout) as { organization: { id: string }; token: { token: string } };
      const org = init.organization.id;
      const headers = { authorization: `Bearer ${init.token.token}`, 'content-type': 'application/json' };
      for (let i = 0; i < 2; i++) servers.push(spawnBuiltServe(box, ['--port', '0', '--json', '--log-format', 'off', '--rate-limit', '1000000']));
      const urls = await Promise.all(servers.map((s) => s.listening));
      const pools = urls.map((u) => new Pool(u, { connections: 2 }));
      const created: string[] = [];
      const statuses = new Map<number, number>();
      const problems: string[] = [];
      let slowest = 0;
      let running = true;
      let n = 0;
      const clients = Array.from({ length: 4 }, async (_, i) => {
        while (running) {
          const pool = pools[i % 2];
          const write = n++ % 2 === 0;
          const started = Date.now();
          try {
            const res = await pool.request(write
              ? { method: 'POST', path: `/v1/orgs/${org}/spaces`, headers, body: JSON.stringify({ title: `Space ${n}` }) }
              : { method: 'GET', path: `/v1/orgs/${org}/spaces?limit=5`, headers });
            const body = (await res.body.json()) as { id?: string; error?: { code: number; message: string } };
            slowest = Math.max(slowest, Date.now() - started);
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            if (res.statusCode === 201) created.push(body.id!);
            else if (res.statusCode === 503) { if (body.error?.code !== 503) problems.push(`503 without the error body: ${JSON.stringify(body)}`); }
            else if (res.statusCode !== 200) problems.push(`${res.statusCode}: ${JSON.stringify(body)}`);
          } catch (error) {
            problems.push(`request failed: ${(error as Error).message}`);
          }
        }
      });
      for (let round = 0; round < 6; round++) {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await cluster.restart();
      }
      // Back: within a few seconds both replicas answer reads and writes again.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const before = statuses.get(503) ?? 0;
      const after = { ok: 0, unavailable: 0 };
      const deadline = Date.now() + 2000;
      statuses.clear();
      while (Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      running = false;
      await Promise.all(clients);
      after.ok = (statuses.get(200) ?? 0) + (statuses.get(201) ?? 0);
      after.unavailable = statuses.get(503) ?? 0;
      expect(problems).toEqual([]);
      expect(before, 'the outages were seen (503s)').toBeGreaterThan(0);
      expect(after).toMatchObject({ unavailable: 0 });
      expect(after.ok).toBeGreaterThan(10);
      expect(slowest, 'no request waited past the bound').toBeLessThan(8000);
      for (const server of servers) {
        const stopped = await server.stop();
        expect(stopped.code, stopped.stderr).toBe(0);
        expect(stopped.stderr).not.toMatch(/terminating connection|Cannot use a pool/);
      }
      servers.length = 0;
      // Every write answered 201 is there.
      const check = new pg.Client(url);
      await check.connect();
      const stored = new Set((await check.query('SELECT id FROM spaces')).rows.map((r: { id: string }) => r.id));
      await check.end();
      expect(created.filter((id) => !stored.has(id))).toEqual([]);
      expect(created.length).toBeGreaterThan(10);
      await Promise.all(pools.map((p) => p.close()));
    } finally {
      for (const server of servers) await server.stop();
      cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
