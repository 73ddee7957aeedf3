// CLI start-up: `docsctl --version` and a local `members list`, against `node -e 0`, as ratios of medians.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, type BenchRow } from './report';

/** Arguments for this Node, or another program (the single executable) with its arguments. */
export type Timed = string[] | { file: string; args: string[] };

/** Runs the commands interleaved, so drift of the machine hits all of them alike; `env` may be one per command. */
export function timeInterleaved(commands: Timed[], runs: number, env: NodeJS.ProcessEnv | NodeJS.ProcessEnv[]): number[] {
  const samples: number[][] = commands.map(() => []);
  for (let i = 0; i < runs; i++) {
    commands.forEach((command, k) => {
      const { file, args } = Array.isArray(command) ? { file: process.execPath, args: command } : command;
      const start = process.hrtime.bigint();
      const result = spawnSync(file, args, { env: Array.isArray(env) ? env[k] : env, stdio: ['ignore', 'ignore', 'pipe'] });
      samples[k].push(Number(process.hrtime.bigint() - start) / 1e6);
      if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr}`);
    });
  }
  return samples.map(median);
}

/**
 * This environment without the variables that make every Node start slower: they would add the same
 * milliseconds to the baseline and to docsctl, and so flatter the ratios (NODE_EXTRA_CA_CERTS alone
 * adds ~70 ms on the development machine, which put `members list` at 2.0x when it was 4.7x).
 */
export function quietEnv(): NodeJS.ProcessEnv {
  const { NODE_EXTRA_CA_CERTS, NODE_OPTIONS, ...quiet } = process.env;
  return quiet;
}

/** An environment for a local docsctl whose database, profile and code cache live in `dir`. */
export function startupEnv(dir: string): NodeJS.ProcessEnv {
  return { ...quietEnv(), DOCSCTL_DB: join(dir, 'bench.db'), DOCSCTL_CONFIG_DIR: dir, XDG_CACHE_HOME: join(dir, 'cache'), CI: '1' };
}

export function benchStartup(bin: string, runs: number): BenchRow[] {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-bench-'));
  const env = startupEnv(dir);
  try {
    spawnSync(process.execPath, [bin, 'init', '--sample'], { env, stdio: 'ignore' });
    // Each command group's code cache (bin/run-bundle.cjs) is written by its first run, as for a user.
    spawnSync(process.execPath, [bin, 'members', 'list'], { env, stdio: 'ignore' });
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
