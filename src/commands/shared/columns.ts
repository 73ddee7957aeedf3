import type { Column } from '../../output/render';
import type { Organization, Member, Team, TeamMember, MemberTeam, Invite, SamlProvider, User, Space, Collection, CustomField, SpaceFieldValue, SpaceUserPermission, SpaceTeamPermission, ChangeRequest, ContentFile } from '../../api/resources';

export const organizationColumns: Column<Organization>[] = [
  { header: 'ID', value: (o) => o.id },
  { header: 'TITLE', value: (o) => o.title },
  { header: 'HOSTNAME', value: (o) => o.hostname },
  { header: 'DEFAULT ROLE', value: (o) => o.defaultRole ?? 'guest' },
  { header: 'ADMIN', value: (o) => o.permissions.admin },
  { header: 'CREATED', value: (o) => o.createdAt },
];

export const organizationDetail: Column<Organization>[] = [
  ...organizationColumns,
  { header: 'EMAIL DOMAINS', value: (o) => o.emailDomains.join(', ') },
  { header: 'SSO', value: (o) => o.sso },
  { header: 'AI', value: (o) => o.ai },
  { header: 'INVITE LINKS', value: (o) => o.inviteLinks },
  { header: 'PLAN', value: (o) => o.plan },
  { header: 'URL', value: (o) => o.urls.app },
];

export const memberColumns: Column<Member>[] = [
  { header: 'ID', value: (m) => m.id },
  { header: 'NAME', value: (m) => m.user.displayName },
  { header: 'EMAIL', value: (m) => m.user.email },
  { header: 'ROLE', value: (m) => m.role ?? 'guest' },
  { header: 'TEAMS', value: (m) => m.teams },
  { header: 'SSO', value: (m) => m.sso },
  { header: 'JOINED', value: (m) => m.joinedAt },
  { header: 'LAST SEEN', value: (m) => m.lastSeenAt },
];

export const teamColumns: Column<Team>[] = [
  { header: 'ID', value: (t) => t.id },
  { header: 'TITLE', value: (t) => t.title },
  { header: 'MEMBERS', value: (t) => t.members },
  { header: 'SPACES', value: (t) => t.spaces },
  { header: 'CREATED', value: (t) => t.createdAt },
];

export const teamMemberColumns: Column<TeamMember>[] = [
  { header: 'ID', value: (m) => m.organization.id },
  { header: 'NAME', value: (m) => m.organization.user.displayName },
  { header: 'EMAIL', value: (m) => m.organization.user.email },
  { header: 'TEAM ROLE', value: (m) => m.team.role },
  { header: 'ORG ROLE', value: (m) => m.organization.role ?? 'guest' },
];

export const memberTeamColumns: Column<MemberTeam>[] = [
  { header: 'ID', value: (t) => t.team.id },
  { header: 'TITLE', value: (t) => t.team.title },
  { header: 'ROLE', value: (t) => t.member.role },
  { header: 'MEMBERS', value: (t) => t.team.members },
];

export const inviteColumns: Column<Invite>[] = [
  { header: 'ID', value: (i) => i.id },
  { header: 'ROLE', value: (i) => i.role },
  { header: 'REDUNDANT', value: (i) => i.redundant },
  { header: 'CREATED', value: (i) => i.createdAt },
  { header: 'LINK', value: (i) => i.urls?.app },
];

export const samlColumns: Column<SamlProvider>[] = [
  { header: 'ID', value: (p) => p.id },
  { header: 'LABEL', value: (p) => p.label },
  { header: 'SSO URL', value: (p) => p.ssoURL },
  { header: 'ENTITY ID', value: (p) => p.entityID },
  { header: 'DEFAULT ROLE', value: (p) => p.defaultRole ?? 'guest' },
  { header: 'DEFAULT TEAM', value: (p) => p.defaultTeam?.title },
  { header: 'CREATED', value: (p) => p.createdAt },
];

export const samlDetail: Column<SamlProvider>[] = [
  ...samlColumns,
  { header: 'ACS URL', value: (p) => p.service.acsURL },
  { header: 'START URL', value: (p) => p.service.startURL },
  { header: 'SP ENTITY ID', value: (p) => p.service.entityID },
];

export const userColumns: Column<User>[] = [
  { header: 'ID', value: (u) => u.id },
  { header: 'NAME', value: (u) => u.displayName },
  { header: 'EMAIL', value: (u) => u.email },
];

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

export const collectionColumns: Column<Collection>[] = [
  { header: 'ID', value: (c) => c.id },
  { header: 'TITLE', value: (c) => c.title },
  { header: 'PARENT', value: (c) => c.parent },
  { header: 'DEFAULT LEVEL', value: (c) => c.defaultLevel ?? 'guest' },
  { header: 'CREATED', value: (c) => c.createdAt },
];

export const collectionDetail: Column<Collection>[] = [
  ...collectionColumns,
  { header: 'DESCRIPTION', value: (c) => c.description },
  { header: 'UPDATED', value: (c) => c.updatedAt },
  { header: 'URL', value: (c) => c.urls.app },
];

export const customFieldColumns: Column<CustomField>[] = [
  { header: 'NAME', value: (f) => f.name },
  { header: 'TYPE', value: (f) => f.type },
  { header: 'TITLE', value: (f) => f.title },
  { header: 'OPTIONS', value: (f) => f.options.join(', ') },
];

export const customFieldDetail: Column<CustomField>[] = [
  ...customFieldColumns,
  { header: 'DESCRIPTION', value: (f) => f.description },
  { header: 'PLACEHOLDER', value: (f) => f.placeholder },
  { header: 'ID', value: (f) => f.id },
  { header: 'CREATED', value: (f) => f.createdAt },
  { header: 'UPDATED', value: (f) => f.updatedAt },
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

export const changeRequestColumns: Column<ChangeRequest>[] = [
  { header: 'NUMBER', value: (c) => c.number },
  { header: 'ID', value: (c) => c.id },
  { header: 'STATUS', value: (c) => c.status },
  { header: 'SUBJECT', value: (c) => c.subject },
  { header: 'AUTHOR', value: (c) => c.createdBy?.email },
  { header: 'OUTDATED', value: (c) => c.outdated },
  { header: 'UPDATED', value: (c) => c.updatedAt },
];

export const fileColumns: Column<ContentFile>[] = [
  { header: 'ID', value: (f) => f.id },
  { header: 'NAME', value: (f) => f.name },
  { header: 'TYPE', value: (f) => f.contentType },
  { header: 'SIZE', value: (f) => f.size },
  { header: 'DIMENSIONS', value: (f) => (f.dimensions ? `${f.dimensions.width}x${f.dimensions.height}` : '') },
];
