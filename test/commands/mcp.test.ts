import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sandbox } from '../helpers/cli';
import { sampleSandbox } from './support';

const rpc = (...messages: object[]) => messages.map((m) => `${JSON.stringify({ jsonrpc: '2.0', ...m })}\n`).join('');

describe('docsctl mcp through main(argv)', () => {
  it('piped: answers initialize, tools/list and tools/call on stdout, nothing else there', async () => {
    const box = sandbox();
    expect((await box.run(['init', '--org-title', 'Acme'])).code).toBe(0);
    const r = await box.run(['mcp'], {
      stdin: rpc(
        { id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
        { method: 'notifications/initialized' },
        { id: 2, method: 'tools/list' },
        { id: 3, method: 'tools/call', params: { name: 'listOrganizations', arguments: {} } },
      ),
    });
    expect(r.code, r.stderr).toBe(0);
    const answers = r.stdout.trim().split('\n').map((line) => JSON.parse(line));
    expect(answers.map((a) => a.id)).toEqual([1, 2, 3]);
    expect(answers[0].result.serverInfo).toMatchObject({ name: 'docsctl' });
    expect(answers[1].result.tools.every((t: { name: string; inputSchema: { type: string } }) => t.inputSchema.type === 'object')).toBe(true);
    expect(JSON.parse(answers[2].result.content[0].text).items[0]).toMatchObject({ title: 'Acme' });
  });

  it('on a terminal: says how an assistant runs it, and exits 0', async () => {
    const box = sandbox();
    expect((await box.run(['init'])).code).toBe(0);
    const r = await box.run(['mcp', '--allow-writes'], { tty: true });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^docsctl mcp speaks the Model Context Protocol on stdin and stdout, to an AI assistant that starts it; it would offer \d+ tools here\./);
  });

  it('pages as resources (listed, read by URI) and the read_page task tool, as markdown', async () => {
    const box = await sampleSandbox();
    const space = JSON.parse((await box.run(['spaces', 'list', '--json'])).stdout).items.find((s: { title: string }) => s.title === 'REST API');
    const init = { id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
    const listed = await box.run(['mcp'], { stdin: rpc(init, { method: 'notifications/initialized' }, { id: 2, method: 'resources/list' }, { id: 3, method: 'resources/templates/list' }) });
    const byId = (stdout: string) => Object.fromEntries(stdout.trim().split('\n').map((line) => JSON.parse(line)).map((a) => [a.id, a]));
    const { 2: list, 3: templates } = byId(listed.stdout);
    expect(templates.result.resourceTemplates).toEqual([expect.objectContaining({ uriTemplate: 'docsctl://spaces/{spaceId}/pages/{pageId}', mimeType: 'text/markdown' })]);
    const page = list.result.resources.find((r: { uri: string; description: string }) => r.uri.startsWith(`docsctl://spaces/${space.id}/pages/`));
    expect(page).toMatchObject({ mimeType: 'text/markdown', description: expect.stringMatching(/^REST API \/ /) });
    const path = page.description.slice('REST API / '.length);
    const read = await box.run(['mcp'], {
      stdin: rpc(init, { method: 'notifications/initialized' },
        { id: 2, method: 'resources/read', params: { uri: page.uri } },
        { id: 3, method: 'tools/call', params: { name: 'read_page', arguments: { spaceId: space.id, path } } },
        { id: 4, method: 'tools/call', params: { name: 'read_page', arguments: { spaceId: space.id, path: 'no/such/page' } } }),
    });
    const { 2: resource, 3: byPath, 4: missing } = byId(read.stdout);
    const markdown = resource.result.contents[0].text as string;
    expect(markdown.length).toBeGreaterThan(0);
    expect(byPath.result.content[0].text).toBe(markdown);
    expect(missing.result).toMatchObject({ isError: true, content: [{ text: expect.stringMatching(/no\/such\/page/) }] });
  });

  it('search_and_read answers the best pages as markdown; team_members lists a team by e-mail', async () => {
    const box = await sampleSandbox();
    const org = JSON.parse((await box.run(['orgs', 'list', '--json'])).stdout).items[0].id as string;
    const team = JSON.parse((await box.run(['teams', 'list', '--json'])).stdout).items[0];
    const init = { id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
    const r = await box.run(['mcp'], {
      stdin: rpc(init, { method: 'notifications/initialized' },
        { id: 2, method: 'tools/call', params: { name: 'search_and_read', arguments: { query: 'authentication', pages: 2 } } },
        { id: 3, method: 'tools/call', params: { name: 'team_members', arguments: { organizationId: org, teamId: team.id } } },
        { id: 4, method: 'tools/call', params: { name: 'search_and_read', arguments: { query: 'x', pages: 9 } } },
        { id: 5, method: 'tools/call', params: { name: 'team_members', arguments: { organizationId: org, teamId: 'nope' } } }),
    });
    const answers = Object.fromEntries(r.stdout.trim().split('\n').map((line) => JSON.parse(line)).map((a) => [a.id, a]));
    expect(answers[2].result.isError).toBeFalsy();
    expect(answers[2].result.content[0].text).toMatch(/^\d+ page\(s\) match "authentication"; the best [12]:\n\n## /);
    const members = answers[3].result.content[0].text as string;
    expect(members).toMatch(/^\d+ member\(s\):\n\S+@\S+\t/);
    expect(answers[4].result).toMatchObject({ isError: true, content: [{ text: 'pages: must be a whole number from 1 to 5' }] });
    expect(answers[5].result.isError).toBe(true);
  });

  it('propose_changes (with --allow-writes) opens a change request with the pages new markdown and answers its diff; a wrong path opens none', async () => {
    const box = await sampleSandbox();
    const space = JSON.parse((await box.run(['spaces', 'list', '--json'])).stdout).items.find((s: { title: string }) => s.title === 'REST API');
    const tree = (await box.run(['content', 'tree', '--space', space.id])).stdout.trim().split('\n')[0].split('\t');
    const path = tree[1];
    const crs = async () => JSON.parse((await box.run(['cr', 'list', '--space', space.id, '--json'])).stdout).count as number;
    const before = await crs();
    const init = { id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
    const call = (id: number, args: object) => ({ id, method: 'tools/call', params: { name: 'propose_changes', arguments: args } });
    const readOnly = await box.run(['mcp'], { stdin: rpc(init, { method: 'notifications/initialized' }, call(2, { spaceId: space.id, pages: [{ path, markdown: '# x' }] })) });
    expect(JSON.parse(readOnly.stdout.trim().split('\n')[1]).result).toMatchObject({ isError: true, content: [{ text: 'propose_changes changes something: start docsctl mcp with --allow-writes to offer it' }] });
    const r = await box.run(['mcp', '--allow-writes'], {
      stdin: rpc(init, { method: 'notifications/initialized' },
        call(2, { spaceId: space.id, subject: 'Wrong', pages: [{ path, markdown: '# Fine\n' }, { path: 'no/such/page', markdown: '# Lost\n' }] })),
    });
    const wrong = JSON.parse(r.stdout.trim().split('\n')[1]);
    expect(wrong.result).toMatchObject({ isError: true, content: [{ text: expect.stringMatching(/^pages\[1\]\.path: /) }] });
    expect(await crs()).toBe(before);
    const ok = await box.run(['mcp', '--allow-writes'], {
      stdin: rpc(init, { method: 'notifications/initialized' }, call(2, { spaceId: space.id, subject: 'From an assistant', pages: [{ path, markdown: '# Rewritten by an assistant\n\nNew words.\n' }] })),
    });
    const text = JSON.parse(ok.stdout.trim().split('\n')[1]).result.content[0].text as string;
    expect(text).toMatch(/^Change request #\d+ \(\S+\) opened in space \S+; its diff:\n/);
    expect(text).toContain('New words.');
    expect(await crs()).toBe(before + 1);
  });

  it('bytes: an upload takes base64, a download answers text (or base64), so every route is a tool', async () => {
    const box = sandbox();
    expect((await box.run(['init'])).code).toBe(0);
    const space = JSON.parse((await box.run(['spaces', 'create', '--title', 'Files', '--json'])).stdout).id as string;
    const cr = JSON.parse((await box.run(['cr', 'create', '--space', space, '--json'])).stdout);
    const init = { id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
    const call = (id: number, name: string, args: object) => ({ id, method: 'tools/call', params: { name, arguments: args } });
    const text = 'Notes kept beside the docs.\n';
    const session = async (...calls: object[]) => {
      const r = await box.run(['mcp', '--allow-writes'], { stdin: rpc(init, { method: 'notifications/initialized' }, ...calls) });
      return Object.fromEntries(r.stdout.trim().split('\n').map((line) => JSON.parse(line)).map((a) => [a.id, a.result]));
    };
    const uploaded = await session(call(2, 'createSpaceUpload', { spaceId: space, name: 'notes.txt', base64: Buffer.from(text).toString('base64') }));
    const upload = JSON.parse(uploaded[2].content[0].text);
    expect(upload.id).toBe(createHash('sha256').update(text).digest('hex'));
    const written = await session(call(2, 'writeChangeRequestContent', { spaceId: space, changeRequestId: cr.id, body: { changes: [{ operation: 'insert_files', files: [{ name: 'notes.txt', upload: upload.id }] }] } }));
    const fileId = JSON.parse(written[2].content[0].text).insertedFiles[0].id as string;
    const merged = await session(call(2, 'mergeChangeRequest', { spaceId: space, changeRequestId: cr.id }), call(3, 'downloadSpaceFile', { spaceId: space, fileId }));
    expect(merged[3]).toMatchObject({ content: [{ type: 'text', text }] });
    const missing = await session(call(2, 'createSpaceUpload', { spaceId: space }));
    expect(missing[2]).toMatchObject({ isError: true, content: [{ text: 'base64: is required (the bytes to send, base64)' }] });
  });
});
