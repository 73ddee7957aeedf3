import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnBuiltServe } from '../helpers/built';
import { freshDatabase } from './database';

// Slow on purpose: a lifecycle test. Ten rounds of three built `serve` replicas started at once on an
// empty database.

/**
 * Replicas started together on an empty PostgreSQL database (issue 34): one creates the first
 * organization, the others find it; none fails on the race and every one serves.
 */
describe('serve replicas started together on an empty PostgreSQL database', () => {
  it('all come up and agree on the first organization, 10 rounds of three', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docsctl-startup-race-'));
    try {
      for (let round = 0; round < 10; round++) {
        const box = { dir, env: { DOCSCTL_DATABASE_URL: await freshDatabase('startup'), DOCSCTL_CONFIG_DIR: join(dir, 'config'), HOME: dir } };
        const servers = Array.from({ length: 3 }, () => spawnBuiltServe(box, ['--port', '0', '--json', '--log-format', 'off']));
        const urls = await Promise.all(servers.map((s) => s.listening));
        const ready = await Promise.all(urls.map(async (url) => (await fetch(`${url}/healthz`)).status));
        expect(ready).toEqual([200, 200, 200]);
        const stopped = await Promise.all(servers.map((s) => s.stop()));
        for (const result of stopped) {
          expect(result.code, result.stderr).toBe(0);
          expect(result.stderr).not.toContain('duplicate key');
        }
        const organizations = new Set(stopped.map((r) => JSON.parse(r.stdout).organization as string));
        expect(organizations.size).toBe(1);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
