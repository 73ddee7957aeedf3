import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { runBuilt, spawnBuiltServe } from '../helpers/built';
import { freshDatabase } from './database';

/**
 * A rolling upgrade (docs/deployment.md, "Upgrading"): once a newer docsctl migrated the database, a
 * replica of the older one goes on answering reads, refuses every write with 503 before it changes
 * anything, and says why in /readyz, so a balancer takes it out while the replicas are replaced.
 */
describe('an older serve replica after a newer docsctl migrated the database', () => {
  it('reads, refuses writes (503, exit 1 in remote mode) and is not ready, saying why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docsctl-upgrade-'));
    const url = await freshDatabase('upgrade');
    const box = { dir, env: { DOCSCTL_DATABASE_URL: url, DOCSCTL_CONFIG_DIR: join(dir, 'config'), HOME: dir } };
    expect((await runBuilt(box, ['init'])).code).toBe(0);
    const server = spawnBuiltServe(box, ['--port', '0', '--json', '--log-format', 'off']);
    try {
      const { token } = JSON.parse((await runBuilt(box, ['tokens', 'create', '--json'])).stdout) as { token: string };
      const served = await server.listening;
      const remote = (argv: string[]) => runBuilt({ dir, env: { DOCSCTL_CONFIG_DIR: join(dir, 'config'), HOME: dir } }, ['--url', served, '--token', token, ...argv]);
      expect((await remote(['spaces', 'create', '--title', 'Before'])).code).toBe(0);
      // What a newer docsctl's `db migrate` leaves: a schema past this binary's.
      const admin = new pg.Client(url);
      await admin.connect();
      await admin.query('UPDATE docsctl_schema SET version = version + 1; UPDATE docsctl_changes SET version = version + 1');
      const spacesBefore = (await admin.query('SELECT COUNT(*)::int AS n FROM spaces')).rows[0].n as number;
      const ready = await request(`${served}/readyz`);
      expect([ready.statusCode, await ready.body.json()]).toEqual([503, { status: 'not ready', reason: expect.stringMatching(/^the database schema is \d+, this docsctl's is \d+$/) }]);
      const listed = await remote(['spaces', 'list', '--json']);
      expect(listed.code, listed.stderr).toBe(0);
      expect(JSON.parse(listed.stdout).items.map((s: { title: string }) => s.title)).toContain('Before');
      const refused = await remote(['spaces', 'create', '--title', 'After']);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/this server no longer writes: the database's schema is version \d+, newer than this docsctl's \(\d+\): upgrade docsctl/);
      expect((await admin.query('SELECT COUNT(*)::int AS n FROM spaces')).rows[0].n).toBe(spacesBefore);
      await admin.end();
    } finally {
      expect((await server.stop()).code).toBe(0);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
