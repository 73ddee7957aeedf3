/**
 * A spec version's document cut into parts (issue 58; openapi-document/parts.ts), made where the version
 * was validated: the first page showing one operation reads the few parts it shows rather than the
 * whole document. Bucket -1 is the head (the top-level fields, how many buckets), the others hold the
 * parts by a hash of their keys. A version published before has none, and its pages read the document.
 * Deleting a version deletes its parts.
 */
export const sql = `
CREATE TABLE openapi_spec_parts (
  version_id  TEXT NOT NULL REFERENCES openapi_spec_versions(id) ON DELETE CASCADE,
  bucket      INTEGER NOT NULL,
  text        TEXT NOT NULL,
  PRIMARY KEY (version_id, bucket)
);
`;
