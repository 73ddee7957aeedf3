import { route, SPEC_BODY_BYTES } from './route';
import { listOf, PagingQuery } from '../schemas/common';
import { OpenAPISpec, OpenAPISpecContent, OpenAPISpecCreate, OpenAPISpecPut, OpenAPISpecVersion } from '../schemas/openapi-spec';

const tag = 'OpenAPI specifications';
const specs = '/v1/orgs/{organizationId}/openapi' as const;
const spec = `${specs}/{specSlug}` as const;

export const listOpenAPISpecs = route({
  operationId: 'listOpenAPISpecs', tag, method: 'GET', path: specs, status: 200,
  summary: 'List OpenAPI specifications, by slug', query: PagingQuery, response: listOf(OpenAPISpec),
});
export const createOpenAPISpec = route({
  operationId: 'createOpenAPISpec', maxBodyBytes: SPEC_BODY_BYTES, tag, method: 'POST', path: specs, status: 201,
  summary: 'Create an OpenAPI specification from a URL or a text and process it (409 if the slug exists)', body: OpenAPISpecCreate, response: OpenAPISpec,
});
export const getOpenAPISpecBySlug = route({
  operationId: 'getOpenAPISpecBySlug', tag, method: 'GET', path: spec, status: 200,
  summary: 'Get an OpenAPI specification', response: OpenAPISpec,
});
export const createOrUpdateOpenAPISpecBySlug = route({
  operationId: 'createOrUpdateOpenAPISpecBySlug', maxBodyBytes: SPEC_BODY_BYTES, tag, method: 'PUT', path: spec, status: 200,
  summary: 'Create (201) or update (200) an OpenAPI specification and process it; the answer shows the final state',
  body: OpenAPISpecPut, response: OpenAPISpec,
});
export const deleteOpenAPISpecBySlug = route({
  operationId: 'deleteOpenAPISpecBySlug', tag, method: 'DELETE', path: spec, status: 205,
  summary: 'Delete an OpenAPI specification and its versions',
});
export const listOpenAPISpecVersions = route({
  operationId: 'listOpenAPISpecVersions', tag, method: 'GET', path: `${spec}/versions`, status: 200,
  summary: 'Versions of an OpenAPI specification, newest first', query: PagingQuery, response: listOf(OpenAPISpecVersion),
});
export const getLatestOpenAPISpecVersion = route({
  operationId: 'getLatestOpenAPISpecVersion', tag, method: 'GET', path: `${spec}/versions/latest`, status: 200,
  summary: 'The newest version', response: OpenAPISpecVersion,
});
export const getLatestOpenAPISpecVersionContent = route({
  operationId: 'getLatestOpenAPISpecVersionContent', tag, method: 'GET', path: `${spec}/versions/latest/content`, status: 200,
  summary: "The newest version's files and the URL serving its document", response: OpenAPISpecContent,
});
export const getOpenAPISpecVersionById = route({
  operationId: 'getOpenAPISpecVersionById', tag, method: 'GET', path: `${spec}/versions/{versionId}`, status: 200,
  summary: 'A version', response: OpenAPISpecVersion,
});
export const getOpenAPISpecVersionContentById = route({
  operationId: 'getOpenAPISpecVersionContentById', tag, method: 'GET', path: `${spec}/versions/{versionId}/content`, status: 200,
  summary: "A version's files and the URL serving its document", response: OpenAPISpecContent,
});
export const downloadOpenAPISpecVersion = route({
  operationId: 'downloadOpenAPISpecVersion', tag, method: 'GET', path: `${spec}/versions/{versionId}/raw`, status: 200,
  summary: "A version's document as published (the url of versions; docsctl's addition)", raw: true,
});
