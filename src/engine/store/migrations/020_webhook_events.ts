/**
 * The outbox of webhook events as SQLite keeps it (issue 32): one row an event, written by the write
 * that causes it, naming the webhooks subscribed then (`webhooks`, a JSON array of ids) and holding the
 * body they will be sent. A rowid table with no index, so recording an event costs the write one page
 * (a delivery row cost three: its row, its id's index and its webhook's order). `relayWebhookEvents`
 * turns each into a pending delivery of each webhook it names, in `seq` order, then deletes it; the
 * deliverer and every read of deliveries relay first. PostgreSQL records deliveries directly (their
 * INSERT goes with the COMMIT) and has the table only for `db copy` from SQLite.
 */
export const sql = `
CREATE TABLE webhook_events (
  seq             INTEGER PRIMARY KEY,
  organization_id TEXT NOT NULL,
  event           TEXT NOT NULL,
  webhooks        TEXT NOT NULL,
  body            TEXT NOT NULL,
  created_at      TEXT NOT NULL
);
`;
