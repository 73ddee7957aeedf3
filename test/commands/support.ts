import { expect } from 'vitest';
import { sandbox, type RunResult } from '../helpers/cli';
import type { Choice, Prompter } from '../../src/output/prompts';
import { displayWidth } from '../../src/output/display-width';

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

/** A fresh database with one space, and helpers to run with --json and to write into a change request through `docsctl api`. */
export async function spaceSandbox() {
  const box = await emptySandbox();
  const space = JSON.parse((await box.run(['spaces', 'create', '--title', 'Docs', '--json'])).stdout).id as string;
  const json = async (argv: string[]) => {
    const r = await box.run([...argv, '--json']);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout);
  };
  const write = async (cr: string, changes: unknown[]) => {
    const r = await box.run(['api', '-X', 'POST', `/v1/spaces/${space}/change-requests/${cr}/content`, '--input', '-'], { stdin: JSON.stringify({ changes }) });
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout);
  };
  return { box, space, json, write };
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

// eslint-disable-next-line no-control-regex
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

/** A line cut at display columns (a wide character takes two, as on the terminal). */
function sliceColumns(line: string, from: number, to: number): string {
  let column = 0;
  let out = '';
  for (const char of line) {
    const width = displayWidth(char);
    if (column >= from && column < to) out += char;
    column += width;
  }
  return out;
}

/** A TTY table (borderless: a header line, then one line a row): its header cells and its data rows. */
export function tableOf(stdout: string): { header: string[]; rows: string[][] } {
  const [headerLine, ...lines] = plain(stdout).replace(/\n$/, '').split('\n');
  expect(headerLine).toMatch(/^[A-Z][A-Z ]*[A-Z]/);
  expect(stdout).not.toMatch(/[┌│└]/);
  const header = headerLine.split(/ {2,}/);
  // Columns are left-aligned under their header: each starts where its header starts.
  const starts = header.reduce<number[]>((at, name) => [...at, headerLine.indexOf(name, at.length ? at[at.length - 1] + 1 : 0)], []);
  const cells = (line: string) => starts.map((start, i) => sliceColumns(line, start, starts[i + 1] ?? Infinity).trim());
  return { header, rows: lines.map(cells) };
}

/**
 * A TTY table whose cells may wrap (a column marked `overflow`): a line with an empty first cell
 * continues the row above it, its pieces joined back to their cells (with a space, or none after an
 * @ or a /, where `wrap` breaks inside a word).
 */
export function wrappedTableOf(stdout: string): { header: string[]; rows: string[][] } {
  const { header, rows } = tableOf(stdout);
  const joined: string[][] = [];
  for (const row of rows) {
    const last = joined[joined.length - 1];
    if (!row[0] && last) {
      row.forEach((piece, i) => {
        if (piece) last[i] = last[i] ? `${last[i]}${/[@/]$/.test(last[i]) ? '' : ' '}${piece}` : piece;
      });
    } else joined.push([...row]);
  }
  return { header, rows: joined };
}

/** A TTY field/value listing (`get` on a terminal) as a map; a wrapped value is joined back with spaces. */
export function fieldsOf(stdout: string): Record<string, string> {
  const fields: Record<string, string> = {};
  let last = '';
  for (const line of plain(stdout).replace(/\n$/, '').split('\n')) {
    if (line.startsWith(' ') && last) {
      fields[last] = `${fields[last]} ${line.trim()}`;
      continue;
    }
    const [, name, value] = /^(\S+(?: \S+)*?)(?: {2,}(.*))?$/.exec(line) ?? [];
    expect(name, `not a field line: ${line}`).toBeDefined();
    fields[name] = value ?? '';
    last = name;
  }
  return fields;
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
