/** Organizations, users, members, teams, invites, SAML providers, API tokens. */
export const sql = `
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE users (
  id           TEXT PRIMARY KEY,
  display_name TEXT NOT NULL,
  email        TEXT NOT NULL UNIQUE COLLATE NOCASE,
  photo_url    TEXT,
  created_at   TEXT NOT NULL
);

CREATE TABLE organizations (
  id              TEXT PRIMARY KEY,
  title           TEXT NOT NULL,
  created_at      TEXT NOT NULL,
  email_domains   TEXT NOT NULL DEFAULT '[]',
  hostname        TEXT UNIQUE,
  type            TEXT NOT NULL DEFAULT 'business',
  use_case        TEXT,
  community_type  TEXT,
  default_role    TEXT,
  default_content TEXT,
  sso             INTEGER NOT NULL DEFAULT 0,
  ai              INTEGER NOT NULL DEFAULT 0,
  invite_links    INTEGER NOT NULL DEFAULT 1,
  plan            TEXT NOT NULL DEFAULT 'free_2024',
  logo            TEXT,
  custom_hostname TEXT
);

CREATE TABLE members (
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  user_id         TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role            TEXT,
  disabled        INTEGER NOT NULL DEFAULT 0,
  sso             INTEGER NOT NULL DEFAULT 0,
  joined_at       TEXT NOT NULL,
  last_seen_at    TEXT,
  PRIMARY KEY (organization_id, user_id)
) WITHOUT ROWID;
CREATE INDEX members_by_joined ON members (organization_id, joined_at, user_id);
CREATE INDEX members_by_seen ON members (organization_id, last_seen_at, user_id);
CREATE INDEX members_by_user ON members (user_id);

CREATE TABLE teams (
  id              TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  title           TEXT NOT NULL,
  created_at      TEXT NOT NULL
);
CREATE INDEX teams_by_org ON teams (organization_id, created_at, id);

CREATE TABLE team_members (
  team_id   TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  user_id   TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role      TEXT NOT NULL DEFAULT 'member',
  added_at  TEXT NOT NULL,
  PRIMARY KEY (team_id, user_id)
) WITHOUT ROWID;
CREATE INDEX team_members_by_user ON team_members (user_id);

CREATE TABLE invites (
  id              TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  role            TEXT,
  level           TEXT,
  space_id        TEXT,
  collection_id   TEXT,
  created_by      TEXT REFERENCES users(id) ON DELETE SET NULL,
  created_at      TEXT NOT NULL
);
CREATE INDEX invites_by_org ON invites (organization_id, created_at, id);

CREATE TABLE saml_providers (
  id              TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  label           TEXT NOT NULL,
  sso_url         TEXT,
  entity_id       TEXT,
  certificate     TEXT,
  default_team_id TEXT REFERENCES teams(id) ON DELETE SET NULL,
  default_role    TEXT,
  created_at      TEXT NOT NULL
);
CREATE INDEX saml_by_org ON saml_providers (organization_id, created_at, id);

CREATE TABLE api_tokens (
  id           TEXT PRIMARY KEY,
  user_id      TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name         TEXT NOT NULL,
  token_hash   TEXT NOT NULL UNIQUE,
  created_at   TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at   TEXT
);
`;
