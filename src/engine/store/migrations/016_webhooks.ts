/**
 * Webhooks (issue 32). A webhook is an organization's subscription of a URL to events, with the secret
 * that signs each body. `webhook_deliveries` is the outbox: one row per event per subscribed webhook,
 * written in the same transaction as the change that caused it, holding the exact signed body, then
 * each attempt's outcome. `sequence` orders a webhook's deliveries (from the webhook's `next_sequence`);
 * a deliverer claims a due row by setting `lease_until` and `claimed_by`, so two processes never send it
 * at once, and a process that dies leaves it to another once the lease is past.
 */
export const sql = `
CREATE TABLE webhooks (
  id                   TEXT PRIMARY KEY,
  organization_id      TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  url                  TEXT NOT NULL,
  events               TEXT NOT NULL,
  secret               TEXT NOT NULL,
  active               INTEGER NOT NULL DEFAULT 1,
  disabled_reason      TEXT,
  consecutive_failures INTEGER NOT NULL DEFAULT 0,
  next_sequence        INTEGER NOT NULL DEFAULT 1,
  created_at           TEXT NOT NULL,
  updated_at           TEXT NOT NULL
);
CREATE INDEX webhooks_by_organization ON webhooks (organization_id, created_at, id);

CREATE TABLE webhook_deliveries (
  id              TEXT PRIMARY KEY,
  webhook_id      TEXT NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  organization_id TEXT NOT NULL,
  sequence        INTEGER NOT NULL,
  event           TEXT NOT NULL,
  body            TEXT NOT NULL,
  status          TEXT NOT NULL,
  attempts        INTEGER NOT NULL DEFAULT 0,
  last_attempt_at TEXT,
  next_attempt_at TEXT,
  lease_until     TEXT,
  claimed_by      TEXT,
  response_status INTEGER,
  response_body   TEXT,
  duration_ms     INTEGER,
  error           TEXT,
  created_at      TEXT NOT NULL
);
CREATE UNIQUE INDEX webhook_deliveries_by_sequence ON webhook_deliveries (webhook_id, sequence);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at);
`;
