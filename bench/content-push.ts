// Pushing a folder of pages (1,000, and 10,000 against issue 19's 3 s) as one change request and merging it,
// step by step (local transport), with the bench process's peak memory.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEngine } from '../src/engine/index';
import { createApp } from '../src/server/app';
import { ApiClient } from '../src/api/client';
import { localTransport } from '../src/api/transports/local';
import { routes } from '../src/api/routes/index';
import { readTree } from '../src/content-tree/local-tree';
import { readRemote } from '../src/commands/content/remote-tree';
import { planPush } from '../src/content-tree/push';
import type { BenchRow } from './report';
import { writeChanges } from '../src/commands/shared/write-changes';
import { MAX_CHANGES_PER_WRITE } from '../src/api/schemas/content';

/** `database`: a PostgreSQL URL to push into instead of a SQLite file; `backend` is added to the rows' names. */
export async function benchContentPush(pages = 1000, database?: string, backend = ''): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-bench-'));
  const docs = join(dir, 'docs');
  const engine = await openEngine(database ?? join(dir, 'content.db'));
  try {
    const folders = Math.ceil(pages / 50);
    for (let f = 0; f < folders; f++) {
      mkdirSync(join(docs, `part-${f}`), { recursive: true });
      writeFileSync(join(docs, `part-${f}`, 'README.md'), `# Part ${f}\n\nAn overview of part ${f}.\n`);
      for (let p = 0; p < 49 && f * 50 + p + 1 < pages; p++) {
        writeFileSync(join(docs, `part-${f}`, `page-${p}.md`), `# Page ${f}.${p}\n\n${'Some text with **bold** and a [link](https://example.com). '.repeat(20)}\n\n- one\n- two\n`);
      }
    }
    const { organizationId, userId } = await engine.install();
    const api = new ApiClient(localTransport(createApp({ engine }), { userId }));
    const space = await api.call(routes.createSpace, { params: { organizationId }, body: { title: 'Bench' } });
    const steps: [string, number][] = [];
    const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      const start = performance.now();
      const result = await work();
      steps.push([name, performance.now() - start]);
      return result;
    };
    const local = await step('read folder', () => readTree(docs));
    const remote = await step('read space', () => readRemote(api, space.id));
    const plan = await step('plan', async () => planPush(local, remote.pages, remote.files));
    const cr = await step('open change request', () => api.call(routes.createChangeRequest, { params: { spaceId: space.id }, body: {} }));
    await step(`write ${local.pages.length} pages (batches of at most ${MAX_CHANGES_PER_WRITE}, as content push writes them)`, async () => {
      await writeChanges(api, { spaceId: space.id, changeRequestId: cr.id }, plan.changes);
    });
    const merged = await step('merge', () => api.call(routes.mergeChangeRequest, { params: { spaceId: space.id, changeRequestId: cr.id } }));
    if (merged.result !== 'merge') throw new Error('the bench merge conflicted');
    const total = steps.reduce((sum, [, ms]) => sum + ms, 0);
    const peakMb = process.resourceUsage().maxRSS / 1024;
    const total10k = pages >= 10_000 && !database ? { target: '<= 3 s', ok: total <= 3000 } : {};
    return [
      ...steps.map(([name, ms]) => ({ name: `push${backend}: ${name}`, value: `${ms.toFixed(1)} ms` })),
      { name: `push${backend}: ${local.pages.length} pages, total (bench process peak ${peakMb.toFixed(0)} MB)`, value: `${total.toFixed(1)} ms`, ...total10k },
    ];
  } finally {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
