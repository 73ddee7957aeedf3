import { afterEach, describe, expect, it } from 'vitest';
import { testEngine } from '../helpers/engine';
import { testApp, expectOk } from '../helpers/app';
import { webhookReceiver, verifies } from '../helpers/webhook-receiver';
import { MAX_ATTEMPTS, retryDelayMs, RETRY_SCHEDULE, type DeliveryAttempt } from '../../src/engine/webhook-delivery';
import { VERSION } from '../../src/version';
import { migrations } from '../../src/engine/store/migrations/index';
import { relayWebhookEvents } from '../../src/engine/webhooks';

/** Webhooks (issue 32): the deliverer sends the outbox to a real receiver on loopback. */
const closing: (() => Promise<void>)[] = [];
afterEach(async () => { for (const close of closing.splice(0)) await close(); });

async function setup(answer?: Parameters<typeof webhookReceiver>[0], options: { refusePrivateAddresses?: boolean; worker?: string } = {}) {
  const t = await testEngine();
  const api = testApp(t.engine);
  const receiver = await webhookReceiver(answer);
  closing.push(receiver.close);
  const created = await api.request('POST', `/v1/orgs/${t.orgId}/webhooks`, { as: t.adminId, body: { url: receiver.url, events: ['space_created', 'space_deleted'] } });
  expectOk(created, 'createWebhook');
  const attempts: DeliveryAttempt[] = [];
  const deliverer = t.engine.webhookDeliverer({
    refusePrivateAddresses: options.refusePrivateAddresses ?? false, worker: options.worker ?? 'test', onAttempt: (a) => attempts.push(a),
  });
  const hookUrl = `/v1/orgs/${t.orgId}/webhooks/${created.body.id}`;
  const delivery = async (id: string) => (await api.request('GET', `${hookUrl}/deliveries/${id}`, { as: t.adminId })).body;
  const webhook = async () => (await api.request('GET', hookUrl, { as: t.adminId })).body;
  const space = async (title = 'Handbook') => (await api.request('POST', `/v1/orgs/${t.orgId}/spaces`, { as: t.adminId, body: { title } })).body as { id: string };
  /** The pending deliveries, in order (the events recorded since relayed first: SQLite's outbox). */
  const pending = async () => {
    await relayWebhookEvents(t.engine.core);
    return await t.engine.core.all<{ id: string }>("SELECT id FROM webhook_deliveries WHERE status = 'pending' ORDER BY sequence");
  };
  return { ...t, api, receiver, hook: created.body as { id: string; secret: string }, deliverer, attempts, hookUrl, delivery, webhook, space, pending };
}

describe('delivering webhooks', () => {
  it('POSTs the exact recorded body, signed with the secret, with the delivery id and docsctl user agent; 2xx is delivered', async () => {
    const s = await setup();
    const space = await s.space();
    const [{ id }] = await s.pending();
    expect(await s.deliverer.deliverDue()).toBe(1);
    expect(s.receiver.received).toHaveLength(1);
    const [got] = s.receiver.received;
    expect(got.headers).toMatchObject({ 'content-type': 'application/json', 'user-agent': `docsctl/${VERSION}`, 'x-docsctl-delivery': id });
    expect(verifies(s.hook.secret, got.body, got.headers['x-gitbook-signature'])).toBe(true);
    expect(verifies('another secret', got.body, got.headers['x-gitbook-signature'])).toBe(false);
    expect(JSON.parse(got.body)).toMatchObject({ event_type: 'space_created', organization: s.orgId, event_data: { space: { id: space.id, title: 'Handbook' } } });
    const detail = await s.delivery(id);
    expect(detail).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 200, responseBody: 'answer 1', error: null, nextAttemptAt: null, lastAttemptAt: '2026-03-01T10:00:00.000Z' });
    expect(detail.requestBody).toBe(got.body);
    expect(s.attempts).toEqual([expect.objectContaining({ deliveryId: id, webhookId: s.hook.id, event: 'space_created', url: s.receiver.url, attempt: 1, status: 200, outcome: 'delivered' })]);
    // Nothing due: nothing sent again.
    expect(await s.deliverer.deliverDue()).toBe(0);
    expect(s.receiver.received).toHaveLength(1);
  });

  it('retries a 500 with backoff and the same delivery id: the third attempt gets through', async () => {
    const s = await setup((n) => (n <= 2 ? 500 : 204));
    await s.space();
    const [{ id }] = await s.pending();
    await s.deliverer.deliverDue();
    expect(await s.delivery(id)).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500, error: 'the receiver answered 500' });
    // Not due before its backoff.
    expect(await s.deliverer.deliverDue()).toBe(0);
    s.clock.advance(2_000);
    await s.deliverer.deliverDue();
    expect(await s.delivery(id)).toMatchObject({ status: 'pending', attempts: 2 });
    s.clock.advance(5_000);
    await s.deliverer.deliverDue();
    expect(await s.delivery(id)).toMatchObject({ status: 'delivered', attempts: 3, responseStatus: 204 });
    expect(s.receiver.received.map((r) => r.headers['x-docsctl-delivery'])).toEqual([id, id, id]);
    expect(s.attempts.map((a) => a.outcome)).toEqual(['retry', 'retry', 'delivered']);
  });

  it('keeps a webhook\'s deliveries in order: a later one waits while an earlier one is retried', async () => {
    const s = await setup((n) => (n === 1 ? 503 : 200));
    await s.space('One');
    await s.space('Two');
    await s.deliverer.deliverDue();
    expect(s.receiver.received).toHaveLength(1);
    s.clock.advance(2_000);
    await s.deliverer.deliverDue();
    expect(s.receiver.received.map((r) => JSON.parse(r.body).event_data.space.title)).toEqual(['One', 'One', 'Two']);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts over about an hour (failed), and a redelivery sends it again with the same id`, async () => {
    const s = await setup((n) => (n <= MAX_ATTEMPTS ? 500 : 200));
    await s.space();
    const [{ id }] = await s.pending();
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await s.deliverer.deliverDue();
      s.clock.advance(3_600_000);
    }
    expect(await s.delivery(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, nextAttemptAt: null });
    expect(await s.webhook()).toMatchObject({ active: true });
    expect(await s.deliverer.deliverDue()).toBe(0);
    const again = await s.api.request('POST', `${s.hookUrl}/deliveries/${id}/redeliver`, { as: s.adminId });
    expectOk(again, 'redeliverWebhookDelivery');
    await s.deliverer.deliverDue();
    expect(await s.delivery(id)).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(s.receiver.received.at(-1)!.headers['x-docsctl-delivery']).toBe(id);
  });


  it('migration 18 sets each webhook\'s low-water mark at its first pending delivery, or past its last', async () => {
    const s = await setup((n) => (n === 3 ? 503 : 200));
    for (let i = 1; i <= 4; i++) await s.space(`Space ${i}`);
    await s.deliverer.deliverDue();
    await s.engine.core.write(async () => await s.engine.core.run('UPDATE webhooks SET pending_from = 0'));
    const setMark = migrations[17].split(';').find((statement) => statement.trim().startsWith('UPDATE webhooks'))!;
    const mark = async () => (await s.engine.core.get<{ pending_from: number }>('SELECT pending_from FROM webhooks WHERE id = ?', [s.hook.id]))!.pending_from;
    await s.engine.core.write(async () => await s.engine.core.run(setMark));
    expect(await mark()).toBe(3);
    s.clock.advance(2_000);
    await s.deliverer.deliverDue();
    await s.engine.core.write(async () => await s.engine.core.run(setMark));
    expect(await mark()).toBe(5);
  });

  it('finds pending deliveries from the webhook\'s low-water mark: it moves up as deliveries settle, and a redelivered old one goes to the end of the queue', async () => {
    // The receiver holds back the 42nd request (503 once): deliveries behind it wait.
    const s = await setup((n) => (n === 42 ? 503 : 200));
    const mark = async () => (await s.engine.core.get<{ pending_from: number }>('SELECT pending_from FROM webhooks WHERE id = ?', [s.hook.id]))!.pending_from;
    for (let i = 1; i <= 40; i++) await s.space(`Space ${i}`);
    expect(await s.deliverer.deliverDue()).toBe(40);
    // Moved up every 16 settled deliveries, never past one that is pending.
    expect(await mark()).toBe(32);
    const first = (await s.engine.core.get<{ id: string }>('SELECT id FROM webhook_deliveries WHERE sequence = 1 AND webhook_id = ?', [s.hook.id]))!.id;
    // Two more: the 41st gets through, the 42nd is answered 503 and waits for its retry.
    await s.space('Space 41');
    await s.space('Space 42');
    await s.deliverer.deliverDue();
    expect(await s.pending()).toHaveLength(1);
    // The first delivery, settled long ago and below the mark, is sent again after the one waiting.
    expectOk(await s.api.request('POST', `${s.hookUrl}/deliveries/${first}/redeliver`, { as: s.adminId }), 'redeliverWebhookDelivery');
    expect(await s.deliverer.deliverDue()).toBe(0);
    s.clock.advance(2_000);
    expect(await s.deliverer.deliverDue()).toBe(2);
    const titles = s.receiver.received.map((r) => JSON.parse(r.body).event_data.space.title);
    expect(titles.slice(-3)).toEqual(['Space 42', 'Space 42', 'Space 1']);
    expect(s.receiver.received.at(-1)!.headers['x-docsctl-delivery']).toBe(first);
    expect(await s.delivery(first)).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(await s.pending()).toHaveLength(0);
    // The redelivered one is the newest in the log now.
    const newest = (await s.api.request('GET', `${s.hookUrl}/deliveries?limit=1`, { as: s.adminId })).body.items[0];
    expect(newest.id).toBe(first);
  });
  it('the retry schedule: 1 s, then about ×4, about an hour from the first attempt to the last, with jitter', () => {
    expect(RETRY_SCHEDULE.length).toBe(MAX_ATTEMPTS - 1);
    const total = RETRY_SCHEDULE.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(3000);
    expect(total).toBeLessThan(4500);
    expect(retryDelayMs(1, 1000, () => 0.5)).toBe(1000);
    expect(retryDelayMs(1, 1000, () => 0)).toBe(900);
    expect(retryDelayMs(1, 1000, () => 1)).toBe(1100);
    expect(retryDelayMs(2, 10, () => 0.5)).toBe(40);
  });

  it('410 Gone turns the webhook off at once; its pending deliveries wait until it is on again', async () => {
    const s = await setup((n) => (n === 1 ? 410 : 200));
    await s.space('One');
    await s.space('Two');
    await s.deliverer.deliverDue();
    expect(await s.webhook()).toMatchObject({ active: false, disabledReason: 'the receiver answered 410 Gone on 2026-03-01T10:00:00.000Z' });
    s.clock.advance(3_600_000);
    expect(await s.deliverer.deliverDue()).toBe(0);
    expect(s.receiver.received).toHaveLength(1);
    const on = await s.api.request('PATCH', s.hookUrl, { as: s.adminId, body: { active: true } });
    expect(on.body.disabledReason).toBeUndefined();
    await s.deliverer.deliverDue();
    expect(s.receiver.received.map((r) => JSON.parse(r.body).event_data.space.title)).toEqual(['One', 'Two']);
  });

  it('20 failed deliveries in a row turn the webhook off with a reason; a success in between resets the count', async () => {
    const s = await setup(() => 500);
    await s.engine.core.run('UPDATE webhooks SET consecutive_failures = 19 WHERE id = ?', [s.hook.id]);
    await s.space();
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await s.deliverer.deliverDue();
      s.clock.advance(3_600_000);
    }
    expect(await s.webhook()).toMatchObject({ active: false, disabledReason: expect.stringMatching(/^20 deliveries in a row failed/) });
  });

  it('a timeout, a network error or a refused private address is an attempt that failed, with the reason', async () => {
    const s = await setup(() => 200, { refusePrivateAddresses: true });
    await s.space();
    const [{ id }] = await s.pending();
    await s.deliverer.deliverDue();
    expect(s.receiver.received).toHaveLength(0);
    expect(await s.delivery(id)).toMatchObject({ status: 'pending', attempts: 1, responseStatus: null, error: expect.stringMatching(/127\.0\.0\.1 is an internal address/) });
    await s.engine.core.run("UPDATE webhooks SET url = 'http://127.0.0.1:9/closed'");
    const open = s.engine.webhookDeliverer({ refusePrivateAddresses: false, worker: 'w2', timeoutMs: 300 });
    s.clock.advance(2_000);
    await open.deliverDue();
    expect((await s.delivery(id)).error).toMatch(/cannot reach http:\/\/127\.0\.0\.1:9/);
    const slow = await webhookReceiver(() => ({ status: 200, delayMs: 2_000 }));
    closing.push(slow.close);
    await s.engine.core.run('UPDATE webhooks SET url = ?', [slow.url]);
    s.clock.advance(10_000);
    await open.deliverDue();
    expect(await s.delivery(id)).toMatchObject({ attempts: 3, error: 'no answer from http://127.0.0.1:' + new URL(slow.url).port + ' within 0.3 s' });
  });

  it('does not follow redirects (a 3xx is a failed attempt) and keeps only the first 4 KiB of an answer', async () => {
    const s = await setup((n) => (n === 1 ? { status: 302, body: 'moved' } : { status: 200, body: 'x'.repeat(10_000) }));
    await s.space();
    const [{ id }] = await s.pending();
    await s.deliverer.deliverDue();
    expect(await s.delivery(id)).toMatchObject({ status: 'pending', responseStatus: 302, error: 'the receiver answered 302' });
    s.clock.advance(2_000);
    await s.deliverer.deliverDue();
    const done = await s.delivery(id);
    expect(done).toMatchObject({ status: 'delivered', responseStatus: 200 });
    expect(done.responseBody).toBe('x'.repeat(4096));
  });

  it('purges delivered and failed deliveries past 30 days with the other expired records; pending ones stay', async () => {
    const s = await setup();
    await s.space('One');
    await s.deliverer.deliverDue();
    await s.space('Two');
    await s.engine.core.run("UPDATE webhooks SET active = 0");
    s.clock.advance(31 * 86_400_000);
    await s.engine.purgeExpired();
    expect(await s.pending()).toHaveLength(1);
    const left = await s.engine.core.all<{ status: string }>('SELECT status FROM webhook_deliveries');
    expect(left).toEqual([{ status: 'pending' }]);
  });

  it('two deliverers never send the same delivery: a claim holds until its lease is past', async () => {
    const s = await setup((n) => ({ status: 200, delayMs: n === 1 ? 300 : 0 }));
    await s.space();
    const other = s.engine.webhookDeliverer({ refusePrivateAddresses: false, worker: 'other' });
    const [a, b] = await Promise.all([s.deliverer.deliverDue(), other.deliverDue()]);
    expect(a + b).toBe(1);
    expect(s.receiver.received).toHaveLength(1);
    // A claim whose process died: another sends it once the lease is past.
    await s.space('Two');
    expect(await s.pending()).toHaveLength(1);
    await s.engine.core.run("UPDATE webhook_deliveries SET lease_until = '2026-03-01T10:01:00.000Z', claimed_by = 'dead' WHERE status = 'pending'");
    expect(await other.deliverDue()).toBe(0);
    s.clock.advance(61_000);
    expect(await other.deliverDue()).toBe(1);
    expect(s.receiver.received).toHaveLength(2);
  });
});

describe('webhook metrics and log lines', () => {
  it('counts attempts by outcome and event, with their latency, and writes one access-log-style line each', async () => {
    const { createMetrics } = await import('../../src/server/metrics');
    const { formatDeliveryAttempt } = await import('../../src/server/access-log');
    const metrics = createMetrics(await import('prom-client'));
    const attempt: DeliveryAttempt = {
      time: '2026-03-01T10:00:00.000Z', deliveryId: 'd1', webhookId: 'w1', event: 'space_created', url: 'https://hooks.example.com/in',
      attempt: 2, status: 500, durationMs: 12, outcome: 'retry', error: 'the receiver answered 500',
    };
    metrics.webhook(attempt);
    metrics.webhook({ ...attempt, attempt: 3, status: 200, outcome: 'delivered', error: undefined });
    const { body } = await metrics.render();
    expect(body).toContain('docsctl_webhook_delivery_attempts_total{outcome="retry",event="space_created"} 1');
    expect(body).toContain('docsctl_webhook_delivery_attempts_total{outcome="delivered",event="space_created"} 1');
    expect(body).toContain('docsctl_webhook_delivery_duration_seconds_count{outcome="delivered"} 1');
    expect(formatDeliveryAttempt(attempt, 'text')).toBe('2026-03-01T10:00:00.000Z webhook POST https://hooks.example.com/in space_created d1 500 12ms attempt=2 retry "the receiver answered 500"');
    expect(JSON.parse(formatDeliveryAttempt(attempt, 'json'))).toEqual({ kind: 'webhook', ...attempt });
  });
});
