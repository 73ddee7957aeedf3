import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';

export function registerDelete(group: Command, ctx: Context): void {
  group
    .command('delete')
    .argument('<id>', 'webhook id (from webhooks list)')
    .description('delete a webhook and its deliveries (pending ones are not sent)')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', '\nExamples:\n  $ docsctl webhooks delete WEBHOOK_ID\n  $ docsctl webhooks delete WEBHOOK_ID --yes')
    .action(async (webhookId: string, opts: { yes?: boolean }) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const found = await api.call(routes.getWebhook, { params: { organizationId, webhookId } });
      await ctx.confirm(`Delete webhook ${found.id} for ${found.url} with its deliveries?`, opts.yes);
      await api.call(routes.deleteWebhook, { params: { organizationId, webhookId } });
      ctx.out.message(`Deleted webhook ${found.id}.`);
    });
}
