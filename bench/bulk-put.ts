// One bulk membership PUT adding 10,000 users to a team, through app.handle on a SQLite file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEngine } from '../src/engine/index';
import { createApp } from '../src/server/app';
import type { BenchRow } from './report';
import { mapInOrder } from '../src/engine/in-order';

/** On a new SQLite file, or on `database` (an empty PostgreSQL database: `backend` names it in the rows). */
export async function benchBulkPut(users = 10_000, database?: string, backend = ''): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-bench-'));
  const engine = await openEngine(database ?? join(dir, 'bulk.db'));
  try {
    const { organizationId, userId } = await engine.install();
    const { core } = engine;
    const emails = Array.from({ length: users }, (_, i) => `user${i}@bulk.example`);
    // Baseline: the same number of plain inserts in one transaction, the floor for any bulk write.
    const baselineStart = performance.now();
    await core.write(async () => {
      const now = core.now();
      await mapInOrder(emails, async (email, i) => {
        await core.run('INSERT INTO users (id, display_name, email, created_at) VALUES (?, ?, ?, ?)', [`u${i}`, `User ${i}`, email, now]);
        await core.run('INSERT INTO members (organization_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)', [organizationId, `u${i}`, 'read', now]);
      });
    });
    const baseline = performance.now() - baselineStart;
    const team = await engine.teams.create({ userId }, organizationId, { title: 'Everyone' });
    const app = createApp({ engine });
    const token = (await engine.tokens.create({ user: userId })).token;
    const body = JSON.stringify({ add: emails });
    const start = performance.now();
    const response = await app.handleAsync({
      method: 'PUT',
      url: `/v1/orgs/${organizationId}/teams/${team.id}/members`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    });
    const elapsed = performance.now() - start;
    if (response.status !== 204) throw new Error(`bulk PUT failed: ${response.status} ${response.body}`);
    const count = (await engine.teams.get({ userId }, organizationId, team.id)).members;
    if (count !== users) throw new Error(`expected ${users} team members, found ${count}`);
    return [
      { name: `bulk${backend}: insert ${users} members, raw SQL (baseline)`, value: `${baseline.toFixed(1)} ms` },
      {
        name: `bulk${backend}: PUT team members adding ${users} e-mails`,
        value: `${elapsed.toFixed(1)} ms`,
        ratio: elapsed / baseline,
        target: '< 500 ms',
        ok: elapsed < 500,
      },
    ];
  } finally {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
