import * as z from 'zod/mini';
import { lazy } from './lazy';
import { DateTime, Paging } from './common';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS, WEBHOOK_URL_MAX } from '../../domain/webhook-events';

/** A webhook as listed: never its secret, which only the create answer holds (docs/api.md, "Webhooks"). */
export const Webhook = lazy(() => z.object({
  object: z.literal('webhook'),
  id: z.string(),
  organization: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean(),
  /** Why docsctl turned it off (410 Gone, too many failures in a row); absent while on or turned off by hand. */
  disabledReason: z.optional(z.string()),
  createdAt: DateTime,
  updatedAt: DateTime,
}));

/** A webhook just made: the only answer that holds its secret. */
export const CreatedWebhook = lazy(() => z.extend(Webhook, { secret: z.string() }));

const webhookUrl = () => z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).check(z.maxLength(WEBHOOK_URL_MAX));
const events = () => z.array(z.enum(WEBHOOK_EVENTS)).check(z.minLength(1), z.maxLength(WEBHOOK_EVENTS.length));
const secret = () => z.string().check(z.minLength(16), z.maxLength(200));

export const WebhookCreate = lazy(() => z.strictObject({
  url: webhookUrl(),
  events: events(),
  /** At least 16 characters; 32 random bytes (hex) when absent. */
  secret: z.optional(secret()),
  active: z.optional(z.boolean()),
}));

/** Turning a webhook on again (`active: true`) clears its disabled reason and its count of failures. */
export const WebhookPatch = lazy(() => z.strictObject({
  url: z.optional(webhookUrl()),
  events: z.optional(events()),
  secret: z.optional(secret()),
  active: z.optional(z.boolean()),
}));

export const WebhookDelivery = lazy(() => z.object({
  object: z.literal('webhook-delivery'),
  id: z.string(),
  webhook: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  createdAt: DateTime,
  lastAttemptAt: z.nullable(DateTime),
  nextAttemptAt: z.nullable(DateTime),
  responseStatus: z.nullable(z.number()),
  durationMs: z.nullable(z.number()),
  error: z.nullable(z.string()),
}));

/** One delivery with what was sent (the exact signed body) and the first 4 KiB of the answer. */
export const WebhookDeliveryDetail = lazy(() => z.extend(WebhookDelivery, {
  requestBody: z.string(),
  responseBody: z.nullable(z.string()),
}));

export const WebhookDeliveryListQuery = lazy(() => z.strictObject({ ...Paging, status: z.optional(z.enum(WEBHOOK_DELIVERY_STATUSES)) }));
