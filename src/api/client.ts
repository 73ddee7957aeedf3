import { ApiError } from './errors';
import { buildPath, type CallInput, type ResultOf, type Route } from './routes/route';
import type { Transport, TransportResponse } from './transports/transport';
import { tagResponse } from './response-schema';

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function errorMessageOf(response: TransportResponse): string {
  const text = response.body === undefined ? '' : response.body.toString();
  try {
    const parsed = JSON.parse(text) as { error?: { message?: string } };
    if (parsed.error?.message) return parsed.error.message;
  } catch {
    // not JSON: fall through to the raw text
  }
  return text.slice(0, 500) || `HTTP ${response.status}`;
}

/** The typed client: every command goes through `call`, whichever transport is underneath. */
export class ApiClient {
  constructor(readonly transport: Transport) {}

  /** Sends a raw request and returns the raw response (used by `docsctl api`). */
  raw(method: string, url: string, body?: string): Promise<TransportResponse> {
    return this.transport.send({ method, url, body });
  }

  async call<R extends Route>(route: R, input: CallInput<R> = {} as CallInput<R>): Promise<ResultOf<R>> {
    const { params, query, body } = input as { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown };
    const url = buildPath(route, params) + queryString(query);
    const response = await this.transport.send({
      method: route.method,
      url,
      body: route.body ? JSON.stringify(body ?? {}) : undefined,
    });
    if (response.status >= 400) throw new ApiError(response.status, errorMessageOf(response));
    if (route.raw) return response.body as ResultOf<R>;
    return tagResponse(response.body ? JSON.parse(response.body.toString()) : undefined, route.response) as ResultOf<R>;
  }

  /**
   * Sends a file's bytes as the raw body of a `rawBody` route (`createSpaceUpload`): `source` is a path
   * on disk, read as it is sent (never whole), or a buffer. Answers the route's parsed JSON; an error
   * answer throws ApiError with the server's message.
   */
  async upload<R extends Route>(route: R, input: Omit<CallInput<R>, 'body'>, source: string | Buffer): Promise<ResultOf<R>> {
    const { params, query } = input as { params?: Record<string, string>; query?: Record<string, unknown> };
    const response = await this.transport.send({ method: route.method, url: buildPath(route, params) + queryString(query), upload: source });
    if (response.status >= 400) throw new ApiError(response.status, errorMessageOf(response));
    return tagResponse(response.body ? JSON.parse(response.body.toString()) : undefined, route.response) as ResultOf<R>;
  }

  /**
   * Writes the bytes a raw route answers (`downloadSpaceFile`) to `destination` as they arrive, never
   * holding them whole; answers how many there were and their type. An error answer throws ApiError
   * with the server's message, and leaves no file.
   */
  async download<R extends Route>(route: R, input: CallInput<R>, destination: string): Promise<{ size: number; contentType: string }> {
    const { params, query } = input as { params?: Record<string, string>; query?: Record<string, unknown> };
    const response = await this.transport.send({ method: route.method, url: buildPath(route, params) + queryString(query), saveTo: destination });
    if (response.status >= 400) throw new ApiError(response.status, errorMessageOf(response));
    return { size: response.saved ?? 0, contentType: response.headers['content-type'] ?? 'application/octet-stream' };
  }

  /**
   * Follows `next.page` and yields every page of a list operation, one request at a time, starting from
   * the page `input` asks for (its `query.page`, or the first).
   */
  async *pages<R extends Route>(route: R, input: CallInput<R> = {} as CallInput<R>): AsyncGenerator<ListPage<ListItem<ResultOf<R>>>> {
    const base = input as { query?: Record<string, unknown> };
    let page = base.query?.page as string | undefined;
    do {
      const result = (await this.call(route, { ...input, query: { ...base.query, page } } as CallInput<R>)) as unknown as ListPage<ListItem<ResultOf<R>>>;
      yield result;
      page = result.next?.page;
    } while (page);
  }

  /** Follows `next.page` and yields every item of a list operation. */
  async *paginate<R extends Route>(route: R, input: CallInput<R> = {} as CallInput<R>): AsyncGenerator<ListItem<ResultOf<R>>> {
    for await (const page of this.pages(route, input)) yield* page.items;
  }

  close(): Promise<void> | void {
    return this.transport.close?.();
  }
}

type ListItem<T> = T extends { items: (infer I)[] } ? I : never;
interface ListPage<I> {
  next?: { page: string };
  count?: number;
  items: I[];
}
