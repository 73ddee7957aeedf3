// The single executable (scripts/package.js, built into a temporary folder in this run): a local
// `members list` and `--version` against `node -e 0`, interleaved, as ratios of medians (issue 19).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchRow } from './report';
import { quietEnv, startupEnv, timeInterleaved, writeBundleFloorLocal, writeMinimalLocal } from './startup';
import { benchOpenapiPublish } from './openapi-publish';
// @ts-expect-error a build script in plain JavaScript, without types
import { makeExecutable } from '../scripts/sea-inject.js';

/**
 * The floors, made the same way as docsctl's executable: one from the floor script of a local
 * `members list` (startup.ts: better-sqlite3 reading and printing the same members, nothing of docsctl
 * in it), one whose script is empty (the start of a single executable itself), and one that compiles
 * docsctl's three start-up bundles from their code caches before the floor script (bundle-floor.ts; the npm
 * build's bundles and caches, read from disk where the executable reads its own from its assets).
 */
function floorExecutables(dir: string, bin: string, env: NodeJS.ProcessEnv): { floor: string; empty: string; emptySnapshot: string; bundles: string; env: NodeJS.ProcessEnv; bundlesEnv: NodeJS.ProcessEnv } {
  const minimal = writeMinimalLocal(dir, bin, env);
  const bundleFloor = writeBundleFloorLocal(dir, bin, env);
  // The npm build's code caches of a `members` run, which the bundle floor reads.
  spawnSync(process.execPath, [bin, 'members', 'list'], { env, stdio: 'ignore' });
  const empty = join(dir, 'empty.cjs');
  writeFileSync(empty, '');
  // An executable that starts from a V8 startup snapshot of an empty heap (`useSnapshot`, issue 35):
  // what starting from a snapshot costs before anything of docsctl is in it.
  const emptySnapshot = join(dir, 'empty-snapshot.cjs');
  writeFileSync(emptySnapshot, "require('node:v8').startupSnapshot.setDeserializeMainFunction(() => {});\n");
  const made = (main: string, name: string, useSnapshot = false) => {
    const work = join(dir, `${name}-work`);
    mkdirSync(work);
    makeExecutable({ main, work, executable: join(dir, name), useSnapshot });
    return join(dir, name);
  };
  return {
    floor: made(minimal.script, 'floor'), empty: made(empty, 'empty'), emptySnapshot: made(emptySnapshot, 'empty-snapshot', true), bundles: made(bundleFloor.script, 'bundle-floor'),
    env: minimal.env, bundlesEnv: bundleFloor.env,
  };
}

export function benchSingleExecutable(root: string, runs: number): BenchRow[] {
  if (process.platform !== 'linux' || process.arch !== 'x64') return [{ name: 'single executable', value: `skipped: built for linux-x64 only (this is ${process.platform}-${process.arch})` }];
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-bench-sea-'));
  try {
    const built = spawnSync(process.execPath, [join(root, 'scripts', 'package.js'), '--out', join(dir, 'out')], { cwd: root, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`scripts/package.js failed: ${built.stderr}`);
    const sea = join(dir, 'out', 'docsctl');
    // The same executable started from a V8 startup snapshot of docsctl's modules (`--snapshot`, issue 35).
    const snapshotBuilt = spawnSync(process.execPath, [join(root, 'scripts', 'package.js'), '--snapshot', '--out', join(dir, 'snapshot')], { cwd: root, encoding: 'utf8' });
    if (snapshotBuilt.status !== 0) throw new Error(`scripts/package.js --snapshot failed: ${snapshotBuilt.stderr}`);
    const snapshotSea = join(dir, 'snapshot', 'docsctl');
    const env = startupEnv(dir);
    spawnSync(sea, ['init', '--sample'], { env, stdio: 'ignore' });
    for (let i = 0; i < 3; i++) for (const file of [sea, snapshotSea]) spawnSync(file, ['members', 'list'], { env, stdio: 'ignore' });
    const floors = floorExecutables(dir, join(root, 'bin', 'docsctl.cjs'), env);
    const [baseline, version, list, empty, floor, emptySnapshot, snapshotList, help, snapshotHelp, bundles] = timeInterleaved(
      [['-e', '0'], { file: sea, args: ['--version'] }, { file: sea, args: ['members', 'list'] }, { file: floors.empty, args: [] }, { file: floors.floor, args: [] }, { file: floors.emptySnapshot, args: [] },
        { file: snapshotSea, args: ['members', 'list'] }, { file: sea, args: ['--help'] }, { file: snapshotSea, args: ['--help'] }, { file: floors.bundles, args: [] }],
      runs,
      [quietEnv(), env, env, quietEnv(), floors.env, quietEnv(), env, env, env, floors.bundlesEnv],
    );
    return [
      { name: 'single executable: node -e 0 (baseline)', value: `${baseline.toFixed(1)} ms` },
      { name: 'single executable: --version', value: `${version.toFixed(1)} ms`, ratio: version / baseline },
      { name: 'single executable: members list (local)', value: `${list.toFixed(1)} ms`, ratio: list / baseline, target: '<= 2.0x baseline', ok: list / baseline <= 2.0 },
      { name: 'single executable: floor, an executable with an empty script', value: `${empty.toFixed(1)} ms`, ratio: empty / baseline },
      { name: 'single executable: floor, an executable of better-sqlite3 reading the same members', value: `${floor.toFixed(1)} ms`, ratio: floor / baseline },
      { name: 'single executable: floor, an executable started from a startup snapshot of an empty heap', value: `${emptySnapshot.toFixed(1)} ms`, ratio: emptySnapshot / baseline },
      { name: 'single executable: members list over its floor (the gap docsctl adds)', value: `+${(list - floor).toFixed(1)} ms`, ratio: list / floor },
      { name: "single executable: floor, an executable compiling docsctl's three start-up bundles from their code caches, then better-sqlite3's", value: `${bundles.toFixed(1)} ms`, ratio: bundles / baseline },
      { name: 'single executable: members list over that floor (what running its code adds)', value: `+${(list - bundles).toFixed(1)} ms`, ratio: list / bundles },
      { name: 'single executable from a startup snapshot (package.js --snapshot): members list', value: `${snapshotList.toFixed(1)} ms`, ratio: snapshotList / baseline },
      { name: 'single executable from a startup snapshot: members list / the executable with code caches', value: `${snapshotList.toFixed(1)} ms`, ratio: snapshotList / list },
      { name: 'single executable from a startup snapshot: --help (run once at build) / the executable with code caches', value: `${snapshotHelp.toFixed(1)} ms`, ratio: snapshotHelp / help },
      // `openapi publish` as the openapi group measures it, the executable as the program (its validation in a worker thread).
      ...benchOpenapiPublish([sea], Math.max(5, Math.round(runs / 3)), 'single executable: openapi'),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
