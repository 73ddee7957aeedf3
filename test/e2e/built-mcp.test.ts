import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { routeList } from '../../src/api/routes/index';
import { sandbox } from '../helpers/cli';
import { BIN, builtEnv, runBuilt, startBuiltServer } from '../helpers/built';

type Text = { type: string; text: string }[];

/** The built `docsctl mcp` as an assistant runs it: a child process spoken to with the SDK's client. */
async function connect(box: { dir: string; env: Record<string, string> }, args: string[]) {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, ...args], cwd: box.dir, env: builtEnv(box), stderr: 'pipe' });
  const client = new Client({ name: 'docsctl-test', version: '1' });
  await client.connect(transport);
  return client;
}


async function exercise(box: { dir: string; env: Record<string, string> }, target: string[]) {
  // Read-only by default: every read of the route table, no write.
  const reader = await connect(box, [...target, 'mcp']);
  try {
    const names = (await reader.listTools()).tools.map((tool) => tool.name).sort();
    expect(names).toEqual([...routeList.filter((route) => route.method === 'GET').map((route) => route.operationId), 'read_page', 'search_and_read', 'team_members'].sort());
    const orgs = await reader.callTool({ name: 'listOrganizations', arguments: { limit: 5 } });
    expect(orgs.isError).toBeFalsy();
    const org = JSON.parse((orgs.content as Text)[0].text).items[0];
    expect(org).toMatchObject({ object: 'organization' });
    // A page as a resource, and the same page through the read_page task tool.
    const { resources } = await reader.listResources();
    expect(resources.length).toBeGreaterThan(0);
    const page = resources[0];
    const markdown = ((await reader.readResource({ uri: page.uri })).contents[0] as { text: string }).text;
    expect(markdown.length).toBeGreaterThan(0);
    const spaceId = decodeURIComponent(/^docsctl:\/\/spaces\/([^/]+)\//.exec(page.uri)![1]);
    const path = page.description!.slice(page.description!.indexOf(' / ') + 3);
    const byPath = await reader.callTool({ name: 'read_page', arguments: { spaceId, path } });
    expect((byPath.content as Text)[0].text).toBe(markdown);
    const refused = await reader.callTool({ name: 'createSpace', arguments: { organizationId: org.id, body: { title: 'Nope' } } });
    expect(refused).toMatchObject({ isError: true, content: [{ type: 'text', text: 'createSpace changes something: start docsctl mcp with --allow-writes to offer it' }] });
    const missing = await reader.callTool({ name: 'getSpaceById', arguments: {} });
    expect(missing).toMatchObject({ isError: true, content: [{ text: 'spaceId: is required (a path parameter of /v1/spaces/{spaceId})' }] });
    const notFound = await reader.callTool({ name: 'getSpaceById', arguments: { spaceId: 'nope' } });
    expect(notFound.isError).toBe(true);
    expect((notFound.content as Text)[0].text).toMatch(/space nope/);
  } finally {
    await reader.close();
  }
  // --allow-writes: the writes too; a bad body is the API's 400, as a tool error naming the field.
  const writer = await connect(box, [...target, 'mcp', '--allow-writes', '--tools', 'organizations,spaces']);
  try {
    const names = (await writer.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('createSpace');
    expect(names).not.toContain('listMembersInOrganizationById');
    const org = JSON.parse(((await writer.callTool({ name: 'listOrganizations', arguments: {} })).content as Text)[0].text).items[0];
    const created = await writer.callTool({ name: 'createSpace', arguments: { organizationId: org.id, body: { title: 'From an assistant' } } });
    expect(created.isError).toBeFalsy();
    expect(JSON.parse((created.content as Text)[0].text)).toMatchObject({ object: 'space', title: 'From an assistant' });
    const bad = await writer.callTool({ name: 'createSpace', arguments: { organizationId: org.id, body: { title: 42 } } });
    expect(bad.isError).toBe(true);
    expect((bad.content as Text)[0].text).toMatch(/title/);
  } finally {
    await writer.close();
  }
}

describe('docsctl mcp through the built entry (issue 36)', () => {
  it('on the local database: tools from the route table, read-only unless --allow-writes, errors as tool errors', async () => {
    const box = sandbox();
    expect((await runBuilt(box, ['init', '--sample'])).code).toBe(0);
    await exercise(box, []);
  }, 60_000);

  it('against a remote instance (a built serve), the same', async () => {
    const box = sandbox();
    expect((await runBuilt(box, ['init', '--sample'])).code).toBe(0);
    const server = await startBuiltServer(box);
    try {
      await exercise(box, ['--url', server.url, '--token', server.token]);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
