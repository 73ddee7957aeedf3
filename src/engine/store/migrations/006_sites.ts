/**
 * Docs sites: a site holds either sections (each holding site spaces) or site spaces at its root;
 * section groups hold sections. Top-level sections and groups share one order per site; sections in a
 * group are ordered within it; site spaces are ordered within their section (or the site's root).
 * A site space of a deleted space is hidden (not deleted), so restoring the space brings it back.
 */
export const sql = `
CREATE TABLE sites (
  id                   TEXT PRIMARY KEY,
  organization_id      TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  type                 TEXT NOT NULL DEFAULT 'basic',
  title                TEXT NOT NULL,
  visibility           TEXT NOT NULL DEFAULT 'public',
  published            INTEGER NOT NULL DEFAULT 0,
  hostname             TEXT UNIQUE,
  basename             TEXT,
  proxy                TEXT,
  icon                 TEXT,
  adaptive_enabled     INTEGER NOT NULL DEFAULT 0,
  adaptive_schema      TEXT,
  adaptive_updated_at  TEXT,
  share_key            TEXT NOT NULL,
  customizations       TEXT NOT NULL DEFAULT '{}',
  created_by           TEXT REFERENCES users(id) ON DELETE SET NULL,
  created_at           TEXT NOT NULL,
  updated_at           TEXT NOT NULL
);
CREATE INDEX sites_by_organization ON sites (organization_id, created_at, id);

CREATE TABLE site_section_groups (
  id         TEXT PRIMARY KEY,
  site_id    TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  title      TEXT NOT NULL,
  icon       TEXT,
  position   INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX site_section_groups_by_site ON site_section_groups (site_id, position);

CREATE TABLE site_sections (
  id          TEXT PRIMARY KEY,
  site_id     TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  group_id    TEXT REFERENCES site_section_groups(id) ON DELETE SET NULL,
  title       TEXT NOT NULL,
  description TEXT,
  path        TEXT NOT NULL,
  condition   TEXT,
  icon        TEXT,
  is_default  INTEGER NOT NULL DEFAULT 0,
  position    INTEGER NOT NULL,
  created_at  TEXT NOT NULL
);
CREATE INDEX site_sections_by_site ON site_sections (site_id, group_id, position);

CREATE TABLE site_spaces (
  id         TEXT PRIMARY KEY,
  site_id    TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  section_id TEXT REFERENCES site_sections(id) ON DELETE CASCADE,
  space_id   TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  path       TEXT NOT NULL,
  condition  TEXT,
  is_default INTEGER NOT NULL DEFAULT 0,
  position   INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX site_spaces_by_site ON site_spaces (site_id, section_id, position);
CREATE INDEX site_spaces_by_space ON site_spaces (space_id);
`;
