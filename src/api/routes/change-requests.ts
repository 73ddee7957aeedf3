import { route, LARGE_BODY_BYTES } from './route';
import { listOf } from '../schemas/common';
import { ChangeRequest, ChangeRequestCreate, ChangeRequestListQuery, ChangeRequestPatch, ContentWrite, ContentWriteResult, MergeResult } from '../schemas/content';

const tag = 'Change requests';
const crs = '/v1/spaces/{spaceId}/change-requests' as const;
const cr = `${crs}/{changeRequestId}` as const;

export const listChangeRequests = route({
  operationId: 'listChangeRequests', tag, method: 'GET', path: crs, status: 200,
  summary: 'List change requests (status defaults to open)', query: ChangeRequestListQuery, response: listOf(ChangeRequest),
});
export const createChangeRequest = route({
  operationId: 'createChangeRequest', tag, method: 'POST', path: crs, status: 201,
  summary: 'Open a change request from the space content', body: ChangeRequestCreate, response: ChangeRequest,
});
export const getChangeRequest = route({
  operationId: 'getChangeRequest', tag, method: 'GET', path: cr, status: 200,
  summary: 'Get a change request (by id or number)', response: ChangeRequest,
});
export const updateChangeRequest = route({
  operationId: 'updateChangeRequest', tag, method: 'PATCH', path: cr, status: 200,
  summary: "Change a change request's subject or status", body: ChangeRequestPatch, response: ChangeRequest,
});
export const mergeChangeRequest = route({
  operationId: 'mergeChangeRequest', tag, method: 'POST', path: `${cr}/merge`, status: 200,
  summary: 'Merge a change request into the space', response: MergeResult,
});
export const updateChangeRequestFromMain = route({
  operationId: 'updateChangeRequestFromMain', tag, method: 'POST', path: `${cr}/update`, status: 200,
  summary: "Bring the space's current content into a change request", response: MergeResult,
});
export const writeChangeRequestContent = route({
  operationId: 'writeChangeRequestContent', maxBodyBytes: LARGE_BODY_BYTES, tag, method: 'POST', path: `${cr}/content`, status: 200,
  summary: 'Apply a batch of content changes to a change request (all or nothing)', body: ContentWrite, response: ContentWriteResult,
});
