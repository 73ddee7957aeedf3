import { route } from './route';
import { listOf, PagingQuery } from '../schemas/common';
import { Move, RestoredSpace, Space, SpaceCreate, SpaceGetQuery, SpaceListQuery, SpacePatch, Transfer } from '../schemas/space';
import { PermissionGrant, PermissionPatch, SpaceTeamPermission, SpaceUserPermission } from '../schemas/space-permission';

const tag = 'Spaces';
const space = '/v1/spaces/{spaceId}' as const;

export const listSpaces = route({
  operationId: 'listSpaces', tag, method: 'GET', path: '/v1/orgs/{organizationId}/spaces', status: 200,
  summary: 'List the spaces of an organization (deleted=true: those deleted in the last 7 days)', query: SpaceListQuery, response: listOf(Space),
});
export const createSpace = route({
  operationId: 'createSpace', tag, method: 'POST', path: '/v1/orgs/{organizationId}/spaces', status: 201,
  summary: 'Create a space', body: SpaceCreate, response: Space,
});
export const getSpaceById = route({
  operationId: 'getSpaceById', tag, method: 'GET', path: space, status: 200,
  summary: 'Get a space', query: SpaceGetQuery, response: Space,
});
export const updateSpaceById = route({
  operationId: 'updateSpaceById', tag, method: 'PATCH', path: space, status: 200,
  summary: 'Update a space', body: SpacePatch, response: Space,
});
export const deleteSpaceById = route({
  operationId: 'deleteSpaceById', tag, method: 'DELETE', path: space, status: 205,
  summary: 'Delete a space (restorable for 7 days)',
});
export const duplicateSpace = route({
  operationId: 'duplicateSpace', tag, method: 'POST', path: `${space}/duplicate`, status: 201,
  summary: 'Duplicate a space', response: Space,
});
export const restoreSpace = route({
  operationId: 'restoreSpace', tag, method: 'POST', path: `${space}/restore`, status: 200,
  summary: 'Restore a space deleted in the last 7 days', response: RestoredSpace,
});
export const moveSpace = route({
  operationId: 'moveSpace', tag, method: 'POST', path: `${space}/move`, status: 200,
  summary: 'Move a space to another collection or position', body: Move, response: Space,
});
export const transferSpace = route({
  operationId: 'transferSpace', tag, method: 'POST', path: `${space}/transfer`, status: 200,
  summary: 'Transfer a space to another organization', body: Transfer, response: Space,
});
export const grantSpacePermissions = route({
  operationId: 'grantSpacePermissions', tag, method: 'POST', path: `${space}/permissions`, status: 204,
  summary: 'Give users and teams a role on a space', body: PermissionGrant,
});
export const listSpaceUserPermissions = route({
  operationId: 'listSpaceUserPermissions', tag, method: 'GET', path: `${space}/permissions/users`, status: 200,
  summary: 'Users with a role on a space', query: PagingQuery, response: listOf(SpaceUserPermission),
});
export const listSpaceTeamPermissions = route({
  operationId: 'listSpaceTeamPermissions', tag, method: 'GET', path: `${space}/permissions/teams`, status: 200,
  summary: 'Teams with a role on a space', query: PagingQuery, response: listOf(SpaceTeamPermission),
});
export const updateSpaceUserPermission = route({
  operationId: 'updateSpaceUserPermission', tag, method: 'PATCH', path: `${space}/permissions/users/{userId}`, status: 200,
  summary: "Change a user's role on a space", body: PermissionPatch, response: SpaceUserPermission,
});
export const removeSpaceUserPermission = route({
  operationId: 'removeSpaceUserPermission', tag, method: 'DELETE', path: `${space}/permissions/users/{userId}`, status: 204,
  summary: "Remove a user's role on a space",
});
export const updateSpaceTeamPermission = route({
  operationId: 'updateSpaceTeamPermission', tag, method: 'PATCH', path: `${space}/permissions/teams/{teamId}`, status: 200,
  summary: "Change a team's role on a space", body: PermissionPatch, response: SpaceTeamPermission,
});
export const removeSpaceTeamPermission = route({
  operationId: 'removeSpaceTeamPermission', tag, method: 'DELETE', path: `${space}/permissions/teams/{teamId}`, status: 204,
  summary: "Remove a team's role on a space",
});
