import { route } from './route';
import { listOf, PagingQuery } from '../schemas/common';
import { Team, TeamCreate, TeamListQuery, TeamMember, TeamMemberPut, TeamMembersChange, TeamPatch } from '../schemas/team';

const tag = 'Teams';
const teams = '/v1/orgs/{organizationId}/teams' as const;
const team = `${teams}/{teamId}` as const;

export const listTeamsInOrganizationById = route({
  operationId: 'listTeamsInOrganizationById', tag, method: 'GET', path: teams, status: 200,
  summary: 'List the teams of an organization', query: TeamListQuery, response: listOf(Team),
});
export const createOrganizationTeam = route({
  operationId: 'createOrganizationTeam', tag, method: 'PUT', path: teams, status: 201,
  summary: 'Create a team', body: TeamCreate, response: Team,
});
export const getTeamInOrganizationById = route({
  operationId: 'getTeamInOrganizationById', tag, method: 'GET', path: team, status: 200,
  summary: 'Get a team', response: Team,
});
export const updateTeamInOrganizationById = route({
  operationId: 'updateTeamInOrganizationById', tag, method: 'PATCH', path: team, status: 200,
  summary: 'Rename a team', body: TeamPatch, response: Team,
});
export const deleteTeamInOrganizationById = route({
  operationId: 'deleteTeamInOrganizationById', tag, method: 'DELETE', path: team, status: 204,
  summary: 'Delete a team',
});
export const listTeamMembersInOrganizationById = route({
  operationId: 'listTeamMembersInOrganizationById', tag, method: 'GET', path: `${team}/members`, status: 200,
  summary: 'List the members of a team', query: PagingQuery, response: listOf(TeamMember),
});
export const updateMembersInOrganizationTeam = route({
  operationId: 'updateMembersInOrganizationTeam', tag, method: 'PUT', path: `${team}/members`, status: 204,
  summary: 'Add, remove and change roles of team members in one transaction', body: TeamMembersChange,
});
export const addMemberToOrganizationTeamById = route({
  operationId: 'addMemberToOrganizationTeamById', tag, method: 'PUT', path: `${team}/members/{userId}`, status: 204,
  summary: "Add a member to a team or change their team role", body: TeamMemberPut,
});
export const deleteMemberFromOrganizationTeamById = route({
  operationId: 'deleteMemberFromOrganizationTeamById', tag, method: 'DELETE', path: `${team}/members/{userId}`, status: 204,
  summary: 'Remove a member from a team',
});
