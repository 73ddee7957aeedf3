/**
 * Computed pages (an OpenAPI reference generated from a spec) in the search index: which spec each one
 * was generated from (as the page names it: slug or id) and which version of it, so publishing or
 * deleting a spec re-indexes exactly the pages that show it.
 */
export const sql = `
ALTER TABLE search_pages ADD COLUMN computed_spec TEXT;
ALTER TABLE search_pages ADD COLUMN computed_version TEXT;
CREATE INDEX search_pages_by_computed_spec ON search_pages (computed_spec) WHERE computed_spec IS NOT NULL;

-- Computed pages indexed before this were indexed by their stored text: they are forgotten and their
-- spaces marked stale, so the next search indexes what they show.
DELETE FROM search_spaces WHERE space_id IN (
  SELECT p.space_id FROM search_pages p JOIN page_versions v ON v.id = p.version_id WHERE json_extract(v.data, '$.computed') IS NOT NULL);
DELETE FROM search_sections WHERE (space_id, page_id) IN (
  SELECT p.space_id, p.page_id FROM search_pages p JOIN page_versions v ON v.id = p.version_id WHERE json_extract(v.data, '$.computed') IS NOT NULL);
DELETE FROM search_pages WHERE (space_id, page_id) IN (
  SELECT p.space_id, p.page_id FROM search_pages p JOIN page_versions v ON v.id = p.version_id WHERE json_extract(v.data, '$.computed') IS NOT NULL);
`;
