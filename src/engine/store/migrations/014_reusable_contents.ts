/**
 * Reusable content (issue 29): what Git Sync keeps under `.gitbook/includes/` and pages include with
 * `{% include %}`, each revision's own, as its pages and files are. The markdown is the whole text as
 * given (frontmatter included), so `content pull` writes the file back byte for byte; `git_path` is
 * where Git Sync keeps it, NULL for reusable contents made otherwise.
 */
export const sql = `
CREATE TABLE revision_reusable_contents (
  revision_id TEXT NOT NULL REFERENCES revisions(id) ON DELETE CASCADE,
  reusable_id TEXT NOT NULL,
  title       TEXT NOT NULL,
  markdown    TEXT NOT NULL,
  git_path    TEXT,
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL,
  PRIMARY KEY (revision_id, reusable_id)
) WITHOUT ROWID;
`;
