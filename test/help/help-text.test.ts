import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../helpers/cli';
import { EXIT } from '../../src/errors';
import { HELP_TOPICS } from '../../src/commands/help-topics/index';
import { commandsOf, examplesIn, fullProgram, helpText } from './examples';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('every command teaches', async () => {
  const program = await fullProgram();
  const commands = commandsOf(program);

  it.each(commands.map((c) => [c.path.join(' ') || '(program)', c.command] as const))('%s has a summary, its flags and an example', (_name, command) => {
    const text = helpText(command);
    expect(command.description().trim().length).toBeGreaterThan(5);
    expect(text).toContain('Options:');
    // Hidden options (kept only so old scripts keep working) are left out of help on purpose.
    const shown = command.options.filter((option) => !option.hidden);
    for (const option of shown) expect(text).toContain(option.long ?? option.short!);
    expect(examplesIn(text).length).toBeGreaterThan(0);
  });
});

/** Lines of a help text wider than 80 columns, but for commands (`$ …`), which stay whole to be copied. */
const tooWide = (text: string) => text.split('\n').filter((line) => line.length > 80 && !/^\s*\$ /.test(line));

describe('help text wraps at words (issue 55)', async () => {
  const program = await fullProgram();
  // The commands whose own text (an event list, a note after the examples) has a line past 80 columns.
  const long = commandsOf(program).filter((c) => tooWide(helpText(c.command)).length > 0);

  it('some commands add lines past 80 columns (webhooks: its event list)', () => {
    expect(long.map((c) => c.path.join(' '))).toContain('webhooks');
  });

  it.each(long.map((c) => [c.path.join(' '), c.path] as const))('%s --help fits 80 columns, piped and on a terminal, with every word whole', async (_name, path) => {
    const words = new Set(helpText(long.find((c) => c.path === path)!.command).split(/\s+/));
    for (const tty of [false, true]) {
      const r = await run([...path, '--help'], { tty, columns: 80 });
      expect(r.code).toBe(0);
      expect(tooWide(r.stdout)).toEqual([]);
      expect(new Set(r.stdout.split(/\s+/))).toEqual(words);
    }
  });

  it('webhooks --help lists each event whole, its continued lines indented as the first', async () => {
    const r = await run(['webhooks', '--help']);
    const events = r.stdout.slice(r.stdout.indexOf('Events:'), r.stdout.indexOf('Examples:'));
    expect(events.split('\n').length).toBeGreaterThan(2);
    for (const event of ['space_deleted', 'change_request_status_updated', 'openapi_spec_version_created', 'ping']) expect(events).toMatch(new RegExp(`(^|\\s)${event}[,.]`, 'm'));
  });
});

describe('docsctl help <topic>', () => {
  it.each(Object.keys(HELP_TOPICS))('%s prints the topic on a terminal and piped', async (topic) => {
    for (const tty of [true, false]) {
      const r = await run(['help', topic], { tty });
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout).toMatch(/Examples:\n {2}\$ docsctl|Examples:\n {2}\$ \w+=/);
    }
  });

  it('environment names every variable docsctl reads', async () => {
    const read = new Set<string>();
    // bin/ is the start-up code that runs before the bundle (the code cache).
    const binFiles = readdirSync('bin').map((name) => join('bin', name));
    for (const file of [...sourceFiles('src'), ...binFiles]) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)) read.add(m[1]);
    }
    expect(read).toContain('DOCSCTL_CODE_CACHE');
    expect(read.size).toBeGreaterThan(8);
    const text = (await run(['help', 'environment'])).stdout;
    for (const name of read) expect(text, name).toMatch(new RegExp(`^ {2}${name}\\b`, 'm'));
  });

  it('exit-codes lists every exit code with its meaning', async () => {
    // Written out here, not derived from EXIT, so a changed or dropped code fails this test.
    const expected = [
      ['0', 'success (an empty list is a success)'],
      ['1', 'error: invalid input (API 400)'],
      ['2', 'usage error'],
      ['4', 'authentication or authorization failed (401, 403)'],
      ['5', 'not found (404, 410)'],
      ['6', 'conflict or refused precondition (409, 412, 423'],
      ['7', 'rate limited (429)'],
    ];
    const text = (await run(['help', 'exit-codes'])).stdout;
    const listed = [...text.matchAll(/^ {2}(\d+) +(.*)$/gm)].map((m) => [m[1], m[2]]);
    expect(listed.map(([code]) => code)).toEqual(expected.map(([code]) => code));
    for (const [i, [code, meaning]] of expected.entries()) expect(listed[i][1], `exit code ${code}`).toContain(meaning);
    expect(Object.values(EXIT).sort()).toEqual(expected.map(([code]) => Number(code)));
  });

  it('output covers the output flags', async () => {
    const text = (await run(['help', 'output'])).stdout;
    for (const flag of ['--json FIELDS', '--jq', '--format', 'csv', '--all', 'NO_COLOR', 'TSV'].map((f) => f.toLowerCase())) expect(text.toLowerCase()).toContain(flag);
  });

  it('profiles gives the precedence and the commands', async () => {
    const text = (await run(['help', 'profiles'])).stdout;
    expect(text).toContain('flag > environment > saved profile > default');
    for (const word of ['login', 'logout', 'whoami', 'DOCSCTL_PROFILE']) expect(text).toContain(word);
  });

  it('help alone keeps commander\'s help and lists the topics', async () => {
    const r = await run(['help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: docsctl');
    expect(r.stdout).toContain('Help topics: environment, exit-codes, output, profiles (docsctl help <topic>)');
  });

  it('help <command> still shows the command', async () => {
    const r = await run(['help', 'teams']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: docsctl teams');
    expect(r.stdout).toContain('members');
  });

  it('help <command> <sub-command> shows the sub-command', async () => {
    const r = await run(['help', 'teams', 'members', 'add']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: docsctl teams members add');
    expect(r.stdout).toContain('--dry-run');
  });

  it('an unknown topic or command is a usage error', async () => {
    const r = await run(['help', 'nonsense']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('error: no help topic or command "nonsense" (topics: environment, exit-codes, output, profiles; commands: docsctl help)\n');
  });
});
