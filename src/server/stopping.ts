import type { ServerResponse } from 'node:http';
import { errorResponse, type ApiResponse } from './app';

/**
 * What a server knows while it stops (docs/deployment.md, "Stopping a replica"): whether it is
 * stopping (then `/readyz` answers 503 and every answer carries `Connection: close`, so keep-alive
 * clients move on), and the requests under way, so that one still running at the shutdown timeout is
 * answered 503 rather than reset, and the database is closed only once their handlers have let go.
 */
export function createStopping() {
  let stopping = false;
  const underWay = new Map<ServerResponse, Promise<void>>();
  return {
    get stopping(): boolean {
      return stopping;
    },
    begin(): void {
      stopping = true;
    },
    /** Follows one request from its arrival to the end of its handler. */
    track(res: ServerResponse, handled: Promise<void>): void {
      underWay.set(res, handled);
      void handled.finally(() => underWay.delete(res));
    },
    /** How many requests are under way. */
    get count(): number {
      return underWay.size;
    },
    /**
     * At the shutdown timeout: answers 503 to every request under way that has no answer yet, and cuts
     * those whose answer had begun (a stream: nothing else can be said). Their handlers go on; a late
     * answer of theirs is dropped (`answered`).
     */
    cutOff(send: (res: ServerResponse, answer: ApiResponse) => void): number {
      let cut = 0;
      for (const res of underWay.keys()) {
        cut++;
        if (res.headersSent) res.destroy();
        else send(res, errorResponse(503, 'the server stopped before this request finished: it may or may not have taken effect; retry it', { 'retry-after': '1', connection: 'close' }));
      }
      return cut;
    },
    /** Resolves once every handler under way has finished, or after `ms`, whichever comes first. */
    async settled(ms: number): Promise<void> {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
      await Promise.race([Promise.allSettled([...underWay.values()]), deadline]);
      clearTimeout(timer);
    },
  };
}

export type Stopping = ReturnType<typeof createStopping>;
