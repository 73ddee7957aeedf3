import { route } from './route';
import { Limits, RawBody, Upload, UploadQuery } from '../schemas/upload';

/**
 * docsctl's addition: a file's bytes sent as they are (a raw body, streamed), for `insert_files` to
 * reference by id instead of carrying base64 (docs/api.md, "Uploads").
 */
export const createSpaceUpload = route({
  operationId: 'createSpaceUpload', tag: 'Content', method: 'POST', path: '/v1/spaces/{spaceId}/uploads', status: 201,
  summary: 'Upload a file\'s bytes (the raw body) for insert_files to reference as { upload: id } within 24 hours (edit role on the space)',
  query: UploadQuery, body: RawBody, rawBody: true, response: Upload,
});

/** docsctl's addition: the bounds of this instance a client may check before it sends anything. */
export const getLimits = route({
  operationId: 'getLimits', tag: 'Limits', method: 'GET', path: '/v1/limits', status: 200,
  summary: 'The bounds of this instance (the largest file it takes), for any authenticated caller',
  response: Limits,
});
