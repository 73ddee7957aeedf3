import type { Actor, Core } from './core';
import { requireRight } from './access';
import { keysetPage, type PageRequest } from './pagination';

/** How long audit records are kept. */
export const AUDIT_RETENTION_DAYS = 90;

/** What a write leaves in the audit trail. Never a secret, never a body: field names and counts only. */
export interface AuditEntry {
  organizationId: string;
  userId: string;
  tokenId?: string;
  operationId: string;
  method: string;
  /** The path without its query. */
  path: string;
  /** The ids the write was about: the path's, and the id of what it created. */
  targets: Record<string, string>;
  /** The body's field names, and the length of each list in it (a batch of 12 changes is `changes: 12`). */
  summary: { fields: string[]; counts: Record<string, number> };
  requestId?: string;
  status: number;
}

interface AuditRow {
  id: string;
  organization_id: string;
  at: string;
  user_id: string;
  token_id: string | null;
  operation_id: string;
  method: string;
  path: string;
  targets: string;
  summary: string;
  request_id: string | null;
  status: number;
}

export interface AuditQuery extends PageRequest {
  actor?: string;
  action?: string;
  target?: string;
  since?: string;
  until?: string;
}

/** The summary of a request body: its field names, and the length of every list among its values. */
export function summaryOf(body: unknown): AuditEntry['summary'] {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { fields: [], counts: Array.isArray(body) ? { items: body.length } : {} };
  const record = body as Record<string, unknown>;
  const counts: Record<string, number> = {};
  for (const [key, value] of Object.entries(record)) if (Array.isArray(value)) counts[key] = value.length;
  return { fields: Object.keys(record).sort(), counts };
}

function present(row: AuditRow) {
  return {
    object: 'audit-record' as const,
    id: row.id,
    organization: row.organization_id,
    createdAt: row.at,
    actor: { user: row.user_id, ...(row.token_id ? { token: row.token_id } : {}) },
    action: row.operation_id,
    method: row.method,
    path: row.path,
    targets: JSON.parse(row.targets) as Record<string, string>,
    summary: JSON.parse(row.summary) as AuditEntry['summary'],
    status: row.status,
    ...(row.request_id ? { requestId: row.request_id } : {}),
  };
}

export type AuditRecord = Awaited<ReturnType<typeof present>>;

export function auditModule(core: Core) {
  return {
    /** The organization a write's path is about: its own, a space's or a collection's. */
    async organizationOf(params: Record<string, string>): Promise<string | undefined> {
      if (params.organizationId) return params.organizationId;
      if (params.spaceId) return (await core.get<{ o: string }>('SELECT organization_id AS o FROM spaces WHERE id = ?', [params.spaceId]))?.o;
      if (params.collectionId) return (await core.get<{ o: string }>('SELECT organization_id AS o FROM collections WHERE id = ?', [params.collectionId]))?.o;
      return undefined;
    },

    /** Writes one record; call it inside the write's transaction so neither commits without the other. */
    async record(entry: AuditEntry): Promise<void> {
      await core.run(
        'INSERT INTO audit_log (id, organization_id, at, user_id, token_id, operation_id, method, path, targets, summary, request_id, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [core.newId(), entry.organizationId, core.now(), entry.userId, entry.tokenId ?? null, entry.operationId, entry.method, entry.path, JSON.stringify(entry.targets), JSON.stringify(entry.summary), entry.requestId ?? null, entry.status],
      );
    },

    /** An organization's records, newest first (admins only). `target` matches any id the write was about. */
    async list(actor: Actor, organizationId: string, query: AuditQuery) {
      await requireRight(core, actor, organizationId, 'admin');
      const where = ['organization_id = ?'];
      const args: unknown[] = [organizationId];
      if (query.actor) (where.push('user_id = ?'), args.push(query.actor));
      if (query.action) (where.push('operation_id = ?'), args.push(query.action));
      if (query.target) (where.push("instr(targets, '\"' || ? || '\"') > 0"), args.push(query.target));
      if (query.since) (where.push('at >= ?'), args.push(new Date(query.since).toISOString()));
      if (query.until) (where.push('at < ?'), args.push(new Date(query.until).toISOString()));
      return await keysetPage<AuditRow, AuditRecord>(
        core,
        { listing: 'audit', from: 'audit_log', columns: '*', where, args, orderBy: ['at', 'id'], direction: 'desc', keyOf: (row) => [row.at, row.id], present },
        query,
      );
    },

    /** Forgets records older than AUDIT_RETENTION_DAYS; answers how many. */
    async purge(): Promise<number> {
      const before = new Date(core.clock.now().getTime() - AUDIT_RETENTION_DAYS * 86_400_000).toISOString();
      // Every engine start purges: look first, through each organization's index of its records (an
      // organization is never deleted, so every record has one), so the common case neither scans the
      // trail nor takes the write lock.
      const due = await core.get('SELECT 1 FROM organizations o WHERE EXISTS (SELECT 1 FROM audit_log a WHERE a.organization_id = o.id AND a.at < ?) LIMIT 1', [before]);
      if (!due) return 0;
      return await core.write(async () => await core.run('DELETE FROM audit_log WHERE at < ?', [before]));
    },
  };
}
