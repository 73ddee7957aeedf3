import type { App } from '../../server/app';
import type { Actor } from '../../engine/index';
import type { Transport } from './transport';

/** Calls `app.handle` in-process, as `actor`, with no socket in between. The engine's owner closes it. */
export function localTransport(app: App, actor: Actor): Transport {
  return {
    async send(request) {
      return app.handleAsync({ method: request.method, url: request.url, headers: { 'content-type': 'application/json' }, body: request.body }, { actor });
    },
  };
}
