/**
 * A leaner outbox (issue 32): recording a delivery wrote its row and three indexes; the partial index
 * of pending rows cost a write ~15 µs of its ~35 µs. A webhook's first pending delivery is found from
 * `webhooks.pending_from` instead: no pending delivery of the webhook has a lower `sequence` (new ones
 * take the last plus one; a redelivered settled one moves to the end of the queue), so a claim walks
 * `webhook_deliveries_by_sequence` from there. The deliverer moves it up as deliveries settle, every
 * few (docs/decisions.md, "The outbox").
 */
export const sql = `
ALTER TABLE webhooks ADD COLUMN pending_from INTEGER NOT NULL DEFAULT 0;
UPDATE webhooks SET pending_from = COALESCE(
  (SELECT MIN(d.sequence) FROM webhook_deliveries d WHERE d.webhook_id = webhooks.id AND d.status = 'pending'),
  (SELECT MAX(d.sequence) + 1 FROM webhook_deliveries d WHERE d.webhook_id = webhooks.id),
  0);
DROP INDEX webhook_deliveries_pending;
`;
