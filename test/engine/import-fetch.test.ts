import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkInterfaces } from 'node:os';
import { FetchFailure, isInternalAddress, openFetchSession, textOf } from '../../src/net/fetch';
import { importLimits, type ImportLimits } from '../../src/domain/import-limits';
import { fixtureSite, serve, type FixtureSite } from '../fixtures/import/server';

async function fetchWith(url: string, overrides: Partial<ImportLimits> = {}) {
  const session = await openFetchSession(importLimits(overrides));
  try {
    return await session.get(url, '*/*');
  } finally {
    await session.close();
  }
}

async function failure(url: string, overrides: Partial<ImportLimits> = {}): Promise<FetchFailure> {
  try {
    await fetchWith(url, overrides);
  } catch (error) {
    expect(error).toBeInstanceOf(FetchFailure);
    return error as FetchFailure;
  }
  throw new Error('expected the fetch to fail');
}

describe('fetching for an import', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await fixtureSite({
      '/big': serve(Buffer.alloc(2048, 'a'), 'text/plain'),
      '/big-chunked': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        for (let i = 0; i < 4; i++) res.write(Buffer.alloc(512, 'b'));
        res.end();
      },
      '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
      '/ftp': (_req, res) => res.writeHead(301, { location: 'ftp://example.org/file' }).end(),
      '/latin1': serve(Buffer.from('<p>caf\u00e9</p>', 'latin1'), 'text/html; charset=ISO-8859-1'),
    });
  });
  afterAll(() => site.close());

  it('answers the final URL, status, media type and bytes, following redirects', async () => {
    const fetched = await fetchWith(`${site.url}/docs/moved.html`);
    expect(fetched).toMatchObject({ url: `${site.url}/docs/guide/install.html`, status: 200, contentType: 'text/html', charset: 'utf-8' });
    expect(textOf(fetched)).toContain('<h1>Install</h1>');
    const missing = await fetchWith(`${site.url}/nothing`);
    expect(missing).toMatchObject({ status: 404, body: Buffer.alloc(0) });
  });

  it('decodes text in its declared charset', async () => {
    expect(textOf(await fetchWith(`${site.url}/latin1`))).toBe('<p>caf\u00e9</p>');
  });

  it('refuses answers over the size limit, declared or not', async () => {
    expect((await failure(`${site.url}/big`, { maxResponseBytes: 1024 })).message).toBe(`the answer from ${site.url}/big is larger than 1 KiB`);
    const chunked = await failure(`${site.url}/big-chunked`, { maxResponseBytes: 1000 });
    expect(chunked).toMatchObject({ kind: 'too-large', message: `the answer from ${site.url}/big-chunked is larger than 1000 bytes` });
    expect((await fetchWith(`${site.url}/big`, { maxResponseBytes: 2048 })).body.length).toBe(2048);
  });

  it('stops after the redirect limit, and only follows http(s)', async () => {
    expect(await failure(`${site.url}/loop`, { maxRedirects: 3 })).toMatchObject({ kind: 'redirects', message: `${site.url}/loop redirects more than 3 times` });
    expect((await failure(`${site.url}/ftp`)).message).toBe('ftp://example.org/file is not an http or https URL');
  });

  it('times out one request, and the whole import after its deadline', async () => {
    expect(await failure(`${site.url}/docs/slow.html`, { requestTimeoutMs: 150 })).toMatchObject({ kind: 'timeout' });
    const session = await openFetchSession(importLimits({ totalTimeoutMs: 150 }));
    await expect(session.get(`${site.url}/docs/slow.html`, '*/*')).rejects.toMatchObject({ kind: 'deadline' });
    expect(session.expired).toBe(true);
    await expect(session.get(`${site.url}/docs/`, '*/*')).rejects.toMatchObject({ kind: 'deadline' });
    await session.close();
  });

  it('refuses internal addresses when asked to, by IP and by name (checked when connecting)', async () => {
    const port = new URL(site.url).port;
    const refused = await failure(`http://127.0.0.1:${port}/docs/`, { refusePrivateAddresses: true });
    expect(refused).toMatchObject({ kind: 'refused', message: '127.0.0.1 is an internal address; this instance refuses to fetch from internal addresses (serve --allow-private-addresses allows it)' });
    const byName = await failure(`http://localhost:${port}/docs/`, { refusePrivateAddresses: true });
    expect(byName.kind).toBe('refused');
    expect(byName.message).toMatch(/^localhost is an internal address;/);
    // Off by default: local servers are fine.
    expect((await fetchWith(`http://localhost:${port}/docs/`)).status).toBe(200);
  });

  it('knows the internal address ranges', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1']) {
      expect(isInternalAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isInternalAddress(address), address).toBe(false);
    }
  });

  it('refuses gateways to IPv4 (NAT64, 6to4, Teredo), documentation ranges and the machine\'s own addresses', () => {
    const gateways = ['64:ff9b::7f00:1', '64:ff9b::808:808', '64:ff9b:1::1', '2002:7f00:1::1', '2002:808:808::1', '2001:0:4136:e378::1', '::7f00:1'];
    const documentation = ['192.0.2.1', '198.51.100.7', '203.0.113.9', '2001:db8::1', '3fff::1', '192.88.99.1', 'fec0::1', '100::1'];
    for (const address of [...gateways, ...documentation]) expect(isInternalAddress(address), address).toBe(true);
    const own = Object.values(networkInterfaces()).flatMap((list) => list ?? []).map((entry) => entry.address);
    expect(own.length).toBeGreaterThan(0);
    for (const address of own) expect(isInternalAddress(address), address).toBe(true);
  });

  it('gives a generic reason behind the guard, so a closed port reads like any failure; the detail otherwise', async () => {
    const guarded = await failure('http://192.0.2.1.nip.invalid:1/', { refusePrivateAddresses: true, requestTimeoutMs: 2000 });
    expect(guarded.message).not.toMatch(/ENOTFOUND|EAI_AGAIN|ECONNREFUSED/);
    expect(guarded.message).toBe('cannot reach http://192.0.2.1.nip.invalid:1/: the connection failed');
    const local = await failure('http://127.0.0.1:1/');
    expect(local.message).toMatch(/^cannot reach http:\/\/127\.0\.0\.1:1\/: ECONNREFUSED/);
  });
});
