import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { sandbox } from '../helpers/cli';
import { apiCaller } from '../helpers/serve';
import { BIN, builtEnv, runBuilt, runBuiltJson } from '../helpers/built';
import { webhookReceiver, verifies } from '../helpers/webhook-receiver';

/**
 * Webhooks (issue 32) through the built entry as child processes: `webhooks flush` to a receiver on
 * loopback, and a `serve` killed with SIGKILL mid-delivery whose next start delivers what was pending.
 */
const closing: (() => Promise<void>)[] = [];
afterEach(async () => { for (const close of closing.splice(0)) await close(); });

/** A built `serve --port 0 --json` that can be killed outright. */
function builtServe(box: { dir: string; env: Record<string, string> }, env: Record<string, string>, flags: string[] = []) {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--json', '--allow-private-addresses', '--log-format', 'json', '--shutdown-grace', '0', ...flags], {
    cwd: box.dir, env: builtEnv(box, env), stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number>((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? -1 : 0))));
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const url = /"url":\s*"(http[^"]+)"/.exec(stdout)?.[1];
      if (url) resolve(url);
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    exited.then((code) => reject(new Error(`serve exited ${code} before listening: ${stderr}`)));
  });
  return { listening, kill: async () => { child.kill('SIGKILL'); return await exited; }, stop: async () => { child.kill('SIGTERM'); await exited; return { stdout, stderr }; } };
}

describe('built docsctl webhooks', () => {
  it('create and flush through the built entry: the receiver verifies the signature; a 500 is left to retry', async () => {
    const box = sandbox();
    expect((await runBuilt(box, ['init'])).code).toBe(0);
    const receiver = await webhookReceiver((n) => (n === 2 ? 500 : 200));
    closing.push(receiver.close);
    const hook = await runBuiltJson(box, ['webhooks', 'create', '--endpoint', receiver.url, '--events', 'space_created,space_deleted']);
    const space = await runBuiltJson(box, ['spaces', 'create', '--title', 'Handbook']);
    const flushed = await runBuilt(box, ['webhooks', 'flush', '--allow-private-addresses']);
    expect(flushed.code, flushed.stderr).toBe(0);
    expect(flushed.stderr).toBe('Sent 1 delivery: 1 delivered, 0 to retry, 0 failed.\n');
    expect(verifies(hook.secret, receiver.received[0].body, receiver.received[0].headers['x-gitbook-signature'])).toBe(true);
    expect(JSON.parse(receiver.received[0].body)).toMatchObject({ event_type: 'space_created', event_data: { space: { id: space.id } } });
    expect(receiver.received[0].headers['user-agent']).toMatch(/^docsctl\/\d/);
    expect((await runBuilt(box, ['spaces', 'delete', space.id, '--yes'])).code).toBe(0);
    const second = await runBuiltJson(box, ['webhooks', 'flush', '--allow-private-addresses']);
    expect(second).toMatchObject({ attempts: 1, retry: 1, delivered: 0, nextDue: expect.any(String) });
    const refused = await runBuilt(box, ['webhooks', 'flush']);
    expect(refused.code).toBe(0);
    expect(receiver.received).toHaveLength(2);
  });

  it('serve killed with SIGKILL mid-delivery, started again, delivers what was pending (same delivery id)', async () => {
    const box = sandbox();
    expect((await runBuilt(box, ['init'])).code).toBe(0);
    // The first request is held past the kill; the next ones answer at once.
    const receiver = await webhookReceiver((n) => (n === 1 ? { status: 200, delayMs: 5_000 } : 200));
    closing.push(receiver.close);
    await runBuiltJson(box, ['webhooks', 'create', '--endpoint', receiver.url, '--events', 'space_created']);
    const token = (await runBuiltJson(box, ['tokens', 'create', '--name', 'built'])).token as string;
    const env = { DOCSCTL_WEBHOOK_LEASE_MS: '1500' };
    const first = builtServe(box, env);
    const call = apiCaller(await first.listening, token);
    const org = (await call('GET', '/v1/orgs')).json().items[0].id as string;
    expect((await call('POST', `/v1/orgs/${org}/spaces`, { title: 'Handbook' })).status).toBe(201);
    await receiver.count(1);
    expect(await first.kill()).toBe(-1);
    const pending = await runBuiltJson(box, ['webhooks', 'list']);
    const deliveries = await runBuiltJson(box, ['webhooks', 'deliveries', pending.items[0].id]);
    expect(deliveries.items).toEqual([expect.objectContaining({ status: 'pending', attempts: 0 })]);
    const again = builtServe(box, env);
    await again.listening;
    await receiver.count(2, 15_000);
    const ids = receiver.received.map((r) => r.headers['x-docsctl-delivery']);
    expect(ids).toEqual([deliveries.items[0].id, deliveries.items[0].id]);
    const out = await again.stop();
    expect(out.stdout).toMatch(/"kind":"webhook".*"outcome":"delivered"/);
    const after = await runBuiltJson(box, ['webhooks', 'deliveries', pending.items[0].id]);
    expect(after.items).toEqual([expect.objectContaining({ status: 'delivered', attempts: 1 })]);
  }, 60_000);

  it('serve --no-webhook-delivery records events and sends none; webhooks flush sends them', async () => {
    const box = sandbox();
    expect((await runBuilt(box, ['init'])).code).toBe(0);
    const receiver = await webhookReceiver();
    closing.push(receiver.close);
    const hook = await runBuiltJson(box, ['webhooks', 'create', '--endpoint', receiver.url, '--events', 'space_created']);
    const token = (await runBuiltJson(box, ['tokens', 'create', '--name', 'built'])).token as string;
    const server = builtServe(box, {}, ['--no-webhook-delivery']);
    const call = apiCaller(await server.listening, token);
    const org = (await call('GET', '/v1/orgs')).json().items[0].id as string;
    expect((await call('POST', `/v1/orgs/${org}/spaces`, { title: 'Handbook' })).status).toBe(201);
    // A delivering serve sends at once (the write wakes it) or within its poll interval (1 s).
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(receiver.received).toHaveLength(0);
    expect((await call('GET', `/v1/orgs/${org}/webhooks/${hook.id}/deliveries`)).json().items).toEqual([expect.objectContaining({ status: 'pending', attempts: 0 })]);
    const flushed = await runBuilt(box, ['webhooks', 'flush', '--allow-private-addresses']);
    expect(flushed.stderr).toBe('Sent 1 delivery: 1 delivered, 0 to retry, 0 failed.\n');
    expect(JSON.parse(receiver.received[0].body)).toMatchObject({ event_type: 'space_created', event_data: { space: { title: 'Handbook' } } });
    await server.stop();
  }, 30_000);
});
