import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';

export function registerRedeliver(group: Command, ctx: Context): void {
  group
    .command('redeliver')
    .argument('<id>', 'webhook id')
    .argument('<delivery>', 'delivery id (from webhooks deliveries)')
    .description('send a delivery again, with the same id and body (a server sends it; locally, webhooks flush)')
    .addHelpText('after', '\nExamples:\n  $ docsctl webhooks redeliver WEBHOOK_ID DELIVERY_ID')
    .action(async (webhookId: string, deliveryId: string) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const delivery = await api.call(routes.redeliverWebhookDelivery, { params: { organizationId, webhookId, deliveryId } });
      if (ctx.out.json) ctx.out.raw(delivery);
      else ctx.out.message(`Delivery ${delivery.id} (${delivery.event}) is pending again.`);
    });
}
