import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { sandbox } from '../helpers/cli';
import { hasTerminal, runBuilt, runBuiltJson } from '../helpers/built';

const NOTE = /^Showing 5 of 37; next page: --page \S+ \(or --all for every page\)$/;
/** The note's lines at the end of a terminal's output: one, or two when the cursor goes on a line of its own. */
const noteLines = (lines: string[]) =>
  NOTE.test(lines.at(-1)!) ? 1 : /^Showing 5 of 37; next page \(or --all for every page\):$/.test(lines.at(-2)!) && /^ {2}--page \S+$/.test(lines.at(-1)!) ? 2 : 0;
/** A real terminal's output as lines: CR LF to LF, colour and other escape sequences out. */
const linesOf = (text: string) => text.replace(/\r/g, '').replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').trimEnd().split('\n');

/** Issue 31's small things through the built entry as a child process: what users run. */
describe('issue 31, small things, through the built entry', () => {
  const box = sandbox();
  afterAll(() => rmSync(box.dir, { recursive: true, force: true }));

  it('init --sample counts the members members list shows (37, the admin included)', async () => {
    const init = await runBuilt(box, ['init', '--sample']);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stderr).toContain('Sample data: 37 members in 5 teams,');
    const listed = await runBuilt(box, ['members', 'list']);
    expect(listed.stdout.trimEnd().split('\n')).toHaveLength(37);
  }, 60_000);

  it('members list --role guest lists the members without a role', async () => {
    const guests = await runBuilt(box, ['members', 'list', '--role', 'guest']);
    expect(guests.code, guests.stderr).toBe(0);
    expect(guests.stdout.trimEnd().split('\n').map((line) => line.split('\t').slice(2, 4)).sort()).toEqual([
      ['bob.kahn@acme.example', 'guest'],
      ['ida.rhodes@acme.example', 'guest'],
    ]);
  }, 60_000);

  it('a CSV page ends with the next-page note on a real terminal; piped or redirected, the data stays clean', async () => {
    const piped = await runBuilt(box, ['members', 'list', '--format', 'csv', '--limit', '5']);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout.trimEnd().split('\n')).toHaveLength(6);
    expect(piped.stdout).not.toContain('Showing');
    expect(piped.stderr.trimEnd()).toMatch(NOTE);
    if (!(await hasTerminal())) return;
    const tty = await runBuilt(box, ['members', 'list', '--format', 'csv', '--limit', '5'], { tty: true, columns: 80 });
    expect(tty.code, tty.stdout).toBe(0);
    const lines = linesOf(tty.stdout);
    expect(lines[0]).toMatch(/^ID,NAME,EMAIL,/);
    // The same rows as piped, then the note ends the output (at 80 columns, its cursor may take a line of its own).
    expect(lines.slice(1, 6)).toEqual(piped.stdout.trimEnd().split('\n').slice(1));
    const note = noteLines(lines);
    expect(note, lines.join('\n')).toBeGreaterThan(0);
    expect(lines).toHaveLength(6 + note);
    expect(lines.filter((line) => line.startsWith('Showing'))).toHaveLength(1);
  }, 60_000);

  it('spaces restore of a space that is not deleted: not deleted, counted apart, exit 0 on every run', async () => {
    const space = (await runBuiltJson(box, ['spaces', 'list'])).items[0] as { id: string; title: string };
    for (let run = 0; run < 2; run++) {
      const r = await runBuilt(box, ['spaces', 'restore', space.id]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout.split('\t').slice(0, 3)).toEqual([space.id, space.title, 'not deleted']);
      expect(r.stderr).toBe('Restored 0 of 1 space(s); 1 was not deleted (nothing to restore).\n');
    }
  }, 60_000);
});

describe('issue 55, help text, through the built entry', () => {
  const box = sandbox();
  afterAll(() => rmSync(box.dir, { recursive: true, force: true }));

  it('webhooks --help piped fits 80 columns, each event name whole (commands stay whole to be copied)', async () => {
    const r = await runBuilt(box, ['webhooks', '--help']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n').filter((line) => line.length > 80 && !/^\s*\$ /.test(line))).toEqual([]);
    expect(r.stdout).toMatch(/(^|\s)space_deleted,/m);
    expect(r.stdout).toContain('  $ docsctl webhooks create --endpoint https://ci.acme.example/hooks/docs --events change_request_merged\n');
  });
});
