// CLI start-up: `docsctl --version` and a local `members list`, against `node -e 0`, as ratios of medians.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, type BenchRow } from './report';

/** Runs the commands interleaved, so drift of the machine hits all of them alike. */
function timeInterleaved(commands: string[][], runs: number, env: NodeJS.ProcessEnv): number[] {
  const samples: number[][] = commands.map(() => []);
  for (let i = 0; i < runs; i++) {
    commands.forEach((args, k) => {
      const start = process.hrtime.bigint();
      const result = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
      samples[k].push(Number(process.hrtime.bigint() - start) / 1e6);
      if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr}`);
    });
  }
  return samples.map(median);
}

export function benchStartup(bin: string, runs: number): BenchRow[] {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-bench-'));
  const env = { ...process.env, DOCSCTL_DB: join(dir, 'bench.db'), DOCSCTL_CONFIG_DIR: dir, CI: '1' };
  try {
    spawnSync(process.execPath, [bin, 'init', '--sample'], { env, stdio: 'ignore' });
    const [baseline, version, list] = timeInterleaved([['-e', '0'], [bin, '--version'], [bin, 'members', 'list']], runs, env);
    return [
      { name: 'start: node -e 0 (baseline)', value: `${baseline.toFixed(1)} ms` },
      { name: 'start: docsctl --version', value: `${version.toFixed(1)} ms`, ratio: version / baseline, target: '<= 1.3x baseline', ok: version / baseline <= 1.3 },
      { name: 'start: docsctl members list (local)', value: `${list.toFixed(1)} ms`, ratio: list / baseline, target: '<= 2.0x baseline', ok: list / baseline <= 2.0 },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
