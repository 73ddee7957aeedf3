// The single executable (scripts/package.js, built into a temporary folder in this run): a local
// `members list` and `--version` against `node -e 0`, interleaved, as ratios of medians (issue 19).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchRow } from './report';
import { quietEnv, startupEnv, timeInterleaved, writeMinimalLocal } from './startup';
// @ts-expect-error a build script in plain JavaScript, without types
import { makeExecutable } from '../scripts/sea-inject.js';

/**
 * The floors, made the same way as docsctl's executable: one from the floor script of a local
 * `members list` (startup.ts: better-sqlite3 reading and printing the same members, nothing of docsctl
 * in it), and one whose script is empty (the start of a single executable itself).
 */
function floorExecutables(dir: string, bin: string, env: NodeJS.ProcessEnv): { floor: string; empty: string; env: NodeJS.ProcessEnv } {
  const minimal = writeMinimalLocal(dir, bin, env);
  const empty = join(dir, 'empty.cjs');
  writeFileSync(empty, '');
  const made = (main: string, name: string) => {
    const work = join(dir, `${name}-work`);
    mkdirSync(work);
    makeExecutable({ main, work, executable: join(dir, name) });
    return join(dir, name);
  };
  return { floor: made(minimal.script, 'floor'), empty: made(empty, 'empty'), env: minimal.env };
}

export function benchSingleExecutable(root: string, runs: number): BenchRow[] {
  if (process.platform !== 'linux' || process.arch !== 'x64') return [{ name: 'single executable', value: `skipped: built for linux-x64 only (this is ${process.platform}-${process.arch})` }];
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-bench-sea-'));
  try {
    const built = spawnSync(process.execPath, [join(root, 'scripts', 'package.js'), '--out', join(dir, 'out')], { cwd: root, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`scripts/package.js failed: ${built.stderr}`);
    const sea = join(dir, 'out', 'docsctl');
    const env = startupEnv(dir);
    spawnSync(sea, ['init', '--sample'], { env, stdio: 'ignore' });
    for (let i = 0; i < 3; i++) spawnSync(sea, ['members', 'list'], { env, stdio: 'ignore' });
    const floors = floorExecutables(dir, join(root, 'bin', 'docsctl.cjs'), env);
    const [baseline, version, list, empty, floor] = timeInterleaved(
      [['-e', '0'], { file: sea, args: ['--version'] }, { file: sea, args: ['members', 'list'] }, { file: floors.empty, args: [] }, { file: floors.floor, args: [] }],
      runs,
      [quietEnv(), env, env, quietEnv(), floors.env],
    );
    return [
      { name: 'single executable: node -e 0 (baseline)', value: `${baseline.toFixed(1)} ms` },
      { name: 'single executable: --version', value: `${version.toFixed(1)} ms`, ratio: version / baseline },
      { name: 'single executable: members list (local)', value: `${list.toFixed(1)} ms`, ratio: list / baseline, target: '<= 2.0x baseline', ok: list / baseline <= 2.0 },
      { name: 'single executable: floor, an executable with an empty script', value: `${empty.toFixed(1)} ms`, ratio: empty / baseline },
      { name: 'single executable: floor, an executable of better-sqlite3 reading the same members', value: `${floor.toFixed(1)} ms`, ratio: floor / baseline },
      { name: 'single executable: members list over its floor (the gap docsctl adds)', value: `+${(list - floor).toFixed(1)} ms`, ratio: list / floor },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
