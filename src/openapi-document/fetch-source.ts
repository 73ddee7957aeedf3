import { formatMs, importLimits } from '../domain/import-limits';
import type { OpenApiLimits } from '../domain/openapi-limits';

export type ProcessErrorCode = 'FETCH_TIMEOUT' | 'FETCH_ERROR' | 'PARSE_ERROR';

/** A failed processing: the spec's `lastProcessErrorCode` and the human message beside it. */
export class SpecProcessError extends Error {
  constructor(readonly code: ProcessErrorCode, message: string) {
    super(message);
    this.name = 'SpecProcessError';
  }
}

/**
 * Fetches a spec document from `url` with the import feature's fetcher (undici, redirects, size cap),
 * bounded by the OpenAPI limits. A timeout is FETCH_TIMEOUT; anything else (unreachable, non-2xx,
 * too large) is FETCH_ERROR.
 */
export async function fetchSpecText(url: string, limits: OpenApiLimits, refusePrivateAddresses = false): Promise<string> {
  // Loaded here so undici stays out of every path that does not fetch.
  const { openFetchSession, textOf, FetchFailure } = await import('../net/fetch');
  const session = await openFetchSession(importLimits({
    requestTimeoutMs: limits.fetchTimeoutMs,
    totalTimeoutMs: limits.fetchTimeoutMs,
    maxResponseBytes: limits.maxFetchBytes,
    refusePrivateAddresses,
  }));
  try {
    const fetched = await session.get(url, 'application/json, application/yaml, text/yaml, text/plain;q=0.9, */*;q=0.5');
    if (fetched.status < 200 || fetched.status >= 300) throw new SpecProcessError('FETCH_ERROR', `${url} answered HTTP ${fetched.status}`);
    return textOf(fetched);
  } catch (error) {
    if (error instanceof SpecProcessError) throw error;
    if (error instanceof FetchFailure) {
      const timedOut = error.kind === 'timeout' || error.kind === 'deadline';
      throw new SpecProcessError(timedOut ? 'FETCH_TIMEOUT' : 'FETCH_ERROR', timedOut ? `no answer from ${url} within ${formatMs(limits.fetchTimeoutMs)}` : error.message);
    }
    throw new SpecProcessError('FETCH_ERROR', `cannot fetch ${url}: ${(error as Error).message}`);
  } finally {
    await session.close();
  }
}
