import type { SqliteStore } from '../../src/engine/store/sqlite-store';
import { describe, expect, it } from 'vitest';
import { testEngine } from '../helpers/engine';
import { testApp } from '../helpers/app';
import { createApp, type RequestTrace } from '../../src/server/app';
import { formatAccessEntry, requestIdOf } from '../../src/server/access-log';

describe('/healthz and /readyz', () => {
  it('answer without a token and outside the rate limit', async () => {
    const t = await testEngine();
    const api = testApp(t.engine, { rateLimit: { limit: 1, windowSeconds: 60 } });
    for (let i = 0; i < 3; i++) {
      expect(await api.request('GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect(await api.request('GET', '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
    }
    // The limit still applies to the API.
    expect((await api.request('GET', '/v1/orgs')).status).toBe(401);
    expect((await api.request('GET', '/v1/orgs')).status).toBe(429);
  });

  it('/readyz answers 503 with the reason when the database is not this docsctl\'s schema', async () => {
    const t = await testEngine();
    const api = testApp(t.engine);
    if (t.engine.core.store.backend === 'postgres') await t.engine.core.run('UPDATE docsctl_schema SET version = 999');
    else (t.engine.core.store as SqliteStore).db.pragma('user_version = 999');
    expect(await api.request('GET', '/readyz')).toMatchObject({ status: 503, body: { status: 'not ready', reason: expect.stringMatching(/^the database schema is 999, this docsctl's is \d+$/) } });
    expect((await api.request('GET', '/healthz')).status).toBe(200);
  });

  it('an older docsctl than the database (migrated since it opened it) still reads, and refuses writes with 503 before they change anything', async () => {
    const t = await testEngine();
    const api = testApp(t.engine);
    const before = await api.request('GET', `/v1/orgs/${t.orgId}/spaces`, { as: t.adminId });
    if (t.engine.core.store.backend === 'postgres') await t.engine.core.run('UPDATE docsctl_schema SET version = 999');
    else (t.engine.core.store as SqliteStore).db.pragma('user_version = 999');
    const refused = await api.request('POST', `/v1/orgs/${t.orgId}/spaces`, { as: t.adminId, body: { title: 'Written by the old one' } });
    expect(refused).toMatchObject({ status: 503, body: { error: { code: 503, message: expect.stringMatching(/^this server no longer writes: the database's schema is version 999, newer than this docsctl's \(\d+\): upgrade docsctl$/) } } });
    expect(refused.headers['retry-after']).toBe('1');
    const after = await api.request('GET', `/v1/orgs/${t.orgId}/spaces`, { as: t.adminId });
    expect(after.status).toBe(200);
    expect(after.body.items).toEqual(before.body.items);
  });

  it('/readyz answers 503 once the server is stopping, while the API still answers', async () => {
    const t = await testEngine();
    let stopping = false;
    const app = createApp({ engine: t.engine, stopping: () => stopping });
    expect((await app.handleAsync({ method: 'GET', url: '/readyz', headers: {} })).status).toBe(200);
    stopping = true;
    const answer = await app.handleAsync({ method: 'GET', url: '/readyz', headers: {} });
    expect([answer.status, JSON.parse(answer.body as string)]).toEqual([503, { status: 'not ready', reason: 'the server is stopping' }]);
    expect((await app.handleAsync({ method: 'GET', url: '/healthz', headers: {} })).status).toBe(200);
  });
});

describe('the access log', () => {
  it('knows the operation, the user and the token id of a request, never the token', async () => {
    const t = await testEngine();
    const app = createApp({ engine: t.engine });
    const { token, id } = await t.engine.tokens.create({ user: t.adminId, name: 'log' });
    const trace: RequestTrace = {};
    const answer = await app.handleAsync({ method: 'GET', url: '/v1/orgs?limit=1', headers: { authorization: `Bearer ${token}` } }, { trace });
    expect(answer.status).toBe(200);
    expect(trace).toEqual({ operationId: 'listOrganizations', userId: t.adminId, tokenId: id });
    const denied: RequestTrace = {};
    await app.handleAsync({ method: 'GET', url: '/v1/orgs', headers: { authorization: 'Bearer nope' } }, { trace: denied });
    expect(denied).toEqual({ operationId: 'listOrganizations' });
  });

  it('formats a line as JSON or text, and keeps a sane X-Request-Id only', () => {
    const entry = { time: '2026-11-24T00:00:00.000Z', requestId: 'r1', method: 'GET', path: '/v1/orgs', operationId: 'listOrganizations', status: 200, durationMs: 1.5, userId: 'u1', tokenId: 'k1' };
    expect(JSON.parse(formatAccessEntry(entry, 'json'))).toEqual(entry);
    expect(formatAccessEntry(entry, 'text')).toBe('2026-11-24T00:00:00.000Z r1 GET /v1/orgs listOrganizations 200 1.5ms user=u1 token=k1');
    expect(formatAccessEntry({ ...entry, operationId: undefined, userId: undefined, tokenId: undefined }, 'text')).toBe('2026-11-24T00:00:00.000Z r1 GET /v1/orgs - 200 1.5ms');
    const fresh = () => 'fresh';
    expect(requestIdOf('abc-123_x.y', fresh)).toBe('abc-123_x.y');
    expect(requestIdOf('has space', fresh)).toBe('fresh');
    expect(requestIdOf('x'.repeat(65), fresh)).toBe('fresh');
    expect(requestIdOf(['a', 'b'], fresh)).toBe('fresh');
    expect(requestIdOf(undefined, fresh)).toBe('fresh');
  });
});

describe('a database too busy to write', () => {
  it('answers 503 with Retry-After, and marks the request for the metrics', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const Database = (await import('better-sqlite3')).default;
    const { openEngine } = await import('../../src/engine/index');
    const file = join(mkdtempSync(join(tmpdir(), 'docsctl-busy-')), 'busy.db');
    const engine = await openEngine(file);
    const { organizationId, userId } = await engine.install();
    (engine.core.store as SqliteStore).db.pragma('busy_timeout = 20');
    const app = createApp({ engine });
    const { token } = await engine.tokens.create({ user: userId });
    const other = new Database(file);
    other.exec('BEGIN IMMEDIATE'); // another writer holds the lock
    try {
      const trace: RequestTrace = {};
      const answer = await app.handleAsync({ method: 'POST', url: `/v1/orgs/${organizationId}/spaces`, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{"title":"Busy"}' }, { trace });
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe('1');
      expect(JSON.parse(answer.body as string).error.message).toBe('the database is busy: retry in a moment');
      expect(trace.databaseBusy).toBe(true);
    } finally {
      other.exec('ROLLBACK');
      other.close();
      await engine.close();
    }
  });
});
