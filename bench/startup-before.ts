// Local `members list` start-up against the build before the engine became asynchronous (issue 16's
// "not slower than before by more than 5%"): that commit is built in a temporary worktree of this
// repository and both run interleaved in this process, so the ratio comes from one run.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { timeInterleaved, startupEnv } from './startup';
import type { BenchRow } from './report';

/** The last commit with the synchronous engine on SQLite alone. */
export const BEFORE_ASYNC = '81205e2';

/**
 * Builds the old commit in `tree` with its own dependencies (its lock file: this checkout's may have
 * dropped a package it needs), from npm's cache when it can; only better-sqlite3, whose native addon
 * `--ignore-scripts` does not build, is this checkout's. True, or why it could not.
 */
function buildOld(root: string, tree: string): true | string {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const installed = spawnSync(npm, ['ci', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: tree, encoding: 'utf8' });
  if (installed.status !== 0) return `npm ci of the old commit failed: ${installed.stderr.trim().split('\n').at(-1)}`;
  const addon = join(tree, 'node_modules', 'better-sqlite3');
  rmSync(addon, { recursive: true, force: true });
  symlinkSync(join(root, 'node_modules', 'better-sqlite3'), addon);
  const built = spawnSync(process.execPath, ['scripts/build.js'], { cwd: tree, encoding: 'utf8' });
  return built.status === 0 || `its build failed: ${built.stderr.trim().split('\n').at(-1)}`;
}

export function benchStartupBefore(root: string, bin: string, runs: number, rev = BEFORE_ASYNC): BenchRow[] {
  const name = `start: members list (local) vs ${rev}`;
  const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  try {
    git('cat-file', '-e', `${rev}^{commit}`);
  } catch {
    return [{ name, value: `skipped: commit ${rev} is not in this clone's history` }];
  }
  const tree = mkdtempSync(join(tmpdir(), 'docsctl-before-'));
  const dirs = [mkdtempSync(join(tmpdir(), 'docsctl-bench-')), mkdtempSync(join(tmpdir(), 'docsctl-bench-'))];
  try {
    git('worktree', 'add', '--detach', '--force', tree, rev);
    const built = buildOld(root, tree);
    if (built !== true) return [{ name, value: `skipped: ${built}` }];
    const beforeBin = join(tree, 'bin', 'docsctl.cjs');
    const bins = [beforeBin, bin];
    // Each build on a database of its own (an older build refuses a newer schema), code cache written.
    const envs = bins.map((b, i) => {
      const env = startupEnv(dirs[i]);
      spawnSync(process.execPath, [b, 'init', '--sample'], { env, stdio: 'ignore' });
      for (let i = 0; i < 3; i++) spawnSync(process.execPath, [b, 'members', 'list'], { env, stdio: 'ignore' });
      return env;
    });
    const [before, now] = timeInterleaved(bins.map((b) => [b, 'members', 'list']), runs, envs);
    const ratio = now / before;
    return [
      { name: `${name} (before)`, value: `${before.toFixed(1)} ms` },
      { name, value: `${now.toFixed(1)} ms`, ratio, target: '<= 1.05x before', ok: ratio <= 1.05 },
    ];
  } finally {
    if (existsSync(tree)) {
      try {
        git('worktree', 'remove', '--force', tree);
      } catch {
        rmSync(tree, { recursive: true, force: true });
        git('worktree', 'prune');
      }
    }
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
