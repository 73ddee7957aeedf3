import type { Column } from '../../output/render';
import { idColumn, roleColumn, timeColumn } from '../../output/column-kinds';
import type { Team, TeamMember } from '../../api/resources';

export const teamColumns: Column<Team>[] = [
  idColumn((t) => t.id),
  // A team is named by its title in other commands (teams members list Engineering): wrapped, never cut.
  { header: 'TITLE', value: (t) => t.title, priority: 1, overflow: 'wrap' },
  { header: 'MEMBERS', value: (t) => t.members },
  { header: 'SPACES', value: (t) => t.spaces },
  timeColumn('CREATED', (t) => t.createdAt),
];

export const teamMemberColumns: Column<TeamMember>[] = [
  idColumn((m) => m.organization.id),
  { header: 'NAME', value: (m) => m.organization.user.displayName, priority: 2 },
  { header: 'EMAIL', value: (m) => m.organization.user.email, priority: 1, whole: true },
  { header: 'TEAM ROLE', value: (m) => m.team.role },
  roleColumn((m) => m.organization.role, 'ORG ROLE', 2),
];
