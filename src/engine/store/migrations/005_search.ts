/**
 * The full-text search index of every space's current content: one row per page section in
 * `search_sections`, indexed by an external-content FTS5 table kept in step by triggers.
 * `search_pages` records which page version and path each page was indexed at, and `search_spaces`
 * which revision, so a sync rewrites only what changed.
 */
export const sql = `
CREATE TABLE search_sections (
  rowid         INTEGER PRIMARY KEY,
  space_id      TEXT NOT NULL,
  page_id       TEXT NOT NULL,
  anchor        TEXT NOT NULL,
  position      INTEGER NOT NULL,
  section_title TEXT NOT NULL,
  body          TEXT NOT NULL,
  page_title    TEXT NOT NULL
);
CREATE INDEX search_sections_by_page ON search_sections (space_id, page_id);

CREATE VIRTUAL TABLE search_fts USING fts5(
  section_title, body, page_title,
  content = 'search_sections', content_rowid = 'rowid',
  tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER search_sections_ai AFTER INSERT ON search_sections BEGIN
  INSERT INTO search_fts (rowid, section_title, body, page_title) VALUES (new.rowid, new.section_title, new.body, new.page_title);
END;
CREATE TRIGGER search_sections_ad AFTER DELETE ON search_sections BEGIN
  INSERT INTO search_fts (search_fts, rowid, section_title, body, page_title) VALUES ('delete', old.rowid, old.section_title, old.body, old.page_title);
END;

CREATE TABLE search_pages (
  space_id   TEXT NOT NULL,
  page_id    TEXT NOT NULL,
  version_id TEXT NOT NULL,
  path       TEXT NOT NULL,
  PRIMARY KEY (space_id, page_id)
) WITHOUT ROWID;

CREATE TABLE search_spaces (
  space_id    TEXT PRIMARY KEY REFERENCES spaces(id) ON DELETE CASCADE,
  revision_id TEXT NOT NULL
);

-- A purged space leaves nothing behind in the index.
CREATE TRIGGER search_forget_space AFTER DELETE ON spaces BEGIN
  DELETE FROM search_sections WHERE space_id = old.id;
  DELETE FROM search_pages WHERE space_id = old.id;
END;
`;
