import * as z from 'zod/mini';
import { routeList } from '../api/routes/index';
import type { Route } from '../api/routes/route';

/** One tool per operation of the route table (issue 36): what `docsctl mcp` offers an assistant. */
export interface RouteTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments: the path parameters, the query's fields and `body`, in one object. */
  inputSchema: { type: 'object'; properties: Record<string, unknown>; required: string[]; additionalProperties: false };
  route: Route;
  /** Changes something (any method but GET): offered only with --allow-writes. */
  writes: boolean;
}

/** The largest answer a tool gives, in characters: past it the JSON is cut and says how to page. */
export const MAX_ANSWER_CHARS = 100_000;

const jsonSchemaOf = (schema: z.ZodMiniType) => {
  const rendered = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete rendered.$schema;
  return rendered;
};

/** The most bytes a tool answers (a download, a spec's document); past it the tool says where to get them. */
export const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * The tools of the route table, one per operation: JSON in and out, or bytes as base64 (`base64` in,
 * for an upload; a download answers text when its bytes are UTF-8 text, else base64, up to
 * MAX_ANSWER_BYTES). Writes only when `allowWrites`; only the routes of `tags` (lower case, as
 * `docsctl api --help` lists them) when given.
 */
export function routeTools(options: { allowWrites: boolean; tags?: string[] }): RouteTool[] {
  const tags = options.tags?.map((tag) => tag.toLowerCase());
  return routeList
    .filter((route) => options.allowWrites || route.method === 'GET')
    .filter((route) => !tags || tags.includes(route.tag.toLowerCase()))
    .map((route) => {
      const properties: Record<string, unknown> = {};
      const required: string[] = [];
      for (const name of route.params) {
        properties[name] = { type: 'string', description: `path parameter of ${route.path}` };
        required.push(name);
      }
      if (route.query) {
        const query = jsonSchemaOf(route.query) as { properties?: Record<string, unknown>; required?: string[] };
        Object.assign(properties, query.properties ?? {});
        required.push(...(query.required ?? []));
      }
      if (route.rawBody) {
        properties.base64 = { type: 'string', contentEncoding: 'base64', description: 'the bytes to send, base64' };
        required.push('base64');
      } else if (route.body) {
        properties.body = jsonSchemaOf(route.body);
        required.push('body');
      }
      const bytes = route.rawBody ? '; the bytes go base64 in `base64`' : route.raw ? `; answers the bytes: text when they are text, else base64, at most ${MAX_ANSWER_BYTES / 1024 / 1024} MiB` : '';
      return {
        name: route.operationId,
        description: `${route.summary} (${route.method} ${route.path}; ${route.tag}${bytes})`,
        inputSchema: { type: 'object' as const, properties, required, additionalProperties: false as const },
        route,
        writes: route.method !== 'GET',
      };
    });
}

/** Splits a tool's arguments into the call's path parameters, query and body; a missing path parameter is named. */
export function callInput(tool: RouteTool, args: Record<string, unknown>): { params: Record<string, string>; query: Record<string, unknown>; body?: unknown } {
  const params: Record<string, string> = {};
  const query: Record<string, unknown> = {};
  for (const name of tool.route.params) {
    const value = args[name];
    if (typeof value !== 'string' || value === '') throw new ToolInputError(`${name}: is required (a path parameter of ${tool.route.path})`);
    params[name] = value;
  }
  for (const [key, value] of Object.entries(args)) {
    if (key === 'body' || key === 'base64' || tool.route.params.includes(key)) continue;
    query[key] = value;
  }
  return { params, query, ...(tool.route.body ? { body: args.body ?? {} } : {}) };
}

/** Arguments a tool cannot send (the message names the field). */
export class ToolInputError extends Error {}

/** An answer as a tool's text: JSON (or `value` itself when `isText`), cut at MAX_ANSWER_CHARS with a word on how to page. */
export function answerText(value: unknown, isText = false): string {
  const text = isText ? String(value) : value === undefined ? '(done: no content)' : JSON.stringify(value, null, 1);
  if (text.length <= MAX_ANSWER_CHARS) return text;
  return `${text.slice(0, MAX_ANSWER_CHARS)}\n… cut at ${MAX_ANSWER_CHARS} characters: ask for less (limit, and page with the next.page value of the answer)`;
}

/** A tool's arguments sent as bytes (`base64`) to an upload route. */
export function bytesOf(args: Record<string, unknown>): Buffer {
  if (typeof args.base64 !== 'string' || !args.base64) throw new ToolInputError('base64: is required (the bytes to send, base64)');
  return Buffer.from(args.base64, 'base64');
}

/** Bytes a route answered, as a tool's text: UTF-8 text as it is, anything else base64; past the bound, where to get them. */
export function bytesText(bytes: Buffer, operationId: string): string {
  if (bytes.length > MAX_ANSWER_BYTES) {
    throw new ToolInputError(`${operationId}: the answer is ${bytes.length} bytes, more than a tool answers (${MAX_ANSWER_BYTES}): fetch it with docsctl (content pull, api) or its download URL`);
  }
  const text = bytes.toString('utf8');
  return Buffer.from(text, 'utf8').equals(bytes) && !text.includes('\0') ? text : `base64:${bytes.toString('base64')}`;
}
