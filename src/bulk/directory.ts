import type { ApiClient } from '../api/client';
import { routes } from '../api/routes/index';
import type { Member, TeamMember } from '../api/resources';

/** The organization's members, indexed by id and by e-mail, for resolving rows of a bulk file. */
export class MemberDirectory {
  private readonly byId = new Map<string, Member>();
  private readonly byEmail = new Map<string, Member>();

  constructor(members: Member[]) {
    for (const m of members) {
      this.byId.set(m.id, m);
      this.byEmail.set(m.user.email.toLowerCase(), m);
    }
  }

  static async load(api: ApiClient, organizationId: string): Promise<MemberDirectory> {
    const members: Member[] = [];
    for await (const m of api.paginate(routes.listMembersInOrganizationById, { params: { organizationId }, query: { limit: 1000 } })) {
      members.push(m);
    }
    return new MemberDirectory(members);
  }

  find(ref: string): Member | undefined {
    return ref.includes('@') ? this.byEmail.get(ref.toLowerCase()) : this.byId.get(ref);
  }

  all(): Member[] {
    return [...this.byId.values()];
  }
}

/** Current members of a team: user id -> team role. */
export async function loadTeamRoster(api: ApiClient, organizationId: string, teamId: string): Promise<Map<string, string>> {
  const roster = new Map<string, string>();
  for await (const m of api.paginate(routes.listTeamMembersInOrganizationById, { params: { organizationId, teamId }, query: { limit: 1000 } })) {
    roster.set((m as TeamMember).organization.id, (m as TeamMember).team.role);
  }
  return roster;
}
