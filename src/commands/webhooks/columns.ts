import type { Column } from '../../output/render';
import { idColumn, statusColumn, timeColumn } from '../../output/column-kinds';
import type { Webhook, WebhookDelivery } from '../../api/resources';

export const webhookColumns: Column<Webhook>[] = [
  idColumn((w) => w.id),
  { header: 'URL', value: (w) => w.url, priority: 1 },
  { header: 'EVENTS', value: (w) => w.events.join(','), priority: 2 },
  { header: 'ACTIVE', value: (w) => (w.active ? 'yes' : 'no'), priority: 1 },
  { header: 'DISABLED BECAUSE', value: (w) => w.disabledReason ?? '', priority: 3 },
  timeColumn('CREATED', (w) => w.createdAt),
];

export const deliveryColumns: Column<WebhookDelivery>[] = [
  idColumn((d) => d.id),
  { header: 'EVENT', value: (d) => d.event, priority: 1 },
  statusColumn((d) => d.status),
  { header: 'ATTEMPTS', value: (d) => d.attempts, priority: 1 },
  { header: 'RESPONSE', value: (d) => d.responseStatus ?? '', priority: 2 },
  timeColumn('CREATED', (d) => d.createdAt, 2),
  timeColumn('LAST ATTEMPT', (d) => d.lastAttemptAt, 2),
  timeColumn('NEXT ATTEMPT', (d) => d.nextAttemptAt, 3),
  { header: 'ERROR', value: (d) => d.error ?? '', priority: 3 },
];
