import type { Column } from '../../output/render';
import type { ResultOf } from '../../api/routes/route';
import type { Routes } from '../../api/routes/index';

type ItemOf<K extends keyof Routes> = ResultOf<Routes[K]> extends { items: (infer I)[] } ? I : ResultOf<Routes[K]>;

export type Organization = ItemOf<'getOrganizationById'>;
export type Member = ItemOf<'getMemberInOrganizationById'>;
export type Team = ItemOf<'getTeamInOrganizationById'>;
export type TeamMember = ItemOf<'listTeamMembersInOrganizationById'>;
export type MemberTeam = ItemOf<'listTeamsForMemberInOrganization'>;
export type Invite = ItemOf<'getOrganizationInviteById'>;
export type SamlProvider = ItemOf<'getOrganizationSamlProvider'>;
export type User = ItemOf<'getAuthenticatedUser'>;

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
