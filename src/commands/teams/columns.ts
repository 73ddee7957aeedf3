import type { Column } from '../../output/render';
import type { Team, TeamMember } from '../../api/resources';

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
