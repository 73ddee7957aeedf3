import type { ApiClient } from '../../api/client';
import { ApiError } from '../../api/errors';
import { routes } from '../../api/routes/index';
import { LARGE_BODY_BYTES, type ResultOf } from '../../api/routes/route';
import { MAX_CHANGES_PER_WRITE } from '../../api/schemas/content';
import type { Change } from '../../domain/content-change';

/** JSON one write request carries at most: well inside the body bound of the write route. */
const BYTES_PER_WRITE = LARGE_BODY_BYTES / 2;

export interface WriteOptions {
  /** Changes a request carries at most (the API takes MAX_CHANGES_PER_WRITE). */
  perWrite?: number;
  /** Told after each request, with the number of changes written so far. */
  done?: (written: number) => void;
  /**
   * What a change stands for to the user (`docs/setup.md`): an error the API gives about
   * `changes[N]` of a request then names it instead of an index into a batch they never saw.
   */
  describe?: (change: Change) => string;
  /** Told of each change written with what the API answered for it (the id an insert got). */
  answered?: (change: Change, answer: ResultOf<typeof routes.writeChangeRequestContent>['changes'][number]) => void;
}

/** Requests of at most `perWrite` changes and about BYTES_PER_WRITE of JSON each (a larger single change goes alone). */
function requestsOf(changes: Change[], perWrite: number): Change[][] {
  const requests: Change[][] = [];
  let current: Change[] = [];
  let bytes = 0;
  for (const change of changes) {
    const size = JSON.stringify(change).length;
    if (current.length && (current.length >= perWrite || bytes + size > BYTES_PER_WRITE)) {
      requests.push(current);
      current = [];
      bytes = 0;
    }
    current.push(change);
    bytes += size;
  }
  if (current.length) requests.push(current);
  return requests;
}

/** An API error about `changes[N]…` of `batch`, told of what the change stands for. */
function named(error: unknown, batch: Change[], describe: WriteOptions['describe']): unknown {
  if (!(error instanceof ApiError) || !describe) return error;
  const match = /^changes\[(\d+)\]\.?(.*)$/s.exec(error.message);
  const what = match ? describe(batch[Number(match[1])]) : undefined;
  return what ? new ApiError(error.status, `${what}: ${match![2]}`) : error;
}

/**
 * Writes changes to a change request in requests of bounded count and size, in order, parents first.
 * A change naming as its parent (`into`) a page an earlier request inserted under a label (`ref`)
 * names it by the id that request answered. The space itself changes only when the change request is
 * merged, so a failure part-way leaves the space as it was.
 */
export async function writeChanges(
  api: ApiClient,
  params: { spaceId: string; changeRequestId: string },
  changes: Change[],
  options: WriteOptions = {},
): Promise<void> {
  const inserted = new Map<string, string>();
  let written = 0;
  for (const request of requestsOf(changes, options.perWrite ?? MAX_CHANGES_PER_WRITE)) {
    const batch = request.map((change) =>
      'into' in change && change.into && inserted.has(change.into) ? { ...change, into: inserted.get(change.into) } : change);
    const result = await api.call(routes.writeChangeRequestContent, { params, body: { changes: batch } as never }).catch((error: unknown) => {
      throw named(error, request, options.describe);
    });
    batch.forEach((change, n) => {
      const page = result.changes[n]?.page;
      if (change.operation === 'insert_page' && change.ref && page) inserted.set(change.ref, page);
      if (result.changes[n]) options.answered?.(change, result.changes[n]);
    });
    written += batch.length;
    options.done?.(written);
  }
}
