/**
 * OpenAPI specifications with their versions, and translation settings.
 * A version stores the document text as it was published (content-addressed by `sha256` within its
 * spec); `number` orders a spec's versions (1, 2, ...). Deleting a spec deletes its versions.
 */
export const sql = `
CREATE TABLE openapi_specs (
  id                 TEXT PRIMARY KEY,
  organization_id    TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  slug               TEXT NOT NULL,
  source_url         TEXT,
  processing_state   TEXT NOT NULL DEFAULT 'pending',
  last_version_id    TEXT,
  last_processed_at  TEXT,
  last_error_code    TEXT,
  last_error         TEXT,
  created_at         TEXT NOT NULL,
  updated_at         TEXT NOT NULL,
  UNIQUE (organization_id, slug)
);

CREATE TABLE openapi_spec_versions (
  id           TEXT PRIMARY KEY,
  spec_id      TEXT NOT NULL REFERENCES openapi_specs(id) ON DELETE CASCADE,
  number       INTEGER NOT NULL,
  sha256       TEXT NOT NULL,
  filename     TEXT NOT NULL,
  text         TEXT NOT NULL,
  title        TEXT,
  api_version  TEXT,
  created_at   TEXT NOT NULL,
  UNIQUE (spec_id, number)
);

CREATE TABLE translation_settings (
  id               TEXT PRIMARY KEY,
  organization_id  TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  title            TEXT NOT NULL,
  languages        TEXT NOT NULL DEFAULT '[]',
  created_at       TEXT NOT NULL,
  updated_at       TEXT NOT NULL
);
CREATE INDEX translation_settings_by_organization ON translation_settings (organization_id, created_at, id);
`;
