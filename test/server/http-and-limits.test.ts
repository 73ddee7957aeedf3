import { afterEach, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import { request } from 'undici';
import { testEngine } from '../helpers/engine';
import { testApp, expectError } from '../helpers/app';
import { createHttpServer, listen } from '../../src/server/http';
import { createApp } from '../../src/server/app';
import { renderOpenApi } from '../../src/api/openapi';
import { routeList } from '../../src/api/routes/index';

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

describe('rate limits', () => {
  it('sends X-RateLimit headers on every response and 429 with Retry-After past the limit', async () => {
    const t = await testEngine();
    const api = testApp(t.engine, { rateLimit: { limit: 3, windowSeconds: 60 } });
    const first = await api.request('GET', `/v1/orgs/${t.orgId}`, { as: t.adminId });
    expect(first.status).toBe(200);
    expect(first.headers['x-ratelimit-limit']).toBe('3');
    expect(first.headers['x-ratelimit-remaining']).toBe('2');
    expect(Number(first.headers['x-ratelimit-reset'])).toBe(Math.floor(t.clock.now().getTime() / 1000) + 60);
    await api.request('GET', `/v1/orgs/${t.orgId}`, { as: t.adminId });
    await api.request('GET', `/v1/orgs/${t.orgId}`, { as: t.adminId });
    const limited = await api.request('GET', `/v1/orgs/${t.orgId}`, { as: t.adminId });
    expectError(limited, 429, /rate limit of 3 requests/);
    expect(limited.headers['retry-after']).toBe('60');
    // Errors carry the headers too, and a new window starts afresh.
    t.clock.advance(61_000);
    const fresh = await api.request('GET', '/v1/nowhere', { as: t.adminId });
    expectError(fresh, 404);
    expect(fresh.headers['x-ratelimit-remaining']).toBe('2');
  });
});

describe('node:http adapter', () => {
  it('serves the app, including bad input, without ever answering 500', async () => {
    const t = await testEngine();
    const token = (await t.engine.tokens.create({ user: t.adminId })).token;
    const server = createHttpServer(createApp({ engine: t.engine }));
    servers.push(server);
    const address = await listen(server, 0, '127.0.0.1');
    const base = `http://127.0.0.1:${address.port}`;
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    const ok = await request(`${base}/v1/orgs/${t.orgId}`, { headers: auth });
    expect(ok.statusCode).toBe(200);
    expect(((await ok.body.json()) as { id: string }).id).toBe(t.orgId);

    const cases: [string, string, string | undefined, number, RegExp][] = [
      ['PATCH', `/v1/orgs/${t.orgId}`, '{"title": ', 400, /body: is not valid JSON/],
      ['PATCH', `/v1/orgs/${t.orgId}`, '[1,2]', 400, /body: must be a JSON object/],
      ['PATCH', `/v1/orgs/${t.orgId}`, '{"title": 5}', 400, /title: must be of type string/],
      ['PATCH', `/v1/orgs/${t.orgId}`, '{"colour": "red"}', 400, /colour: is not a known field/],
      ['GET', `/v1/orgs/${t.orgId}/members?limit=5000`, undefined, 400, /limit: must be at most 1000/],
      ['GET', `/v1/orgs/${t.orgId}/members?page=%%%`, undefined, 400, /page: is not a valid page cursor/],
      ['GET', `/v1/orgs/${t.orgId}/members?sort=name`, undefined, 400, /sort: must be one of/],
      ['GET', '/v1/orgs/does-not-exist', undefined, 404, /organization does-not-exist not found/],
      ['DELETE', '/v1/orgs', undefined, 405, /not allowed/],
      ['GET', '/nothing/here', undefined, 404, /no route/],
    ];
    for (const [method, path, body, status, message] of cases) {
      const res = await request(`${base}${path}`, { method: method as 'GET', headers: auth, body });
      const json = (await res.body.json()) as { error: { code: number; message: string } };
      expect(res.statusCode, `${method} ${path}`).toBe(status);
      expect(json.error.code).toBe(status);
      expect(json.error.message).toMatch(message);
    }
  });
});

describe('OpenAPI document', () => {
  it('renders every route of the table with its operationId, parameters and schemas', () => {
    const doc = renderOpenApi('http://docs.test') as { paths: Record<string, Record<string, { operationId: string; parameters: { name: string; in: string }[]; requestBody?: unknown }>> };
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p));
    expect(operations.map((o) => o.operationId).sort()).toEqual(routeList.map((r) => r.operationId).sort());
    const listMembers = doc.paths['/v1/orgs/{organizationId}/members'].get;
    expect(listMembers.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['path:organizationId', 'query:limit', 'query:page', 'query:role', 'query:search', 'query:sort', 'query:order']),
    );
    expect(doc.paths['/v1/orgs/{organizationId}/teams'].put.requestBody).toBeDefined();
  });

  it('is served without authentication at /openapi.json', async () => {
    const t = await testEngine();
    const res = await testApp(t.engine).request('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.servers[0].url).toBe('http://docs.test');
  });
});

describe('input edge cases', () => {
  it('answers 400, not a crash, for malformed percent-encoding in a path', async () => {
    const t = await testEngine();
    expectError(await testApp(t.engine).request('GET', '/v1/users/%ZZ', { as: t.adminId }), 400, /malformed percent-encoding/);
  });

  it('accepts only http(s) URLs for logo and says a missing required field is required', async () => {
    const t = await testEngine();
    const api = testApp(t.engine);
    expectError(await api.request('PATCH', `/v1/orgs/${t.orgId}`, { as: t.adminId, body: { logo: 'javascript:alert(1)' } }), 400, 'logo: must be a valid http(s) URL');
    expectError(await api.request('PATCH', `/v1/orgs/${t.orgId}/members/${t.adminId}`, { as: t.adminId, body: {} }), 400, /^role: is required$/);
  });
});

describe('a request that throws never stops the server', () => {
  it('answers 500 with the JSON error body when an answer cannot be sent or the app fails, reports it, and goes on serving', async () => {
    const reported: unknown[] = [];
    let mode: 'bad-header' | 'reject' | 'throw' | 'ok' = 'ok';
    const server = createHttpServer(
      {
        bodyPolicy: async () => ({ read: false, maxBodyBytes: 0 }),
        handleAsync: async () => {
          if (mode === 'reject') throw new Error('the app failed');
          if (mode === 'throw') return null as never; // send() cannot read this: a TypeError inside the adapter
          const headers: Record<string, string> = { 'content-type': mode === 'bad-header' ? 'text/plain\r\nX-Injected: yes' : 'text/plain' };
          return { status: 200, headers, body: 'fine' };
        },
      },
      (error) => reported.push(error),
    );
    servers.push(server);
    const { port } = await listen(server, 0, '127.0.0.1');
    const get = async () => {
      const res = await request(`http://127.0.0.1:${port}/anything`);
      return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
    };
    for (const failing of ['bad-header', 'reject', 'throw'] as const) {
      mode = failing;
      const answer = await get();
      expect(answer.status, failing).toBe(500);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers['x-injected']).toBeUndefined();
      expect(JSON.parse(answer.text)).toEqual({ error: { code: 500, message: 'internal error: the request could not be completed' } });
      mode = 'ok';
      expect(await get()).toMatchObject({ status: 200, text: 'fine' });
    }
    expect(reported).toHaveLength(3);
    expect(String(reported[0])).toMatch(/Invalid character in header content/);
  });
});
