import { expect } from 'vitest';
import { sandbox, type RunResult } from '../helpers/cli';
import type { Choice, Prompter } from '../../src/output/prompts';

export type Sandbox = Awaited<ReturnType<typeof sandbox>>;

/** A sandbox whose database holds the sample organization (`init --sample`). */
export async function sampleSandbox(): Promise<Sandbox> {
  const s = sandbox();
  const init = await s.run(['init', '--sample']);
  expect(init.code, init.stderr).toBe(0);
  return s;
}

/** A sandbox with a fresh database: one organization whose only member is admin@example.com. */
export async function emptySandbox(): Promise<Sandbox> {
  const s = sandbox();
  const init = await s.run(['init']);
  expect(init.code, init.stderr).toBe(0);
  return s;
}

/** Asserts a successful run and returns it. */
export function ok(result: RunResult): RunResult {
  expect(result.code, `stderr: ${result.stderr}`).toBe(0);
  return result;
}

/** Runs with --json, expects success and returns the parsed stdout. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function json(s: Sandbox, argv: string[], options: Parameters<Sandbox['run']>[1] = {}): Promise<any> {
  const result = ok(await s.run(['--json', ...argv], options));
  return JSON.parse(result.stdout);
}

/** Piped output: one row per line, cells separated by tabs. Asserts there is no header line. */
export function tsvRows(stdout: string): string[][] {
  if (stdout === '') return [];
  expect(stdout.endsWith('\n')).toBe(true);
  const rows = stdout.slice(0, -1).split('\n').map((line) => line.split('\t'));
  expect(rows[0][0]).not.toBe('ID');
  expect(stdout).not.toMatch(/[┌│└]/);
  return rows;
}

function tableLines(stdout: string): string[] {
  return stdout.split('\n').filter((line) => line.startsWith('│'));
}

const cellsOf = (line: string) => line.split('│').slice(1, -1).map((c) => c.trim());

/** A TTY table: its header cells and its data rows. */
export function tableOf(stdout: string): { header: string[]; rows: string[][] } {
  expect(stdout.startsWith('┌')).toBe(true);
  const [header, ...rows] = tableLines(stdout).map(cellsOf);
  return { header, rows };
}

/** A TTY field/value table (`get` on a terminal) as a map. */
export function fieldsOf(stdout: string): Record<string, string> {
  expect(stdout.startsWith('┌')).toBe(true);
  return Object.fromEntries(tableLines(stdout).map((line) => cellsOf(line) as [string, string]));
}

/**
 * A prompter that records the questions it was asked. A pick-list is answered with `picks` (a function
 * of the choices offered, default: none), and its choices are recorded in `lists`.
 */
export function recordingPrompter(
  answer: boolean,
  picks: (choices: Choice[]) => string[] = () => [],
): Required<Prompter> & { questions: string[]; lists: Choice[][] } {
  const questions: string[] = [];
  const lists: Choice[][] = [];
  return {
    questions,
    lists,
    confirm: async (message: string) => (questions.push(message), answer),
    pick: async (message: string, choices: Choice[]) => (questions.push(message), lists.push(choices), picks(choices)),
  };
}

export const ADMIN = 'admin@example.com';
export const READER = 'donald.knuth@acme.example';
export const GUEST = 'ida.rhodes@acme.example';
