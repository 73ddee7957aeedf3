/**
 * Look-ups that walked a table, found by index.
 *
 * A new space's or collection's place (the last sibling's position plus one) came from an index with
 * `deleted_at` before `position`, so it read every sibling: creating a space slowed as spaces grew
 * (half as fast after 5,000). `spaces_by_place` answers it from one end of an index.
 *
 * Webhook deliveries (issue 32). A deliverer looks only at each webhook's first pending
 * delivery (a webhook's leave in order), found through `webhook_deliveries_pending`, which holds the
 * pending rows alone: a backlog, or a first delivery waiting for its retry, no longer makes every claim
 * walk the whole queue. The retention purge finds settled rows by age through
 * `webhook_deliveries_settled`. A delivery's `sequence` is now the webhook's last one plus one (through
 * `webhook_deliveries_by_sequence`); `webhooks.next_sequence` is left unused.
 */
export const sql = `
CREATE INDEX spaces_by_place ON spaces (organization_id, parent_key, position);
DROP INDEX webhook_deliveries_due;
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (webhook_id, sequence) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_settled ON webhook_deliveries (created_at) WHERE status <> 'pending';
`;
