import { route } from './route';
import { listOf } from '../schemas/common';
import { Backlink, LinkListing, LinkPagingQuery, LinkStatusQuery } from '../schemas/links';

const tag = 'Links';
const space = '/v1/spaces/{spaceId}' as const;
const changeRequest = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}' as const;

export const listSpaceLinks = route({
  operationId: 'listSpaceLinks', tag, method: 'GET', path: `${space}/links`, status: 200,
  summary: 'Links of every page of the space, classified ok, broken or in-app', query: LinkStatusQuery, response: LinkListing,
});
export const listChangeRequestLinks = route({
  operationId: 'listChangeRequestLinks', tag, method: 'GET', path: `${changeRequest}/links`, status: 200,
  summary: 'Links of every page of a change request (docsctl adds this operation)', query: LinkPagingQuery, response: LinkListing,
});
export const listSpacePageLinks = route({
  operationId: 'listSpacePageLinks', tag, method: 'GET', path: `${space}/content/page/{pageId}/links`, status: 200,
  summary: 'Links of one page of the space', query: LinkStatusQuery, response: LinkListing,
});
export const listChangeRequestPageLinks = route({
  operationId: 'listChangeRequestPageLinks', tag, method: 'GET', path: `${changeRequest}/content/page/{pageId}/links`, status: 200,
  summary: 'Links of one page of a change request', query: LinkPagingQuery, response: LinkListing,
});
export const listSpaceFileBacklinks = route({
  operationId: 'listSpaceFileBacklinks', tag, method: 'GET', path: `${space}/content/files/{fileId}/backlinks`, status: 200,
  summary: 'Pages of the space referencing a file', query: LinkPagingQuery, response: listOf(Backlink),
});
export const listChangeRequestFileBacklinks = route({
  operationId: 'listChangeRequestFileBacklinks', tag, method: 'GET', path: `${changeRequest}/content/files/{fileId}/backlinks`, status: 200,
  summary: 'Pages of a change request referencing a file', query: LinkPagingQuery, response: listOf(Backlink),
});
