import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox, run } from '../helpers/cli';
import { startServe, type Served } from '../helpers/serve';

/** The support-staff path through a real `docsctl serve`: create, move, delete, list deleted, restore. */
describe('spaces in remote mode through serve', () => {
  const box = sandbox();
  let served: Served;
  let url = '';
  let token = '';
  // Remote commands must not see the local database: only the URL and the token.
  const remote = (argv: string[], tty = false) => served.remote(argv, tty);
  const json = (argv: string[]) => served.json(argv);

  beforeAll(async () => {
    expect((await box.run(['init', '--sample'])).code).toBe(0);
    served = await startServe(box);
    ({ url, token } = served);
  });

  afterAll(async () => {
    await served.stop();
  });

  it('creates, moves, deletes, lists deleted and restores a space', async () => {
    const collection = await json(['collections', 'create', 'Runbooks']);
    const first = await json(['spaces', 'create', '--title', 'Incident response', '--collection', collection.id]);
    const second = await json(['spaces', 'create', '--title', 'On-call', '--collection', collection.id]);
    expect(first.urls.location).toBe(`${url}/v1/spaces/${first.id}`);

    // Move the second before the first, then check the collection's order.
    const moved = await remote(['spaces', 'move', second.id, '--before', `space:${first.id}`]);
    expect(moved.code, moved.stderr).toBe(0);
    const order = await json(['collections', 'spaces', collection.id]);
    expect(order.items.map((s: { id: string }) => s.id)).toEqual([second.id, first.id]);

    // Deleting needs --yes without a terminal, then the space is gone from lists and GET.
    expect((await remote(['spaces', 'delete', first.id])).code).toBe(2);
    expect((await remote(['spaces', 'delete', first.id, '--yes'])).code).toBe(0);
    expect((await remote(['spaces', 'get', first.id])).code).toBe(5);

    const deleted = await json(['spaces', 'deleted']);
    expect(deleted.items[0]).toMatchObject({ id: first.id, title: 'Incident response', deletedBy: { email: 'admin@example.com' } });
    const table = await remote(['spaces', 'deleted'], true);
    expect(table.stdout).toContain('Incident response');
    expect(table.stdout).toMatch(/PURGED IN/);

    const restored = await remote(['spaces', 'restore', first.id, 'no-such-space']);
    expect(restored.code).toBe(5);
    expect(restored.stdout).toContain('restored');
    expect(restored.stdout).toContain('not found');
    const back = await json(['spaces', 'get', first.id]);
    expect(back).toMatchObject({ id: first.id, parent: collection.id });
    expect((await json(['collections', 'spaces', collection.id])).items.map((s: { id: string }) => s.id)).toEqual([second.id, first.id]);
  });

  it('refuses what a read member may not do, with exit code 4', async () => {
    const reader = JSON.parse((await box.run(['tokens', 'create', '--user', 'donald.knuth@acme.example', '--json'])).stdout).token;
    const result = await run(['--url', url, '--token', reader, 'spaces', 'create', '--title', 'Nope'], { env: {} });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('create content');
  });
});
