import { Readable } from 'node:stream';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/main';
import type { Prompter } from '../../src/output/prompts';
import { execFileSync } from 'node:child_process';
import { filesInS3, s3Env } from './s3';
const { postgresBin } = (await import('../../scripts/pg-cluster.js' as string)) as { postgresBin: () => string };

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Pretend stdout and stdin are a terminal. */
  tty?: boolean;
  /**
   * The terminal's width (with `tty`). By default a wide one (200), so tests of what a table holds see
   * whole cells; tests of fitting pass 80 or 120, and `null` for a terminal that does not say.
   */
  columns?: number | null;
  /** The clock relative times are read against (default: the system clock). */
  now?: Date;
  env?: Record<string, string | undefined>;
  stdin?: string;
  prompter?: Prompter;
  cwd?: string;
  /** Sees stdout as it is written (for long-running commands such as serve). */
  onStdout?: (chunk: string) => void;
}

function sink(tty: boolean, onWrite?: (chunk: string) => void, columns?: number) {
  const chunks: string[] = [];
  return {
    stream: { isTTY: tty, columns, write: (s: string) => { chunks.push(s); onWrite?.(s); return true; } },
    text: () => chunks.join(''),
  };
}

/** Runs `docsctl argv` in-process with fake streams. */
export async function run(argv: string[], options: RunOptions = {}): Promise<RunResult> {
  const tty = options.tty ?? false;
  const columns = options.columns === null ? undefined : (options.columns ?? (tty ? 200 : undefined));
  const stdout = sink(tty, options.onStdout, columns);
  // stderr is never a terminal here, so spinners stay off and stderr assertions stay exact.
  const stderr = sink(false);
  const stdin = Object.assign(Readable.from(options.stdin !== undefined ? [options.stdin] : []), { isTTY: tty });
  const code = await main(argv, {
    stdout: stdout.stream,
    stderr: stderr.stream,
    stdin,
    env: { HOME: '/nonexistent', ...options.env },
    cwd: options.cwd ?? process.cwd(),
    prompter: options.prompter,
    now: options.now ? () => options.now! : undefined,
  });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

let databases = 0;

/** Whether a sandbox's whole state is its SQLite file (not PostgreSQL, no files in S3). */
export const sandboxIsOneFile = () => !(process.env.DOCSCTL_TEST_BACKEND === 'postgres' && process.env.DOCSCTL_TEST_POSTGRES) && !filesInS3();

/**
 * Where a sandbox's database is: a file in it, or, in the PostgreSQL run of the suite
 * (DOCSCTL_TEST_POSTGRES, test/postgres-setup.ts), a new database of the test cluster.
 */
function sandboxDatabase(dir: string): string {
  const cluster = process.env.DOCSCTL_TEST_POSTGRES;
  if (process.env.DOCSCTL_TEST_BACKEND !== 'postgres' || !cluster) return join(dir, 'test.db');
  const name = `box_${process.pid}_${++databases}`;
  const url = new URL(cluster);
  execFileSync(join(postgresBin(), 'createdb'), ['-h', url.hostname, '-p', url.port, '-U', url.username, name]);
  return cluster.replace(/\/[^/]*$/, `/${name}`);
}

/**
 * A fresh directory with env pointing docsctl's database and config into it (and, in the S3 run of the
 * suite, its files into a fresh prefix of the test bucket: DOCSCTL_FILES and how to reach it).
 */
export function sandbox() {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-test-'));
  // BROWSER=true: `sites open` on a (test) terminal opens nothing.
  const env: Record<string, string> = { DOCSCTL_DB: sandboxDatabase(dir), DOCSCTL_CONFIG_DIR: join(dir, 'config'), HOME: dir, BROWSER: 'true', ...(filesInS3() ? s3Env() : {}) };
  return {
    dir,
    env,
    run: (argv: string[], options: RunOptions = {}) => run(argv, { cwd: dir, ...options, env: { ...env, ...options.env } }),
  };
}

/** Confirms everything; a pick-list gets every choice ticked. */
export const yesPrompter: Prompter = { confirm: async () => true, pick: async (_message, choices) => choices.map((c) => c.value) };
/** Refuses everything; a pick-list gets nothing ticked. */
export const noPrompter: Prompter = { confirm: async () => false, pick: async () => [] };
