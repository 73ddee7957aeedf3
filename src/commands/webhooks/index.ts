import type { Command } from 'commander';
import type { Context } from '../../context';
import { WEBHOOK_EVENTS } from '../../domain/webhook-events';
import { registerCreate } from './create';
import { registerList } from './list';
import { registerGet } from './get';
import { registerUpdate } from './update';
import { registerDelete } from './delete';
import { registerDeliveries } from './deliveries';
import { registerRedeliver } from './redeliver';
import { registerPing } from './ping';
import { registerFlush } from './flush';

/** Webhooks of the organization (admins): signed events POSTed to URLs, with their deliveries (docs/api.md, "Webhooks"). */
export function registerWebhooks(program: Command, ctx: Context): void {
  const group = program.command('webhooks').description('webhooks: events POSTed to URLs, signed, retried, with a delivery log (admins)')
    .addHelpText('after', `\nEvents: ${WEBHOOK_EVENTS.join(', ')}.\n\nExamples:\n  $ docsctl webhooks create --endpoint https://ci.acme.example/hooks/docs --events change_request_merged\n  $ docsctl webhooks deliveries WEBHOOK_ID --status failed`);
  for (const register of [registerCreate, registerList, registerGet, registerUpdate, registerDelete, registerDeliveries, registerRedeliver, registerPing, registerFlush]) register(group, ctx);
}
