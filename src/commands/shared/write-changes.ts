import type { ApiClient } from '../../api/client';
import { routes } from '../../api/routes/index';
import { MAX_CHANGES_PER_WRITE } from '../../api/schemas/content';
import type { Change } from '../../domain/content-change';

/**
 * Writes page changes to a change request in requests of at most `perWrite` changes (the API takes
 * MAX_CHANGES_PER_WRITE a request), in order, parents first. A change naming as its parent (`into`) a
 * page an earlier request inserted under a label (`ref`) names it by the id that request answered.
 * The space itself changes only when the change request is merged, so a failure part-way leaves the
 * space as it was. `done` is told after each request.
 */
export async function writeChanges(
  api: ApiClient,
  params: { spaceId: string; changeRequestId: string },
  changes: Change[],
  perWrite = MAX_CHANGES_PER_WRITE,
  done: (written: number) => void = () => undefined,
): Promise<void> {
  const inserted = new Map<string, string>();
  for (let i = 0; i < changes.length; i += perWrite) {
    const batch = changes.slice(i, i + perWrite).map((change) =>
      'into' in change && change.into && inserted.has(change.into) ? { ...change, into: inserted.get(change.into) } : change);
    const result = await api.call(routes.writeChangeRequestContent, { params, body: { changes: batch } as never });
    batch.forEach((change, n) => {
      const page = result.changes[n]?.page;
      if (change.operation === 'insert_page' && change.ref && page) inserted.set(change.ref, page);
    });
    done(i + batch.length);
  }
}
