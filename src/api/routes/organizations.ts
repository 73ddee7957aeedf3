import { route } from './route';
import { listOf, PagingQuery, User } from '../schemas/common';
import { EmailDomainOrganizations, Organization, OrganizationCreate, OrganizationPatch } from '../schemas/organization';

const tag = 'Organizations';

export const listOrganizations = route({
  operationId: 'listOrganizations', tag, method: 'GET', path: '/v1/orgs', status: 200,
  summary: 'List the organizations of the authenticated user', query: PagingQuery, response: listOf(Organization),
});
export const createOrganization = route({
  operationId: 'createOrganization', tag, method: 'POST', path: '/v1/orgs', status: 201,
  summary: 'Create an organization (docsctl\'s addition): the caller becomes its admin', body: OrganizationCreate, response: Organization,
});
export const getOrganizationById = route({
  operationId: 'getOrganizationById', tag, method: 'GET', path: '/v1/orgs/{organizationId}', status: 200,
  summary: 'Get an organization', response: Organization,
});
export const updateOrganizationById = route({
  operationId: 'updateOrganizationById', tag, method: 'PATCH', path: '/v1/orgs/{organizationId}', status: 200,
  summary: 'Update an organization', body: OrganizationPatch, response: Organization,
});
export const listOrganizationsForEmailDomain = route({
  operationId: 'listOrganizationsForEmailDomain', tag, method: 'GET', path: '/v1/email-domains/{emailDomain}/orgs', status: 200,
  summary: 'List the organizations that accept an e-mail domain', response: EmailDomainOrganizations,
});
export const getAuthenticatedUser = route({
  operationId: 'getAuthenticatedUser', tag: 'Users', method: 'GET', path: '/v1/user', status: 200,
  summary: 'Get the authenticated user', response: User,
});
export const getUserById = route({
  operationId: 'getUserById', tag: 'Users', method: 'GET', path: '/v1/users/{userId}', status: 200,
  summary: 'Get a user', response: User,
});
