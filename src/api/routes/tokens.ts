import { route } from './route';
import { listOf } from '../schemas/common';
import { ApiToken, ApiTokenCreate, ApiTokenListQuery, CreatedApiToken } from '../schemas/token';

const tag = 'Tokens';
const tokens = '/v1/orgs/{organizationId}/tokens' as const;

/** docsctl's additions: the API tokens of an organization's members, for its admins (docs/api.md). */
export const listOrganizationTokens = route({
  operationId: 'listOrganizationTokens', tag, method: 'GET', path: tokens, status: 200,
  summary: "List the API tokens of the organization's members, never their values (admins only; filter user)",
  query: ApiTokenListQuery, response: listOf(ApiToken),
});
export const createOrganizationToken = route({
  operationId: 'createOrganizationToken', tag, method: 'POST', path: tokens, status: 201,
  summary: 'Mint an API token (admins only): for the caller over the API; its value is in this answer only',
  body: ApiTokenCreate, response: CreatedApiToken,
});
export const getOrganizationToken = route({
  operationId: 'getOrganizationToken', tag, method: 'GET', path: `${tokens}/{tokenId}`, status: 200,
  summary: "Get one of the organization's members' API tokens (admins only)", response: ApiToken,
});
export const revokeOrganizationToken = route({
  operationId: 'revokeOrganizationToken', tag, method: 'DELETE', path: `${tokens}/{tokenId}`, status: 200,
  summary: 'Revoke an API token of a member (admins only): it answers 401 from then on; answers the token, kept with revokedAt',
  response: ApiToken,
});
