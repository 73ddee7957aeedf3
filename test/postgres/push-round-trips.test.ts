import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../helpers/cli';
import { startLatencyProxy, type LatencyProxy } from '../helpers/pg-latency-proxy';
import { freshDatabase } from './database';

/** A folder of `pages` pages in folders of 50 (a README and 49 pages each), as the content-push bench writes. */
function folderOf(dir: string, pages: number): string {
  const docs = join(dir, `docs-${pages}`);
  for (let f = 0; f * 50 < pages; f++) {
    mkdirSync(join(docs, `part-${f}`), { recursive: true });
    writeFileSync(join(docs, `part-${f}`, 'README.md'), `# Part ${f}\n\nAn overview of part ${f}.\n`);
    for (let p = 0; p < 49 && f * 50 + p + 1 < pages; p++) writeFileSync(join(docs, `part-${f}`, `page-${p}.md`), `# Page ${f}.${p}\n\nSome text.\n`);
  }
  return docs;
}

/**
 * Issue 59: a bulk write's round trips to PostgreSQL do not grow with its rows. `content push --merge`
 * through the local transport (the CLI in-process on PostgreSQL, through the counting proxy of
 * test/helpers/pg-latency-proxy.ts) of 1,000 pages costs what 10 pages cost, within 10 round trips.
 * ROUND_TRIPS_LOG=1 prints both counts. Opening the engine counts on both sides alike.
 */
describe('round trips of content push --merge on PostgreSQL', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-push-round-trips-'));
  let proxy: LatencyProxy;
  let env: Record<string, string>;
  beforeAll(async () => {
    proxy = await startLatencyProxy(await freshDatabase('push_round_trips'), { delayMs: 0 });
    env = { DOCSCTL_DATABASE_URL: proxy.url, DOCSCTL_CONFIG_DIR: join(dir, 'config'), HOME: dir, CI: '1' };
    expect((await run(['init', '--json'], { env })).code).toBe(0);
  });
  afterAll(async () => {
    await proxy.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The round trips of the push of a folder of `pages` pages into a new space, and its answer. */
  const pushed = async (pages: number) => {
    const space = JSON.parse((await run(['spaces', 'create', '--title', `Pushed ${pages}`, '--json'], { env })).stdout).id as string;
    const docs = folderOf(dir, pages);
    let answer!: Awaited<ReturnType<typeof run>>;
    const trips = await proxy.count(async () => (answer = await run(['content', 'push', docs, '--space', space, '--merge', '--json'], { env })));
    expect(answer.code, answer.stderr).toBe(0);
    return trips;
  };

  it('costs 1,000 pages the round trips of 10, within 10', async () => {
    const [few, many] = [await pushed(10), await pushed(1000)];
    if (process.env.ROUND_TRIPS_LOG) console.log(`content push --merge: 10 pages ${few} round trips, 1,000 pages ${many}`);
    expect(Math.abs(many - few), `10 pages: ${few} round trips, 1,000 pages: ${many}`).toBeLessThanOrEqual(10);
  }, 60_000);
});
