/**
 * Writes serialized per organization (issue 33) are PostgreSQL's alone: this migration creates its
 * table of per-organization change versions there (`migrations/postgres.ts`). SQLite has one writer
 * per file, and nothing to add.
 */
export const sql = `
-- Nothing on SQLite.
`;
