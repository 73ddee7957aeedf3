// The single executable (scripts/package.js, built into a temporary folder in this run): a local
// `members list` and `--version` against `node -e 0`, interleaved, as ratios of medians (issue 19).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchRow } from './report';
import { quietEnv, startupEnv, timeInterleaved } from './startup';

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
    const [baseline, version, list] = timeInterleaved([['-e', '0'], { file: sea, args: ['--version'] }, { file: sea, args: ['members', 'list'] }], runs, [quietEnv(), env, env]);
    return [
      { name: 'single executable: node -e 0 (baseline)', value: `${baseline.toFixed(1)} ms` },
      { name: 'single executable: --version', value: `${version.toFixed(1)} ms`, ratio: version / baseline },
      { name: 'single executable: members list (local)', value: `${list.toFixed(1)} ms`, ratio: list / baseline, target: '<= 2.0x baseline', ok: list / baseline <= 2.0 },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
