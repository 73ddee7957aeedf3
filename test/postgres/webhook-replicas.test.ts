import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { runBuilt, spawnBuiltServe } from '../helpers/built';
import { freshDatabase } from './database';
import { webhookReceiver } from '../helpers/webhook-receiver';

type Server = ReturnType<typeof spawnBuiltServe>;

/**
 * Webhooks (issue 32) with two `serve` replicas, built entry, on one PostgreSQL database: 200 writes
 * sent to both at once, two webhooks subscribed; every delivery reaches its receiver exactly once
 * (counted by X-Docsctl-Delivery), and each webhook's in the order of its events.
 */
describe('webhooks delivered once by two serve replicas on one PostgreSQL database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-webhook-replicas-'));
  let box: { dir: string; env: Record<string, string> };
  const servers: Server[] = [];
  const urls: string[] = [];
  let token: string;
  let org: string;
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>;

  const call = async (replica: number, method: string, path: string, body?: unknown) => {
    const res = await request(`${urls[replica]}${path}`, {
      method: method as 'GET',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.body.text();
    return { status: res.statusCode, body: text ? JSON.parse(text) : undefined };
  };
  const cli = async (argv: string[]) => {
    const result = await runBuilt(box, argv);
    expect(result.code, result.stderr).toBe(0);
    return result.stdout;
  };

  beforeAll(async () => {
    receiver = await webhookReceiver();
    box = { dir, env: { DOCSCTL_DATABASE_URL: await freshDatabase('webhook_replicas'), DOCSCTL_CONFIG_DIR: join(dir, 'config'), HOME: dir } };
    const installed = JSON.parse(await cli(['init', '--json']));
    org = installed.organization.id;
    token = JSON.parse(await cli(['tokens', 'create', '--name', 'replicas', '--json'])).token;
    for (let i = 0; i < 2; i++) {
      const server = spawnBuiltServe(box, ['--port', '0', '--json', '--rate-limit', '1000000', '--log-format', 'off', '--allow-private-addresses']);
      servers.push(server);
      urls.push(await server.listening);
    }
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) expect((await server.stop()).code).toBe(0);
    await receiver.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('delivers each of 400 deliveries (200 writes × 2 webhooks) exactly once, in order per webhook', async () => {
    const hooks: string[] = [];
    for (const path of ['a', 'b']) {
      const created = await call(0, 'POST', `/v1/orgs/${org}/webhooks`, { url: `${receiver.url}/${path}`, events: ['space_created'] });
      expect(created.status).toBe(201);
      hooks.push(created.body.id);
    }
    const WRITES = 200;
    for (let i = 0; i < WRITES; i += 10) {
      const batch = Array.from({ length: 10 }, (_, k) => i + k);
      const answers = await Promise.all(batch.map((n) => call(n % 2, 'POST', `/v1/orgs/${org}/spaces`, { title: `Space ${n}` })));
      for (const answer of answers) expect(answer.status).toBe(201);
    }
    await receiver.count(2 * WRITES, 60_000);
    // A little longer: nothing more may come.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(receiver.received).toHaveLength(2 * WRITES);
    const ids = receiver.received.map((r) => r.headers['x-docsctl-delivery'] as string);
    expect(new Set(ids).size).toBe(2 * WRITES);
    for (const [index, hook] of hooks.entries()) {
      const path = `/hook/${'ab'[index]}`;
      const got = receiver.received.filter((r) => r.path === path).map((r) => r.headers['x-docsctl-delivery']);
      expect(got).toHaveLength(WRITES);
      const listed = await call(0, 'GET', `/v1/orgs/${org}/webhooks/${hook}/deliveries?limit=1000`);
      const inOrder = (listed.body.items as { id: string; status: string }[]).reverse();
      expect(inOrder.every((d) => d.status === 'delivered')).toBe(true);
      expect(got).toEqual(inOrder.map((d) => d.id));
    }
  }, 120_000);
});
