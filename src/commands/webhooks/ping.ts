import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';

export function registerPing(group: Command, ctx: Context): void {
  group
    .command('ping')
    .argument('<id>', 'webhook id')
    .description('record a ping event for this webhook (a server sends it; locally, webhooks flush)')
    .addHelpText('after', '\nExamples:\n  $ docsctl webhooks ping WEBHOOK_ID')
    .action(async (webhookId: string) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const delivery = await api.call(routes.pingWebhook, { params: { organizationId, webhookId } });
      if (ctx.out.json) ctx.out.raw(delivery);
      else ctx.out.message(`Ping ${delivery.id} is pending.`);
    });
}
