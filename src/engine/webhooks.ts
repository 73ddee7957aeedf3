import { randomBytes } from 'node:crypto';
import type { Actor, Core } from './core';
import { requireRight } from './access';
import { notFound } from './errors';
import { keysetPage, type PageRequest } from './pagination';
import type { WebhookDeliveryStatus, WebhookEvent } from '../domain/webhook-events';
import type { Statement } from './store/store';

/**
 * Webhooks (issue 32): an organization's admins subscribe URLs to events. An event is recorded with
 * `emit` in the same transaction as the write that caused it (an outbox: one pending delivery per
 * active webhook subscribed to it, holding the exact body that will be signed and sent); a deliverer
 * sends them later (`webhook-delivery.ts`). docs/api.md, "Webhooks".
 */

interface WebhookRow {
  id: string;
  organization_id: string;
  url: string;
  events: string;
  secret: string;
  active: number;
  disabled_reason: string | null;
  consecutive_failures: number;
  created_at: string;
  updated_at: string;
}

export interface DeliveryRow {
  id: string;
  webhook_id: string;
  organization_id: string;
  sequence: number;
  event: WebhookEvent;
  body: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  lease_until: string | null;
  claimed_by: string | null;
  response_status: number | null;
  response_body: string | null;
  duration_ms: number | null;
  error: string | null;
  created_at: string;
}

function presentWebhook(row: WebhookRow) {
  return {
    object: 'webhook' as const,
    id: row.id,
    organization: row.organization_id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEvent[],
    active: row.active === 1,
    ...(row.disabled_reason ? { disabledReason: row.disabled_reason } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export type Webhook = ReturnType<typeof presentWebhook>;

export function presentDelivery(row: DeliveryRow) {
  return {
    object: 'webhook-delivery' as const,
    id: row.id,
    webhook: row.webhook_id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.created_at,
    lastAttemptAt: row.last_attempt_at,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    responseStatus: row.response_status,
    durationMs: row.duration_ms,
    error: row.error,
  };
}

export type WebhookDelivery = ReturnType<typeof presentDelivery>;

export interface WebhookInput {
  url: string;
  events: WebhookEvent[];
  secret?: string;
  active?: boolean;
}

/** Who is told, in this process, that deliveries were just recorded (`serve` wakes its deliverer). */
const listeners = new WeakMap<Core, Set<() => void>>();

export function onWebhookEvents(core: Core, listener: () => void): () => void {
  const set = listeners.get(core) ?? new Set();
  listeners.set(core, set);
  set.add(listener);
  return () => set.delete(listener);
}

function wake(core: Core): void {
  const set = listeners.get(core);
  // Once the write commits, so a deliverer that wakes can see the deliveries it recorded; after the
  // answer is on its way (setImmediate).
  if (set?.size) core.store.afterCommit(() => setImmediate(() => { for (const listener of set) listener(); }));
}

/** The signed body of an event: the same for every webhook it goes to (all are the organization's). */
function eventBody(core: Core, organizationId: string, event: WebhookEvent, data: unknown): { body: string; at: string } {
  const at = core.now();
  return { body: JSON.stringify({ id: core.newId(), event_type: event, timestamp: at, organization: organizationId, event_data: data }), at };
}

/**
 * Inserts one pending delivery of `event` to `webhook`, next in its order, due at `at`; answers the
 * delivery id. `atCommit`: the row is not read back in this transaction, so on PostgreSQL it goes with
 * the COMMIT (no round trip of its own: the outbox then costs a write almost nothing there).
 */
async function enqueue(core: Core, webhook: { id: string; organization_id: string }, event: WebhookEvent, body: string, at: string, atCommit = false): Promise<string> {
  const id = core.newId();
  // The next of the webhook's order, from its own deliveries (an index look-up; writes are serialized,
  // so two never take the same number): no webhook row rewritten a write.
  await (atCommit ? core.runAtCommit.bind(core) : core.run.bind(core))(
    `INSERT INTO webhook_deliveries (id, webhook_id, organization_id, sequence, event, body, status, attempts, next_attempt_at, created_at)
     VALUES (?, ?, ?, (SELECT COALESCE(MAX(sequence), 0) + 1 FROM webhook_deliveries WHERE webhook_id = ?), ?, ?, 'pending', 0, ?, ?)`,
    [id, webhook.id, webhook.organization_id, webhook.id, event, body, at, at],
  );
  return id;
}

type EventRow = { seq: number; organization_id: string; event: WebhookEvent; webhooks: string; body: string; created_at: string };

/** Events relayed in one transaction at most. */
const RELAY_BATCH = 500;

/**
 * Turns recorded events (`webhook_events`, SQLite's outbox: migration 20) into pending deliveries of
 * the webhooks each named when it happened, oldest first, so each webhook's follow their order; a
 * webhook deleted since is skipped. Inside a transaction it relays all of them in it; outside, a
 * transaction per RELAY_BATCH. Answers how many events it relayed. A read first: nothing waiting, no
 * write (on PostgreSQL the table is empty but after `db copy` from SQLite).
 */
export async function relayWebhookEvents(core: Core): Promise<number> {
  // Bookkeeping's way (webhook-delivery.ts): nothing remembered between requests comes from deliveries,
  // so the statements go to the store as they are and leave what the process remembers alone.
  const db = core.store;
  // On PostgreSQL the table fills only from `db copy`, and its events are relayed in a write of the
  // whole instance of their own, never inside a write that may hold back only some organizations.
  if (!db.dialect.relaysWebhookEvents && db.inTransaction()) return 0;
  let relayed = 0;
  while (await db.get('SELECT 1 FROM webhook_events LIMIT 1')) {
    // A write of the whole instance (joining the caller's when there is one): on PostgreSQL two
    // replicas then never relay the same event.
    relayed += await db.transaction(async () => {
      const events = await db.all<EventRow>('SELECT * FROM webhook_events ORDER BY seq LIMIT ?', [RELAY_BATCH]);
      for (const event of events) {
        for (const webhookId of JSON.parse(event.webhooks) as string[]) {
          await db.run(
            `INSERT INTO webhook_deliveries (id, webhook_id, organization_id, sequence, event, body, status, attempts, next_attempt_at, created_at)
             SELECT ?, w.id, w.organization_id, (SELECT COALESCE(MAX(sequence), 0) + 1 FROM webhook_deliveries WHERE webhook_id = w.id), ?, ?, 'pending', 0, ?, ?
             FROM webhooks w WHERE w.id = ?`,
            [core.newId(), event.event, event.body, event.created_at, event.created_at, webhookId],
          );
        }
      }
      if (events.length) await db.run('DELETE FROM webhook_events WHERE seq <= ?', [events[events.length - 1].seq]);
      return events.length;
    });
  }
  return relayed;
}

type Subscriber = { id: string; organization_id: string; events: string };

/** The active webhooks of an organization (a write that emits may read them ahead with its BEGIN). */
export function subscribersRead(organizationId: string): Statement {
  return { sql: 'SELECT id, organization_id, events FROM webhooks WHERE organization_id = ? AND active = 1 ORDER BY created_at, id', args: [organizationId] };
}

/** The active webhooks of the organization subscribed to `event`. */
async function subscribersOf(core: Core, organizationId: string, event: WebhookEvent): Promise<Subscriber[]> {
  const { sql, args } = subscribersRead(organizationId);
  const hooks = await core.all<Subscriber>(sql, args);
  return hooks.filter((hook) => (JSON.parse(hook.events) as string[]).includes(event));
}

/** An event's `event_data`, or what builds it: built only when some webhook subscribes (most writes have none). */
type EventData = Record<string, unknown> | (() => Promise<Record<string, unknown>>);

/**
 * Records one event for each of `subscribed`, in the current transaction; answers how many deliveries
 * it makes. On SQLite one row of `webhook_events` (relayed into deliveries after), on PostgreSQL the
 * deliveries themselves (`Dialect.relaysWebhookEvents`).
 */
async function record(core: Core, subscribed: Subscriber[], event: WebhookEvent, data: EventData, wakeUp = true): Promise<number> {
  if (!subscribed.length) return 0;
  const organizationId = subscribed[0].organization_id;
  const { body, at } = eventBody(core, organizationId, event, typeof data === 'function' ? await data() : data);
  if (core.store.dialect.relaysWebhookEvents) {
    await core.run('INSERT INTO webhook_events (organization_id, event, webhooks, body, created_at) VALUES (?, ?, ?, ?, ?)', [
      organizationId, event, JSON.stringify(subscribed.map((hook) => hook.id)), body, at,
    ]);
  } else {
    for (const hook of subscribed) await enqueue(core, hook, event, body, at, true);
  }
  if (wakeUp) wake(core);
  return subscribed.length;
}

/**
 * Records `event` for every active webhook of the organization subscribed to it: call it inside the
 * write's transaction (it joins it), so the change and its event commit together or not at all.
 * Answers how many deliveries were recorded.
 */
export async function emit(core: Core, organizationId: string, event: WebhookEvent, data: EventData): Promise<number> {
  return await within(core, async () => await record(core, await subscribersOf(core, organizationId, event), event, data));
}

/**
 * Records `event` once for each of `data`, in order, as `emit` would: the subscribers read once, not
 * once an event (a bulk write's events: on PostgreSQL its deliveries then go with the COMMIT, and a
 * write of 1,000 members' roles costs the round trips of 10). Answers how many deliveries it recorded.
 */
export async function emitEach(core: Core, organizationId: string, event: WebhookEvent, data: EventData[]): Promise<number> {
  if (!data.length) return 0;
  return await within(core, async () => {
    const subscribed = await subscribersOf(core, organizationId, event);
    let recorded = 0;
    for (const each of data) recorded += await record(core, subscribed, event, each, false);
    if (recorded) wake(core);
    return recorded;
  });
}

/**
 * Runs `fn` in the caller's transaction, or in one of its own when there is none. Not a savepoint: an
 * event that fails to record fails the write, which undoes both (and a savepoint costs every write).
 */
async function within<T>(core: Core, fn: () => Promise<T>): Promise<T> {
  return core.store.inTransaction() ? await fn() : await core.write(fn);
}

type SpaceRow = { id: string; title: string; visibility: string; parent_id: string | null };

/** A space as events carry it: enough to find it and name it. */
function spaceRef(core: Core, row: SpaceRow) {
  return {
    id: row.id, title: row.title, visibility: row.visibility, parent: row.parent_id,
    urls: { location: core.apiUrl(`/spaces/${row.id}`), app: core.appUrl(`/s/${row.id}`) },
  };
}

/**
 * What a space event reads: the subscribers and the space in one look-up (a row per subscriber, the
 * space on each). A write that records one before it changes the space reads it ahead with its BEGIN.
 */
export function spaceEventRead(spaceId: string): Statement {
  return {
    sql: `SELECT w.id, w.organization_id, w.events, s.title AS space_title, s.visibility AS space_visibility, s.parent_id AS space_parent
       FROM spaces s JOIN webhooks w ON w.organization_id = s.organization_id
       WHERE s.id = ? AND w.active = 1 ORDER BY w.created_at, w.id`,
    args: [spaceId],
  };
}

/** Records a space event (`space_created`, `space_deleted`, …) with the space as it is now and `extra` fields. */
export async function emitSpaceEvent(core: Core, spaceId: string, event: WebhookEvent, extra: Record<string, unknown> = {}): Promise<void> {
  await within(core, async () => {
    const { sql, args } = spaceEventRead(spaceId);
    const rows = (await core.all<Subscriber & { space_title: string; space_visibility: string; space_parent: string | null }>(sql, args))
      .filter((hook) => (JSON.parse(hook.events) as string[]).includes(event));
    const space = rows[0] && spaceRef(core, { id: spaceId, title: rows[0].space_title, visibility: rows[0].space_visibility, parent_id: rows[0].space_parent });
    await record(core, rows, event, { space, ...extra });
  });
}

/**
 * Records a space event of a space the caller knows as it is (`row`): its organization's subscribers
 * (`subscribersRead`, which a new space reads ahead with its BEGIN), not the space read back.
 */
export async function emitSpaceEventOf(core: Core, organizationId: string, row: SpaceRow, event: WebhookEvent, extra: Record<string, unknown> = {}): Promise<void> {
  await within(core, async () => {
    const subscribed = await subscribersOf(core, organizationId, event);
    await record(core, subscribed, event, { space: spaceRef(core, row), ...extra });
  });
}

/** A user as events carry them. */
export async function userRef(core: Core, userId: string) {
  return (await userRefs(core, [userId]))[0];
}

/** Users as events carry them, in the order of `userIds`, read in one statement. */
async function userRefs(core: Core, userIds: string[]): Promise<({ id: string; displayName: string; email: string } | { id: string })[]> {
  if (!userIds.length) return [];
  const rows = userIds.length === 1
    ? await core.all<{ id: string; display_name: string; email: string }>('SELECT id, display_name, email FROM users WHERE id = ?', userIds)
    : await core.all<{ id: string; display_name: string; email: string }>('SELECT id, display_name, email FROM users WHERE id IN (SELECT value FROM json_each(?))', [JSON.stringify(userIds)]);
  const byId = new Map(rows.map((row) => [row.id, { id: row.id, displayName: row.display_name, email: row.email }]));
  return userIds.map((id) => byId.get(id) ?? { id });
}

/** The members of a team and their team roles, to compare before and after a change (`emitTeamMembersUpdated`). */
export async function teamMembersOf(core: Core, teamId: string): Promise<Map<string, string>> {
  return new Map((await core.all<{ user_id: string; role: string }>('SELECT user_id, role FROM team_members WHERE team_id = ?', [teamId])).map((r) => [r.user_id, r.role]));
}

/**
 * The team's members before a change, when some webhook of the organization subscribes to
 * `team_members_updated` (undefined otherwise: a team of thousands is not read for nobody).
 */
export async function teamMembersBefore(core: Core, organizationId: string, teamId: string): Promise<Map<string, string> | undefined> {
  return (await subscribersOf(core, organizationId, 'team_members_updated')).length ? await teamMembersOf(core, teamId) : undefined;
}

/** Records `team_members_updated` when the team's members or their roles differ from `before` (undefined: nobody subscribes). */
export async function emitTeamMembersUpdated(core: Core, organizationId: string, teamId: string, before: Map<string, string> | undefined): Promise<void> {
  if (!before) return;
  const after = await teamMembersOf(core, teamId);
  const added = [...after.keys()].filter((id) => !before.has(id)).sort();
  const removed = [...before.keys()].filter((id) => !after.has(id)).sort();
  const roleChanged = [...after].filter(([id, role]) => before.has(id) && before.get(id) !== role).map(([id, role]) => ({ user: id, role })).sort((a, b) => (a.user < b.user ? -1 : 1));
  if (!added.length && !removed.length && !roleChanged.length) return;
  const team = await core.get<{ id: string; title: string }>('SELECT id, title FROM teams WHERE id = ?', [teamId]);
  await emit(core, organizationId, 'team_members_updated', async () => ({
    team: { id: teamId, title: team?.title ?? null },
    added: await mapUsers(core, added, after), removed, roleChanged,
  }));
}

async function mapUsers(core: Core, ids: string[], roles: Map<string, string>) {
  return (await userRefs(core, ids)).map((user) => ({ ...user, role: roles.get(user.id) }));
}

/** How long a delivered or failed delivery stays in the log. */
export const DELIVERY_RETENTION_DAYS = 30;

/** Deletes the delivered and failed deliveries older than DELIVERY_RETENTION_DAYS (pending ones stay); answers how many. */
export async function purgeDeliveries(core: Core): Promise<number> {
  const cutoff = new Date(core.clock.now().getTime() - DELIVERY_RETENTION_DAYS * 86_400_000).toISOString();
  // Look first: every engine start purges, and the common case takes no write lock.
  if (!await core.get("SELECT 1 FROM webhook_deliveries WHERE status <> 'pending' AND created_at < ? LIMIT 1", [cutoff])) return 0;
  return await core.write(async () => await core.run("DELETE FROM webhook_deliveries WHERE status <> 'pending' AND created_at < ?", [cutoff]));
}

export function webhooksModule(core: Core) {
  const raw = async (organizationId: string, webhookId: string) =>
    await core.get<WebhookRow>('SELECT * FROM webhooks WHERE id = ? AND organization_id = ?', [webhookId, organizationId]);

  async function found(actor: Actor, organizationId: string, webhookId: string): Promise<WebhookRow> {
    await requireRight(core, actor, organizationId, 'admin');
    const row = await raw(organizationId, webhookId);
    if (!row) throw notFound(`webhook ${webhookId} not found`);
    return row;
  }

  /** `relay`: relay waiting events first (a redelivery does it inside its own write instead, where its order depends on it). */
  async function deliveryOf(actor: Actor, organizationId: string, webhookId: string, deliveryId: string, relay = true): Promise<DeliveryRow> {
    await found(actor, organizationId, webhookId);
    if (relay) await relayWebhookEvents(core);
    const row = await core.get<DeliveryRow>('SELECT * FROM webhook_deliveries WHERE id = ? AND webhook_id = ?', [deliveryId, webhookId]);
    if (!row) throw notFound(`delivery ${deliveryId} of webhook ${webhookId} not found`);
    return row;
  }

  const reload = async (organizationId: string, webhookId: string) => presentWebhook((await raw(organizationId, webhookId))!);
  const reloadDelivery = async (id: string) => presentDelivery((await core.get<DeliveryRow>('SELECT * FROM webhook_deliveries WHERE id = ?', [id]))!);

  return {
    async create(actor: Actor, organizationId: string, input: WebhookInput): Promise<Webhook & { secret: string }> {
      await requireRight(core, actor, organizationId, 'admin');
      return await core.write(async () => {
        const id = core.newId();
        const now = core.now();
        const secret = input.secret ?? randomBytes(32).toString('hex');
        await core.run(
          'INSERT INTO webhooks (id, organization_id, url, events, secret, active, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
          [id, organizationId, input.url, JSON.stringify([...new Set(input.events)]), secret, input.active === false ? 0 : 1, now, now],
        );
        return { ...await reload(organizationId, id), secret };
      });
    },

    /** The organization's webhooks, oldest first. */
    async list(actor: Actor, organizationId: string, query: PageRequest) {
      await requireRight(core, actor, organizationId, 'admin');
      return await keysetPage<WebhookRow, Webhook>(core, {
        listing: 'webhooks',
        from: 'webhooks',
        columns: '*',
        where: ['organization_id = ?'],
        args: [organizationId],
        orderBy: ['created_at', 'id'],
        direction: 'asc',
        keyOf: (row) => [row.created_at, row.id],
        present: presentWebhook,
      }, query);
    },

    async get(actor: Actor, organizationId: string, webhookId: string): Promise<Webhook> {
      return presentWebhook(await found(actor, organizationId, webhookId));
    },

    async update(actor: Actor, organizationId: string, webhookId: string, patch: Partial<WebhookInput>): Promise<Webhook> {
      await found(actor, organizationId, webhookId);
      return await core.write(async () => {
        const now = core.now();
        if (patch.url !== undefined) await core.run('UPDATE webhooks SET url = ? WHERE id = ?', [patch.url, webhookId]);
        if (patch.events !== undefined) await core.run('UPDATE webhooks SET events = ? WHERE id = ?', [JSON.stringify([...new Set(patch.events)]), webhookId]);
        if (patch.secret !== undefined) await core.run('UPDATE webhooks SET secret = ? WHERE id = ?', [patch.secret, webhookId]);
        if (patch.active === true) await core.run('UPDATE webhooks SET active = 1, disabled_reason = NULL, consecutive_failures = 0 WHERE id = ?', [webhookId]);
        if (patch.active === false) await core.run('UPDATE webhooks SET active = 0 WHERE id = ?', [webhookId]);
        await core.run('UPDATE webhooks SET updated_at = ? WHERE id = ?', [now, webhookId]);
        return await reload(organizationId, webhookId);
      });
    },

    /** The webhook and every delivery of it, sent or not. */
    async remove(actor: Actor, organizationId: string, webhookId: string): Promise<void> {
      await found(actor, organizationId, webhookId);
      await core.write(async () => {
        await core.run('DELETE FROM webhook_deliveries WHERE webhook_id = ?', [webhookId]);
        await core.run('DELETE FROM webhooks WHERE id = ?', [webhookId]);
      });
    },

    /** A webhook's deliveries, newest first; `status` keeps only those. */
    async deliveries(actor: Actor, organizationId: string, webhookId: string, query: PageRequest & { status?: WebhookDeliveryStatus }) {
      await found(actor, organizationId, webhookId);
      await relayWebhookEvents(core);
      return await keysetPage<DeliveryRow, WebhookDelivery>(core, {
        listing: `webhook-deliveries:${query.status ?? ''}`,
        from: 'webhook_deliveries',
        columns: '*',
        where: ['webhook_id = ?', ...(query.status ? ['status = ?'] : [])],
        args: [webhookId, ...(query.status ? [query.status] : [])],
        orderBy: ['sequence'],
        direction: 'desc',
        keyOf: (row) => [row.sequence],
        present: presentDelivery,
      }, query);
    },

    async delivery(actor: Actor, organizationId: string, webhookId: string, deliveryId: string) {
      const row = await deliveryOf(actor, organizationId, webhookId, deliveryId);
      return { ...presentDelivery(row), requestBody: row.body, responseBody: row.response_body };
    },

    /**
     * Sends a delivery again, with the same id and body: it is pending again, due now, its attempts
     * counted from zero. A settled one goes to the end of its webhook's queue (after what is pending
     * now: the deliverer finds pending ones from `webhooks.pending_from` on, migration 18); a pending
     * one keeps its place. One being sent right now (leased) is left to finish.
     */
    async redeliver(actor: Actor, organizationId: string, webhookId: string, deliveryId: string): Promise<WebhookDelivery> {
      await deliveryOf(actor, organizationId, webhookId, deliveryId, false);
      return await core.write(async () => {
        // What was recorded before goes first: the end of the queue is after it.
        await relayWebhookEvents(core);
        await core.run(
          `UPDATE webhook_deliveries SET status = 'pending', attempts = 0, next_attempt_at = ?, error = NULL,
             sequence = CASE WHEN status = 'pending' THEN sequence ELSE (SELECT MAX(e.sequence) + 1 FROM webhook_deliveries e WHERE e.webhook_id = ?) END
           WHERE id = ? AND NOT (status = 'pending' AND lease_until IS NOT NULL AND lease_until > ?)`,
          [core.now(), webhookId, deliveryId, core.now()],
        );
        wake(core);
        return await reloadDelivery(deliveryId);
      });
    },

    /** Records a `ping` to this webhook alone, whatever it subscribes to (a turned-off webhook's waits until it is on). */
    async ping(actor: Actor, organizationId: string, webhookId: string): Promise<WebhookDelivery> {
      const row = await found(actor, organizationId, webhookId);
      return await core.write(async () => {
        // Events recorded before it go before it.
        await relayWebhookEvents(core);
        const { body, at } = eventBody(core, organizationId, 'ping', { webhook: { id: row.id, url: row.url, events: JSON.parse(row.events) as string[] } });
        const id = await enqueue(core, row, 'ping', body, at);
        wake(core);
        return await reloadDelivery(id);
      });
    },
  };
}
