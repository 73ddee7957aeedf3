import { route } from './route';
import { listOf } from '../schemas/common';
import { OrganizationSearchItem, SearchQuery, SpaceSearchItem } from '../schemas/search';

const tag = 'Search';

export const searchSpaceContent = route({
  operationId: 'searchSpaceContent', tag, method: 'GET', path: '/v1/spaces/{spaceId}/search', status: 200,
  summary: 'Search the content of a space: pages best first, with their matching sections', query: SearchQuery, response: listOf(SpaceSearchItem),
});
export const searchOrganizationContent = route({
  operationId: 'searchOrganizationContent', tag, method: 'GET', path: '/v1/orgs/{organizationId}/search', status: 200,
  summary: 'Search every space of an organization the caller can read, grouped by space then page', query: SearchQuery, response: listOf(OrganizationSearchItem),
});
