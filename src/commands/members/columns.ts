import type { Column } from '../../output/render';
import { idColumn, roleColumn, timeColumn } from '../../output/column-kinds';
import type { Member, MemberTeam } from '../../api/resources';

/** Titles a person reads in one cell: a member's teams by title when they are in a few, else how many. */
const FEW_TEAMS = 3;

export const memberColumns: Column<Member>[] = [
  idColumn((m) => m.id),
  { header: 'NAME', value: (m) => m.user.displayName, priority: 2 },
  // Whole: the e-mail is what other commands take (members update ada@acme.com); the name is cut first.
  { header: 'EMAIL', value: (m) => m.user.email, priority: 1, whole: true },
  // ORG ROLE, not ROLE: a CSV of it fed to a team command must not be read as team roles (a team file reads team_role).
  roleColumn((m) => m.role, 'ORG ROLE'),
  // Titles come with `expand=teams`, which only a table asks for: TSV, CSV and JSON keep the count.
  { header: 'TEAMS', value: (m) => (m.teamTitles?.length && m.teamTitles.length <= FEW_TEAMS ? m.teamTitles.map((t) => t.title).join(', ') : m.teams), priority: 3 },
  { header: 'SSO', value: (m) => m.sso, priority: 3 },
  timeColumn('JOINED', (m) => m.joinedAt),
  timeColumn('LAST SEEN', (m) => m.lastSeenAt, 2),
];

export const memberTeamColumns: Column<MemberTeam>[] = [
  idColumn((t) => t.team.id),
  { header: 'TITLE', value: (t) => t.team.title, priority: 1, overflow: 'wrap' },
  roleColumn((t) => t.member.role),
  { header: 'MEMBERS', value: (t) => t.team.members },
];
