import { describe, expect, it } from 'vitest';
import { testEngine } from '../helpers/engine';
import { testApp, expectOk } from '../helpers/app';
import { emit, relayWebhookEvents } from '../../src/engine/webhooks';

/**
 * The outbox as each backend keeps it (issue 32, migration 20): on SQLite a write records one row of
 * `webhook_events` an event, relayed into each subscribed webhook's deliveries before anything reads or
 * sends them; on PostgreSQL the write records the deliveries themselves.
 */
async function setup() {
  const t = await testEngine();
  const api = testApp(t.engine);
  const hooks = '/v1/orgs/' + t.orgId + '/webhooks';
  const create = async (url: string) => {
    const res = await api.request('POST', hooks, { as: t.adminId, body: { url, events: ['space_created'] } });
    expectOk(res, 'createWebhook');
    return res.body.id as string;
  };
  const space = async (title: string) => expectOk(await api.request('POST', `/v1/orgs/${t.orgId}/spaces`, { as: t.adminId, body: { title } }), 'createSpace');
  const count = async (table: string) => (await t.engine.core.get<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))!.n;
  /** A webhook's deliveries through the API, oldest first: `[event, space title or null]`. */
  const deliveries = async (hook: string) => {
    const res = await api.request('GET', `${hooks}/${hook}/deliveries?limit=100`, { as: t.adminId });
    expectOk(res, 'listWebhookDeliveries');
    const out: [string, string | null][] = [];
    for (const item of [...res.body.items].reverse()) {
      const detail = (await api.request('GET', `${hooks}/${hook}/deliveries/${item.id}`, { as: t.adminId })).body;
      out.push([item.event, (JSON.parse(detail.requestBody) as { event_data: { space?: { title: string } } }).event_data.space?.title ?? null]);
    }
    return out;
  };
  const relays = t.engine.core.store.dialect.relaysWebhookEvents;
  return { ...t, api, hooks, create, space, count, deliveries, relays };
}

describe('the outbox', () => {
  it('records an event in the write, one row for all its webhooks on SQLite; reading the deliveries relays them in order', async () => {
    const s = await setup();
    const a = await s.create('https://a.example.com/in');
    const b = await s.create('https://b.example.com/in');
    await s.space('One');
    await s.space('Two');
    if (s.relays) {
      expect(await s.count('webhook_events')).toBe(2);
      expect(await s.count('webhook_deliveries')).toBe(0);
    } else {
      expect(await s.count('webhook_events')).toBe(0);
      expect(await s.count('webhook_deliveries')).toBe(4);
    }
    expect(await s.deliveries(a)).toEqual([['space_created', 'One'], ['space_created', 'Two']]);
    expect(await s.deliveries(b)).toEqual([['space_created', 'One'], ['space_created', 'Two']]);
    expect(await s.count('webhook_events')).toBe(0);
    // Each webhook's body is the event's, byte for byte, with one event id for both.
    const bodies = await s.engine.core.all<{ body: string }>('SELECT body FROM webhook_deliveries ORDER BY webhook_id, sequence');
    expect(new Set(bodies.map((r) => r.body)).size).toBe(2);
    expect(await relayWebhookEvents(s.engine.core)).toBe(0);
  });

  it('a webhook deleted before its events are relayed gets none of them; the others still do', async () => {
    const s = await setup();
    const kept = await s.create('https://kept.example.com/in');
    const gone = await s.create('https://gone.example.com/in');
    await s.space('One');
    expectOk(await s.api.request('DELETE', `${s.hooks}/${gone}`, { as: s.adminId }), 'deleteWebhook');
    expect(await s.deliveries(kept)).toEqual([['space_created', 'One']]);
    expect(await s.engine.core.all('SELECT webhook_id FROM webhook_deliveries')).toEqual([{ webhook_id: kept }]);
  });

  it('a ping or a redelivery goes after the events recorded before it', async () => {
    const s = await setup();
    const hook = await s.create('https://a.example.com/in');
    await s.space('One');
    expectOk(await s.api.request('POST', `${s.hooks}/${hook}/ping`, { as: s.adminId }), 'pingWebhook');
    await s.space('Two');
    expect(await s.deliveries(hook)).toEqual([['space_created', 'One'], ['ping', null], ['space_created', 'Two']]);
    const [first] = await s.engine.core.all<{ id: string }>('SELECT id FROM webhook_deliveries WHERE webhook_id = ? ORDER BY sequence', [hook]);
    await s.engine.core.run("UPDATE webhook_deliveries SET status = 'failed' WHERE id = ?", [first.id]);
    await s.space('Three');
    expectOk(await s.api.request('POST', `${s.hooks}/${hook}/deliveries/${first.id}/redeliver`, { as: s.adminId }), 'redeliverWebhookDelivery');
    // A settled delivery sent again goes to the end of its webhook's queue, after Three.
    expect(await s.deliveries(hook)).toEqual([['ping', null], ['space_created', 'Two'], ['space_created', 'Three'], ['space_created', 'One']]);
  });

  it('relays more events than one transaction takes, in the order they happened', async () => {
    const s = await setup();
    const hook = await s.create('https://a.example.com/in');
    if (!s.relays) return;
    // 1,201 events as a write records them (migration 20's row), faster than 1,201 writes.
    const total = 1201;
    await s.engine.core.write(async () => {
      for (let i = 1; i <= total; i++) {
        await s.engine.core.run('INSERT INTO webhook_events (organization_id, event, webhooks, body, created_at) VALUES (?, ?, ?, ?, ?)', [
          s.orgId, 'space_created', JSON.stringify([hook]), JSON.stringify({ n: i }), s.engine.core.now(),
        ]);
      }
    });
    expect(await relayWebhookEvents(s.engine.core)).toBe(total);
    const rows = await s.engine.core.all<{ body: string; sequence: number }>('SELECT body, sequence FROM webhook_deliveries ORDER BY sequence');
    expect(rows.map((r) => (JSON.parse(r.body) as { n: number }).n)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(rows.map((r) => r.sequence)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(await s.count('webhook_events')).toBe(0);
  });

  it('a write that fails leaves no event behind', async () => {
    const s = await setup();
    await s.create('https://a.example.com/in');
    await expect(s.engine.core.write(async () => {
      expect(await emit(s.engine.core, s.orgId, 'space_created', { space: { id: 'x' } })).toBe(1);
      throw new Error('the write fails after its event');
    })).rejects.toThrow(/fails after/);
    expect(await s.count('webhook_events') + await s.count('webhook_deliveries')).toBe(0);
  });
});
