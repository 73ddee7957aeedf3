import type { RequestTrace } from './app';
import type { DeliveryAttempt } from '../engine/webhook-delivery';

/** One line of the access log: what was asked, by whom, and how it went. Never a token, a query or a body. */
export interface AccessEntry extends RequestTrace {
  time: string;
  requestId: string;
  method: string;
  /** The path without its query (queries may carry capability signatures). */
  path: string;
  status: number;
  durationMs: number;
}

export type LogFormat = 'json' | 'text';

/** An entry as one line: a JSON object, or `time id METHOD path operationId status duration user= token=`. */
export function formatAccessEntry(entry: AccessEntry, format: LogFormat): string {
  if (format === 'json') return JSON.stringify(entry);
  const who = [entry.userId ? `user=${entry.userId}` : '', entry.tokenId ? `token=${entry.tokenId}` : ''].filter(Boolean).join(' ');
  return [entry.time, entry.requestId, entry.method, entry.path, entry.operationId ?? '-', entry.status, `${entry.durationMs}ms`, who].filter((part) => part !== '').join(' ');
}

/**
 * One webhook delivery attempt in the access log's style: JSON with `kind: "webhook"`, or
 * `time webhook POST url event deliveryId status duration attempt=N outcome [error]`.
 */
export function formatDeliveryAttempt(attempt: DeliveryAttempt, format: LogFormat): string {
  if (format === 'json') return JSON.stringify({ kind: 'webhook', ...attempt });
  return [attempt.time, 'webhook', 'POST', attempt.url, attempt.event, attempt.deliveryId, attempt.status || '-', `${attempt.durationMs}ms`,
    `attempt=${attempt.attempt}`, attempt.outcome, attempt.error ? JSON.stringify(attempt.error) : ''].filter((part) => part !== '').join(' ');
}

/** Longest a line waits before it is written, and most lines written at once. */
const FLUSH_MS = 50;
const FLUSH_LINES = 512;

/**
 * Lines written together, at most FLUSH_MS after the first of them (or once FLUSH_LINES wait): a
 * write per request costs a system call each (stdout is synchronous on files and pipes), measured at
 * a fifth of the throughput of a simple GET. `flush` writes what waits (on shutdown).
 */
export function batchedLines(write: (text: string) => void): { line(text: string): void; flush(): void } {
  let pending: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!pending.length) return;
    const text = pending.join('');
    pending = [];
    write(text);
  };
  return {
    line(text) {
      pending.push(`${text}\n`);
      if (pending.length >= FLUSH_LINES) flush();
      else timer ??= setTimeout(flush, FLUSH_MS);
    },
    flush,
  };
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The request id: the caller's `X-Request-Id` when it is a sane token (so a proxy's id carries through), else a new one. */
export function requestIdOf(header: string | string[] | undefined, fresh: () => string): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : fresh();
}
