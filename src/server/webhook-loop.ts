import { AsyncResource } from 'node:async_hooks';
import type { WebhookDeliverer } from '../engine/webhook-delivery';

/** How often `serve` looks for due deliveries (those recorded by other processes, retries coming due). */
export const DELIVERY_POLL_MS = 1000;

/**
 * Runs a deliverer in the background: every `intervalMs`, and at once when woken (a write of this
 * process committed events). One run at a time; a wake during a run runs again after it. `stop` waits
 * for the run under way (its attempts are bounded by the delivery timeout).
 */
export function startDeliveryLoop(deliverer: WebhookDeliverer, options: { intervalMs?: number; onError: (error: unknown) => void }) {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  // Bound to where the loop starts: a wake comes from the end of a write's transaction, and the store
  // follows the async context, so a run started there could pass for part of that transaction.
  const run = AsyncResource.bind((): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await deliverer.deliverDue();
        } catch (error) {
          options.onError(error);
        }
      } while (again && !stopped);
    })().finally(() => { running = undefined; });
  });
  const timer = setInterval(() => run(), options.intervalMs ?? DELIVERY_POLL_MS);
  timer.unref();
  run();
  return {
    wake: () => run(),
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
