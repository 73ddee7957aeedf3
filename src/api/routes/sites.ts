import { route } from './route';
import { listOf } from '../schemas/common';
import {
  PublishedContentSite, PublishedQuery, Site, SiteAdaptiveSchema, SiteAdaptiveSchemaUpdate, SiteCreate, SiteListQuery, SiteNoQuery, SitePatch, SiteShareLink,
  SiteVisitorAuth, SiteVisitorAuthPatch, SiteApiReference, SiteApiReferenceCreate,
} from '../schemas/site';

const tag = 'Sites';
const sites = '/v1/orgs/{organizationId}/sites' as const;
const site = `${sites}/{siteId}` as const;

export const listSites = route({
  operationId: 'listSites', tag, method: 'GET', path: sites, status: 200,
  summary: 'List the docs sites of an organization (filters: space, title, published)', query: SiteListQuery, response: listOf(Site),
});
export const createSite = route({
  operationId: 'createSite', tag, method: 'POST', path: sites, status: 201, query: SiteNoQuery,
  summary: 'Create a docs site, with existing spaces or a new sample or empty one', body: SiteCreate, response: Site,
});
export const getSiteById = route({
  operationId: 'getSiteById', tag, method: 'GET', path: site, status: 200, query: SiteNoQuery,
  summary: 'Get a docs site', response: Site,
});
export const updateSiteById = route({
  operationId: 'updateSiteById', tag, method: 'PATCH', path: site, status: 200, query: SiteNoQuery,
  summary: "Change a docs site's settings, defaults, address, or publish it", body: SitePatch, response: Site,
});
export const deleteSiteById = route({
  operationId: 'deleteSiteById', tag, method: 'DELETE', path: site, status: 205, query: SiteNoQuery,
  summary: 'Delete a docs site and its structure (its spaces stay)',
});
export const getSiteAdaptiveSchema = route({
  operationId: 'getSiteAdaptiveSchema', tag, method: 'GET', path: `${site}/adaptive-schema`, status: 200, query: SiteNoQuery,
  summary: "Get the JSON Schema of a site's visitor claims", response: SiteAdaptiveSchema,
});
export const updateSiteAdaptiveSchema = route({
  operationId: 'updateSiteAdaptiveSchema', tag, method: 'PUT', path: `${site}/adaptive-schema`, status: 200, query: SiteNoQuery,
  summary: "Replace the JSON Schema of a site's visitor claims (draft-07, boolean claims)", body: SiteAdaptiveSchemaUpdate, response: SiteAdaptiveSchema,
});
export const getPublishedContentSite = route({
  operationId: 'getPublishedContentSite', tag, method: 'GET', path: `${site}/published`, status: 200,
  summary: 'Get a site as its visitors see it: the site, its structure and customizations', query: PublishedQuery, response: PublishedContentSite,
});
export const getSiteVisitorAuth = route({
  operationId: 'getSiteVisitorAuth', tag, method: 'GET', path: `${site}/visitor-auth`, status: 200, query: SiteNoQuery,
  summary: "Get the key a site's visitor tokens are signed with, and its fallback URL (docsctl; admin)", response: SiteVisitorAuth,
});
export const updateSiteVisitorAuth = route({
  operationId: 'updateSiteVisitorAuth', tag, method: 'PATCH', path: `${site}/visitor-auth`, status: 200, query: SiteNoQuery,
  summary: 'Set where visitors without a valid token are sent (docsctl)', body: SiteVisitorAuthPatch, response: SiteVisitorAuth,
});
export const rotateSiteVisitorKey = route({
  operationId: 'rotateSiteVisitorKey', tag, method: 'POST', path: `${site}/visitor-auth/rotate`, status: 200, query: SiteNoQuery,
  summary: "Replace a site's visitor signing key; tokens signed with the old one stop working (docsctl)", response: SiteVisitorAuth,
});
export const getSiteShareLink = route({
  operationId: 'getSiteShareLink', tag, method: 'GET', path: `${site}/share-link`, status: 200, query: SiteNoQuery,
  summary: "Get a site's share key and share URL (docsctl)", response: SiteShareLink,
});
export const rotateSiteShareLink = route({
  operationId: 'rotateSiteShareLink', tag, method: 'POST', path: `${site}/share-link/rotate`, status: 200, query: SiteNoQuery,
  summary: "Replace a site's share key; links with the old one stop working (docsctl)", response: SiteShareLink,
});
export const addSiteApiReference = route({
  operationId: 'addSiteApiReference', tag, method: 'POST', path: `${site}/api-reference`, status: 201, query: SiteNoQuery,
  summary: "Add an API reference section from an OpenAPI spec: a page per tag, kept in step with its versions; again for the same spec, add its new tags' pages (docsctl)",
  body: SiteApiReferenceCreate, response: SiteApiReference,
});
