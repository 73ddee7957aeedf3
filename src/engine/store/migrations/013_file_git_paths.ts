/**
 * Where Git Sync keeps each file (issue 29): `content push` records a file's path in the folder, as it
 * does a page's, so that a link resolves to that very file and `pull` writes it back where it was
 * (`images/logo.png` beside the pages, `.gitbook/assets/chain-icons/a.svg`). NULL for files made
 * otherwise: they are pulled under `.gitbook/assets/` by name.
 */
export const sql = `
ALTER TABLE revision_files ADD COLUMN git_path TEXT;
`;
