import { UsageError } from '../errors';

/**
 * The events a webhook may subscribe to (issue 32): the platform's names where it has the event
 * (`space_content_updated`, `space_visibility_updated`), the same style for the rest. `ping` is sent by
 * the ping route to one webhook whatever it subscribes to. docs/api.md, "Webhooks", lists each event's
 * `event_data`.
 */
export const WEBHOOK_EVENTS = [
  'space_content_updated',
  'space_visibility_updated',
  'space_created',
  'space_deleted',
  'space_restored',
  'change_request_created',
  'change_request_status_updated',
  'change_request_merged',
  'member_added',
  'member_role_updated',
  'member_removed',
  'team_members_updated',
  'openapi_spec_version_created',
  'comment_created',
  'ping',
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What a delivery is: waiting to be sent (or retried), received with a 2xx, or given up on. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The longest webhook URL, and how much of a receiver's answer a delivery keeps. */
export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_RESPONSE_KEPT_BYTES = 4096;

/**
 * The unit of the retry schedule in ms, from `DOCSCTL_WEBHOOK_RETRY_BASE_MS` (1000 when unset): tests
 * shrink it so that retries come in milliseconds. A whole number from 1 to 60000, or undefined (unset).
 */
export function webhookRetryBaseOf(value: string | undefined): number | undefined {
  return millisecondsOf('DOCSCTL_WEBHOOK_RETRY_BASE_MS', value, 1, 60_000);
}

/**
 * How long a claim on a delivery holds, from `DOCSCTL_WEBHOOK_LEASE_MS` (60000 when unset): past it,
 * another process sends a delivery whose sender died. Tests shorten it; it must stay above the 10 s
 * delivery timeout in real use, or a slow receiver may get a delivery twice.
 */
export function webhookLeaseOf(value: string | undefined): number | undefined {
  return millisecondsOf('DOCSCTL_WEBHOOK_LEASE_MS', value, 100, 3_600_000);
}

function millisecondsOf(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) throw new UsageError(`${name}: must be a whole number of milliseconds from ${min} to ${max}, not ${JSON.stringify(value)}`);
  return n;
}
