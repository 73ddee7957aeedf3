import { describe, expect, it } from 'vitest';
import { publishedSiteSetup } from '../helpers/site-reader';
import { signVisitorToken } from '../helpers/visitor-token';

const PAGES = [
  '# Welcome\n\nHello, visitor.',
  '# Install\n\n## Requirements\n\nA zeppelin hangar.',
  '---\ntitle: Secret plans\nhidden: true\n---\nThe zeppelin launch date.',
];

async function setup(visibility = 'public') {
  const t = await publishedSiteSetup({ pages: PAGES, visibility });
  let id = 0;
  /** One JSON-RPC call to the site's MCP endpoint; the answer's status and parsed body. */
  const rpc = async (method: string, params: unknown = {}, { url = `${t.base}/~gitbook/mcp`, headers = {} as Record<string, string> } = {}) => {
    const res = await t.visit(url, { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, 'POST', JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }));
    return { status: res.status, body: res.body ? JSON.parse(res.body) : undefined, headers: res.headers };
  };
  const call = async (name: string, args: Record<string, unknown> = {}, options?: Parameters<typeof rpc>[2]) => (await rpc('tools/call', { name, arguments: args }, options)).body.result as { content: { text: string }[]; isError?: boolean };
  return { ...t, rpc, call };
}

describe('a published site\'s MCP endpoint, {site}/~gitbook/mcp (streamable HTTP, read-only)', () => {
  it('initializes and lists its three read-only tools', async () => {
    const t = await setup();
    const init = await t.rpc('initialize', { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'test', version: '1' } });
    expect(init.status).toBe(200);
    expect(init.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(init.body.result.serverInfo.name).toBe('docsctl-site');
    expect(init.body.result.capabilities.tools).toBeDefined();
    const tools = (await t.rpc('tools/list')).body.result.tools.map((tool: { name: string }) => tool.name);
    expect(tools).toEqual(['search', 'read_page', 'list_pages']);
  });

  it('searches, reads and lists only what the visitor sees, with the site\'s URLs', async () => {
    const t = await setup();
    const found = await t.call('search', { query: 'zeppelin' });
    expect(found.content[0].text).toContain(`- Install: http://docs.test${t.base}/`);
    expect(found.content[0].text).toContain('**zeppelin**');
    expect(found.content[0].text).not.toContain('Secret');
    const page = await t.call('read_page', { path: 'install' });
    expect(page.content[0].text).toMatch(/^# Install\n\n## Requirements/);
    const byUrl = await t.call('read_page', { path: `http://docs.test${t.base}/install.md` });
    expect(byUrl.content[0].text).toBe(page.content[0].text);
    expect((await t.call('read_page', { path: 'nowhere' })).isError).toBe(true);
    expect((await t.call('search', { query: '' })).isError).toBe(true);
    expect((await t.call('read_page', { path: 42 })).isError).toBe(true);
    expect((await t.call('read_page', { path: 'https://other.example/%E0%A4%A' })).isError).toBe(true);
    expect((await t.call('write_page', {})).isError).toBe(true);
    expect((await t.call('search', { query: 'nothingmatchesthis' })).content[0].text).toBe('Nothing matches "nothingmatchesthis".');
    const list = await t.call('list_pages');
    expect(list.content[0].text).toContain('# Acme Docs');
    expect(list.content[0].text).not.toContain('Secret');
  });

  it('answers a batch, 202 to notifications alone, and refuses what is not JSON-RPC (400) or not a POST (405)', async () => {
    const t = await setup();
    const url = `${t.base}/~gitbook/mcp`;
    const batch = await t.visit(url, {}, 'POST', JSON.stringify([{ jsonrpc: '2.0', method: 'notifications/initialized' }, { jsonrpc: '2.0', id: 7, method: 'tools/list' }]));
    expect(batch.status).toBe(200);
    expect(JSON.parse(batch.body)).toEqual([expect.objectContaining({ id: 7, result: expect.objectContaining({ tools: expect.any(Array) }) })]);
    expect((await t.visit(url, {}, 'POST', JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }))).status).toBe(202);
    const bad = await t.visit(url, {}, 'POST', '{nope');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error.code).toBe(-32700);
    expect((await t.visit(url, {}, 'POST', JSON.stringify({ id: 1 }))).status).toBe(400);
    expect((await t.visit(url, {}, 'POST', JSON.stringify(Array.from({ length: 21 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'tools/list' }))))).status).toBe(400);
    const get = await t.visit(url);
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
  });

  it('opens a share-link site\'s endpoint with its key, a visitor-auth site\'s with a visitor token as the bearer, and nothing without', async () => {
    const shared = await setup('share-link');
    expect((await shared.rpc('tools/list')).status).toBe(404);
    const key = (await shared.api.request('GET', `/v1/orgs/${shared.orgId}/sites/${shared.siteId}`, { as: shared.adminId })).body.urls.published.split('shareKey=')[1];
    expect((await shared.rpc('tools/list', {}, { url: `${shared.base}/~gitbook/mcp?shareKey=${key}` })).status).toBe(200);
    const guarded = await setup('visitor-auth');
    expect((await guarded.rpc('tools/list')).status).toBe(404);
    const now = Math.floor(guarded.clock.now().getTime() / 1000);
    const token = await signVisitorToken(guarded.engine, { org: guarded.orgId, iat: now, exp: now + 600 });
    const open = await guarded.call('search', { query: 'zeppelin' }, { headers: { authorization: `Bearer ${token}` } });
    expect(open.content[0].text).toContain('Install');
    expect((await guarded.rpc('tools/list', {}, { headers: { authorization: 'Bearer forged.token.here' } })).status).toBe(404);
  });
});
