/**
 * Keys in the search index (issue 19): every indexed space and page gets a small integer key, and each
 * section an FTS key made of its space's key, its page's key and its position (`search-keys.ts`). The
 * full-text index is keyed by it, so a search keeps to one space with a range of keys and groups its
 * matches by page with a shift, instead of reading each match's section row.
 *
 * A page's description is kept beside its key, so results need not read the page's stored version.
 *
 * The index is rebuilt rather than converted: its rows are dropped, and each space is indexed again on
 * its next search or change of content (searches index stale spaces first).
 */
export const sql = `
DROP TRIGGER search_sections_ai;
DROP TRIGGER search_sections_ad;
DROP TABLE search_fts;
DELETE FROM search_sections;
DELETE FROM search_pages;
DELETE FROM search_spaces;
ALTER TABLE search_sections ADD COLUMN fts_key INTEGER;
ALTER TABLE search_pages ADD COLUMN key INTEGER;
ALTER TABLE search_pages ADD COLUMN description TEXT;
ALTER TABLE search_spaces ADD COLUMN key INTEGER;
CREATE UNIQUE INDEX search_sections_by_key ON search_sections (fts_key);
CREATE UNIQUE INDEX search_pages_by_key ON search_pages (space_id, key);
CREATE UNIQUE INDEX search_spaces_by_key ON search_spaces (key);

CREATE VIRTUAL TABLE search_fts USING fts5(
  section_title, body, page_title,
  content = 'search_sections', content_rowid = 'fts_key',
  tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER search_sections_ai AFTER INSERT ON search_sections BEGIN
  INSERT INTO search_fts (rowid, section_title, body, page_title) VALUES (new.fts_key, new.section_title, new.body, new.page_title);
END;
CREATE TRIGGER search_sections_ad AFTER DELETE ON search_sections BEGIN
  INSERT INTO search_fts (search_fts, rowid, section_title, body, page_title) VALUES ('delete', old.fts_key, old.section_title, old.body, old.page_title);
END;
`;
