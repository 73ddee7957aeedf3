import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { UsageError } from '../../errors';
import { eventsOf } from './events';
import { webhookColumns } from './columns';
import type { WebhookEvent } from '../../domain/webhook-events';

export function registerUpdate(group: Command, ctx: Context): void {
  group
    .command('update')
    .argument('<id>', 'webhook id (from webhooks list)')
    .description('change a webhook; --active turns one that docsctl turned off on again')
    .option('--endpoint <url>', 'where deliveries are POSTed')
    .option('--events <events>', 'comma-separated events, replacing the ones it has', eventsOf)
    .option('--secret <secret>', 'a new signing secret (at least 16 characters)')
    .option('--active', 'turn it on (clears why it was turned off)')
    .option('--inactive', 'turn it off')
    .addHelpText('after', '\nExamples:\n  $ docsctl webhooks update WEBHOOK_ID --events space_created,space_deleted\n  $ docsctl webhooks update WEBHOOK_ID --active')
    .action(async (webhookId: string, opts: { endpoint?: string; events?: WebhookEvent[]; secret?: string; active?: boolean; inactive?: boolean }) => {
      if (opts.active && opts.inactive) throw new UsageError('--active and --inactive contradict each other');
      const body = {
        ...(opts.endpoint !== undefined ? { url: opts.endpoint } : {}), ...(opts.events ? { events: opts.events } : {}), ...(opts.secret !== undefined ? { secret: opts.secret } : {}),
        ...(opts.active ? { active: true } : opts.inactive ? { active: false } : {}),
      };
      if (!Object.keys(body).length) throw new UsageError('nothing to change: give --endpoint, --events, --secret, --active or --inactive');
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const updated = await api.call(routes.updateWebhook, { params: { organizationId, webhookId }, body });
      if (ctx.out.json) ctx.out.raw(updated);
      else {
        await ctx.out.object(updated, webhookColumns);
        ctx.out.message(`Updated webhook ${updated.id}.`);
      }
    });
}
