// CLI start-up: `docsctl --version` and a local `members list`, against `node -e 0`, as ratios of medians.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, type BenchRow } from './report';

/** Runs the commands interleaved, so drift of the machine hits all of them alike; `env` may be one per command. */
export function timeInterleaved(commands: string[][], runs: number, env: NodeJS.ProcessEnv | NodeJS.ProcessEnv[]): number[] {
  const samples: number[][] = commands.map(() => []);
  for (let i = 0; i < runs; i++) {
    commands.forEach((args, k) => {
      const start = process.hrtime.bigint();
      const result = spawnSync(process.execPath, args, { env: Array.isArray(env) ? env[k] : env, stdio: ['ignore', 'ignore', 'pipe'] });
      samples[k].push(Number(process.hrtime.bigint() - start) / 1e6);
      if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr}`);
    });
  }
  return samples.map(median);
}

/** An environment for a local docsctl whose database, profile and code cache live in `dir`. */
export function startupEnv(dir: string): NodeJS.ProcessEnv {
  // Variables that make every Node start slower are left out: they would add the same milliseconds to
  // the baseline and to docsctl, and so flatter the ratios (NODE_EXTRA_CA_CERTS alone adds ~70 ms on
  // the development machine, which put `members list` at 2.0x when it was 4.7x).
  const { NODE_EXTRA_CA_CERTS, NODE_OPTIONS, ...clean } = process.env;
  return { ...clean, DOCSCTL_DB: join(dir, 'bench.db'), DOCSCTL_CONFIG_DIR: dir, XDG_CACHE_HOME: join(dir, 'cache'), CI: '1' };
}

export function benchStartup(bin: string, runs: number): BenchRow[] {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-bench-'));
  const env = startupEnv(dir);
  try {
    spawnSync(process.execPath, [bin, 'init', '--sample'], { env, stdio: 'ignore' });
    // The code cache (bin/run-bundle.cjs) is written by `init` above, as for a user, and extended by the
    // first `members list`.
    const cold = { ...env, DOCSCTL_CODE_CACHE: 'off' };
    const [baseline, version, list] = timeInterleaved([['-e', '0'], [bin, '--version'], [bin, 'members', 'list']], runs, env);
    const [coldBaseline, coldList] = timeInterleaved([['-e', '0'], [bin, 'members', 'list']], Math.ceil(runs / 2), cold);
    return [
      { name: 'start: node -e 0 (baseline)', value: `${baseline.toFixed(1)} ms` },
      { name: 'start: docsctl --version', value: `${version.toFixed(1)} ms`, ratio: version / baseline, target: '<= 1.3x baseline', ok: version / baseline <= 1.3 },
      { name: 'start: docsctl members list (local)', value: `${list.toFixed(1)} ms`, ratio: list / baseline, target: '<= 2.0x baseline', ok: list / baseline <= 2.0 },
      { name: 'start: members list, code cache off', value: `${coldList.toFixed(1)} ms`, ratio: coldList / coldBaseline },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
