import type { Actor, Core } from './core';
import { requireRight } from './access';
import { keysetPage, type PageRequest } from './pagination';
import { notFound } from './errors';
import { spacePlaceRead } from './space-access';
import type { Statement } from './store/store';

/** How long audit records are kept. */
export const AUDIT_RETENTION_DAYS = 90;

/**
 * What a write leaves in the audit trail. Never a secret, never a body's values (its field names and
 * counts only); who made it and what it was about, by id and, as they were then, by name.
 */
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
  /**
   * Each target as it was when the write ran (read before it, for the path's ids: a delete or a rename
   * changes the row): see `describeTargets` and `describeCreated`.
   */
  targetDetails?: TargetDetail[];
}

/** The user who made a write, as they were then: the platform's User object's id, display name and e-mail. */
export interface ActorSnapshot {
  id: string;
  displayName: string;
  email: string;
}

/**
 * One target of a write, as it was then: `name` is its key in `targets` (`spaceId`, `created`), `id` the
 * object's own id (a change request's id where the path gave its number, a user's where it gave an
 * e-mail), `kind` what it is (`space`, `change-request`, `user`, …) and `title` what people call it (a
 * title, a subject, a label, a display name; none for comments and invites). A user also keeps their
 * e-mail, a change request its number.
 */
export interface TargetDetail {
  name: string;
  id: string;
  kind: string;
  title?: string;
  email?: string;
  number?: number;
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
  actor: string | null;
  token_name: string | null;
  target_details: string | null;
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

/** What a kind of object is called, from an API object's `object` field. */
const KIND_OF_OBJECT: Record<string, string> = { 'published-content-site': 'site', 'translation-settings': 'translation' };

/** A path parameter's kind where its name does not say it (`userId` → user is said). */
const KIND_OF_PARAM: Record<string, string> = { fieldName: 'custom-field', specSlug: 'openapi-spec', translationSettingsId: 'translation' };

/** `siteSectionGroupId` → `site-section-group`. */
export const kindOfParam = (name: string): string => KIND_OF_PARAM[name] ?? name.replace(/Id$/, '').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

type Found = Omit<TargetDetail, 'name' | 'kind' | 'id'> & { id?: string };

/**
 * A target's name as one SELECT of at most one row with the columns `title, id, email, number` (NULL
 * where a kind has none), so that every target of a write is read in one statement (`describeTargets`).
 */
type Lookup = (ref: string, params: Record<string, string>) => { select: string; args: unknown[] } | undefined;

const NONE = 'CAST(NULL AS TEXT)';
const NO_NUMBER = 'CAST(NULL AS INTEGER)';
const named = (title: string, table: string, where = 'id = ?'): Lookup => (ref) =>
  ({ select: `SELECT ${title} AS title, ${NONE} AS id, ${NONE} AS email, ${NO_NUMBER} AS number FROM ${table} WHERE ${where}`, args: [ref] });

/**
 * How each path parameter's object is named: by primary key (or the organization's unique name).
 * Comments, replies, invites and revisions have no title: none is read.
 */
const LOOKUPS: Record<string, Lookup> = {
  organizationId: named('title', 'organizations'),
  spaceId: named('title', 'spaces'),
  collectionId: named('title', 'collections'),
  teamId: named('title', 'teams'),
  siteId: named('title', 'sites'),
  siteSectionId: named('title', 'site_sections'),
  siteSectionGroupId: named('title', 'site_section_groups'),
  translationSettingsId: named('title', 'translation_settings'),
  siteSpaceId: named('s.title', 'site_spaces ss JOIN spaces s ON s.id = ss.space_id', 'ss.id = ?'),
  samlProviderId: named('label', 'saml_providers'),
  tokenId: named('name', 'api_tokens'),
  webhookId: named('url', 'webhooks'),
  // By id or by e-mail, as the path may name a user (as findUser finds them).
  userId: (ref) => ({
    select: `SELECT display_name AS title, id, email, ${NO_NUMBER} AS number FROM users WHERE ${ref.includes('@') ? 'email' : 'id'} = ?`,
    args: [ref],
  }),
  changeRequestId: (ref, params) => {
    if (/^\d{10,}$/.test(ref)) return undefined; // no such number (and past PostgreSQL's integer)
    const by = /^\d+$/.test(ref) ? 'number' : 'id';
    return {
      select: `SELECT subject AS title, id, ${NONE} AS email, number FROM change_requests WHERE space_id = ? AND ${by} = ?`,
      args: [params.spaceId, by === 'number' ? Number(ref) : ref],
    };
  },
  fieldName: (name, params) => ({
    select: `SELECT COALESCE(title, name) AS title, id, ${NONE} AS email, ${NO_NUMBER} AS number FROM custom_fields WHERE organization_id = ? AND name = ?`,
    args: [params.organizationId, name],
  }),
  // Named by its slug whether or not it exists (its id when it does).
  specSlug: (slug, params) => ({
    select: `SELECT CAST(? AS TEXT) AS title, (SELECT id FROM openapi_specs WHERE organization_id = ? AND slug = ?) AS id, ${NONE} AS email, ${NO_NUMBER} AS number`,
    args: [slug, params.organizationId, slug],
  }),
};

/**
 * The read of what each of a write's path targets is called (`describeTargets`), all in one statement
 * (a write's is read ahead with its BEGIN: write-reads.ts); none when no target has a name to read.
 */
export function targetsRead(params: Record<string, string>): Statement | undefined {
  const looked = Object.entries(params).flatMap(([name, ref], n) => {
    const lookup = LOOKUPS[name]?.(ref, params);
    return lookup ? [{ n, ...lookup }] : [];
  });
  if (!looked.length) return undefined;
  return {
    sql: looked.map(({ n, select }) => `SELECT ${n} AS n, t.* FROM (${select}) t`).join(' UNION ALL '),
    args: looked.flatMap(({ args }) => args),
  };
}

/** The detail of a target, from what was found (nothing found: its id and kind only). */
function detail(name: string, id: string, kind: string, found: Found | undefined): TargetDetail {
  const title = found?.title;
  return {
    name, id: found?.id ?? id, kind,
    ...(typeof title === 'string' && title !== '' ? { title } : {}),
    ...(found?.email ? { email: found.email } : {}),
    ...(typeof found?.number === 'number' ? { number: found.number } : {}),
  };
}

/**
 * The details of what a write created, from its answer (an API object): its kind from `object`, its
 * title from the first naming field it has (a user's display name and e-mail, a change request's
 * subject and number, a SAML provider's label, an OpenAPI spec's slug).
 */
export function describeCreated(id: string, value: unknown): TargetDetail {
  const object = (value ?? {}) as Record<string, unknown>;
  const kind = typeof object.object === 'string' ? (KIND_OF_OBJECT[object.object] ?? object.object) : 'object';
  const text = (key: string) => (typeof object[key] === 'string' ? (object[key] as string) : undefined);
  const title = text('title') ?? text('subject') ?? text('label') ?? text('displayName') ?? text('slug') ?? text('name');
  return detail('created', id, kind, {
    ...(title !== undefined ? { title } : {}),
    ...(kind === 'user' && text('email') ? { email: text('email') } : {}),
    ...(typeof object.number === 'number' ? { number: object.number } : {}),
  });
}

const parsed = <T>(text: string | null): T | undefined => (text === null ? undefined : (JSON.parse(text) as T));

function present(row: AuditRow) {
  const actor = parsed<ActorSnapshot>(row.actor);
  const targetDetails = parsed<TargetDetail[]>(row.target_details);
  return {
    object: 'audit-record' as const,
    id: row.id,
    organization: row.organization_id,
    createdAt: row.at,
    actor: { user: row.user_id, ...(row.token_id ? { token: row.token_id } : {}), ...(row.token_name !== null ? { tokenName: row.token_name } : {}) },
    // As written: records made before the user was kept have none (their `actor.user` says who).
    ...(actor ? { actorUser: { object: 'user' as const, id: actor.id, displayName: actor.displayName, email: actor.email } } : {}),
    action: row.operation_id,
    method: row.method,
    path: row.path,
    targets: JSON.parse(row.targets) as Record<string, string>,
    ...(targetDetails ? { targetDetails } : {}),
    summary: JSON.parse(row.summary) as AuditEntry['summary'],
    status: row.status,
    ...(row.request_id ? { requestId: row.request_id } : {}),
  };
}

export type AuditRecord = Awaited<ReturnType<typeof present>>;

export function auditModule(core: Core) {
  /** The user an `actor` e-mail names: a member of the organization, or someone it has records of. */
  async function actorByEmail(organizationId: string, email: string): Promise<string> {
    const user = await core.get<{ id: string }>(
      `SELECT u.id FROM users u WHERE u.email = ? AND (
         EXISTS (SELECT 1 FROM members m WHERE m.organization_id = ? AND m.user_id = u.id)
         OR EXISTS (SELECT 1 FROM audit_log a WHERE a.organization_id = ? AND a.user_id = u.id))`,
      [email, organizationId, organizationId],
    );
    if (!user) throw notFound(`actor: no member of organization ${organizationId}, and no one in its audit trail, has the e-mail ${email}`);
    return user.id;
  }

  return {
    /** The organization a write's path is about: its own, a space's or a collection's. */
    async organizationOf(params: Record<string, string>): Promise<string | undefined> {
      if (params.organizationId) return params.organizationId;
      if (params.spaceId) {
        const { sql, args } = spacePlaceRead(params.spaceId);
        return (await core.get<{ organization_id: string }>(sql, args))?.organization_id;
      }
      if (params.collectionId) return (await core.get<{ o: string }>('SELECT organization_id AS o FROM collections WHERE id = ?', [params.collectionId]))?.o;
      return undefined;
    },

    /**
     * The kind and title of each of a write's path targets as they are now: call it before the write
     * runs (after it, a deleted row may be gone and a renamed one has its new title). All of them in
     * one statement (one round trip inside the write's lock on PostgreSQL), none for those without a title.
     */
    async describeTargets(params: Record<string, string>): Promise<TargetDetail[]> {
      const read = targetsRead(params);
      const found = new Map<number, Found>();
      if (read) {
        const rows = await core.all<{ n: number; title: string | null; id: string | null; email: string | null; number: number | null }>(read.sql, read.args);
        for (const { n, title, id, email, number } of rows) {
          found.set(Number(n), { ...(title !== null ? { title } : {}), ...(id !== null ? { id } : {}), ...(email !== null ? { email } : {}), ...(number !== null ? { number } : {}) });
        }
      }
      return Object.entries(params).map(([name, ref], n) => detail(name, ref, kindOfParam(name), found.get(n)));
    },

    /**
     * Writes one record; call it inside the write's transaction so neither commits without the other.
     * The user and the token's name are read now and kept as they are.
     */
    async record(entry: AuditEntry): Promise<void> {
      // The actor and the token's name are read by the INSERT itself, which nothing reads back in the
      // write: on PostgreSQL it goes with the COMMIT, and the record costs the write no round trip.
      await core.runAtCommit(
        `INSERT INTO audit_log (id, organization_id, at, user_id, token_id, operation_id, method, path, targets, summary, request_id, status, actor, token_name, target_details)
         SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
           CASE WHEN u.id IS NULL THEN NULL ELSE json_object('id', u.id, 'displayName', u.display_name, 'email', u.email) END, t.name, ?
         FROM (SELECT 1) one LEFT JOIN users u ON u.id = ? LEFT JOIN api_tokens t ON t.id = ?`,
        [
          core.newId(), entry.organizationId, core.now(), entry.userId, entry.tokenId ?? null, entry.operationId, entry.method, entry.path,
          JSON.stringify(entry.targets), JSON.stringify(entry.summary), entry.requestId ?? null, entry.status,
          entry.targetDetails ? JSON.stringify(entry.targetDetails) : null, entry.userId, entry.tokenId ?? null,
        ],
      );
    },

    /**
     * An organization's records, newest first (admins only). `actor` is a user id or an e-mail (of a
     * member, or of anyone with a record in the organization: people who have left are still found);
     * `target` matches any id the write was about, in `targets` or in `targetDetails` (a change
     * request's id where the path gave its number).
     */
    async list(actor: Actor, organizationId: string, query: AuditQuery) {
      await requireRight(core, actor, organizationId, 'admin');
      const where = ['organization_id = ?'];
      const args: unknown[] = [organizationId];
      if (query.actor) (where.push('user_id = ?'), args.push(query.actor.includes('@') ? await actorByEmail(organizationId, query.actor) : query.actor));
      if (query.action) (where.push('operation_id = ?'), args.push(query.action));
      if (query.target) {
        where.push("(instr(targets, '\"' || ? || '\"') > 0 OR instr(COALESCE(target_details, ''), '\"id\":\"' || ? || '\"') > 0)");
        args.push(query.target, query.target);
      }
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
