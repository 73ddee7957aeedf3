// CLI start-up: `docsctl --version` and a local `members list` against `node -e 0`, as ratios of medians.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../bin/docsctl.js', import.meta.url));

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Runs the commands interleaved, so drift of the machine hits all of them alike. */
function timeInterleaved(commands, runs, env) {
  const samples = commands.map(() => []);
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

export function benchStartup(runs = Number(process.env.BENCH_RUNS ?? 30)) {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-bench-'));
  const env = { ...process.env, DOCSCTL_DB: join(dir, 'bench.db'), DOCSCTL_CONFIG_DIR: dir, CI: '1' };
  try {
    spawnSync(process.execPath, [bin, 'init', '--sample'], { env, stdio: 'ignore' });
    const [baseline, version, list] = timeInterleaved([['-e', '0'], [bin, '--version'], [bin, 'members', 'list']], runs, env);
    return [
      { name: 'node -e 0 (baseline)', ms: baseline },
      { name: 'docsctl --version', ms: version, ratio: version / baseline, target: 1.3 },
      { name: 'docsctl members list (local, 37 members)', ms: list, ratio: list / baseline, target: 2.0 },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(benchStartup());
