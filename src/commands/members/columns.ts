import type { Column } from '../../output/render';
import type { Member, MemberTeam } from '../../api/resources';

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

export const memberTeamColumns: Column<MemberTeam>[] = [
  { header: 'ID', value: (t) => t.team.id },
  { header: 'TITLE', value: (t) => t.team.title },
  { header: 'ROLE', value: (t) => t.member.role },
  { header: 'MEMBERS', value: (t) => t.team.members },
];
