import { route } from './route';
import { listOf, PagingQuery } from '../schemas/common';
import { Collection, CollectionCreate, CollectionListQuery, CollectionPatch } from '../schemas/collection';
import { Move, Space, Transfer } from '../schemas/space';

const tag = 'Collections';
const collection = '/v1/collections/{collectionId}' as const;

export const listCollections = route({
  operationId: 'listCollections', tag, method: 'GET', path: '/v1/orgs/{organizationId}/collections', status: 200,
  summary: 'List collections (nested=false: top level only)', query: CollectionListQuery, response: listOf(Collection),
});
export const createCollection = route({
  operationId: 'createCollection', tag, method: 'POST', path: '/v1/orgs/{organizationId}/collections', status: 201,
  summary: 'Create a collection', body: CollectionCreate, response: Collection,
});
export const getCollectionById = route({
  operationId: 'getCollectionById', tag, method: 'GET', path: collection, status: 200,
  summary: 'Get a collection', response: Collection,
});
export const updateCollectionById = route({
  operationId: 'updateCollectionById', tag, method: 'PATCH', path: collection, status: 200,
  summary: 'Update a collection', body: CollectionPatch, response: Collection,
});
export const deleteCollectionById = route({
  operationId: 'deleteCollectionById', tag, method: 'DELETE', path: collection, status: 205,
  summary: 'Delete an empty collection',
});
export const listSpacesInCollectionById = route({
  operationId: 'listSpacesInCollectionById', tag, method: 'GET', path: `${collection}/spaces`, status: 200,
  summary: 'Spaces in a collection, in order', query: PagingQuery, response: listOf(Space),
});
export const moveCollection = route({
  operationId: 'moveCollection', tag, method: 'POST', path: `${collection}/move`, status: 200,
  summary: 'Move a collection to another parent or position', body: Move, response: Collection,
});
export const transferCollection = route({
  operationId: 'transferCollection', tag, method: 'POST', path: `${collection}/transfer`, status: 200,
  summary: 'Transfer a collection with its contents to another organization', body: Transfer, response: Collection,
});
