import type { Column } from '../../output/render';
import type { Space, SpaceFieldValue, SpaceUserPermission, SpaceTeamPermission } from '../../api/resources';

export const spaceColumns: Column<Space>[] = [
  { header: 'ID', value: (s) => s.id },
  { header: 'TITLE', value: (s) => s.title },
  { header: 'VISIBILITY', value: (s) => s.visibility },
  { header: 'COLLECTION', value: (s) => s.parent },
  { header: 'EDIT MODE', value: (s) => s.editMode },
  { header: 'CREATED', value: (s) => s.createdAt },
];

export const spaceDetail: Column<Space>[] = [
  ...spaceColumns,
  { header: 'EMOJI', value: (s) => s.emoji },
  { header: 'DEFAULT LEVEL', value: (s) => s.defaultLevel ?? 'guest' },
  { header: 'UPDATED', value: (s) => s.updatedAt },
  { header: 'URL', value: (s) => s.urls.app },
];

/** Deleted spaces are kept this long before they are purged (spec: restorable for 7 days). */
const RETENTION_MS = 7 * 86_400_000;

/** Time left until a space deleted at `deletedAt` is purged, as "6d 23h" ("purging" once it is due). */
export function purgedIn(deletedAt: string | undefined, now: Date): string {
  if (!deletedAt) return '';
  const left = new Date(deletedAt).getTime() + RETENTION_MS - now.getTime();
  if (!(left > 0)) return 'purging';
  const minutes = Math.floor(left / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  return days || hours ? `${days}d ${hours}h` : `${minutes % 60}m`;
}

/** `spaces deleted`: who deleted what, when, and how long it can still be restored (as of `now`). */
export const deletedSpaceColumns = (now: Date): Column<Space>[] => [
  { header: 'ID', value: (s) => s.id },
  { header: 'TITLE', value: (s) => s.title },
  { header: 'DELETED AT', value: (s) => s.deletedAt },
  { header: 'DELETED BY', value: (s) => s.deletedBy?.email },
  { header: 'PURGED IN', value: (s) => purgedIn(s.deletedAt, now) },
];

export const spaceFieldValueColumns: Column<SpaceFieldValue>[] = [
  { header: 'NAME', value: (v) => v.customField.name },
  { header: 'TYPE', value: (v) => v.customField.type },
  { header: 'VALUE', value: (v) => (Array.isArray(v.value) ? v.value.join(', ') : v.value) },
];

/** `spaces permissions list`: users and teams in one list, told apart by the API's `object`. */
export const spacePermissionColumns: Column<SpaceUserPermission | SpaceTeamPermission>[] = [
  { header: 'TYPE', value: (p) => (p.object === 'space-user-permission' ? 'user' : 'team') },
  { header: 'ID', value: (p) => (p.object === 'space-user-permission' ? p.user.id : p.team.id) },
  { header: 'NAME', value: (p) => (p.object === 'space-user-permission' ? p.user.email : p.team.title) },
  { header: 'ROLE', value: (p) => p.role },
];
