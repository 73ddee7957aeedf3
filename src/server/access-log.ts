import type { RequestTrace } from './app';

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
 * Lines written together once per turn of the event loop: under load many requests end in one turn,
 * and one write for all of them costs far less than a write each (stdout is synchronous on pipes).
 */
export function batchedLines(write: (text: string) => void): (line: string) => void {
  let pending: string[] = [];
  const flush = () => {
    const text = pending.join('');
    pending = [];
    write(text);
  };
  return (line) => {
    if (!pending.length) setImmediate(flush);
    pending.push(`${line}\n`);
  };
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The request id: the caller's `X-Request-Id` when it is a sane token (so a proxy's id carries through), else a new one. */
export function requestIdOf(header: string | string[] | undefined, fresh: () => string): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : fresh();
}
