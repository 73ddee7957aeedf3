// `content push --merge` of a Git Sync repository to a remote `serve` through a link of 10 ms round
// trips (a TCP proxy adding 5 ms each way), as CI pushes to an instance in a nearby data centre:
// - 300 pages showing a small image each (they travel inside the change request's writes) against the
//   same pages without images, in the same run;
// - 24 pages showing an image over 1 MiB each (each uploaded before the change request opens), the
//   uploads four in flight (the default) against the same push with them one by one (`--parallel 1`).
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, type BenchRow } from './report';
import { runQuiet, startDelayingProxy, startServe } from './spawn';
import { repository, timedPush } from './git-sync';

/** Bytes of each image of the uploads' row: just over what travels inline (src/commands/shared/inline-files.ts, INLINE_FILE_BYTES). */
const LARGE_IMAGE_BYTES = 1024 * 1024 + 256 * 1024;
const LARGE_IMAGE_PAGES = 24;

export async function benchGitSyncRemotePush(bin: string, pages = 300, runs = 3): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-bench-gitsync-remote-'));
  const { NODE_EXTRA_CA_CERTS: _, ...clean } = process.env;
  const local = { ...clean, DOCSCTL_DB: join(dir, 'bench.db'), DOCSCTL_CONFIG_DIR: dir, CI: '1' };
  const children: ChildProcess[] = [];
  try {
    const withImages = join(dir, 'with-images');
    const withoutImages = join(dir, 'without-images');
    const largeImages = join(dir, 'large-images');
    repository(withImages, pages, true);
    repository(withoutImages, pages, false);
    repository(largeImages, LARGE_IMAGE_PAGES, true);
    const assets = join(largeImages, '.gitbook/assets');
    for (const name of readdirSync(assets)) writeFileSync(join(assets, name), randomBytes(LARGE_IMAGE_BYTES));
    runQuiet(bin, ['init'], local);
    const token = JSON.parse(runQuiet(bin, ['tokens', 'create', '--json'], local)).token as string;
    const serve = await startServe(bin, local);
    children.push(serve.child);
    const proxy = await startDelayingProxy(serve.url, clean);
    children.push(proxy.child);
    const remote = ['--url', proxy.url, '--token', token];
    const time = (folder: string, count: number, pushFlags: string[] = []) => timedPush(bin, { ...clean, DOCSCTL_CONFIG_DIR: dir, CI: '1' }, folder, count, remote, pushFlags);
    const series = { noImages: [] as number[], smallImages: [] as number[], oneByOne: [] as number[], overlapped: [] as number[] };
    let small = 0;
    let large = 0;
    for (let i = 0; i < runs; i++) {
      series.noImages.push(time(withoutImages, pages).ms);
      const run = time(withImages, pages);
      series.smallImages.push(run.ms);
      small = run.summary.uploaded;
      series.oneByOne.push(time(largeImages, LARGE_IMAGE_PAGES, ['--parallel', '1']).ms);
      const overlapped = time(largeImages, LARGE_IMAGE_PAGES);
      series.overlapped.push(overlapped.ms);
      large = overlapped.summary.uploaded;
    }
    const inline = median(series.smallImages) / median(series.noImages);
    const ratio = median(series.overlapped) / median(series.oneByOne);
    const name = 'git sync push+merge, remote over 10 ms round trips';
    const largeName = `${name}: ${LARGE_IMAGE_PAGES} pages, ${large} images of ${(LARGE_IMAGE_BYTES / 1024 / 1024).toFixed(2)} MiB (uploaded)`;
    return [
      { name: `${name}: ${pages} pages, no images (baseline)`, value: `${median(series.noImages).toFixed(0)} ms` },
      { name: `${name}: ${pages} pages, ${small} small images (inside the writes)`, value: `${median(series.smallImages).toFixed(0)} ms`, ratio: inline, target: '≤ 1.5x', ok: inline <= 1.5 },
      { name: `${largeName}, one upload at a time (baseline)`, value: `${median(series.oneByOne).toFixed(0)} ms` },
      { name: `${largeName}, four in flight`, value: `${median(series.overlapped).toFixed(0)} ms`, ratio, target: '≤ 0.75x', ok: ratio <= 0.75 },
    ];
  } finally {
    for (const child of children) child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}
