import { describe, expect, it } from 'vitest';
import { servedSandbox } from '../helpers/serve';

/** The audit trail through a real `docsctl serve`, with the CLI in remote mode. */
describe('audit in remote mode through serve', () => {
  const { remote } = servedSandbox();

  it('records a write made over HTTP with its token and request id, and lists it', async () => {
    const created = await remote(['spaces', 'create', '--title', 'Over HTTP', '--json']);
    expect(created.code, created.stderr).toBe(0);
    const space = JSON.parse(created.stdout).id as string;
    const listed = await remote(['audit', 'list', '--target', space, '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    const [record] = JSON.parse(listed.stdout).items;
    expect(record).toMatchObject({ action: 'createSpace', method: 'POST', targets: { created: space }, actor: { token: expect.any(String) }, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });
});
