import { describe, expect, it } from 'vitest';
import { servedSandbox } from '../helpers/serve';
import { tableOf, tsvRows } from '../commands/support';

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

  it('tells who deleted a space by name and e-mail, with the token name and the title as it was, on a terminal and piped; --actor takes an e-mail', async () => {
    const created = await remote(['spaces', 'create', '--title', 'Employee handbook', '--json']);
    const space = JSON.parse(created.stdout).id as string;
    expect((await remote(['spaces', 'delete', space, '--yes'])).code).toBe(0);
    const listed = await remote(['audit', 'list', '--target', space, '--actor', 'admin@example.com', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    const [deleted] = JSON.parse(listed.stdout).items;
    expect(deleted).toMatchObject({
      action: 'deleteSpaceById',
      actor: { tokenName: 'e2e' },
      actorUser: { object: 'user', email: 'admin@example.com' },
      targetDetails: [{ name: 'spaceId', id: space, kind: 'space', title: 'Employee handbook' }],
    });
    const table = tableOf((await remote(['audit', 'list', '--target', space], true)).stdout);
    expect(table.header.slice(0, 3)).toEqual(['TIME', 'ACTOR', 'ACTION']);
    expect(table.rows[0].slice(0, 3)).toEqual(['just now', 'Admin <admin@example.com>', 'deleted space "Employee handbook"']);
    expect(table.header).toContain('TOKEN');
    const [row] = tsvRows((await remote(['audit', 'list', '--target', space, '--action', 'deleteSpaceById'])).stdout);
    expect(row.slice(2, 4)).toEqual(['deleteSpaceById', `space=${space}`]);
    expect(row.slice(9)).toEqual(['e2e', 'space="Employee handbook"', 'deleted space "Employee handbook"']);
    const unknown = await remote(['audit', 'list', '--actor', 'nobody@example.com']);
    expect(unknown.code).toBe(5);
    expect(unknown.stderr).toContain('nobody@example.com');
  });
});
