import { existsSync } from 'node:fs';
import type { Context } from '../../context';
import type { ApiClient } from '../../api/client';
import { routes } from '../../api/routes/index';
import { VERSION } from '../../version';
import type { DynamicKind } from './kinds';
import { isPostgresUrl, sqliteFile } from '../../domain/database-location';

/** A remote server gets this long to answer a completion before the shell gives up on it. */
const REMOTE_TIMEOUT_MS = 1500;

interface Candidate {
  id: string;
  label: string;
}

/** The client for completion: local only if the database already exists, remote with a short timeout and no retries. */
async function completionClient(ctx: Context): Promise<ApiClient | undefined> {
  const target = ctx.target();
  if (target.mode === 'local') return isPostgresUrl(target.db) || existsSync(sqliteFile(target.db)) ? ctx.client() : undefined;
  const [{ remoteTransport }, { ApiClient }] = await Promise.all([import('../../api/transports/remote'), import('../../api/client')]);
  return new ApiClient(remoteTransport({ baseUrl: target.url, token: target.token, timeoutMs: REMOTE_TIMEOUT_MS, retries: 0, userAgent: `docsctl/${VERSION}` }));
}

async function organizationOf(ctx: Context, api: ApiClient): Promise<string | undefined> {
  const target = ctx.target();
  if (target.org) return target.org;
  if (target.mode === 'local') return ctx.organizationId();
  const orgs = await api.call(routes.listOrganizations, { query: { limit: 2 } });
  return orgs.items.length === 1 ? orgs.items[0].id : undefined;
}

async function candidates(ctx: Context, api: ApiClient, kind: DynamicKind): Promise<Candidate[]> {
  const query = { limit: 1000 };
  if (kind === 'org') return (await api.call(routes.listOrganizations, { query })).items.map((o) => ({ id: o.id, label: o.title }));
  const organizationId = await organizationOf(ctx, api);
  if (!organizationId) return [];
  const params = { organizationId };
  switch (kind) {
    case 'space':
      return (await api.call(routes.listSpaces, { params, query })).items.map((s) => ({ id: s.id, label: s.title }));
    case 'team':
      return (await api.call(routes.listTeamsInOrganizationById, { params, query })).items.map((t) => ({ id: t.id, label: t.title }));
    case 'collection':
      return (await api.call(routes.listCollections, { params, query })).items.map((c) => ({ id: c.id, label: c.title }));
    case 'site':
      return (await api.call(routes.listSites, { params, query })).items.map((s) => ({ id: s.id, label: s.title }));
  }
}

/**
 * `id<TAB>title` lines for the ids of `kind` that start with `prefix`. Never throws and never
 * writes to stderr: a shell is waiting on this, and any failure means "no suggestions".
 */
export async function completionLines(ctx: Context, kind: DynamicKind, prefix: string): Promise<string[]> {
  let api: ApiClient | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    api = await completionClient(ctx);
    if (!api) return [];
    const client = api;
    const timeout = new Promise<Candidate[]>((resolve) => (timer = setTimeout(() => resolve([]), REMOTE_TIMEOUT_MS + 500)));
    const found = await Promise.race([candidates(ctx, client, kind), timeout]);
    return found.filter((c) => c.id.startsWith(prefix)).map((c) => `${c.id}\t${c.label.replace(/\s+/g, ' ')}`);
  } catch {
    return [];
  } finally {
    clearTimeout(timer);
    // Not awaited: closing waits for a request still pending on a server that did not answer.
    if (api && ctx.target().mode === 'remote') void Promise.resolve(api.close()).catch(() => undefined);
  }
}
