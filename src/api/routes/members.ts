import { route } from './route';
import { listOf } from '../schemas/common';
import { Member, MemberListQuery, MemberPatch, MembersPatch, MembersPatchResult, MemberSpace, MemberSpacesQuery, PingResult } from '../schemas/member';
import { MemberTeam, MemberTeamsQuery } from '../schemas/team';

const tag = 'Members';
const one = '/v1/orgs/{organizationId}/members/{userId}' as const;

export const listMembersInOrganizationById = route({
  operationId: 'listMembersInOrganizationById', tag, method: 'GET', path: '/v1/orgs/{organizationId}/members', status: 200,
  summary: 'List the members of an organization', query: MemberListQuery, response: listOf(Member),
});
/** docsctl's: several members' roles in one transaction (docs/api.md, "Changing several members' roles"). */
export const updateMembersInOrganizationById = route({
  operationId: 'updateMembersInOrganizationById', tag, method: 'PATCH', path: '/v1/orgs/{organizationId}/members', status: 200,
  summary: "Change several members' roles, all or nothing", body: MembersPatch, response: MembersPatchResult,
});
export const getMemberInOrganizationById = route({
  operationId: 'getMemberInOrganizationById', tag, method: 'GET', path: one, status: 200,
  summary: 'Get a member', response: Member,
});
export const updateMemberInOrganizationById = route({
  operationId: 'updateMemberInOrganizationById', tag, method: 'PATCH', path: one, status: 200,
  summary: "Change a member's role", body: MemberPatch, response: Member,
});
export const removeMemberFromOrganizationById = route({
  operationId: 'removeMemberFromOrganizationById', tag, method: 'DELETE', path: one, status: 204,
  summary: 'Remove a member from the organization',
});
export const pingOrganization = route({
  operationId: 'pingOrganization', tag, method: 'POST', path: '/v1/orgs/{organizationId}/ping', status: 200,
  summary: "Record the caller's activity and get a visitor JWT", response: PingResult,
});
export const updateMemberSsoInOrganizationById = route({
  operationId: 'updateMemberSsoInOrganizationById', tag, method: 'POST', path: `${one}/sso`, status: 200,
  summary: 'Make a member sign in through SSO', response: Member,
});
export const listSpacesForMemberInOrganization = route({
  operationId: 'listSpacesForMemberInOrganization', tag, method: 'GET', path: `${one}/spaces`, status: 200,
  summary: 'List the spaces a member can access', query: MemberSpacesQuery, response: listOf(MemberSpace),
});
export const listTeamsForMemberInOrganization = route({
  operationId: 'listTeamsForMemberInOrganization', tag, method: 'GET', path: `${one}/teams`, status: 200,
  summary: 'List the teams of a member', query: MemberTeamsQuery, response: listOf(MemberTeam),
});
