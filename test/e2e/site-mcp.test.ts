import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { sampleSandbox } from '../helpers/teams';
import { startBuiltServer } from '../helpers/built';

type Served = Awaited<ReturnType<typeof startBuiltServer>>;
let served: Served;
let siteUrl: string;

beforeAll(async () => {
  served = await startBuiltServer(await sampleSandbox());
  const headers = { authorization: `Bearer ${served.token}` };
  const org = (await (await fetch(`${served.url}/v1/orgs`, { headers })).json()).items[0].id;
  const sites = (await (await fetch(`${served.url}/v1/orgs/${org}/sites`, { headers })).json()).items as { title: string; urls: { published: string } }[];
  siteUrl = sites.find((s) => s.title === 'Acme Developers')!.urls.published;
}, 60_000);

afterAll(async () => {
  await served?.stop();
});

describe('a published site\'s MCP endpoint through a built serve, with the SDK\'s streamable-HTTP client', () => {
  it('connects, lists the tools, searches and reads a page of the sample site', async () => {
    const client = new Client({ name: 'docsctl-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${siteUrl}/~gitbook/mcp`)));
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['search', 'read_page', 'list_pages']);
      const found = await client.callTool({ name: 'search', arguments: { query: 'bearer' } });
      const text = (found.content as { text: string }[])[0].text;
      expect(text).toMatch(/- Authentication \(API › REST API\): http:\/\/127\.0\.0\.1:\d+\/o\/[^/]+\/sites\/developers\/authentication/);
      const url = /http\S+\/authentication/.exec(text)![0];
      const page = await client.callTool({ name: 'read_page', arguments: { path: url } });
      expect((page.content as { text: string }[])[0].text).toBe('# Authentication\n\nSend `Authorization: Bearer <token>` with every request.\n');
    } finally {
      await client.close();
    }
  });
});
