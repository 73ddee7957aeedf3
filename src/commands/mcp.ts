import { Readable, type Writable } from 'node:stream';
import type { Command } from 'commander';
import type { Context } from '../context';
import { ApiError } from '../api/errors';
import { VERSION } from '../version';
import { answerText, bytesOf, bytesText, callInput, routeTools, ToolInputError } from '../mcp/tools';
import { listPageResources, PAGE_URI_TEMPLATE, readPageResource } from '../mcp/pages';
import { runTask, TASK_TOOLS } from '../mcp/tasks';
import { nodeStreamOf } from '../output/process-writer';


/**
 * `docsctl mcp`: the API as tools for AI assistants, over the Model Context Protocol on stdio (the
 * official SDK), on the local database or a remote instance like every other command (issue 36).
 * stdout carries the protocol alone; nothing else is written there.
 */
/** A write tool called without --allow-writes: says how to offer it. */
const writesRefused = (name: string) => `${name} changes something: start docsctl mcp with --allow-writes to offer it`;

export function registerMcp(program: Command, ctx: Context): void {
  program
    .command('mcp')
    .description('serve the API to an AI assistant as MCP tools over stdio (read-only unless --allow-writes), local or remote like any command')
    .option('--allow-writes', 'offer the operations that change something too (POST, PUT, PATCH, DELETE)')
    .option('--tools <tags>', 'only the operations of these tags, comma-separated (spaces,content,…: docsctl api lists them)')
    .addHelpText('after', `
An assistant starts it and talks to it on stdin and stdout; register it in the assistant's
configuration (docs/cli.md, "AI assistants"):
  { "mcpServers": { "docs": { "command": "docsctl", "args": ["mcp", "--profile", "work"] } } }

Examples:
  $ docsctl mcp
  $ docsctl --profile work mcp --tools spaces,content --allow-writes`)
    .action(async (opts: { allowWrites?: boolean; tools?: string }) => {
      const tools = routeTools({ allowWrites: opts.allowWrites === true, tags: opts.tools?.split(',').map((t) => t.trim()).filter(Boolean) });
      const byName = new Map(tools.map((tool) => [tool.name, tool]));
      const { Server } = await import('@modelcontextprotocol/sdk/server/index.js');
      const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
      const { CallToolRequestSchema, ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, ListToolsRequestSchema, ReadResourceRequestSchema } = await import('@modelcontextprotocol/sdk/types.js');
      const server = new Server({ name: 'docsctl', version: VERSION }, { capabilities: { tools: {}, resources: {} } });
      server.setRequestHandler(ListToolsRequestSchema, async () => ({
        tools: [...TASK_TOOLS.filter((task) => opts.allowWrites || !task.writes).map(({ writes: _writes, ...task }) => task), ...tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }))],
      }));
      // Pages as resources: listed (bounded), and any page read by its URI.
      server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
        resourceTemplates: [{ uriTemplate: PAGE_URI_TEMPLATE, name: 'page', description: 'A page of a space, as markdown', mimeType: 'text/markdown' }],
      }));
      server.setRequestHandler(ListResourcesRequestSchema, async () => {
        const { resources, more } = await listPageResources(await ctx.client());
        return { resources, ...(more ? { _meta: { note: `the first ${resources.length} pages; any other reads by its URI (${PAGE_URI_TEMPLATE})` } } : {}) };
      });
      server.setRequestHandler(ReadResourceRequestSchema, async (request) => ({
        contents: [{ uri: request.params.uri, mimeType: 'text/markdown', text: await readPageResource(await ctx.client(), request.params.uri) }],
      }));
      // Calls under way: a client that closes stdin after its last request still gets the answers.
      const underWay = new Set<Promise<unknown>>();
      server.setRequestHandler(CallToolRequestSchema, (request) => {
        const answer = callTool(request);
        underWay.add(answer);
        void answer.finally(() => underWay.delete(answer));
        return answer;
      });
      const callTool = async (request: { params: { name: string; arguments?: Record<string, unknown> } }) => {
        const failed = (message: string) => ({ isError: true, content: [{ type: 'text' as const, text: message }] });
        const task = TASK_TOOLS.find((t) => t.name === request.params.name);
        if (task?.writes && !opts.allowWrites) return failed(writesRefused(task.name));
        if (task) {
          try {
            return { content: [{ type: 'text' as const, text: answerText((await runTask(await ctx.client(), request.params.name, request.params.arguments ?? {}))!, true) }] };
          } catch (error) {
            return failed((error as Error).message);
          }
        }
        const tool = byName.get(request.params.name);
        if (!tool) {
          const exists = routeTools({ allowWrites: true }).some((t) => t.name === request.params.name);
          return failed(exists && !opts.allowWrites ? writesRefused(request.params.name) : `no tool ${request.params.name}`);
        }
        try {
          const api = await ctx.client();
          const args = (request.params.arguments ?? {}) as Record<string, unknown>;
          const input = callInput(tool, args);
          if (tool.route.rawBody) return { content: [{ type: 'text' as const, text: answerText(await api.upload(tool.route, input as never, bytesOf(args))) }] };
          const answer = await api.call(tool.route, input as never);
          const text = tool.route.raw ? bytesText(Buffer.from(answer as unknown as Uint8Array), tool.name) : answerText(answer);
          return { content: [{ type: 'text' as const, text }] };
        } catch (error) {
          if (error instanceof ApiError || error instanceof ToolInputError) return failed(error.message);
          return failed(`failed: ${(error as Error).message}`);
        }
      };
      // A person at a terminal has no protocol to speak: say how an assistant runs it, and stop.
      if (ctx.io.stdin.isTTY) {
        ctx.io.stderr.write(`docsctl mcp speaks the Model Context Protocol on stdin and stdout, to an AI assistant that starts it; it would offer ${tools.length} tools here. Register it in the assistant's configuration (docs/cli.md, "AI assistants"):\n  { "mcpServers": { "docs": { "command": "docsctl", "args": ["mcp"] } } }\n`);
        return;
      }
      // stdout as the transport needs it: a stream whose write answers whether to wait for 'drain'.
      const out = nodeStreamOf(ctx.io.stdout) as unknown as Writable;
      const stdout = out === (process.stdout as unknown) ? out : ({ write: (text: string) => (ctx.io.stdout.write(text), true), once: () => stdout } as unknown as Writable);
      // stdin as bytes (an in-process caller may hand strings, which the transport's buffer cannot join).
      const stdin = ctx.io.stdin === process.stdin ? process.stdin : Readable.from((async function* () {
        for await (const chunk of ctx.io.stdin) yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      })());
      const transport = new StdioServerTransport(stdin, stdout);
      const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
      // The assistant ends the session by closing stdin. The SDK sends an answer a few promise steps
      // after its call settles: closing waits a turn of the event loop more, so none is cut off.
      stdin.once('end', () => void Promise.allSettled(underWay).then(() => new Promise((resolve) => setImmediate(resolve))).then(() => transport.close()));
      await server.connect(transport);
      await closed;
    });
}
