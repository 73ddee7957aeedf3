/**
 * Tokens for automation: an optional expiry, and a scope (read, write, admin) that narrows what the
 * token may do below what its user may do. Tokens made before keep doing everything their user may.
 */
export const sql = `
ALTER TABLE api_tokens ADD COLUMN expires_at TEXT;
ALTER TABLE api_tokens ADD COLUMN scope TEXT NOT NULL DEFAULT 'admin';
`;
