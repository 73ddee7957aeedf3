import { readFileSync } from 'node:fs';
import { openDb } from '../../src/engine/store/db';
import { SqliteStore } from '../../src/engine/store/sqlite-store';
import { createEngine } from '../../src/engine/index';
import { manualClock, sequentialIds } from '../../src/engine/clock';
import type { OpenApiLimits } from '../../src/domain/openapi-limits';
import { addMember, PUBLIC_URL } from './engine';
import { testApp, type CallResult } from './app';

/** A fixture document of test/fixtures/openapi. */
export const specFixture = (name: string) => readFileSync(new URL(`../fixtures/openapi/${name}`, import.meta.url), 'utf8');

/** An installed engine with members of every kind, and an app whose requests may answer asynchronously. */
export async function openapiSetup(limits: Partial<OpenApiLimits> = {}, file = ':memory:') {
  const clock = manualClock('2026-03-01T10:00:00.000Z');
  const engine = await createEngine({ store: new SqliteStore(openDb(file)), clock, ids: sequentialIds('id'), publicUrl: PUBLIC_URL, openapiLimits: limits });
  const { organizationId: orgId, userId: adminId } = await engine.install({ organizationTitle: 'Acme', adminEmail: 'admin@acme.test', adminName: 'Admin' });
  const api = testApp(engine);
  const creatorId = await addMember(engine, orgId, 'creator@acme.test', 'create');
  const editorId = await addMember(engine, orgId, 'editor@acme.test', 'edit');
  const readerId = await addMember(engine, orgId, 'reader@acme.test', 'read');
  const guestId = await addMember(engine, orgId, 'guest@acme.test', null);
  /** Like `api.request`, but waits for operations that answer with a promise (publishing a spec). */
  async function send(method: string, url: string, options: { as?: string | null; body?: unknown; rawBody?: string } = {}): Promise<CallResult> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.as) headers.authorization = `Bearer ${await api.tokenFor(options.as)}`;
    const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const response = await api.app.handleAsync({ method, url, headers, body });
    const json = response.headers['content-type']?.startsWith('application/json');
    const parsed = response.body === undefined ? undefined : json ? JSON.parse(response.body.toString()) : response.body;
    return { status: response.status, headers: response.headers, body: parsed };
  }
  return { engine, clock, api, send, orgId, adminId, creatorId, editorId, readerId, guestId, specs: `/v1/orgs/${orgId}/openapi` };
}

export type OpenapiSetup = Awaited<ReturnType<typeof openapiSetup>>;
