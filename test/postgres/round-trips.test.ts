import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { request } from 'undici';
import { runBuilt, spawnBuiltServe } from '../helpers/built';
import { startLatencyProxy, type LatencyProxy } from '../helpers/pg-latency-proxy';
import { ANOTHER_REPLICAS_WRITE, measuredRequests, type Call, type MeasuredRequest } from '../helpers/round-trip-requests';
import { freshDatabase } from './database';

/**
 * The most round trips to PostgreSQL each request may cost (issue 59; docs/performance.md, "PostgreSQL
 * across a network"), counted by test/helpers/pg-wire-count.ts's rule: [sent again, with what the replica
 * remembers still valid; after another replica wrote to the organization, so that it is read again].
 * Each is today's count: a change that adds one fails here, and so does one that saves one until its
 * ceiling is lowered (the table stays what docs/performance.md shows).
 */
const CEILINGS: Record<string, [number, number]> = {
  'GET a member': [1, 2],
  'PATCH a member\'s role': [3, 3],
  'GET a page\'s content': [1, 1],
  'list spaces': [2, 2],
  'GET a space': [1, 1],
  'POST a comment': [3, 3],
  'PATCH a space\'s title': [3, 3],
  'GET the organization': [2, 2],
  'GET the authenticated user': [2, 2],
  'list members (37)': [2, 3],
  'list teams': [2, 2],
  'GET a team': [2, 2],
  'PATCH a team\'s title': [3, 3],
  'list a space\'s pages': [4, 4],
  'list a space\'s comments': [4, 4],
  'list change requests': [2, 2],
  'GET a change request': [2, 2],
  'search a space': [2, 3],
  'GET a site': [2, 2],
  'list the audit log': [2, 2],
  'POST a space': [4, 4],
};

/**
 * A built `serve` on PostgreSQL through a proxy that counts round trips (test/helpers/pg-latency-proxy.ts),
 * on the sample organization. Each request is sent once to warm up, then counted twice: sent again (what
 * the replica remembers is then what a steady stream of that request finds), and sent once more after
 * another replica's write to the organization (its change version moved: everything it remembers of the
 * organization is read again). A count runs from the sending until the proxy has been quiet for 20 ms
 * (what the request set going after its answer counts too). The token's own statements count:
 * authentication is part of every request. ROUND_TRIPS_LOG=1 prints each request's statements.
 */
describe('round trips to PostgreSQL of each measured request', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-round-trips-'));
  let proxy: LatencyProxy;
  let server: ReturnType<typeof spawnBuiltServe>;
  let requests: MeasuredRequest[];
  let call: Call;
  let direct: pg.Client;

  beforeAll(async () => {
    const database = await freshDatabase('round_trips');
    const box = { dir, env: { DOCSCTL_DATABASE_URL: database, DOCSCTL_CONFIG_DIR: join(dir, 'config'), HOME: dir } };
    const init = await runBuilt(box, ['init', '--sample', '--json']);
    expect(init.code, init.stderr).toBe(0);
    const minted = await runBuilt(box, ['tokens', 'create', '--name', 'round-trips', '--json']);
    expect(minted.code, minted.stderr).toBe(0);
    const token = JSON.parse(minted.stdout).token as string;
    direct = new pg.Client(database);
    await direct.connect();
    proxy = await startLatencyProxy(database, { delayMs: 0, record: true });
    // No webhook deliveries from this process: its polling would be counted in whichever request it met.
    server = spawnBuiltServe({ dir, env: { ...box.env, DOCSCTL_DATABASE_URL: proxy.url } }, ['--port', '0', '--json', '--log-format', 'off', '--rate-limit', '1000000', '--no-webhook-delivery']);
    const url = await server.listening;
    call = async (method, path, body) => {
      const res = await request(`${url}${path}`, {
        method: method as 'GET',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.body.text();
      return { status: res.statusCode, body: text ? JSON.parse(text) : undefined };
    };
    requests = await measuredRequests(call);
  }, 60_000);

  afterAll(async () => {
    if (server) expect((await server.stop()).code).toBe(0);
    await proxy?.close();
    await direct?.end();
    rmSync(dir, { recursive: true, force: true });
  });

  it('costs each request the round trips of its ceiling, no more (and no fewer unless it is lowered)', async () => {
    const counted: Record<string, [number, number]> = {};
    const over: string[] = [];
    const statements = () => proxy.log().map((t) => `  - ${t.join(' | ')}`).join('\n');
    for (const r of requests) {
      const count = async (n: number) => await proxy.count(async () => {
        const answer = await call(r.method, r.path, r.body?.(n));
        expect(answer.status, `${r.method} ${r.path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
      });
      await count(0);
      const warm = await count(1);
      const ceiling = CEILINGS[r.name] ?? [0, 0];
      if (warm !== ceiling[0]) over.push(`${r.name}: ${warm} round trips, ceiling ${ceiling[0]}\n${statements()}`);
      // Not through the proxy: another replica's statement.
      await direct.query(ANOTHER_REPLICAS_WRITE);
      const cold = await count(2);
      if (cold !== ceiling[1]) over.push(`${r.name}, after another replica's write: ${cold} round trips, ceiling ${ceiling[1]}\n${statements()}`);
      counted[r.name] = [warm, cold];
      if (process.env.ROUND_TRIPS_LOG) console.log(`${r.name} (after another replica's write, ${cold}):\n${statements()}`);
    }
    expect(over, `${over.join('\n')}\nall counts: ${JSON.stringify(counted)}`).toEqual([]);
    // The writes' outbox rows were among what was counted: a delivery for each sending that changed
    // something (the first PATCH of the role asks for the one the member has).
    const deliveries = (await direct.query('SELECT event, COUNT(*)::int AS n FROM webhook_deliveries GROUP BY event')).rows;
    expect(Object.fromEntries(deliveries.map((d) => [d.event, d.n]))).toEqual({ comment_created: 3, member_role_updated: 2, space_created: 3 });
  });

  it('answers a new space as GET then reads it, placed after the ones before it (its position read with its BEGIN, its answer not read back)', async () => {
    const org = (await call('GET', '/v1/orgs')).body.items[0].id as string;
    const made = [];
    for (const title of ['Read ahead A', 'Read ahead B']) {
      const answer = await call('POST', `/v1/orgs/${org}/spaces`, { title });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      made.push(answer.body);
    }
    for (const space of made) expect((await call('GET', `/v1/spaces/${space.id}`)).body).toEqual(space);
    const roots = (await call('GET', `/v1/orgs/${org}/spaces?limit=100`)).body.items.filter((space: { parent?: string }) => !space.parent);
    expect(roots.slice(-2)).toEqual(made);
  });
});
