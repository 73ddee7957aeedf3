// Listing page 500 of 100,000 spaces against page 1, through app.handle on a SQLite file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEngine } from '../src/engine/index';
import { createApp } from '../src/server/app';
import { median, type BenchRow } from './report';

export async function benchSpacePaging(total = 100_000, pageSize = 200, runs = 15): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-bench-'));
  const engine = await openEngine(join(dir, 'spaces.db'));
  try {
    const { organizationId, userId } = await engine.install();
    const { core } = engine;
    await core.write(async () => {
      const now = core.now();
      for (let i = 0; i < total; i++) {
        await core.run(
          'INSERT INTO spaces (id, organization_id, title, revision_id, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
          [`s${String(i).padStart(6, '0')}`, organizationId, `Space ${i}`, `r${i}`, i, now, now],
        );
      }
    });
    const app = createApp({ engine });
    const token = (await engine.tokens.create({ user: userId })).token;
    const get = async (page?: string) => {
      const url = `/v1/orgs/${organizationId}/spaces?limit=${pageSize}${page ? `&page=${encodeURIComponent(page)}` : ''}`;
      const response = await app.handleAsync({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      if (response.status !== 200) throw new Error(`${url}: ${response.status} ${response.body}`);
      return JSON.parse(response.body as string) as { next?: { page: string }; items: { id: string }[] };
    };
    // Walk to page 500 once to get its cursor (untimed).
    const target = Math.min(500, Math.floor(total / pageSize));
    let cursor: string | undefined;
    for (let page = 1; page < target; page++) cursor = (await get(cursor)).next?.page;
    const time = async (page?: string) => {
      const start = performance.now();
      await get(page);
      return performance.now() - start;
    };
    const first: number[] = [];
    const deep: number[] = [];
    for (let i = 0; i < runs; i++) {
      first.push(await time());
      deep.push(await time(cursor));
    }
    const ratio = median(deep) / median(first);
    return [
      { name: `spaces: page 1 of ${total} (limit ${pageSize})`, value: `${median(first).toFixed(1)} ms` },
      { name: `spaces: page ${target} of ${total}`, value: `${median(deep).toFixed(1)} ms`, ratio, target: '<= 1.5x page 1', ok: ratio <= 1.5 },
    ];
  } finally {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
