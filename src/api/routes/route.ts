import * as z from 'zod/mini';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One operation of the API: the single source of truth for server, client, `docsctl api` and OpenAPI. */
export interface Route<
  Path extends string = string,
  Query extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Body extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Response extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
> {
  operationId: string;
  method: Method;
  path: Path;
  summary: string;
  tag: string;
  /** Success status. */
  status: number;
  /** Path parameter names, in order, read off `path`. */
  params: string[];
  query?: Query;
  body?: Body;
  /** Undefined for operations that answer without a body (204/205). */
  response?: Response;
  /** Answers bytes with their own content type instead of JSON (file downloads). */
  raw?: boolean;
  /**
   * Takes the request body as bytes (any content type), handed to the operation as they arrive
   * instead of read whole and parsed as JSON (uploads). Its `body` schema is `RawBody`; the server
   * bounds it by the largest file size, not by `maxBodyBytes`.
   */
  rawBody?: boolean;
  /** Largest request body `serve` reads for this route, in bytes (default DEFAULT_MAX_BODY_BYTES). */
  maxBodyBytes?: number;
  /** May be fetched without a token through a capability URL (`user`, `expires`, `signature`): downloads. */
  capability?: boolean;
}

/** The body of a `rawBody` route as an operation gets it: its bytes as they arrive. */
export type ByteStream = AsyncIterable<Uint8Array>;

/** What `serve` reads of a request body at most, unless a route says otherwise (docs/security.md). */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
/** The cap of the routes that carry whole documents: write batches and OpenAPI texts. */
export const LARGE_BODY_BYTES = 16 * 1024 * 1024;
/** An OpenAPI text of MAX_SPEC_TEXT characters, escaped as a JSON string, with room to spare. */
export const SPEC_BODY_BYTES = 24 * 1024 * 1024;

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
export type ParamsOf<R> = R extends Route<infer P, any, any, any> ? { [K in ParamNames<P>]: string } : never;
type Out<S> = S extends z.ZodMiniType ? z.output<S> : undefined;
type In<S> = S extends z.ZodMiniType ? z.input<S> : undefined;

/** What the server hands to an operation after validation. */
export type ValidInput<R> = R extends Route<any, infer Q, infer B, any>
  ? { params: ParamsOf<R>; query: Out<Q>; body: Out<B> }
  : never;

/** What a client passes for an operation (query values may be numbers or booleans; they become strings). */
export type CallInput<R> = R extends Route<any, infer Q, infer B, any>
  ? { params?: ParamsOf<R>; query?: { [K in keyof In<Q>]?: string | number | boolean | string[] | undefined }; body?: In<B> }
  : never;

export type ResultOf<R> = R extends Route<any, any, any, infer S> ? Out<S> : never;

export function route<P extends string, Q extends z.ZodMiniType | undefined = undefined, B extends z.ZodMiniType | undefined = undefined, S extends z.ZodMiniType | undefined = undefined>(
  definition: Omit<Route<P, Q, B, S>, 'params'>,
): Route<P, Q, B, S> {
  // A loop rather than matchAll: every route of the table is made at start-up.
  const { path } = definition;
  const params: string[] = [];
  for (let open = path.indexOf('{'); open >= 0; open = path.indexOf('{', open + 1)) params.push(path.slice(open + 1, path.indexOf('}', open)));
  return { ...definition, params };
}

/** Fills a route's path with encoded parameter values. */
export function buildPath(r: Route, params: Record<string, string> = {}): string {
  return r.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`missing path parameter ${name} for ${r.operationId}`);
    return encodeURIComponent(value);
  });
}
