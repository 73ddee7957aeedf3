// CLI start-up: `docsctl --version` and a local `members list`, against `node -e 0`, as ratios of medians.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { median, type BenchRow } from './report';
import { faultsOver, pageFaultMicros, usageOf, writeUsageReporter } from './page-faults';
import { bundleFloorEnv, COMPILE_BUNDLES } from './bundle-floor';

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

/**
 * The floor of a local `members list`: the same work with nothing of docsctl in it. Node loads
 * better-sqlite3, opens the database, finds the organization, reads its members with their users and
 * prints two columns.
 */
const MINIMAL_LOCAL = `
// Through createRequire, as a single executable's require() loads built-in modules only.
const Database = require('node:module').createRequire(process.env.SQLITE_MODULE)(process.env.SQLITE_MODULE);
const db = new Database(process.env.DOCSCTL_DB);
const [org] = db.prepare('SELECT id FROM organizations LIMIT 2').all();
const members = db.prepare('SELECT u.id, u.display_name, u.email FROM members m JOIN users u ON u.id = m.user_id WHERE m.organization_id = ? ORDER BY u.display_name LIMIT 100').all(org.id);
let out = '';
for (const m of members) out += m.display_name.padEnd(24) + m.email + '\\n';
process.stdout.write(out);
`;

/** `env` for a floor script, with SQLITE_MODULE naming the better-sqlite3 that `bin` loads. */
export function withSqliteModule(bin: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, SQLITE_MODULE: createRequire(bin).resolve('better-sqlite3') };
}

/** Writes the floor script of a local `members list` into `dir`, with the environment it runs in. */
export function writeMinimalLocal(dir: string, bin: string, env: NodeJS.ProcessEnv): { script: string; env: NodeJS.ProcessEnv } {
  const script = join(dir, 'minimal-local.cjs');
  writeFileSync(script, MINIMAL_LOCAL);
  return { script, env: withSqliteModule(bin, env) };
}

/** The bundles a local `members list` reads: the core, the members group and the engine. */
const LOCAL_MEMBERS_BUNDLES = ['docsctl.cjs', 'docsctl-members.cjs', 'docsctl-engine.cjs'];

/**
 * Writes the floor of a local `members list` that docsctl's start-up bundles set (bundle-floor.ts): the
 * three it reads compiled from their code caches, none of it run, then the floor script of better-sqlite3.
 */
export function writeBundleFloorLocal(dir: string, bin: string, env: NodeJS.ProcessEnv): { script: string; env: NodeJS.ProcessEnv } {
  const script = join(dir, 'bundle-floor-local.cjs');
  writeFileSync(script, `${COMPILE_BUNDLES}${MINIMAL_LOCAL}`);
  return { script, env: { ...withSqliteModule(bin, env), ...bundleFloorEnv(join(dirname(bin), '..'), LOCAL_MEMBERS_BUNDLES) } };
}

export function benchStartup(bin: string, runs: number): BenchRow[] {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-bench-'));
  const env = startupEnv(dir);
  try {
    spawnSync(process.execPath, [bin, 'init', '--sample'], { env, stdio: 'ignore' });
    // Each command group's code cache (bin/run-bundle.cjs) is written by its first run, as for a user.
    spawnSync(process.execPath, [bin, 'members', 'list'], { env, stdio: 'ignore' });
    const cold = { ...env, DOCSCTL_CODE_CACHE: 'off' };
    const floor = writeMinimalLocal(dir, bin, env);
    const bundleFloor = writeBundleFloorLocal(dir, bin, env);
    const [baseline, version, list, minimal, bundles] = timeInterleaved([['-e', '0'], [bin, '--version'], [bin, 'members', 'list'], [floor.script], [bundleFloor.script]], runs, [env, env, env, floor.env, bundleFloor.env]);
    const [coldBaseline, coldList] = timeInterleaved([['-e', '0'], [bin, 'members', 'list']], Math.ceil(runs / 2), cold);
    const reporter = writeUsageReporter(dir);
    const micros = pageFaultMicros();
    const faults = { list: usageOf([bin, 'members', 'list'], env, reporter, 5).faults, floor: usageOf([floor.script], floor.env, reporter, 5).faults };
    return [
      { name: 'start: node -e 0 (baseline)', value: `${baseline.toFixed(1)} ms` },
      { name: 'start: docsctl --version', value: `${version.toFixed(1)} ms`, ratio: version / baseline, target: '<= 1.3x baseline', ok: version / baseline <= 1.3 },
      { name: 'start: docsctl members list (local)', value: `${list.toFixed(1)} ms`, ratio: list / baseline, target: '<= 1.5x baseline', ok: list / baseline <= 1.5 },
      { name: 'start: floor, better-sqlite3 alone reading and printing the same members', value: `${minimal.toFixed(1)} ms`, ratio: minimal / baseline },
      { name: 'start: members list over its floor (the gap docsctl adds)', value: `+${(list - minimal).toFixed(1)} ms`, ratio: list / minimal },
      { name: "start: floor, docsctl's three start-up bundles compiled from their code caches, then better-sqlite3's / better-sqlite3's", value: `${bundles.toFixed(1)} ms`, ratio: bundles / minimal },
      { name: 'start: members list over that floor (what running its code adds)', value: `+${(list - bundles).toFixed(1)} ms`, ratio: list / bundles },
      { name: 'start: page faults, members list over its floor', value: faultsOver(faults.list, faults.floor, micros) },
      { name: 'start: members list, code cache off', value: `${coldList.toFixed(1)} ms`, ratio: coldList / coldBaseline },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
