import { describe, expect, it } from 'vitest';
import { sandbox } from '../helpers/cli';

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
});
