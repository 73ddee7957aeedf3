/** Collections, spaces (soft-deleted, ordered among siblings), space permissions, custom fields. */
export const sql = `
CREATE TABLE collections (
  id              TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  parent_id       TEXT REFERENCES collections(id),
  title           TEXT NOT NULL,
  description     TEXT,
  default_level   TEXT,
  position        INTEGER NOT NULL,
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL,
  parent_key      TEXT GENERATED ALWAYS AS (COALESCE(parent_id, '')) VIRTUAL
);
CREATE INDEX collections_by_parent ON collections (organization_id, parent_id, position, id);
CREATE INDEX collections_in_order ON collections (organization_id, parent_key, position, id);

CREATE TABLE spaces (
  id              TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  parent_id       TEXT REFERENCES collections(id),
  title           TEXT NOT NULL,
  emoji           TEXT NOT NULL DEFAULT '',
  visibility      TEXT NOT NULL DEFAULT 'private',
  edit_mode       TEXT NOT NULL DEFAULT 'live',
  default_level   TEXT,
  revision_id     TEXT NOT NULL,
  position        INTEGER NOT NULL,
  created_by      TEXT REFERENCES users(id) ON DELETE SET NULL,
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL,
  deleted_at      TEXT,
  deleted_by      TEXT REFERENCES users(id) ON DELETE SET NULL,
  -- The sort key of listings: root spaces ('') first, then each collection's. A real (virtual)
  -- column, unlike an expression, lets SQLite seek a keyset cursor in the index.
  parent_key      TEXT GENERATED ALWAYS AS (COALESCE(parent_id, '')) VIRTUAL
);
CREATE INDEX spaces_in_order ON spaces (organization_id, deleted_at, parent_key, position, id);
CREATE INDEX spaces_by_parent ON spaces (parent_id, deleted_at, position, id);
CREATE INDEX spaces_deleted ON spaces (organization_id, deleted_at DESC, id DESC) WHERE deleted_at IS NOT NULL;

CREATE TABLE space_permissions (
  space_id       TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  principal_type TEXT NOT NULL CHECK (principal_type IN ('user', 'team')),
  principal_id   TEXT NOT NULL,
  role           TEXT NOT NULL,
  granted_at     TEXT NOT NULL,
  PRIMARY KEY (space_id, principal_type, principal_id)
) WITHOUT ROWID;
CREATE INDEX space_permissions_by_principal ON space_permissions (principal_type, principal_id);

CREATE TABLE custom_fields (
  id              TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name            TEXT NOT NULL,
  type            TEXT NOT NULL,
  title           TEXT,
  description     TEXT,
  placeholder     TEXT,
  options         TEXT,
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL,
  UNIQUE (organization_id, name)
);

CREATE TABLE space_field_values (
  space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  field_id TEXT NOT NULL REFERENCES custom_fields(id) ON DELETE CASCADE,
  value    TEXT NOT NULL,
  PRIMARY KEY (space_id, field_id)
) WITHOUT ROWID;
`;
