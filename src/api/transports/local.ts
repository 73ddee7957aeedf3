import type { Transport, TransportResponse } from './transport';

/**
 * What the local transport calls: the server's `app` (server/app.ts), seen from below. The API layer
 * describes the shape it needs instead of importing the server, so layers point one way.
 */
export interface InProcessApp {
  handleAsync(
    request: { method: string; url: string; headers: Record<string, string>; body?: string },
    options: { actor: { userId: string } },
  ): Promise<TransportResponse>;
}

/** Calls `app.handle` in-process, as `actor`, with no socket in between. The engine's owner closes it. */
export function localTransport(app: InProcessApp, actor: { userId: string }): Transport {
  return {
    async send(request) {
      return app.handleAsync({ method: request.method, url: request.url, headers: { 'content-type': 'application/json' }, body: request.body }, { actor });
    },
  };
}
