import type { Command } from 'commander';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Context } from '../../context';
import { webhookLeaseOf, webhookRetryBaseOf } from '../../domain/webhook-events';

/** `webhooks flush`: sends the local database's due deliveries without a server (for cron), then stops. */
export function registerFlush(group: Command, ctx: Context): void {
  group
    .command('flush')
    .description('send the deliveries that are due from the local database, without a server (for cron); retries not yet due wait for the next run')
    .option('--allow-private-addresses', 'let deliveries reach loopback, private and this machine\'s own addresses (refused by default, as by serve)')
    .addHelpText('after', '\nExamples:\n  $ docsctl webhooks flush\n  $ docsctl webhooks flush --json')
    .action(async (opts: { allowPrivateAddresses?: boolean }) => {
      const retryBaseMs = webhookRetryBaseOf(ctx.env.DOCSCTL_WEBHOOK_RETRY_BASE_MS);
      const leaseMs = webhookLeaseOf(ctx.env.DOCSCTL_WEBHOOK_LEASE_MS);
      const engine = await ctx.localEngine('webhooks flush');
      const counts = { attempts: 0, delivered: 0, retry: 0, failed: 0 };
      const deliverer = engine.webhookDeliverer({
        refusePrivateAddresses: !opts.allowPrivateAddresses, retryBaseMs, leaseMs, worker: `${hostname()}:${process.pid}:${randomUUID()}`,
        onAttempt: (attempt) => {
          counts.attempts++;
          counts[attempt.outcome]++;
          if (!ctx.out.json && attempt.outcome !== 'delivered') ctx.out.message(`${attempt.event} ${attempt.deliveryId} to ${attempt.url}: ${attempt.error ?? attempt.status}${attempt.outcome === 'retry' ? ' (will be retried)' : ' (failed)'}`);
        },
      });
      await deliverer.deliverDue();
      const pending = await deliverer.nextDue();
      if (ctx.out.json) ctx.out.raw({ ...counts, nextDue: pending ?? null });
      else ctx.out.message(`Sent ${counts.attempts} deliver${counts.attempts === 1 ? 'y' : 'ies'}: ${counts.delivered} delivered, ${counts.retry} to retry, ${counts.failed} failed.${pending ? ` The next is due at ${pending}.` : ''}`);
    });
}
