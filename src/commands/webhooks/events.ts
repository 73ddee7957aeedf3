import { InvalidArgumentError } from 'commander';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../../domain/webhook-events';

/** `--events a,b`: event names, checked here so a typo names the events there are. */
export function eventsOf(value: string): WebhookEvent[] {
  const names = value.split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => !(WEBHOOK_EVENTS as readonly string[]).includes(name));
  if (!names.length) throw new InvalidArgumentError('name at least one event');
  if (unknown.length) throw new InvalidArgumentError(`no event ${unknown.join(', ')}; the events are ${WEBHOOK_EVENTS.join(', ')}`);
  return names as WebhookEvent[];
}
