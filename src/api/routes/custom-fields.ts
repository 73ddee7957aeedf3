import * as z from 'zod/mini';
import { route } from './route';
import { listOf, PagingQuery } from '../schemas/common';
import { CustomField, CustomFieldCreate, CustomFieldPatch, SpaceFieldValue, SpaceFieldValuesPatch } from '../schemas/custom-field';

const tag = 'Custom fields';
const fields = '/v1/orgs/{organizationId}/custom-fields' as const;

export const listCustomFields = route({
  operationId: 'listCustomFields', tag, method: 'GET', path: fields, status: 200,
  summary: 'List custom field definitions', query: PagingQuery, response: listOf(CustomField),
});
export const createCustomField = route({
  operationId: 'createCustomField', tag, method: 'POST', path: fields, status: 201,
  summary: 'Define a custom field', body: CustomFieldCreate, response: CustomField,
});
export const getCustomField = route({
  operationId: 'getCustomField', tag, method: 'GET', path: `${fields}/{fieldName}`, status: 200,
  summary: 'Get a custom field definition', response: CustomField,
});
export const updateCustomField = route({
  operationId: 'updateCustomField', tag, method: 'PATCH', path: `${fields}/{fieldName}`, status: 200,
  summary: 'Update a custom field definition (not its name or type)', body: CustomFieldPatch, response: CustomField,
});
export const deleteCustomField = route({
  operationId: 'deleteCustomField', tag, method: 'DELETE', path: `${fields}/{fieldName}`, status: 204,
  summary: 'Delete a custom field and its values',
});
export const listSpaceCustomFields = route({
  operationId: 'listSpaceCustomFields', tag, method: 'GET', path: '/v1/spaces/{spaceId}/custom-fields', status: 200,
  summary: "A space's custom field values", response: z.array(SpaceFieldValue),
});
export const updateSpaceCustomFields = route({
  operationId: 'updateSpaceCustomFields', tag, method: 'PATCH', path: '/v1/spaces/{spaceId}/custom-fields', status: 204,
  summary: "Set a space's custom field values (null clears one)", body: SpaceFieldValuesPatch,
});
