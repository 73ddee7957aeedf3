import { route } from './route';
import { listOf, PagingQuery } from '../schemas/common';
import { CreatedWebhook, Webhook, WebhookCreate, WebhookDelivery, WebhookDeliveryDetail, WebhookDeliveryListQuery, WebhookPatch } from '../schemas/webhook';

const tag = 'Webhooks';
const webhooks = '/v1/orgs/{organizationId}/webhooks' as const;
const webhook = `${webhooks}/{webhookId}` as const;
const delivery = `${webhook}/deliveries/{deliveryId}` as const;

export const listWebhooks = route({
  operationId: 'listWebhooks', tag, method: 'GET', path: webhooks, status: 200,
  summary: 'List the webhooks of an organization (admins)', query: PagingQuery, response: listOf(Webhook),
});
export const createWebhook = route({
  operationId: 'createWebhook', tag, method: 'POST', path: webhooks, status: 201,
  summary: 'Create a webhook; the answer is the only one that shows its secret', body: WebhookCreate, response: CreatedWebhook,
});
export const getWebhook = route({
  operationId: 'getWebhook', tag, method: 'GET', path: webhook, status: 200,
  summary: 'Get a webhook', response: Webhook,
});
export const updateWebhook = route({
  operationId: 'updateWebhook', tag, method: 'PATCH', path: webhook, status: 200,
  summary: 'Update a webhook (active: true turns a disabled one on again)', body: WebhookPatch, response: Webhook,
});
export const deleteWebhook = route({
  operationId: 'deleteWebhook', tag, method: 'DELETE', path: webhook, status: 205,
  summary: 'Delete a webhook and its deliveries',
});
export const listWebhookDeliveries = route({
  operationId: 'listWebhookDeliveries', tag, method: 'GET', path: `${webhook}/deliveries`, status: 200,
  summary: 'Deliveries of a webhook, newest first (status: only those)', query: WebhookDeliveryListQuery, response: listOf(WebhookDelivery),
});
export const getWebhookDelivery = route({
  operationId: 'getWebhookDelivery', tag, method: 'GET', path: delivery, status: 200,
  summary: 'A delivery with its request body and the first 4 KiB of the response', response: WebhookDeliveryDetail,
});
export const redeliverWebhookDelivery = route({
  operationId: 'redeliverWebhookDelivery', tag, method: 'POST', path: `${delivery}/redeliver`, status: 200,
  summary: 'Send a delivery again, with the same id and body', response: WebhookDelivery,
});
export const pingWebhook = route({
  operationId: 'pingWebhook', tag, method: 'POST', path: `${webhook}/ping`, status: 201,
  summary: 'Send a ping event to a webhook', response: WebhookDelivery,
});
