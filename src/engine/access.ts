import type { Actor, Core } from './core';
import { forbidden, notFound } from './errors';
import { atLeast, type Role } from '../domain/roles';
import type { Statement } from './store/store';

export interface Membership {
  role: Role | null;
}

/** The read of a user's membership (a write's is read ahead with its BEGIN: write-reads.ts). */
export function membershipRead(organizationId: string, userId: string): Statement {
  return { sql: 'SELECT role FROM members WHERE organization_id = ? AND user_id = ? AND disabled = 0', args: [organizationId, userId] };
}

/** What `membershipOf` is remembered as (a request's first read may bring it: tokens.ts, `readsAlongside`). */
export const membershipKey = (organizationId: string, userId: string) => `membership:${organizationId}:${userId}`;

export async function membershipOf(core: Core, organizationId: string, userId: string): Promise<Membership | undefined> {
  return await core.remember(membershipKey(organizationId, userId), async () => {
    const { sql, args } = membershipRead(organizationId, userId);
    return await core.get<Membership>(sql, args);
  }, organizationId);
}

/** The caller's membership; an organization the caller does not belong to does not exist for them (404). */
export async function requireMember(core: Core, actor: Actor, organizationId: string): Promise<Membership> {
  const membership = await membershipOf(core, organizationId, actor.userId);
  if (!membership) throw notFound(`organization ${organizationId} not found`);
  return membership;
}

/** Organization-level rights, computed for the caller (never stored). `undefined` = not a member, `null` = guest. */
export function organizationPermissions(role: Role | null | undefined) {
  const isMember = role != null;
  return {
    view: role !== undefined,
    access: role !== undefined,
    admin: role === 'admin',
    ownTeam: isMember,
    createContent: atLeast(role, 'create'),
    createOpenAPISpec: atLeast(role, 'create'),
    viewBilling: role === 'admin',
    listMembers: isMember,
    listTeams: isMember,
    listIntegrations: role === 'admin',
    // docsctl has no integrations: nobody may install one or list installations.
    installIntegration: false,
    listInstallations: false,
  };
}

export type OrganizationRight = keyof ReturnType<typeof organizationPermissions>;

const RIGHT_TEXT: Record<OrganizationRight, string> = {
  view: 'view the organization',
  access: 'open the organization in the application',
  admin: 'administer the organization (admin role required)',
  ownTeam: 'own teams (guests cannot)',
  createContent: 'create content (create role or higher required)',
  createOpenAPISpec: 'manage OpenAPI specifications (create role or higher required)',
  viewBilling: 'view billing (admin role required)',
  listMembers: 'list members (guests cannot)',
  listTeams: 'list teams (guests cannot)',
  listIntegrations: 'list integrations (admin role required)',
  installIntegration: 'install integrations (docsctl has none)',
  listInstallations: 'list integration installations (docsctl has none)',
};

/** Membership with a given right: 404 for non-members, 403 for members without it. */
export async function requireRight(core: Core, actor: Actor, organizationId: string, right: OrganizationRight): Promise<Membership> {
  const membership = await requireMember(core, actor, organizationId);
  if (!organizationPermissions(membership.role)[right]) {
    throw forbidden(`you are not allowed to ${RIGHT_TEXT[right]}`);
  }
  return membership;
}
