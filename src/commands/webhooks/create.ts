import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { eventsOf } from './events';
import type { WebhookEvent } from '../../domain/webhook-events';

export function registerCreate(group: Command, ctx: Context): void {
  group
    .command('create')
    .description('subscribe a URL to events; the secret that signs each body is printed once')
    .requiredOption('--endpoint <url>', 'where deliveries are POSTed (http or https; --url is the global flag naming a remote instance)')
    .requiredOption('--events <events>', 'comma-separated events (docsctl help webhooks lists them)', eventsOf)
    .option('--secret <secret>', 'the signing secret, at least 16 characters (default: 32 random bytes, in hex)')
    .option('--inactive', 'create it turned off')
    .addHelpText('after', '\nExamples:\n  $ docsctl webhooks create --endpoint https://ci.acme.example/hooks/docs --events change_request_merged,space_deleted\n  $ SECRET=$(docsctl webhooks create --endpoint https://bot.acme.example/in --events space_content_updated --json | jq -r .secret)')
    .action(async (opts: { endpoint: string; events: WebhookEvent[]; secret?: string; inactive?: boolean }) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const body = { url: opts.endpoint, events: opts.events, ...(opts.secret ? { secret: opts.secret } : {}), ...(opts.inactive ? { active: false } : {}) };
      const created = await api.call(routes.createWebhook, { params: { organizationId }, body });
      if (ctx.out.json) ctx.out.raw(created);
      else {
        ctx.out.text(created.secret);
        ctx.out.message(`Created webhook ${created.id} for ${created.url} (${created.events.join(', ')}). Its secret is shown only now: receivers check X-GitBook-Signature with it.`);
      }
    });
}
