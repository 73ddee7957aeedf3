/**
 * Search results link to a heading by the id published pages give it (the platform's rule, issue 57),
 * no longer GitHub's: the index is emptied, and each space is indexed again at its next search.
 */
export const sql = `
DELETE FROM search_sections;
DELETE FROM search_pages;
UPDATE search_spaces SET revision_id = '';
`;
