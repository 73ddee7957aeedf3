import { route } from './route';
import { listOf, PagingQuery } from '../schemas/common';
import { SamlCreate, SamlPatch, SamlProvider, SsoLoginInfo } from '../schemas/saml';

const tag = 'SSO';
const saml = '/v1/orgs/{organizationId}/saml' as const;

export const listOrganizationSamlProviders = route({
  operationId: 'listOrganizationSamlProviders', tag, method: 'GET', path: saml, status: 200,
  summary: 'List SAML providers', query: PagingQuery, response: listOf(SamlProvider),
});
export const createOrganizationSamlProvider = route({
  operationId: 'createOrganizationSamlProvider', tag, method: 'POST', path: saml, status: 201,
  summary: 'Create a SAML provider', body: SamlCreate, response: SamlProvider,
});
export const getOrganizationSamlProvider = route({
  operationId: 'getOrganizationSamlProvider', tag, method: 'GET', path: `${saml}/{samlProviderId}`, status: 200,
  summary: 'Get a SAML provider', response: SamlProvider,
});
export const updateOrganizationSamlProvider = route({
  operationId: 'updateOrganizationSamlProvider', tag, method: 'PATCH', path: `${saml}/{samlProviderId}`, status: 200,
  summary: 'Update a SAML provider', body: SamlPatch, response: SamlProvider,
});
export const deleteOrganizationSamlProvider = route({
  operationId: 'deleteOrganizationSamlProvider', tag, method: 'DELETE', path: `${saml}/{samlProviderId}`, status: 204,
  summary: 'Delete a SAML provider',
});
export const getOrganizationSsoLoginInfo = route({
  operationId: 'getOrganizationSsoLoginInfo', tag, method: 'GET', path: '/v1/orgs/{organizationId}/sso', status: 200,
  summary: 'Sign-in information of the SSO providers', response: SsoLoginInfo,
});
