import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { VERSION } from '../../version';
import type { ApiRequest, ApiResponse } from '../messages';
import type { BodyPolicy } from '../app';

/**
 * Each published site's MCP endpoint, at `{site}/~gitbook/mcp` (the platform's path): MCP over
 * streamable HTTP, stateless, answered as JSON (no event stream), read-only. Its tools search and read
 * exactly what the visitor may see, by the rules of the site's pages (server/site/reader.ts).
 */
export const MCP_SEGMENTS = ['~gitbook', 'mcp'] as const;
/** The largest MCP request read (a JSON-RPC message or a batch of them). */
export const MAX_MCP_BODY_BYTES = 64 * 1024;
/** The most messages of a batch answered. */
const MAX_BATCH = 20;

/** What a visitor's MCP tools do: the reader gives them, for the visit at hand. */
export interface SiteTools {
  search(query: string): Promise<string>;
  read(path: string): Promise<string | undefined>;
  list(): Promise<string>;
}

/** A path of the MCP endpoint: its body is read (POST, within the bound) before the reader answers. */
export function mcpBodyPolicy(req: Omit<ApiRequest, 'body'>): BodyPolicy | undefined {
  const path = req.url.split('?')[0];
  return req.method === 'POST' && path.endsWith(`/${MCP_SEGMENTS.join('/')}`) ? { read: true, maxBodyBytes: MAX_MCP_BODY_BYTES, tooLarge: `an MCP request may be at most ${MAX_MCP_BODY_BYTES} bytes` } : undefined;
}

const jsonAnswer = (status: number, value: unknown): ApiResponse => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  body: JSON.stringify(value),
});
const rpcError = (code: number, message: string, status = 400) => jsonAnswer(status, { jsonrpc: '2.0', error: { code, message }, id: null });

/** What a visitor who may not see the site gets from its endpoint: nothing of it. */
export const mcpNotFound = (): ApiResponse => rpcError(-32001, 'not found', 404);

/** One HTTP exchange as an MCP transport: each request delivered, its answer awaited by id. */
class Exchange implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private readonly waiting = new Map<string | number, (message: JSONRPCMessage) => void>();
  async start(): Promise<void> {}
  async close(): Promise<void> {
    this.onclose?.();
  }
  async send(message: JSONRPCMessage): Promise<void> {
    const id = (message as { id?: string | number }).id;
    if (id !== undefined && ('result' in message || 'error' in message)) this.waiting.get(id)?.(message);
  }
  /** A request's answer, or undefined for a notification (nothing to answer). */
  deliver(message: JSONRPCMessage): Promise<JSONRPCMessage | undefined> {
    const id = (message as { id?: string | number }).id;
    if (!('method' in message) || id === undefined) {
      this.onmessage?.(message);
      return Promise.resolve(undefined);
    }
    const answered = new Promise<JSONRPCMessage>((resolve) => this.waiting.set(id, resolve));
    this.onmessage?.(message);
    return answered;
  }
}

/** Answers one POST to the endpoint (any other method: 405). */
export async function answerMcp(req: ApiRequest, tools: SiteTools): Promise<ApiResponse> {
  if (req.method !== 'POST') return { status: 405, headers: { allow: 'POST', 'content-type': 'text/plain; charset=utf-8' }, body: 'MCP: POST JSON-RPC messages here (streamable HTTP, no event stream)\n' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof req.body === 'string' ? req.body : '');
  } catch {
    return rpcError(-32700, 'Parse error: the body is not JSON');
  }
  const batch = Array.isArray(parsed);
  const messages = (batch ? parsed : [parsed]) as JSONRPCMessage[];
  if (!messages.length || messages.length > MAX_BATCH || messages.some((m) => m === null || typeof m !== 'object' || (m as { jsonrpc?: unknown }).jsonrpc !== '2.0')) {
    return rpcError(-32600, `Invalid Request: JSON-RPC 2.0 messages, 1 to ${MAX_BATCH} in a batch`);
  }
  const { Server } = await import('@modelcontextprotocol/sdk/server/index.js');
  const { CallToolRequestSchema, ListToolsRequestSchema } = await import('@modelcontextprotocol/sdk/types.js');
  const server = new Server({ name: 'docsctl-site', version: VERSION }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
    const failed = (value: string) => ({ content: [{ type: 'text' as const, text: value }], isError: true });
    switch (request.params.name) {
      case 'search':
        return typeof args.query === 'string' && args.query.trim() ? text(await tools.search(args.query)) : failed('search: query must be a non-empty string');
      case 'read_page': {
        if (typeof args.path !== 'string') return failed('read_page: path must be a string (a page\'s path or URL, as search and list_pages give)');
        const page = await tools.read(args.path);
        return page === undefined ? failed(`read_page: no page at ${args.path}`) : text(page);
      }
      case 'list_pages':
        return text(await tools.list());
      default:
        return failed(`unknown tool ${request.params.name}`);
    }
  });
  const exchange = new Exchange();
  await server.connect(exchange);
  try {
    const answers = (await Promise.all(messages.map((m) => exchange.deliver(m)))).filter((a): a is JSONRPCMessage => a !== undefined);
    if (!answers.length) return { status: 202, headers: { 'cache-control': 'no-store' } };
    return jsonAnswer(200, batch ? answers : answers[0]);
  } finally {
    await server.close();
  }
}

const TOOLS = [
  {
    name: 'search',
    description: 'Search the pages of this documentation site. Returns the best pages, each with its URL and the matching words.',
    inputSchema: { type: 'object' as const, properties: { query: { type: 'string', description: 'words to look for' } }, required: ['query'] },
  },
  {
    name: 'read_page',
    description: 'Read one page of this documentation site as markdown, by its URL or its path on the site (as search and list_pages give them).',
    inputSchema: { type: 'object' as const, properties: { path: { type: 'string', description: 'the page\'s URL, or its path after the site\'s address' } }, required: ['path'] },
  },
  {
    name: 'list_pages',
    description: 'List every page of this documentation site with its markdown URL (the site\'s llms.txt).',
    inputSchema: { type: 'object' as const, properties: {} },
  },
];
