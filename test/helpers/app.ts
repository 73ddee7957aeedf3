import { expect } from 'vitest';
import { createApp, type App } from '../../src/server/app';
import { routes, type Routes } from '../../src/api/routes/index';
import type { Engine } from '../../src/engine/index';
import type { RateLimitOptions } from '../../src/server/rate-limit';

export interface CallResult {
  status: number;
  headers: Record<string, string>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** The app under test with a token for each user that needs one. */
export function testApp(engine: Engine, options: { rateLimit?: RateLimitOptions } = {}) {
  const app = createApp({ engine, rateLimit: options.rateLimit, onError: (e) => { throw e; } });
  const tokens = new Map<string, string>();
  const tokenFor = async (userId: string) => {
    let token = tokens.get(userId);
    if (!token) {
      token = (await engine.tokens.create({ user: userId, name: 'test' })).token;
      tokens.set(userId, token);
    }
    return token;
  };
  return {
    app,
    tokenFor,
    /** Sends a request as `as` (a user id), or with a literal token, or anonymously (`as: null`). */
    /** `bytes`: a raw body (uploads), streamed to the app as `serve` hands it, with its length when a buffer. */
    async request(method: string, url: string, options: { as?: string | null; token?: string; body?: unknown; rawBody?: string; bytes?: Buffer | AsyncIterable<Uint8Array> } = {}): Promise<CallResult> {
      const headers: Record<string, string> = { 'content-type': options.bytes ? 'application/octet-stream' : 'application/json' };
      const token = options.token ?? (options.as ? await tokenFor(options.as) : undefined);
      if (token) headers.authorization = `Bearer ${token}`;
      if (Buffer.isBuffer(options.bytes)) headers['content-length'] = String(options.bytes.length);
      const bytes = Buffer.isBuffer(options.bytes) ? (async function* () { yield options.bytes as Buffer; })() : options.bytes;
      const body = bytes ?? options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
      const audited = async () => (await engine.core.get<{ n: number }>('SELECT count(*) AS n FROM audit_log') as { n: number }).n;
      const before = method === 'GET' ? 0 : await audited();
      const response = await app.handleAsync({ method, url, headers, body });
      // Every successful write leaves exactly one audit record (issue 17): checked on every write of the suite.
      if (method !== 'GET' && response.status < 300) expect(await audited(), `${method} ${url} wrote no audit record`).toBe(before + 1);
      const json = response.headers['content-type']?.startsWith('application/json');
      // A large file's bytes come as a stream: read whole here.
      if (response.stream) {
        const chunks: Buffer[] = [];
        for await (const chunk of response.stream.chunks) chunks.push(chunk);
        response.body = Buffer.concat(chunks);
      }
      const parsed = response.body === undefined ? undefined : json ? JSON.parse(response.body.toString()) : response.body;
      return { status: response.status, headers: response.headers, body: parsed };
    },
  };
}

/** Asserts the error envelope of decisions.md with the given status and a message matching `pattern`. */
export function expectError(result: CallResult, status: number, pattern?: RegExp | string): void {
  expect(result.status, JSON.stringify(result.body)).toBe(status);
  expect(result.body).toEqual({ error: { code: status, message: expect.any(String) } });
  if (pattern) expect(result.body.error.message).toMatch(pattern);
}

/** Asserts a success status and that the body satisfies the route's response schema (the contract). */
export function expectOk(result: CallResult, operationId: keyof Routes): void {
  const route = routes[operationId];
  expect(result.status, JSON.stringify(result.body)).toBe(route.status);
  if (route.response) {
    const parsed = route.response.safeParse(result.body);
    expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues)).toBe(true);
  } else {
    expect(result.body).toBeUndefined();
  }
}

export type TestApp = Awaited<ReturnType<typeof testApp>> & { app: App };
