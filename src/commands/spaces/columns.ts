import type { Column } from '../../output/render';
import { idColumn, roleColumn, timeColumn } from '../../output/column-kinds';
import { relativeTime } from '../../output/relative-time';
import type { Space, SpaceFieldValue, SpaceUserPermission, SpaceTeamPermission } from '../../api/resources';

/**
 * The spaces of a list. `collections` (collection id → title) lets a table name a space's collection;
 * machine formats keep the id.
 */
export const spaceColumns = (collections: ReadonlyMap<string, string> = new Map()): Column<Space>[] => [
  idColumn((s) => s.id),
  { header: 'TITLE', value: (s) => s.title, priority: 1 },
  { header: 'VISIBILITY', value: (s) => s.visibility },
  { header: 'COLLECTION', value: (s) => s.parent, show: (s) => (s.parent ? (collections.get(s.parent) ?? s.parent) : '') },
  { header: 'EDIT MODE', value: (s) => s.editMode, priority: 3 },
  timeColumn('CREATED', (s) => s.createdAt, 2),
];

export const spaceDetail: Column<Space>[] = [
  ...spaceColumns(),
  { header: 'EMOJI', value: (s) => s.emoji },
  roleColumn((s) => s.defaultLevel, 'DEFAULT LEVEL'),
  timeColumn('UPDATED', (s) => s.updatedAt),
  { header: 'URL', value: (s) => s.urls.app },
];

/** Deleted spaces are kept this long before they are purged (spec: restorable for 7 days). */
const RETENTION_MS = 7 * 86_400_000;

/** When a space deleted at `deletedAt` is purged. */
const purgeAt = (deletedAt: string) => new Date(new Date(deletedAt).getTime() + RETENTION_MS);

/** Time left until a space deleted at `deletedAt` is purged, as "6d 23h" ("purging" once it is due). */
export function purgedIn(deletedAt: string | undefined, now: Date): string {
  if (!deletedAt) return '';
  const left = purgeAt(deletedAt).getTime() - now.getTime();
  if (!(left > 0)) return 'purging';
  const minutes = Math.floor(left / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  return days || hours ? `${days}d ${hours}h` : `${minutes % 60}m`;
}

/** The purge deadline as a person reads it: "in 6 days", or "purging" once it is due. */
export function purgeDeadline(deletedAt: string | undefined, now: Date): string {
  const left = purgedIn(deletedAt, now);
  return left && left !== 'purging' ? relativeTime(purgeAt(deletedAt!).toISOString(), now) : left;
}

/** `spaces deleted`: who deleted what, when, and how long it can still be restored (as of `now`). */
export const deletedSpaceColumns = (now: Date): Column<Space>[] => [
  idColumn((s) => s.id),
  { header: 'TITLE', value: (s) => s.title, priority: 1 },
  timeColumn('DELETED AT', (s) => s.deletedAt, 2),
  { header: 'DELETED BY', value: (s) => s.deletedBy?.email, show: (s) => s.deletedBy?.email ?? s.deletedBy?.displayName ?? '', priority: 1, overflow: 'wrap' },
  {
    header: 'PURGED IN',
    value: (s) => purgedIn(s.deletedAt, now),
    show: (s) => purgeDeadline(s.deletedAt, now),
    tone: (s) => (purgedIn(s.deletedAt, now) === 'purging' ? 'bad' : 'warn'),
    priority: 1,
  },
];

export const spaceFieldValueColumns: Column<SpaceFieldValue>[] = [
  { header: 'NAME', value: (v) => v.customField.name, priority: 1 },
  { header: 'TYPE', value: (v) => v.customField.type },
  { header: 'VALUE', priority: 1, value: (v) => (Array.isArray(v.value) ? v.value.join(', ') : v.value) },
];

/** `spaces permissions list`: users and teams in one list, told apart by the API's `object`. */
export const spacePermissionColumns: Column<SpaceUserPermission | SpaceTeamPermission>[] = [
  { header: 'TYPE', value: (p) => (p.object === 'space-user-permission' ? 'user' : 'team') },
  idColumn((p) => (p.object === 'space-user-permission' ? p.user.id : p.team.id)),
  { header: 'NAME', value: (p) => (p.object === 'space-user-permission' ? p.user.email : p.team.title), priority: 1, overflow: 'wrap' },
  roleColumn((p) => p.role),
];
