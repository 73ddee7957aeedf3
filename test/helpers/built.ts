import { expect } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunResult } from './cli';

/**
 * docsctl as users run it: the built `bin/docsctl.cjs` (the bundle, its vendor bundles and its code
 * cache) as a child process. vitest's global set-up builds dist/ first when it is missing or stale.
 */
export const BIN = fileURLToPath(new URL('../../bin/docsctl.cjs', import.meta.url));

type Terminal = { runOnTerminal(file: string, args: string[], options: { env?: Record<string, string>; cwd?: string; columns?: number }): Promise<{ code: number | string; output: string; answered: number }>; hasTerminal(): boolean };
const terminal = async () => (await import('../../scripts/terminal.js' as string)) as Terminal;
export const hasTerminal = async () => (await terminal()).hasTerminal();

/** One code cache for the whole test process, so the runs after the first start as fast as a user's. */
const cacheHome = mkdtempSync(join(tmpdir(), 'docsctl-built-cache-'));

/** Only what a sandbox sets: no CI, NODE_OPTIONS or anything else of the machine running the tests. */
export function builtEnv(box: { env: Record<string, string> }, extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', XDG_CACHE_HOME: cacheHome, ...box.env, ...extra };
}

export interface BuiltRunOptions {
  env?: Record<string, string>;
  stdin?: string;
  /** On a real terminal (script(1)) that answers prompts yes / first choice; stdout then holds stderr too. */
  tty?: boolean;
  /** The width of that terminal (default 100). */
  columns?: number;
  cwd?: string;
}

/** Runs `docsctl argv` through the built entry in `box` (its database, profiles and HOME). */
export async function runBuilt(box: { dir: string; env: Record<string, string> }, argv: string[], options: BuiltRunOptions = {}): Promise<RunResult> {
  const env = builtEnv(box, options.env);
  const cwd = options.cwd ?? box.dir;
  if (options.tty && options.stdin === undefined) {
    const { runOnTerminal } = await terminal();
    const result = await runOnTerminal(process.execPath, [BIN, ...argv], { env, cwd, columns: options.columns });
    return { code: typeof result.code === 'number' ? result.code : -1, stdout: result.output, stderr: '' };
  }
  const child = spawn(process.execPath, [BIN, ...argv], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdin.end(options.stdin ?? '');
  const code = await new Promise<number>((resolve) => child.on('close', (c, signal) => resolve(c ?? (signal ? -1 : 0))));
  return { code, stdout, stderr };
}

/** `docsctl argv --json` through the built entry, which must succeed: its output parsed. */
export async function runBuiltJson(box: { dir: string; env: Record<string, string> }, argv: string[]) {
  const result = await runBuilt(box, [...argv, '--json']);
  expect(result.code, `${argv.join(' ')}: ${result.stderr}`).toBe(0);
  return JSON.parse(result.stdout);
}

/**
 * `serve ARGS` through the built entry; resolves once it printed its URL. Without a grace period on
 * SIGTERM unless ARGS give one: no balancer watches a test's server.
 */
export function spawnBuiltServe(box: { dir: string; env: Record<string, string> }, args: string[]) {
  const grace = args.includes('--shutdown-grace') ? [] : ['--shutdown-grace', '0'];
  const child = spawn(process.execPath, [BIN, 'serve', ...grace, ...args], { cwd: box.dir, env: builtEnv(box), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number>((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? -1 : 0))));
  // `--json` announces the URL on stdout; otherwise a line on stderr says where it serves.
  const listening = new Promise<string>((resolve, reject) => {
    const announced = () => {
      const url = /https?:\/\/[^\s"]+/.exec(stdout || stderr)?.[0];
      if (url) resolve(url);
    };
    child.stdout.on('data', (chunk) => ((stdout += chunk), announced()));
    child.stderr.on('data', (chunk) => ((stderr += chunk), announced()));
    exited.then((code) => reject(new Error(`serve exited ${code} before listening: ${stderr}`)));
  });
  return {
    listening,
    /** The server's process id (its memory can be read in /proc). */
    pid: child.pid,
    /** SIGTERM, as a service manager stops it; resolves with what it printed and its exit code. */
    async stop(): Promise<RunResult> {
      child.kill('SIGTERM');
      const code = await exited;
      return { code, stdout, stderr };
    },
  };
}

/** A built `serve --port 0` over the box's database, and a token minted for it by the built CLI. */
export async function startBuiltServer(box: { dir: string; env: Record<string, string> }) {
  const server = spawnBuiltServe(box, ['--port', '0', '--json']);
  const url = await server.listening;
  const minted = await runBuilt(box, ['tokens', 'create', '--name', 'built', '--json']);
  if (minted.code !== 0) throw new Error(`tokens create exited ${minted.code}: ${minted.stderr}`);
  const token = JSON.parse(minted.stdout).token as string;
  return {
    url,
    token,
    pid: server.pid,
    async stop() {
      const result = await server.stop();
      if (result.code !== 0) throw new Error(`serve exited ${result.code} on SIGTERM: ${result.stderr}`);
      return result;
    },
  };
}
