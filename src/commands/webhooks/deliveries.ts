import { Option, type Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { printList } from '../shared/list';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { deliveryColumns } from './columns';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus } from '../../domain/webhook-events';

export function registerDeliveries(group: Command, ctx: Context): void {
  withPaging(group.command('deliveries').argument('<id>', 'webhook id').description("a webhook's deliveries, newest first; with DELIVERY, one with its request and response"))
    .argument('[delivery]', 'one delivery id: its request body and the first 4 KiB of the answer')
    .addOption(new Option('--status <status>', 'only these').choices([...WEBHOOK_DELIVERY_STATUSES]))
    .addHelpText('after', '\nExamples:\n  $ docsctl webhooks deliveries WEBHOOK_ID --status failed\n  $ docsctl webhooks deliveries WEBHOOK_ID DELIVERY_ID --json')
    .action(async (webhookId: string, deliveryId: string | undefined, opts: PagingOptions & { status?: WebhookDeliveryStatus }) => {
      const organizationId = await ctx.organizationId();
      if (deliveryId) {
        const api = await ctx.client();
        const delivery = await api.call(routes.getWebhookDelivery, { params: { organizationId, webhookId, deliveryId } });
        if (ctx.out.json) return ctx.out.raw(delivery);
        await ctx.out.object(delivery, deliveryColumns);
        ctx.out.text(`\nRequest body:\n${delivery.requestBody}\n\nResponse body (first 4 KiB):\n${delivery.responseBody ?? '(none)'}`);
        return;
      }
      const query = { ...pagingQuery(opts), ...(opts.status ? { status: opts.status } : {}) };
      await printList(ctx, opts, routes.listWebhookDeliveries, { params: { organizationId, webhookId }, query }, deliveryColumns);
    });
}
