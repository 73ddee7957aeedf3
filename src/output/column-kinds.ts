import type { Column } from './render';
import { relativeTime } from './relative-time';
import { roleTone, statusTone } from './tones';

type Priority = NonNullable<Column<unknown>['priority']>;

/** An id: kept longest and never cut (a cut id cannot be pasted into the next command). */
export function idColumn<T>(get: (item: T) => unknown, header = 'ID'): Column<T> {
  return { header, value: get, priority: 1, whole: true };
}

/** A time: ISO for machines, "3 days ago" / "in 6 days" in a table, never cut ("20 minutes …" says nothing). */
export function timeColumn<T>(header: string, get: (item: T) => string | null | undefined, priority: Priority = 3): Column<T> {
  return { header, value: get, show: (item, view) => relativeTime(get(item), view.now), priority, whole: true };
}

/** A role, coloured by what it can do; no role reads "guest". */
export function roleColumn<T>(get: (item: T) => string | null | undefined, header = 'ROLE', priority: Priority = 1): Column<T> {
  return { header, value: (item) => get(item) ?? 'guest', tone: (item) => roleTone(get(item)), priority };
}

/** A status (open, merged, deleted, …), coloured by what it means. */
export function statusColumn<T>(get: (item: T) => unknown, header = 'STATUS', priority: Priority = 1): Column<T> {
  return { header, value: get, tone: (item) => statusTone(get(item)), priority };
}
