/**
 * The audit trail: one row per successful write through the API (who, which operation, on what, a
 * short summary without values, when, the request id), kept AUDIT_RETENTION_DAYS and then purged.
 */
export const sql = `
CREATE TABLE audit_log (
  id              TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL,
  at              TEXT NOT NULL,
  user_id         TEXT NOT NULL,
  token_id        TEXT,
  operation_id    TEXT NOT NULL,
  method          TEXT NOT NULL,
  path            TEXT NOT NULL,
  targets         TEXT NOT NULL,
  summary         TEXT NOT NULL,
  request_id      TEXT,
  status          INTEGER NOT NULL
);
CREATE INDEX audit_log_by_organization ON audit_log (organization_id, at, id);
`;
