/**
 * Files as bytes, streamed (issue 29). A blob of more than one chunk is kept in `blob_chunks`, 1 MiB a
 * row in order (`seq` from 0), with `chunks` saying how many and `bytes` empty; a blob of one chunk or
 * less, and every blob written before, keeps its bytes inline (`chunks` 0). Still one row per SHA-256:
 * the same bytes are stored once.
 *
 * `space_uploads` remembers what was uploaded to a space (`POST /v1/spaces/{spaceId}/uploads`) for a
 * write batch's `insert_files` to reference, for UPLOAD_RETENTION_HOURS; the purge then drops the row,
 * and the blob too when no file and no other upload refers to it (the indexes by blob and by time keep
 * that cheap, and an engine start with nothing due reads one index entry).
 */
export const sql = `
ALTER TABLE blobs ADD COLUMN chunks INTEGER NOT NULL DEFAULT 0;

CREATE TABLE blob_chunks (
  blob_id TEXT NOT NULL REFERENCES blobs(id) ON DELETE CASCADE,
  seq     INTEGER NOT NULL,
  bytes   BLOB NOT NULL,
  PRIMARY KEY (blob_id, seq)
);

CREATE TABLE space_uploads (
  space_id   TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  blob_id    TEXT NOT NULL REFERENCES blobs(id),
  created_at TEXT NOT NULL,
  created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  PRIMARY KEY (space_id, blob_id)
);
CREATE INDEX space_uploads_by_time ON space_uploads (created_at);
CREATE INDEX space_uploads_by_blob ON space_uploads (blob_id);
CREATE INDEX revision_files_by_blob ON revision_files (blob_id);
`;
