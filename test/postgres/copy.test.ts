import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBuilt } from '../helpers/built';
import { freshDatabase } from './database';

// Slow on purpose: a lifecycle test. A whole sample instance copied to PostgreSQL and back through the
// built CLI, search index included (about 10 s alone; past 20 s on a busy machine).

/** `db copy` between SQLite and PostgreSQL, both ways, through the built entry. */
describe('db copy', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-copy-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const box = { dir, env: { DOCSCTL_CONFIG_DIR: join(dir, 'config'), HOME: dir } };
  const run = async (argv: string[], code = 0) => {
    const result = await runBuilt(box, argv);
    expect(result.code, result.stderr).toBe(code);
    return result;
  };
  const snapshot = async (db: string[]) => ({
    members: JSON.parse((await run([...db, 'members', 'list', '--limit', '1000', '--json', 'user.email,role'])).stdout),
    spaces: JSON.parse((await run([...db, 'spaces', 'list', '--json', 'id,title,visibility'])).stdout),
    deleted: JSON.parse((await run([...db, 'spaces', 'deleted', '--json', 'id,title'])).stdout),
    sites: JSON.parse((await run([...db, 'sites', 'list', '--json', 'id,title'])).stdout),
  });

  it('copies a SQLite instance to PostgreSQL and back, the same instance each time, search included', async () => {
    const original = ['--db', join(dir, 'original.db')];
    await run([...original, 'init', '--sample']);
    // An event a local command recorded and no one relayed yet (SQLite's outbox, migration 20).
    const hook = JSON.parse((await run([...original, 'webhooks', 'create', '--endpoint', 'https://hooks.example.com/in', '--events', 'space_created', '--json'])).stdout).id as string;
    await run([...original, 'spaces', 'create', '--title', 'After the hook']);
    const before = await snapshot(original);
    const url = await freshDatabase('copy');
    const copied = JSON.parse((await run(['db', 'copy', '--from', join(dir, 'original.db'), '--to', url, '--json'])).stdout);
    expect(copied.rows).toBeGreaterThan(100);
    expect(copied.tables.find((t: { name: string }) => t.name === 'members').rows).toBe(37);
    const onPostgres = ['--database', url];
    expect(await snapshot(onPostgres)).toEqual(before);
    // PostgreSQL relays the copied event: its delivery is there, pending, the event's body intact.
    const deliveries = JSON.parse((await run([...onPostgres, 'webhooks', 'deliveries', hook, '--json'])).stdout);
    expect(deliveries.items).toEqual([expect.objectContaining({ event: 'space_created', status: 'pending' })]);
    const space = before.spaces.find((s: { title: string }) => s.title === 'REST API').id;
    const searched = JSON.parse((await run([...onPostgres, 'search', 'authentication', '--space', space, '--json'])).stdout);
    expect(searched.count).toBeGreaterThan(0);
    // New rows after a copy are numbered after the copied ones.
    await run([...onPostgres, 'comments', 'add', '--space', space, '--body', 'After the copy']);

    // A target that holds anything is refused, and left as it was.
    const again = await run(['db', 'copy', '--from', join(dir, 'original.db'), '--to', url], 6);
    expect(again.stderr).toMatch(/the target is not empty \(table \w+ has rows\)/);

    await run(['db', 'copy', '--from', url, '--to', join(dir, 'back.db')]);
    const back = ['--db', join(dir, 'back.db')];
    expect(await snapshot(back)).toEqual(before);
    const found = JSON.parse((await run([...back, 'search', 'authentication', '--space', space, '--json'])).stdout);
    expect(found.count).toBe(searched.count);
  }, 120_000);
});
