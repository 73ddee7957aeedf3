import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { webhookColumns } from './columns';

export function registerGet(group: Command, ctx: Context): void {
  group
    .command('get')
    .argument('<id>', 'webhook id (from webhooks list)')
    .description('show one webhook')
    .addHelpText('after', '\nExamples:\n  $ docsctl webhooks get WEBHOOK_ID')
    .action(async (webhookId: string) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      await ctx.out.object(await api.call(routes.getWebhook, { params: { organizationId, webhookId } }), webhookColumns);
    });
}
