import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { sandbox } from '../helpers/cli';
import { startServe, type Served } from '../helpers/serve';
import { refBomb } from '../openapi-document/ref-bomb';
import { runBuilt, spawnBuiltServe } from '../helpers/built';

/** An OpenAPI `$ref` bomb through a real `serve` (issue 13, item 4). */
describe('OpenAPI processing of a hostile document', () => {
  const box = sandbox();
  let served: Served;
  beforeAll(async () => {
    expect((await box.run(['init'])).code).toBe(0);
    // No expansion bound: the bomb reaches the validator, which the time bound stops.
    served = await startServe(box, { args: ['--openapi-max-time', '3', '--openapi-max-expansion', '0'] });
  });
  afterAll(async () => {
    await served?.stop();
  });

  it('ends in PARSE_ERROR naming the time bound, and the server answers others all the while', async () => {
    const { url, token } = served;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const org = ((await (await request(`${url}/v1/orgs`, { headers })).body.json()) as { items: { id: string }[] }).items[0].id;
    let done = false;
    const publishing = request(`${url}/v1/orgs/${org}/openapi/bomb`, { method: 'PUT', headers, body: JSON.stringify({ source: { text: refBomb() } }) })
      .then(async (res) => ({ status: res.statusCode, spec: (await res.body.json()) as { lastProcessErrorCode?: string; lastProcessError?: string; processingState: string } }))
      .finally(() => (done = true));
    // Other callers meanwhile: before, the first of them waited for the whole validation.
    const latencies: number[] = [];
    while (!done) {
      const start = performance.now();
      const res = await request(`${url}/v1/user`, { headers });
      await res.body.dump();
      expect(res.statusCode).toBe(200);
      if (!done) latencies.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, 50));
    }
    const { status, spec } = await publishing;
    expect(status).toBe(201);
    expect(spec).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'PARSE_ERROR', lastProcessError: 'processing the document took longer than 3 s, the time bound of OpenAPI processing' });
    expect(latencies.length).toBeGreaterThanOrEqual(10);
    expect(Math.max(...latencies)).toBeLessThan(2000);
  }, 30_000);

  it('still validates ordinary documents, with the parser\'s messages for a bad one', async () => {
    const { url, token } = served;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const org = ((await (await request(`${url}/v1/orgs`, { headers })).body.json()) as { items: { id: string }[] }).items[0].id;
    const put = async (slug: string, text: string) => (await (await request(`${url}/v1/orgs/${org}/openapi/${slug}`, { method: 'PUT', headers, body: JSON.stringify({ source: { text } }) })).body.json()) as Record<string, unknown>;
    expect(await put('fine', JSON.stringify({ openapi: '3.0.3', info: { title: 'Fine', version: '1' }, paths: {} }))).toMatchObject({ processingState: 'complete', lastVersion: expect.any(String) });
    const bad = await put('bad', JSON.stringify({ openapi: '3.0.3', info: { title: 'Bad' }, paths: {} }));
    expect(bad).toMatchObject({ lastProcessErrorCode: 'PARSE_ERROR', lastProcessError: expect.stringContaining('#/info: missing required property "version"') });
    expect((await box.run(['serve', '--openapi-max-time', '0'])).stderr).toContain('--openapi-max-time: must be a whole number from 1 to 600');
    expect((await box.run(['serve', '--openapi-max-expansion', '-1'])).stderr).toContain('--openapi-max-expansion: must be a whole number from 0 to 1000000');
  });
});

// Issue 58: a `$ref` bomb is refused by how far its `$ref`s multiply it, counted before any validation.
describe('the expansion bound of OpenAPI processing, through a built serve', () => {
  it('refuses a $ref bomb within a second, naming the bound, and publishes one whose $refs multiply it 38 times (real ones: up to 12.6)', async () => {
    const box = sandbox();
    expect((await runBuilt(box, ['init'])).code).toBe(0);
    const server = spawnBuiltServe(box, ['--port', '0', '--json', '--log-format', 'off']);
    try {
      const url = await server.listening;
      const token = JSON.parse((await runBuilt(box, ['tokens', 'create', '--name', 'bomb', '--json'])).stdout).token as string;
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const org = ((await (await request(`${url}/v1/orgs`, { headers })).body.json()) as { items: { id: string }[] }).items[0].id;
      const put = async (slug: string, text: string) => (await (await request(`${url}/v1/orgs/${org}/openapi/${slug}`, { method: 'PUT', headers, body: JSON.stringify({ source: { text } }) })).body.json()) as Record<string, unknown>;
      const started = performance.now();
      expect(await put('bomb', refBomb())).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'PARSE_ERROR', lastProcessError: expect.stringContaining('the expansion bound of OpenAPI processing (100 times the document') });
      expect(performance.now() - started).toBeLessThan(3000); // the work is milliseconds; the rest is a worker's start
      expect(await put('reused', reusedSchemas(150))).toMatchObject({ processingState: 'complete', lastVersion: expect.any(String) });
    } finally {
      await server.stop();
    }
  }, 30_000);
});

/**
 * A valid document whose one schema of `fields` properties is `$ref`'d from 4,000 operations: with 150,
 * 1.24 million nodes expanded from 32,000, past the floor and 38 times the document.
 */
function reusedSchemas(fields: number): string {
  const properties = Object.fromEntries(Array.from({ length: fields }, (_, i) => [`field${i}`, { type: 'string' }]));
  const paths = Object.fromEntries(Array.from({ length: 4000 }, (_, i) => [`/r${i}`, { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Big' } } } } } } }]));
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'Reused', version: '1' }, paths, components: { schemas: { Big: { type: 'object', properties } } } });
}

describe('OpenAPI documents as large as real ones (issue 13: bounds that fit real inputs)', () => {
  const box = sandbox();
  let served: Served;
  beforeAll(async () => {
    expect((await box.run(['init'])).code).toBe(0);
    served = await startServe(box);
  });
  afterAll(async () => {
    await served?.stop();
  });

  /** A valid document of about `bytes` bytes pretty-printed, as GitHub's (13 MB) is published. */
  function prettySpec(bytes: number): string {
    const paths: Record<string, unknown> = {};
    const operation = (i: number) => ({
      operationId: `get${i}`, summary: `Get resource ${i}`, parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } } } } } } },
    });
    const one = JSON.stringify({ '/r/{id}': { get: operation(0) } }, null, 8).length;
    for (let i = 0; i < bytes / one; i++) paths[`/resource${i}/{id}`] = { get: operation(i) };
    return JSON.stringify({ openapi: '3.0.3', info: { title: 'Large', version: '1' }, paths }, null, 8);
  }

  it('publishes a 12 MB pretty-printed JSON description from the CLI (sent minified), and a re-run changes nothing', async () => {
    const text = prettySpec(12 * 1024 * 1024);
    expect(text.length).toBeGreaterThan(11 * 1024 * 1024); // over the old 10 MiB limit as it is
    writeFileSync(join(box.dir, 'large.json'), text);
    const first = await served.remote(['openapi', 'publish', 'large.json', '--spec', 'large', '--json']);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ change: 'new-spec', spec: { processingState: 'complete' } });
    const again = await served.remote(['openapi', 'publish', 'large.json', '--spec', 'large', '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout).change).toBe('no-change');
  }, 60_000);
});
