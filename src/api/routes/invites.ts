import { route } from './route';
import { listOf, PagingQuery } from '../schemas/common';
import { EmailInvite, EmailInviteResult, Invite, LinkInviteCreate, LinkInvitePatch } from '../schemas/invite';

const tag = 'Invites';
const links = '/v1/orgs/{organizationId}/link-invites' as const;

export const listOrganizationInvites = route({
  operationId: 'listOrganizationInvites', tag, method: 'GET', path: links, status: 200,
  summary: 'List invite links', query: PagingQuery, response: listOf(Invite),
});
export const createOrganizationInvite = route({
  operationId: 'createOrganizationInvite', tag, method: 'POST', path: links, status: 201,
  summary: 'Create an invite link', body: LinkInviteCreate, response: Invite,
});
export const getOrganizationInviteById = route({
  operationId: 'getOrganizationInviteById', tag, method: 'GET', path: `${links}/{inviteId}`, status: 200,
  summary: 'Get an invite link', response: Invite,
});
export const updateOrganizationInviteById = route({
  operationId: 'updateOrganizationInviteById', tag, method: 'PATCH', path: `${links}/{inviteId}`, status: 200,
  summary: "Change an invite link's role", body: LinkInvitePatch, response: Invite,
});
export const deleteOrganizationInviteById = route({
  operationId: 'deleteOrganizationInviteById', tag, method: 'DELETE', path: `${links}/{inviteId}`, status: 205,
  summary: 'Delete an invite link',
});
export const inviteUsersToOrganization = route({
  operationId: 'inviteUsersToOrganization', tag, method: 'POST', path: '/v1/orgs/{organizationId}/invites', status: 200,
  summary: 'Invite people by e-mail', body: EmailInvite, response: EmailInviteResult,
});
