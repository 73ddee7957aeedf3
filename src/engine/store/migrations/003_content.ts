/** Content as immutable revisions (pages by content-addressed version, files by blob) and change requests. */
export const sql = `
CREATE TABLE revisions (
  id                TEXT PRIMARY KEY,
  space_id          TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  parents           TEXT NOT NULL DEFAULT '[]',
  type              TEXT NOT NULL DEFAULT 'edits',
  change_request_id TEXT,
  created_at        TEXT NOT NULL
);
CREATE INDEX revisions_by_space ON revisions (space_id);

-- One row per distinct page content; revisions share unchanged pages by id (a SHA-256 of the data).
CREATE TABLE page_versions (
  id   TEXT PRIMARY KEY,
  data TEXT NOT NULL
);

CREATE TABLE revision_pages (
  revision_id    TEXT NOT NULL REFERENCES revisions(id) ON DELETE CASCADE,
  page_id        TEXT NOT NULL,
  version_id     TEXT NOT NULL REFERENCES page_versions(id),
  parent_page_id TEXT,
  position       INTEGER NOT NULL,
  created_at     TEXT NOT NULL,
  updated_at     TEXT NOT NULL,
  PRIMARY KEY (revision_id, page_id)
) WITHOUT ROWID;

CREATE TABLE blobs (
  id    TEXT PRIMARY KEY,
  bytes BLOB NOT NULL,
  size  INTEGER NOT NULL
);

CREATE TABLE revision_files (
  revision_id  TEXT NOT NULL REFERENCES revisions(id) ON DELETE CASCADE,
  file_id      TEXT NOT NULL,
  name         TEXT NOT NULL,
  content_type TEXT NOT NULL,
  blob_id      TEXT NOT NULL REFERENCES blobs(id),
  width        INTEGER,
  height       INTEGER,
  PRIMARY KEY (revision_id, file_id)
) WITHOUT ROWID;

CREATE TABLE change_requests (
  id                       TEXT PRIMARY KEY,
  space_id                 TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  number                   INTEGER NOT NULL,
  status                   TEXT NOT NULL,
  subject                  TEXT NOT NULL DEFAULT '',
  created_by               TEXT REFERENCES users(id) ON DELETE SET NULL,
  created_at               TEXT NOT NULL,
  updated_at               TEXT NOT NULL,
  revision_id              TEXT NOT NULL,
  revision_initial         TEXT NOT NULL,
  revision_merged_ancestor TEXT,
  revision_merged          TEXT,
  UNIQUE (space_id, number)
);
CREATE INDEX change_requests_by_space ON change_requests (space_id, status, number);

CREATE TABLE change_request_contributors (
  change_request_id TEXT NOT NULL REFERENCES change_requests(id) ON DELETE CASCADE,
  user_id           TEXT NOT NULL,
  PRIMARY KEY (change_request_id, user_id)
) WITHOUT ROWID;

-- Every existing space gets its (empty) active revision.
INSERT INTO revisions (id, space_id, created_at) SELECT revision_id, id, created_at FROM spaces;
`;
