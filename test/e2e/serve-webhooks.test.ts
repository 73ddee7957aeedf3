import { afterEach, describe, expect, it } from 'vitest';
import { sandbox } from '../helpers/cli';
import { apiCaller, startServe } from '../helpers/serve';
import { webhookReceiver, verifies } from '../helpers/webhook-receiver';

/** Webhooks (issue 32) through a real `serve` on port 0: it delivers what writes record, to a receiver on loopback. */
const closing: (() => Promise<void>)[] = [];
afterEach(async () => { for (const close of closing.splice(0)) await close(); });

async function served(answer?: Parameters<typeof webhookReceiver>[0], args = ['--allow-private-addresses']) {
  const box = sandbox();
  // Retries in tens of milliseconds instead of seconds.
  Object.assign(box.env, { DOCSCTL_WEBHOOK_RETRY_BASE_MS: '20' });
  expect((await box.run(['init'])).code).toBe(0);
  const receiver = await webhookReceiver(answer);
  closing.push(receiver.close);
  const server = await startServe(box, { args: [...args, '--log-format', 'json'] });
  const call = apiCaller(server.url, server.token);
  const org = (await call('GET', '/v1/orgs')).json().items[0].id as string;
  const created = await call('POST', `/v1/orgs/${org}/webhooks`, { url: receiver.url, events: ['space_created', 'space_deleted'] });
  expect(created.status, created.text).toBe(201);
  return { box, receiver, server, call, org, hook: created.json() as { id: string; secret: string } };
}

describe('serve delivers webhooks', () => {
  it('sends an event of a write over HTTP at once, signed; and one recorded by a local command within a poll; one log line per attempt', async () => {
    const s = await served();
    const space = (await s.call('POST', `/v1/orgs/${s.org}/spaces`, { title: 'Handbook' })).json();
    await s.receiver.count(1);
    const [got] = s.receiver.received;
    expect(verifies(s.hook.secret, got.body, got.headers['x-gitbook-signature'])).toBe(true);
    expect(JSON.parse(got.body)).toMatchObject({ event_type: 'space_created', organization: s.org, event_data: { space: { id: space.id } } });
    // A local command only records; the running server delivers it.
    const deleted = await s.box.run(['spaces', 'delete', space.id, '--yes']);
    expect(deleted.code, deleted.stderr).toBe(0);
    await s.receiver.count(2);
    expect(JSON.parse(s.receiver.received[1].body)).toMatchObject({ event_type: 'space_deleted' });
    const out = (await s.server.stop()).stdout;
    const attempts = out.split('\n').filter((line) => line.includes('"kind":"webhook"')).map((line) => JSON.parse(line));
    expect(attempts).toEqual([
      expect.objectContaining({ kind: 'webhook', event: 'space_created', webhookId: s.hook.id, url: s.receiver.url, status: 200, attempt: 1, outcome: 'delivered' }),
      expect.objectContaining({ event: 'space_deleted', outcome: 'delivered' }),
    ]);
  });

  it('a receiver answering 500 twice gets the third attempt; 410 turns the webhook off', async () => {
    const s = await served((n) => (n <= 2 ? 500 : n === 3 ? 200 : 410));
    await s.call('POST', `/v1/orgs/${s.org}/spaces`, { title: 'One' });
    await s.receiver.count(3);
    const ids = s.receiver.received.map((r) => r.headers['x-docsctl-delivery']);
    expect(new Set(ids).size).toBe(1);
    // The receiver answered; the server records the outcome right after.
    let deliveries = (await s.call('GET', `/v1/orgs/${s.org}/webhooks/${s.hook.id}/deliveries`)).json();
    for (let i = 0; i < 40 && deliveries.items[0].status !== 'delivered'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      deliveries = (await s.call('GET', `/v1/orgs/${s.org}/webhooks/${s.hook.id}/deliveries`)).json();
    }
    expect(deliveries.items).toEqual([expect.objectContaining({ id: ids[0], status: 'delivered', attempts: 3, responseStatus: 200 })]);
    await s.call('POST', `/v1/orgs/${s.org}/spaces`, { title: 'Two' });
    await s.receiver.count(4);
    let hook = (await s.call('GET', `/v1/orgs/${s.org}/webhooks/${s.hook.id}`)).json();
    for (let i = 0; i < 50 && hook.active; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      hook = (await s.call('GET', `/v1/orgs/${s.org}/webhooks/${s.hook.id}`)).json();
    }
    expect(hook).toMatchObject({ active: false, disabledReason: expect.stringMatching(/^the receiver answered 410 Gone/) });
    await s.server.stop();
  });

  it('refuses a loopback receiver without --allow-private-addresses: the attempt fails with the reason', async () => {
    const s = await served(() => 200, []);
    await s.call('POST', `/v1/orgs/${s.org}/spaces`, { title: 'One' });
    let items: { error: string | null; attempts: number }[] = [];
    for (let i = 0; i < 100 && !items[0]?.attempts; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      items = (await s.call('GET', `/v1/orgs/${s.org}/webhooks/${s.hook.id}/deliveries`)).json().items;
    }
    expect(items[0]).toMatchObject({ status: 'pending', error: expect.stringMatching(/is an internal address.*--allow-private-addresses/) });
    expect(s.receiver.received).toHaveLength(0);
    await s.server.stop();
  });

  it('the CLI in remote mode: create, ping delivered by the server, deliveries, redeliver; flush is for a local database', async () => {
    const s = await served();
    const created = await s.server.json(['webhooks', 'create', '--endpoint', s.receiver.url, '--events', 'space_created']);
    expect(created.secret).toMatch(/^[0-9a-f]{64}$/);
    const ping = await s.server.json(['webhooks', 'ping', created.id]);
    await s.receiver.count(1);
    expect(s.receiver.received[0].headers['x-docsctl-delivery']).toBe(ping.id);
    expect(verifies(created.secret, s.receiver.received[0].body, s.receiver.received[0].headers['x-gitbook-signature'])).toBe(true);
    let listed = await s.server.json(['webhooks', 'deliveries', created.id]);
    for (let i = 0; i < 40 && listed.items[0].status !== 'delivered'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      listed = await s.server.json(['webhooks', 'deliveries', created.id]);
    }
    expect(listed.items).toEqual([expect.objectContaining({ id: ping.id, event: 'ping', status: 'delivered', attempts: 1, responseStatus: 200 })]);
    const table = await s.server.remote(['webhooks', 'list'], true);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain(created.id);
    expect(table.stdout).not.toContain(created.secret);
    expect((await s.server.remote(['webhooks', 'redeliver', created.id, ping.id])).code).toBe(0);
    await s.receiver.count(2);
    expect(s.receiver.received[1].headers['x-docsctl-delivery']).toBe(ping.id);
    const flush = await s.server.remote(['webhooks', 'flush']);
    expect(flush.code).toBe(2);
    expect(flush.stderr).toMatch(/webhooks flush works on a local database/);
    const deleted = await s.server.remote(['webhooks', 'delete', created.id]);
    expect(deleted.code).toBe(2);
    expect((await s.server.remote(['webhooks', 'delete', created.id, '--yes'])).code).toBe(0);
    await s.server.stop();
  });
});
