import { createHmac } from 'node:crypto';
import type { Core } from './core';
import { relayWebhookEvents, type DeliveryRow } from './webhooks';
import { VERSION } from '../version';
import { WEBHOOK_RESPONSE_KEPT_BYTES } from '../domain/webhook-events';

/**
 * Sending what the outbox holds (issue 32). A deliverer claims due pending deliveries, each with a
 * lease written by a conditional UPDATE (a row another process leased first is left to it, so two
 * processes never send the same one); POSTs them, signed, outside any transaction; and records each
 * outcome in another. Those transactions are bookkeeping (Store.bookkeeping): on PostgreSQL they take
 * no write lock. A process that dies mid-delivery leaves its claim to lapse, and another sends it again
 * once the lease is past (same delivery id: receivers can tell). docs/api.md, "Delivery".
 */
/** Attempts of a delivery before it is `failed`. */
export const MAX_ATTEMPTS = 8;
/**
 * The waits after each failed attempt, in units of the retry base (1 s by default): 1 s, 4 s, 15 s,
 * 1 min, 4 min, 15 min, 45 min (about 65 minutes from the first attempt to the eighth), each ±10%.
 */
export const RETRY_SCHEDULE = [1, 4, 15, 60, 240, 900, 2700] as const;
/** Failed deliveries in a row after which a webhook is turned off. */
export const MAX_CONSECUTIVE_FAILURES = 20;
/** How long a receiver has to answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How long a claim holds: past it, another process may send the delivery again. */
export const LEASE_MS = 60_000;
/** Deliveries claimed at once (each of another webhook: one webhook's leave one at a time, in order). */
const CLAIM_BATCH = 50;

export interface DeliveryOptions {
  /** The SSRF guard: loopback and private targets refused (true unless `serve --allow-private-addresses`). */
  refusePrivateAddresses: boolean;
  /** The unit of RETRY_SCHEDULE in ms (1000; `DOCSCTL_WEBHOOK_RETRY_BASE_MS` for tests). */
  retryBaseMs?: number;
  timeoutMs?: number;
  /** How long a claim holds (LEASE_MS; `DOCSCTL_WEBHOOK_LEASE_MS` for tests). */
  leaseMs?: number;
  /** Who claims (a process's id), kept in `claimed_by`. */
  worker: string;
  /** Told of every attempt (the access log and the metrics of `serve`). */
  onAttempt?: (attempt: DeliveryAttempt) => void;
}

/** One attempt, as the log and the metrics see it. */
export interface DeliveryAttempt {
  time: string;
  deliveryId: string;
  webhookId: string;
  event: string;
  /** The target's origin and path (never its query, which may carry a key). */
  url: string;
  attempt: number;
  /** The receiver's status, or 0 when none came (timeout, network error, refused address). */
  status: number;
  durationMs: number;
  outcome: 'delivered' | 'retry' | 'failed';
  error?: string;
}

/** `sha256=<hex>`: the HMAC-SHA256 of the raw body with the webhook's secret (`X-GitBook-Signature`). */
export function signatureOf(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** The wait before the attempt after `attempts` failed ones, with ±10% jitter. */
export function retryDelayMs(attempts: number, baseMs = 1000, random = Math.random): number {
  const step = RETRY_SCHEDULE[Math.min(attempts, RETRY_SCHEDULE.length) - 1] ?? RETRY_SCHEDULE[0];
  return Math.round(step * baseMs * (0.9 + 0.2 * random()));
}

type Claimed = DeliveryRow & { url: string; secret: string; failures_in_row: number; pending_from: number };

/**
 * Of each active webhook (`w`), its first pending delivery (`d`): none is below `w.pending_from`
 * (migration 18), so the walk along `webhook_deliveries_by_sequence` starts there.
 */
const FIRST_PENDING = `FROM webhooks w
  JOIN webhook_deliveries d ON d.id = (SELECT e.id FROM webhook_deliveries e
    WHERE e.webhook_id = w.id AND e.sequence >= w.pending_from AND e.status = 'pending' ORDER BY e.sequence LIMIT 1)
  WHERE w.active = 1`;
/** The deliveries that may be sent now (args: now, now): first pending ones, due and not leased (or the lease past). */
const FIRST_DUE = `SELECT d.*, w.url, w.secret, w.consecutive_failures AS failures_in_row, w.pending_from ${FIRST_PENDING} AND d.next_attempt_at <= ? AND (d.lease_until IS NULL OR d.lease_until < ?)`;
/**
 * How many settled deliveries a claim may walk past before the deliverer moves `pending_from` up: a
 * write of the webhook's row every few deliveries rather than every one.
 */
const PENDING_FROM_STEP = 16;

export function webhookDeliverer(core: Core, options: DeliveryOptions) {
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const retryBaseMs = options.retryBaseMs ?? 1000;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const at = (ms: number) => new Date(core.clock.now().getTime() + ms).toISOString();
  // A delivery's state is bookkeeping (Store.bookkeeping): on PostgreSQL its transactions never queue
  // behind the writes, which they would otherwise slow down; nothing remembered between requests
  // comes from it, so its statements go to the store as they are.
  const db = core.store;

  /**
   * Claims due deliveries: each the first pending delivery of its active webhook (a later one waits
   * for it: order per webhook), due, and not leased by anyone (or the lease past). Each webhook's first
   * is found through the index of pending rows, so a backlog costs a claim nothing.
   */
  async function claim(): Promise<Claimed[]> {
    // Events recorded since (SQLite's outbox) become deliveries first.
    await relayWebhookEvents(core);
    // A read first: a poll that finds nothing takes no write lock (on PostgreSQL, a write moves every
    // replica's change version and empties what they remember).
    if (!await db.get(`SELECT 1 FROM (${FIRST_DUE}) due LIMIT 1`, [core.now(), core.now()])) return [];
    return await db.bookkeeping(async () => {
      const now = core.now();
      const rows = await db.all<Claimed>(`${FIRST_DUE} ORDER BY d.next_attempt_at, d.created_at, d.sequence LIMIT ?`, [now, now, CLAIM_BATCH]);
      const claimed: Claimed[] = [];
      for (const row of rows) if (await lease(row, now)) claimed.push(row);
      return claimed;
    });
  }

  /**
   * Leases a delivery unless another process did first: the condition is checked again as the row is
   * written (on PostgreSQL, a second writer of the row waits for the first and sees its lease).
   */
  async function lease(row: Claimed, now: string): Promise<boolean> {
    return await db.run(
      "UPDATE webhook_deliveries SET lease_until = ?, claimed_by = ? WHERE id = ? AND status = 'pending' AND (lease_until IS NULL OR lease_until < ?)",
      [at(leaseMs), options.worker, row.id, now],
    ) === 1;
  }

  /**
   * Inside the transaction that records a delivery's outcome: claims its webhook's next delivery when
   * it is due (the same rule as `claim`), so a backlog costs one write transaction a delivery instead
   * of two (a claim, then the outcome).
   */
  async function claimNextOf(webhookId: string): Promise<Claimed | undefined> {
    const now = core.now();
    const next = await db.get<Claimed>(`${FIRST_DUE} AND w.id = ?`, [now, now, webhookId]);
    return next && await lease(next, now) ? next : undefined;
  }

  /** Sends a claimed delivery and records its outcome; answers the webhook's next one when that was claimed with it. */
  async function send(row: Claimed): Promise<Claimed | undefined> {
    const { postJson } = await import('../net/post');
    const attempt = row.attempts + 1;
    const target = new URL(row.url);
    let status = 0;
    let responseBody: string | null = null;
    let error: string | null = null;
    const started = performance.now();
    try {
      const posted = await postJson(row.url, row.body, {
        headers: {
          'content-type': 'application/json',
          'user-agent': `docsctl/${VERSION}`,
          'x-gitbook-signature': signatureOf(row.secret, row.body),
          'x-docsctl-delivery': row.id,
        },
        timeoutMs,
        maxResponseBytes: WEBHOOK_RESPONSE_KEPT_BYTES,
        refusePrivateAddresses: options.refusePrivateAddresses,
      });
      status = posted.status;
      responseBody = posted.body;
      if (status < 200 || status > 299) error = `the receiver answered ${status}`;
    } catch (failure) {
      error = (failure as Error).message;
    }
    const durationMs = Math.round(performance.now() - started);
    const delivered = status >= 200 && status <= 299;
    const gone = status === 410;
    const last = attempt >= MAX_ATTEMPTS;
    const outcome = delivered ? 'delivered' : gone || last ? 'failed' : 'retry';
    const next = await db.bookkeeping(async () => {
      const now = core.now();
      // Only the claim that sent it records it: a lease that lapsed meanwhile went to someone else.
      const recorded = await db.run(
        `UPDATE webhook_deliveries SET status = ?, attempts = ?, last_attempt_at = ?, next_attempt_at = ?, lease_until = NULL, claimed_by = NULL,
           response_status = ?, response_body = ?, duration_ms = ?, error = ? WHERE id = ? AND claimed_by = ? AND status = 'pending'`,
        [outcome === 'retry' ? 'pending' : outcome, attempt, now, outcome === 'retry' ? at(retryDelayMs(attempt, retryBaseMs)) : null,
          status || null, responseBody, durationMs, error, row.id, options.worker],
      );
      if (!recorded) return undefined;
      // Settled, it was its webhook's first pending one (claims take no other, and nothing pending is
      // ever put before it): nothing pending is below the next. Never moved down here: a redelivery
      // goes to the end of the queue.
      const after = row.sequence + 1;
      if (outcome !== 'retry' && after - row.pending_from >= PENDING_FROM_STEP) {
        await db.run('UPDATE webhooks SET pending_from = ? WHERE id = ? AND pending_from < ?', [after, row.webhook_id, after]);
      }
      if (delivered) {
        // As claimed (in this transaction when chained): most deliveries follow a delivered one, and leave the webhook alone.
        if (row.failures_in_row > 0) await db.run('UPDATE webhooks SET consecutive_failures = 0 WHERE id = ?', [row.webhook_id]);
      } else if (gone) {
        await db.run('UPDATE webhooks SET active = 0, disabled_reason = ?, consecutive_failures = consecutive_failures + 1, updated_at = ? WHERE id = ?', [
          `the receiver answered 410 Gone on ${now}`, now, row.webhook_id,
        ]);
      } else if (last) {
        await db.run('UPDATE webhooks SET consecutive_failures = consecutive_failures + 1 WHERE id = ?', [row.webhook_id]);
        await db.run(
          'UPDATE webhooks SET active = 0, disabled_reason = ?, updated_at = ? WHERE id = ? AND active = 1 AND consecutive_failures >= ?',
          [`${MAX_CONSECUTIVE_FAILURES} deliveries in a row failed (the last on ${now})`, now, row.webhook_id, MAX_CONSECUTIVE_FAILURES],
        );
      }
      return outcome === 'retry' ? undefined : await claimNextOf(row.webhook_id);
    });
    options.onAttempt?.({
      time: core.now(), deliveryId: row.id, webhookId: row.webhook_id, event: row.event, url: `${target.origin}${target.pathname}`,
      attempt, status, durationMs, outcome, ...(error ? { error } : {}),
    });
    return next;
  }

  /** Sends a claimed delivery, then its webhook's next ones as long as each is claimed with the outcome before it. */
  async function sendChain(row: Claimed): Promise<number> {
    let sent = 0;
    for (let current: Claimed | undefined = row; current; current = await send(current)) sent++;
    return sent;
  }

  return {
    /**
     * Sends what is due now, claim after claim, until nothing is: answers how many attempts were made.
     * Deliveries of different webhooks go at once; a webhook's own, one after the other.
     */
    async deliverDue(): Promise<number> {
      let attempts = 0;
      for (;;) {
        const claimed = await claim();
        if (!claimed.length) return attempts;
        // At once on purpose: each is another webhook's, sent outside any transaction; each records
        // its outcome in a transaction of its own, which the store runs one after the other.
        const sent = await Promise.all(claimed.map((row) => sendChain(row)));
        attempts += sent.reduce((a, b) => a + b, 0);
      }
    },

    /** When the next pending delivery of an active webhook is due (or undefined: none is pending). */
    async nextDue(): Promise<string | undefined> {
      // Each webhook's first pending one: a later one cannot leave before it.
      return (await db.get<{ t: string | null }>(
        `SELECT MIN(d.next_attempt_at) AS t ${FIRST_PENDING}`,
      ))?.t ?? undefined;
    },
  };
}

export type WebhookDeliverer = ReturnType<typeof webhookDeliverer>;
