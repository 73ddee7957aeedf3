import { get } from 'node:http';
import { describe, expect, it } from 'vitest';
import { Pool } from 'undici';
import { sandbox } from '../helpers/cli';
import { runBuilt, spawnBuiltServe } from '../helpers/built';

// Slow on purpose: a lifecycle test. Ten rounds of a built `serve` stopped with SIGTERM under load from
// keep-alive clients, each round waiting for the replica to drain and exit.

/** GET /readyz on a connection of its own, as a load balancer's health check: its status, or 0 when refused. */
const readyz = (url: string) => new Promise<number>((resolve) => {
  get(`${url}/readyz`, { agent: false }, (res) => (res.resume(), resolve(res.statusCode ?? 0))).on('error', () => resolve(0));
});

describe('stopping a replica under load (built serve, SIGTERM)', () => {
  it('loses nothing: keep-alive clients get every answer, /readyz turns 503 at once, answers close their connections, exit 0 (10 of 10)', async () => {
    const box = sandbox();
    expect((await runBuilt(box, ['init'])).code).toBe(0);
    const { token } = JSON.parse((await runBuilt(box, ['tokens', 'create', '--json'])).stdout) as { token: string };
    const space = JSON.parse((await runBuilt(box, ['spaces', 'create', '--title', 'Busy', '--json'])).stdout).id as string;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    for (let attempt = 0; attempt < 10; attempt++) {
      const server = spawnBuiltServe(box, ['--port', '0', '--json', '--log-format', 'off', '--rate-limit', '1000000', '--shutdown-grace', '1']);
      const url = await server.listening;
      const pool = new Pool(url, { connections: 4, pipelining: 1 });
      const outcomes: (number | string)[] = [];
      let closing = 0;
      let noticed = false;
      let n = 0;
      // A balancer: checks /readyz every 100 ms, and sends no more requests once it says 503.
      const balancer = (async () => {
        while (!noticed) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          if ((await readyz(url)) === 503) noticed = true;
        }
      })();
      // Keep-alive clients, reads and writes, as fast as answers come.
      const clients = Array.from({ length: 6 }, async (_, i) => {
        while (!noticed) {
          const write = (n++ + i) % 3 === 0;
          try {
            const res = await pool.request(write
              ? { method: 'PATCH', path: `/v1/spaces/${space}`, headers, body: JSON.stringify({ title: `Busy ${n}` }) }
              : { method: 'GET', path: `/v1/spaces/${space}`, headers });
            await res.body.dump();
            if (res.headers.connection === 'close') closing++;
            outcomes.push(res.statusCode);
          } catch (error) {
            outcomes.push((error as Error & { code?: string }).code ?? (error as Error).message);
          }
        }
      });
      // Under load before the stop: at least 300 ms and 30 answers (a replica's first requests open its
      // database connections, which a busy machine makes slow), at most 20 s.
      const loaded = Date.now();
      while (Date.now() - loaded < 20_000 && (Date.now() - loaded < 300 || outcomes.length < 30)) await new Promise((resolve) => setTimeout(resolve, 20));
      const stopped = server.stop();
      await Promise.all([balancer, ...clients]);
      const result = await stopped;
      await pool.close();
      expect(result.code, `try ${attempt + 1}: ${result.stderr}`).toBe(0);
      expect(outcomes.filter((o) => o !== 200), `try ${attempt + 1}`).toEqual([]);
      expect(outcomes.length).toBeGreaterThan(20);
      expect(closing, `try ${attempt + 1}: answers after SIGTERM close their connection`).toBeGreaterThan(0);
      expect(result.stderr).not.toMatch(/internal error|Cannot use a pool/);
    }
  }, 120_000);
});
