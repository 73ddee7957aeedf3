/**
 * Where a published site shows one schema of an API description (issue 58), under a site space:
 * `~schemas/{spec slug}/{pointer segments}` for a spec of the organization, and
 * `~schemas/~files/{file id}/{pointer segments}` for a file of the space a legacy `swagger` block
 * reads (a slug is lowercase letters, digits and hyphens: never `~files`).
 */
export const SCHEMAS_SEGMENT = '~schemas';
export const FILES_SEGMENT = '~files';
