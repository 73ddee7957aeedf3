import { describe, expect, it } from 'vitest';
import { testEngine, addMember, otherOrganization } from '../helpers/engine';
import { testApp, expectOk, expectError } from '../helpers/app';
import { emit } from '../../src/engine/webhooks';

/** Webhooks (issue 32): an organization's admins subscribe URLs to events; the routes through the app. */
async function setup() {
  const t = await testEngine();
  const api = testApp(t.engine);
  const creator = await addMember(t.engine, t.orgId, 'creator@acme.test', 'create', 'Creator');
  const url = `/v1/orgs/${t.orgId}/webhooks`;
  const create = async (body: Record<string, unknown> = {}) => {
    const res = await api.request('POST', url, { as: t.adminId, body: { url: 'https://hooks.example.com/in', events: ['space_created'], ...body } });
    expectOk(res, 'createWebhook');
    return res.body as { id: string; secret: string };
  };
  return { ...t, api, creator, url, create };
}

describe('POST /v1/orgs/{organizationId}/webhooks', () => {
  it('creates a webhook, shows a generated secret once, and audits it without the secret', async () => {
    const s = await setup();
    const res = await s.api.request('POST', s.url, { as: s.adminId, body: { url: 'https://hooks.example.com/in', events: ['space_created', 'space_deleted', 'space_created'] } });
    expectOk(res, 'createWebhook');
    expect(res.body).toMatchObject({
      object: 'webhook', organization: s.orgId, url: 'https://hooks.example.com/in', events: ['space_created', 'space_deleted'], active: true,
      createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z',
    });
    expect(res.body.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body.disabledReason).toBeUndefined();
    const got = await s.api.request('GET', `${s.url}/${res.body.id}`, { as: s.adminId });
    expectOk(got, 'getWebhook');
    expect(got.body.secret).toBeUndefined();
    const audit = await s.api.request('GET', `/v1/orgs/${s.orgId}/audit-log?limit=1`, { as: s.adminId });
    expect(audit.body.items[0]).toMatchObject({ action: 'createWebhook', targets: { organizationId: s.orgId, created: res.body.id } });
    expect(JSON.stringify(audit.body)).not.toContain(res.body.secret);
  });

  it('keeps a given secret and may start turned off', async () => {
    const s = await setup();
    const res = await s.api.request('POST', s.url, { as: s.adminId, body: { url: 'http://hooks.example.com/x', events: ['ping'], secret: 'a-secret-of-my-own', active: false } });
    expectOk(res, 'createWebhook');
    expect(res.body).toMatchObject({ secret: 'a-secret-of-my-own', active: false });
  });

  it('validates the url, the events and the secret', async () => {
    const s = await setup();
    const post = async (body: unknown) => await s.api.request('POST', s.url, { as: s.adminId, body });
    expectError(await post({ events: ['ping'] }), 400, /^url: /);
    expectError(await post({ url: 'ftp://hooks.example.com/', events: ['ping'] }), 400, /^url: /);
    expectError(await post({ url: 'not a url', events: ['ping'] }), 400, /^url: /);
    expectError(await post({ url: `https://hooks.example.com/${'a'.repeat(2048)}`, events: ['ping'] }), 400, /^url: /);
    expectError(await post({ url: 'https://hooks.example.com/' }), 400, /^events: /);
    expectError(await post({ url: 'https://hooks.example.com/', events: [] }), 400, /^events: /);
    expectError(await post({ url: 'https://hooks.example.com/', events: ['space_exploded'] }), 400, /^events\[0\]: must be one of: "space_content_updated"/);
    expectError(await post({ url: 'https://hooks.example.com/', events: ['ping'], secret: 'short' }), 400, /^secret: /);
    expectError(await post({ url: 'https://hooks.example.com/', events: ['ping'], colour: 'red' }), 400, /colour/);
  });

  it('is for admins: 403 for other members, 404 for another organization', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const body = { url: 'https://hooks.example.com/', events: ['ping'] };
    expectError(await s.api.request('POST', s.url, { as: s.creator, body }), 403, /admin role required/);
    expectError(await s.api.request('POST', `/v1/orgs/${other.orgId}/webhooks`, { as: s.adminId, body }), 404);
    expectError(await s.api.request('GET', s.url, { as: s.creator }), 403, /admin role required/);
    // Webhooks are organization administration: a write-scoped admin token reads them but cannot make one.
    const write = await s.engine.tokens.create({ user: s.adminId, name: 'ci', scope: 'write' });
    expectError(await s.api.request('POST', s.url, { token: write.token, body }), 403, /scope is write/);
    expectOk(await s.api.request('GET', s.url, { token: write.token }), 'listWebhooks');
  });
});

describe('GET, PATCH, DELETE /v1/orgs/{organizationId}/webhooks/{webhookId}', () => {
  it('lists webhooks oldest first, paged', async () => {
    const s = await setup();
    const a = await s.create();
    s.clock.advance(1000);
    const b = await s.create({ url: 'https://hooks.example.com/b' });
    const first = await s.api.request('GET', `${s.url}?limit=1`, { as: s.adminId });
    expectOk(first, 'listWebhooks');
    expect(first.body).toMatchObject({ count: 2, items: [{ id: a.id }] });
    const second = await s.api.request('GET', `${s.url}?limit=1&page=${first.body.next.page}`, { as: s.adminId });
    expect(second.body.items.map((w: { id: string }) => w.id)).toEqual([b.id]);
    expect(second.body.next).toBeUndefined();
    expect(JSON.stringify(first.body) + JSON.stringify(second.body)).not.toContain(a.secret);
  });

  it('updates the url, events, secret and active; turning it on again clears why it was turned off', async () => {
    const s = await setup();
    const hook = await s.create();
    await s.engine.core.run("UPDATE webhooks SET active = 0, disabled_reason = 'the receiver answered 410 Gone', consecutive_failures = 20 WHERE id = ?", [hook.id]);
    const off = await s.api.request('GET', `${s.url}/${hook.id}`, { as: s.adminId });
    expect(off.body).toMatchObject({ active: false, disabledReason: 'the receiver answered 410 Gone' });
    s.clock.advance(5000);
    const res = await s.api.request('PATCH', `${s.url}/${hook.id}`, { as: s.adminId, body: { url: 'https://other.example.com/', events: ['member_added'], secret: 'another-secret-123', active: true } });
    expectOk(res, 'updateWebhook');
    expect(res.body).toMatchObject({ url: 'https://other.example.com/', events: ['member_added'], active: true, updatedAt: '2026-03-01T10:00:05.000Z' });
    expect(res.body.disabledReason).toBeUndefined();
    expect(res.body.secret).toBeUndefined();
    const row = await s.engine.core.get<{ secret: string; consecutive_failures: number }>('SELECT secret, consecutive_failures FROM webhooks WHERE id = ?', [hook.id]);
    expect(row).toEqual({ secret: 'another-secret-123', consecutive_failures: 0 });
    expectError(await s.api.request('PATCH', `${s.url}/${hook.id}`, { as: s.adminId, body: { url: 'gopher://x' } }), 400, /^url: /);
    expectError(await s.api.request('PATCH', `${s.url}/${hook.id}`, { as: s.adminId, body: { events: ['nope'] } }), 400, /^events\[0\]: must be one of: "space_content_updated"/);
    expectError(await s.api.request('PATCH', `${s.url}/${hook.id}`, { as: s.creator, body: { active: false } }), 403);
  });

  it('deletes a webhook with its deliveries; 404 after, and for an unknown or another organization\'s webhook', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const hook = await s.create({ events: ['space_created'] });
    await s.engine.core.write(async () => await emit(s.engine.core, s.orgId, 'space_created', { space: { id: 'x' } }));
    const res = await s.api.request('DELETE', `${s.url}/${hook.id}`, { as: s.adminId });
    expectOk(res, 'deleteWebhook');
    expect((await s.engine.core.get<{ n: number }>('SELECT count(*) AS n FROM webhook_deliveries'))!.n).toBe(0);
    expectError(await s.api.request('GET', `${s.url}/${hook.id}`, { as: s.adminId }), 404, /webhook .* not found/);
    expectError(await s.api.request('DELETE', `${s.url}/nope`, { as: s.adminId }), 404);
    const theirs = await s.api.request('POST', `/v1/orgs/${other.orgId}/webhooks`, { as: other.adminId, body: { url: 'https://x.example.com/', events: ['ping'] } });
    expectError(await s.api.request('GET', `${s.url}/${theirs.body.id}`, { as: s.adminId }), 404);
  });
});

describe('deliveries, redeliver and ping', () => {
  it('ping records a pending ping delivery; deliveries list newest first with a status filter; a delivery shows its body', async () => {
    const s = await setup();
    const hook = await s.create({ events: ['space_created'] });
    const ping = await s.api.request('POST', `${s.url}/${hook.id}/ping`, { as: s.adminId });
    expectOk(ping, 'pingWebhook');
    expect(ping.body).toMatchObject({ object: 'webhook-delivery', webhook: hook.id, event: 'ping', status: 'pending', attempts: 0, lastAttemptAt: null, responseStatus: null });
    s.clock.advance(1000);
    await s.engine.core.write(async () => await emit(s.engine.core, s.orgId, 'space_created', { space: { id: 's1' } }));
    await s.engine.core.run("UPDATE webhook_deliveries SET status = 'failed', attempts = 8, response_status = 500, response_body = 'boom' WHERE id = ?", [ping.body.id]);
    const list = await s.api.request('GET', `${s.url}/${hook.id}/deliveries`, { as: s.adminId });
    expectOk(list, 'listWebhookDeliveries');
    expect(list.body.items.map((d: { event: string }) => d.event)).toEqual(['space_created', 'ping']);
    const paged = await s.api.request('GET', `${s.url}/${hook.id}/deliveries?limit=1`, { as: s.adminId });
    const rest = await s.api.request('GET', `${s.url}/${hook.id}/deliveries?limit=1&page=${paged.body.next.page}`, { as: s.adminId });
    expect(rest.body.items.map((d: { event: string }) => d.event)).toEqual(['ping']);
    const failed = await s.api.request('GET', `${s.url}/${hook.id}/deliveries?status=failed`, { as: s.adminId });
    expect(failed.body.items.map((d: { id: string }) => d.id)).toEqual([ping.body.id]);
    expectError(await s.api.request('GET', `${s.url}/${hook.id}/deliveries?status=lost`, { as: s.adminId }), 400, /^status: /);
    const one = await s.api.request('GET', `${s.url}/${hook.id}/deliveries/${ping.body.id}`, { as: s.adminId });
    expectOk(one, 'getWebhookDelivery');
    expect(one.body).toMatchObject({ status: 'failed', responseStatus: 500, responseBody: 'boom' });
    expect(JSON.parse(one.body.requestBody)).toEqual({
      id: expect.any(String), event_type: 'ping', timestamp: '2026-03-01T10:00:00.000Z', organization: s.orgId,
      event_data: { webhook: { id: hook.id, url: 'https://hooks.example.com/in', events: ['space_created'] } },
    });
    expectError(await s.api.request('GET', `${s.url}/${hook.id}/deliveries/nope`, { as: s.adminId }), 404, /delivery nope/);
    expectError(await s.api.request('GET', `${s.url}/${hook.id}/deliveries`, { as: s.creator }), 403);
  });

  it('redeliver makes a failed delivery pending again with the same id and body', async () => {
    const s = await setup();
    const hook = await s.create();
    const ping = await s.api.request('POST', `${s.url}/${hook.id}/ping`, { as: s.adminId });
    await s.engine.core.run("UPDATE webhook_deliveries SET status = 'failed', attempts = 8, error = 'timed out' WHERE id = ?", [ping.body.id]);
    const body = (await s.engine.core.get<{ body: string }>('SELECT body FROM webhook_deliveries WHERE id = ?', [ping.body.id]))!.body;
    s.clock.advance(60_000);
    const res = await s.api.request('POST', `${s.url}/${hook.id}/deliveries/${ping.body.id}/redeliver`, { as: s.adminId });
    expectOk(res, 'redeliverWebhookDelivery');
    expect(res.body).toMatchObject({ id: ping.body.id, status: 'pending', attempts: 0, error: null, nextAttemptAt: '2026-03-01T10:01:00.000Z' });
    expect((await s.engine.core.get<{ body: string }>('SELECT body FROM webhook_deliveries WHERE id = ?', [ping.body.id]))!.body).toBe(body);
    expectError(await s.api.request('POST', `${s.url}/${hook.id}/deliveries/nope/redeliver`, { as: s.adminId }), 404);
    expectError(await s.api.request('POST', `${s.url}/${hook.id}/deliveries/${ping.body.id}/redeliver`, { as: s.creator }), 403);
    expectError(await s.api.request('POST', `${s.url}/nope/ping`, { as: s.adminId }), 404);
  });
});
