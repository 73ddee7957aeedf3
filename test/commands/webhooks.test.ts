import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { noPrompter, yesPrompter } from '../helpers/cli';
import { emptySandbox, json, ok, tableOf, tsvRows } from './support';
import { webhookReceiver, verifies } from '../helpers/webhook-receiver';

/** `docsctl webhooks` (issue 32) through main(argv), on a terminal and piped, in local mode. */
const closing: (() => Promise<void>)[] = [];
afterEach(async () => { for (const close of closing.splice(0)) await close(); });

describe('webhooks create, list, get, update, delete', () => {
  it('create prints the secret alone on stdout (piped and on a terminal), the rest on stderr; --json gives the webhook with it', async () => {
    const s = await emptySandbox();
    const r = ok(await s.run(['webhooks', 'create', '--endpoint', 'https://hooks.example.com/in', '--events', 'space_created,space_deleted']));
    expect(r.stdout).toMatch(/^[0-9a-f]{64}\n$/);
    expect(r.stderr).toMatch(/^Created webhook \w+ for https:\/\/hooks\.example\.com\/in \(space_created, space_deleted\)\. Its secret is shown only now/);
    const tty = ok(await s.run(['webhooks', 'create', '--endpoint', 'https://b.example.com/', '--events', 'ping', '--secret', 'my-own-secret-1234'], { tty: true }));
    expect(tty.stdout).toBe('my-own-secret-1234\n');
    const created = await json(s, ['webhooks', 'create', '--endpoint', 'https://c.example.com/', '--events', 'member_added', '--inactive']);
    expect(created).toMatchObject({ object: 'webhook', url: 'https://c.example.com/', events: ['member_added'], active: false, secret: expect.any(String) });
  });

  it('refuses an unknown event naming the events there are, and a bad URL (exit 2 and 1)', async () => {
    const s = await emptySandbox();
    const bad = await s.run(['webhooks', 'create', '--endpoint', 'https://x.example.com/', '--events', 'space_created,space_exploded']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/no event space_exploded; the events are space_content_updated, /);
    const url = await s.run(['webhooks', 'create', '--endpoint', 'ftp://x.example.com/', '--events', 'ping']);
    expect(url.code).toBe(1);
    expect(url.stderr).toMatch(/url: must be an http or https URL/);
  });

  it('list shows a table on a terminal and TSV piped, never the secret; get, update and delete', async () => {
    const s = await emptySandbox();
    const created = await json(s, ['webhooks', 'create', '--endpoint', 'https://hooks.example.com/in', '--events', 'space_created']);
    const table = tableOf(ok(await s.run(['webhooks', 'list'], { tty: true })).stdout);
    expect(table.header).toEqual(['ID', 'URL', 'EVENTS', 'ACTIVE', 'DISABLED BECAUSE', 'CREATED']);
    expect(table.rows[0].slice(0, 4)).toEqual([created.id, 'https://hooks.example.com/in', 'space_created', 'yes']);
    const piped = ok(await s.run(['webhooks', 'list']));
    expect(tsvRows(piped.stdout)[0].slice(0, 4)).toEqual([created.id, 'https://hooks.example.com/in', 'space_created', 'yes']);
    expect(piped.stdout).not.toContain(created.secret);
    expect(await json(s, ['webhooks', 'get', created.id])).toMatchObject({ id: created.id, active: true });
    const updated = await json(s, ['webhooks', 'update', created.id, '--events', 'space_deleted,ping', '--inactive']);
    expect(updated).toMatchObject({ events: ['space_deleted', 'ping'], active: false });
    expect((await s.run(['webhooks', 'update', created.id])).code).toBe(2);
    expect((await s.run(['webhooks', 'update', created.id, '--active', '--inactive'])).code).toBe(2);
    // delete asks on a terminal, needs --yes otherwise.
    const refused = await s.run(['webhooks', 'delete', created.id], { tty: true, prompter: noPrompter });
    expect(refused.code).toBe(2);
    const piped2 = await s.run(['webhooks', 'delete', created.id]);
    expect(piped2.code).toBe(2);
    expect(piped2.stderr).toMatch(/--yes/);
    ok(await s.run(['webhooks', 'delete', created.id], { tty: true, prompter: yesPrompter }));
    const gone = await s.run(['webhooks', 'get', created.id]);
    expect(gone.code).toBe(5);
  });
});

describe('webhooks deliveries, ping, redeliver, flush', () => {
  it('flush sends what local commands recorded to a receiver on loopback, signed; deliveries lists them; ping and redeliver', async () => {
    const s = await emptySandbox();
    const receiver = await webhookReceiver((n) => (n === 2 ? 500 : 200));
    closing.push(receiver.close);
    const hook = await json(s, ['webhooks', 'create', '--endpoint', receiver.url, '--events', 'space_created']);
    ok(await s.run(['spaces', 'create', '--title', 'Handbook']));
    // Refused by the SSRF guard unless allowed.
    const refused = await json(s, ['webhooks', 'flush']);
    expect(refused).toMatchObject({ attempts: 1, retry: 1, delivered: 0 });
    expect(receiver.received).toHaveLength(0);
    const ids = tsvRows(ok(await s.run(['webhooks', 'deliveries', hook.id])).stdout).map((row) => row[0]);
    expect(ids).toHaveLength(1);
    ok(await s.run(['webhooks', 'redeliver', hook.id, ids[0]]));
    const flushed = ok(await s.run(['webhooks', 'flush', '--allow-private-addresses']));
    expect(flushed.stderr).toMatch(/^Sent 1 delivery: 1 delivered, 0 to retry, 0 failed\.\n$/);
    expect(receiver.received).toHaveLength(1);
    expect(verifies(hook.secret, receiver.received[0].body, receiver.received[0].headers['x-gitbook-signature'])).toBe(true);
    expect(receiver.received[0].headers['x-docsctl-delivery']).toBe(ids[0]);
    // A ping answered 500: to retry, and listed with --status.
    ok(await s.run(['webhooks', 'ping', hook.id]));
    const second = await json(s, ['webhooks', 'flush', '--allow-private-addresses']);
    expect(second).toMatchObject({ attempts: 1, retry: 1, nextDue: expect.any(String) });
    const pending = await json(s, ['webhooks', 'deliveries', hook.id, '--status', 'pending']);
    expect(pending.items).toEqual([expect.objectContaining({ event: 'ping', status: 'pending', attempts: 1, responseStatus: 500 })]);
    const table = tableOf(ok(await s.run(['webhooks', 'deliveries', hook.id], { tty: true })).stdout);
    expect(table.header.slice(0, 5)).toEqual(['ID', 'EVENT', 'STATUS', 'ATTEMPTS', 'RESPONSE']);
    expect(table.rows.map((row) => row[1])).toEqual(['ping', 'space_created']);
    const one = ok(await s.run(['webhooks', 'deliveries', hook.id, ids[0]], { tty: true }));
    expect(one.stdout).toContain('Request body:\n{"id":');
    expect(one.stdout).toContain('Response body (first 4 KiB):\nanswer 1');
  });

  it('flush leases what it sends for DOCSCTL_WEBHOOK_LEASE_MS, as serve does', async () => {
    const s = await emptySandbox();
    const receiver = await webhookReceiver(() => ({ status: 200, delayMs: 500 }));
    closing.push(receiver.close);
    await json(s, ['webhooks', 'create', '--endpoint', receiver.url, '--events', 'space_created']);
    ok(await s.run(['spaces', 'create', '--title', 'Handbook']));
    const flushing = s.run(['webhooks', 'flush', '--allow-private-addresses'], { env: { DOCSCTL_WEBHOOK_LEASE_MS: '120000' } });
    await receiver.count(1);
    const db = new Database(s.env.DOCSCTL_DB, { readonly: true });
    const { lease_until: leaseUntil, last: leasedAt } = db.prepare("SELECT lease_until, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') AS last FROM webhook_deliveries").get() as { lease_until: string; last: string };
    db.close();
    expect(Date.parse(leaseUntil) - Date.parse(leasedAt)).toBeGreaterThan(100_000);
    ok(await flushing);
  });

  it('flush works on a local database only', async () => {
    const s = await emptySandbox();
    const r = await s.run(['--url', 'http://127.0.0.1:9', '--token', 'x', 'webhooks', 'flush']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/webhooks flush works on a local database/);
  });
});
