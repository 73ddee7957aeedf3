import { route } from './route';
import { ImportBody, ImportQuery, ImportResult } from '../schemas/import';

const tag = 'Content';

export const importContentInSpace = route({
  operationId: 'importContentInSpace', tag, method: 'POST', path: '/v1/spaces/{spaceId}/content/import', status: 201,
  summary: 'Import content from a URL (website, html, markdown, zip, docx) as a new revision of the space',
  query: ImportQuery, body: ImportBody, response: ImportResult,
});
export const importContentInChangeRequest = route({
  operationId: 'importContentInChangeRequest', tag, method: 'POST', path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/import', status: 201,
  summary: 'Import content from a URL (website, html, markdown, zip, docx) into a change request',
  query: ImportQuery, body: ImportBody, response: ImportResult,
});
