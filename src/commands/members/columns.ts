import type { Column } from '../../output/render';
import { idColumn, roleColumn, timeColumn } from '../../output/column-kinds';
import type { Member, MemberTeam } from '../../api/resources';

export const memberColumns: Column<Member>[] = [
  idColumn((m) => m.id),
  { header: 'NAME', value: (m) => m.user.displayName, priority: 1 },
  { header: 'EMAIL', value: (m) => m.user.email, priority: 1 },
  roleColumn((m) => m.role),
  { header: 'TEAMS', value: (m) => m.teams, priority: 3 },
  { header: 'SSO', value: (m) => m.sso, priority: 3 },
  timeColumn('JOINED', (m) => m.joinedAt),
  timeColumn('LAST SEEN', (m) => m.lastSeenAt, 2),
];

export const memberTeamColumns: Column<MemberTeam>[] = [
  idColumn((t) => t.team.id),
  { header: 'TITLE', value: (t) => t.team.title, priority: 1 },
  roleColumn((t) => t.member.role),
  { header: 'MEMBERS', value: (t) => t.team.members },
];
