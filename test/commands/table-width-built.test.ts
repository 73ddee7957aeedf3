import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { sandbox } from '../helpers/cli';
import { hasTerminal, runBuilt, runBuiltJson } from '../helpers/built';
import { displayWidth } from '../../src/output/display-width';
import { wrappedTableOf } from './support';

/** A real terminal's output as lines: CR LF to LF, what is left of escape sequences out. */
const linesOf = (text: string) => text.replace(/\r/g, '').replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').trimEnd().split('\n');
/** Lines wider than `columns`, but for a whole value alone on its line (a link the terminal wraps). */
const tooWide = (lines: string[], columns: number) => lines.filter((line) => displayWidth(line) > columns && !/^\S+$/.test(line));

// The built entry (bin/docsctl.cjs) on a real pseudo-terminal of a set width (script(1), `stty cols`):
// the width comes from the terminal itself, as for a user, with no flag or variable to force it.
describe.runIf(hasTerminal())('tables through the built entry, on a terminal', () => {
  const box = sandbox();
  beforeAll(async () => {
    expect((await runBuilt(box, ['init', '--sample'])).code).toBe(0);
  });

  for (const columns of [80, 120]) {
    it(`members list and spaces list fit ${columns} columns`, async () => {
      for (const argv of [['members', 'list'], ['spaces', 'list'], ['spaces', 'deleted']]) {
        const r = await runBuilt(box, argv, { tty: true, columns });
        expect(r.code, r.stdout).toBe(0);
        const lines = r.stdout.split('\n');
        expect(lines[0]).toMatch(/^ID {2,}\w/);
        expect(lines.filter((line) => displayWidth(line) > columns)).toEqual([]);
        expect(r.stdout).not.toMatch(/\d{4}-\d\d-\d\dT\d\d/);
      }
    });
  }

  it('spaces deleted reads times and purge deadlines relative to now', async () => {
    const r = await runBuilt(box, ['spaces', 'deleted'], { tty: true, columns: 80 });
    expect(r.stdout).toMatch(/\d+ days? ago .*in \d+ days?/);
  });

  it('names collections in spaces list, which stays ids when piped', async () => {
    const onTerminal = await runBuilt(box, ['spaces', 'list'], { tty: true, columns: 120 });
    const piped = await runBuilt(box, ['spaces', 'list']);
    const titles = new Set(JSON.parse((await runBuilt(box, ['collections', 'list', '--json'])).stdout).items.map((c: { title: string }) => c.title));
    const collectionCells = piped.stdout.trim().split('\n').map((row) => row.split('\t')[3]).filter(Boolean);
    expect(collectionCells.length).toBeGreaterThan(0);
    expect(collectionCells.every((cell) => /^[A-Za-z0-9]{20}$/.test(cell))).toBe(true);
    expect([...titles].some((title) => onTerminal.stdout.includes(title as string))).toBe(true);
  });

  describe('the column a person acts on, on an 80-column terminal (issue 31)', () => {
    /* eslint-disable @typescript-eslint/no-explicit-any */
    const items = async (argv: string[]): Promise<any[]> => (await runBuiltJson(box, argv)).items;
    // On a terminal stderr shows too: a spinner's line, an error's message wrap as the terminal wraps them.
    const message = /^(error: |\S+ Resolving )/;
    const on80 = async (argv: string[], code = 0) => {
      const r = await runBuilt(box, argv, { tty: true, columns: 80 });
      expect(r.code, r.stdout).toBe(code);
      const lines = linesOf(r.stdout);
      expect(tooWide(lines.filter((line) => !message.test(line)), 80), argv.join(' ')).toEqual([]);
      return lines;
    };

    it('the sample\'s list tables show every id and e-mail whole', async () => {
      const cases: [string[], (i: any) => string[]][] = [
        [['members', 'list', '--limit', '1000'], (m) => [m.id, m.user.email]],
        [['teams', 'list'], (t) => [t.id]],
        [['spaces', 'list'], (x) => [x.id]],
        [['spaces', 'deleted'], (x) => [x.id]],
        [['collections', 'list'], (c) => [c.id, ...(c.parent ? [c.parent] : [])]],
        [['sites', 'list'], (x) => [x.id, x.urls.published]],
        [['invites', 'list'], (x) => [x.id, x.urls.app]],
        [['sso', 'list'], (x) => [x.id, x.startURL]],
      ];
      for (const [argv, copied] of cases) {
        const lines = await on80(argv);
        for (const value of (await items(argv)).flatMap(copied)) expect(lines.some((line) => line.includes(value)), `${argv.join(' ')}: ${value}\n${lines.join('\n')}`).toBe(true);
      }
    });

    it("spaces deleted: who deleted it wraps at the e-mail's @, never cut", async () => {
      const lines = await on80(['spaces', 'deleted']);
      expect(lines.join('\n')).not.toMatch(/@[^ ]*…/);
      const table = wrappedTableOf(lines.filter((line) => !line.startsWith('Restore with')).join('\n'));
      expect(table.header).toEqual(['ID', 'TITLE', 'DELETED AT', 'DELETED BY', 'PURGED IN']);
      expect(table.rows.map((row) => row[3])).toEqual((await items(['spaces', 'deleted'])).map((x) => x.deletedBy.email));
    });

    it("openapi diff: every change's detail whole, wrapped within its column", async () => {
      expect((await runBuilt(box, ['openapi', 'publish', join(__dirname, '../fixtures/openapi/v1.yaml'), '--spec', 'petstore'])).code).toBe(0);
      const v2 = join(__dirname, '../fixtures/openapi/v2.yaml');
      const lines = await on80(['openapi', 'diff', 'petstore', v2]);
      expect(lines.join('\n')).not.toContain('…');
      const table = wrappedTableOf(lines.filter((line) => !/^\d+ added/.test(line)).join('\n'));
      expect(table.rows.map((row) => row[3])).toContain('parameter query:limit became required');
      expect(table.rows.map((row) => row[3])).toContain('200 response [].id: type changed from integer to string');
    });

    it("a bulk --dry-run: a long detail goes whole below its row; teams members add and members update", async () => {
      const file = join(box.dir, 'roles.csv');
      await import('node:fs').then((fs) => fs.writeFileSync(file, 'email,team_role\nada.lovelace@acme.example,admin\ngrace.hopper@acme.example,owner\nnobody@acme.example,member\n'));
      const lines = await on80(['teams', 'members', 'add', 'Design', '--file', file, '--dry-run'], 1);
      const row = lines.findIndex((line) => /^2 {5}ada\.lovelace@acme\.example {2}Design {2}add {5}error$/.test(line));
      expect(row, lines.join('\n')).toBeGreaterThan(0);
      expect(lines[row + 1]).toMatch(/^ {2,}role must be owner or member, not "admin" \(an organization role/);
      expect(lines.join('\n')).not.toContain('…');
      const update = await on80(['members', 'update', 'ada.lovelace@acme.example', 'nobody@acme.example', '--role', 'read', '--dry-run'], 1);
      expect(update.join('\n')).not.toMatch(/…/);
      // Users given as arguments: no LINE or TEAM column; the detail that does not fit goes below its row.
      expect(update.find((line) => line.startsWith('USER'))).toMatch(/^USER {2,}ACTION {2,}STATUS {2,}DETAIL$/);
      const nobody = update.findIndex((line) => /^nobody@acme\.example {2,}org-role {2}error$/.test(line));
      expect(nobody, update.join('\n')).toBeGreaterThan(0);
      expect(update[nobody + 1]).toMatch(/^ {27}no member with this e-mail in the organization$/);
    });

    it('audit list: the ids each record was about, whole on a line below it', async () => {
      const handbook = (await items(['spaces', 'list'])).find((x) => x.title === 'Employee handbook').id;
      expect((await runBuilt(box, ['--as', 'grace.hopper@acme.example', 'spaces', 'delete', handbook, '--yes'])).code).toBe(0);
      const lines = await on80(['audit', 'list', '--action', 'deleteSpaceById']);
      expect(lines[0]).toMatch(/^TIME {2,}ACTOR {2,}ACTION$/);
      expect(lines[1]).toMatch(/^just now {2}Grace Hopper <grace\.hopper@acme\.e…> {2}deleted space "Employee handbook"$/);
      expect(lines[2]).toBe(`          space=${handbook}`);
      expect(lines.join('\n')).not.toContain('Columns hidden');
    });

    it('the next-page cursor: whole on a line of its own, never broken by the terminal', async () => {
      const lines = await on80(['members', 'list', '--limit', '5']);
      expect(lines.at(-2)).toBe('Showing 5 of 37; next page (or --all for every page):');
      const cursor = /^ {2}--page (\S+)$/.exec(lines.at(-1)!)![1];
      expect((await items(['members', 'list', '--limit', '5', '--page', cursor])).length).toBe(5);
    });

    it('spaces restore: the pick-list, one line an entry with relative times; the result names the collection by its title', async () => {
      const onboarding = (await items(['spaces', 'list'])).find((x) => x.title === 'Onboarding');
      const guides = (await items(['collections', 'list'])).find((c) => c.id === onboarding.parent);
      expect((await runBuilt(box, ['spaces', 'delete', onboarding.id, '--yes'])).code).toBe(0);
      // The terminal answers the pick-list with its first entry: the newest deletion, Onboarding.
      const r = await runBuilt(box, ['spaces', 'restore'], { tty: true, columns: 80 });
      expect(r.code, r.stdout).toBe(0);
      const lines = linesOf(r.stdout);
      const entries = lines.filter((line) => /^[❯ ][◯◉] /.test(line));
      expect(entries.length, lines.join('\n')).toBeGreaterThanOrEqual(3);
      for (const entry of entries) expect(displayWidth(entry), entry).toBeLessThanOrEqual(80);
      expect(entries.join('\n')).not.toMatch(/\d{4}-\d\d-\d\dT/);
      expect(entries[0]).toMatch(new RegExp(`^❯[◯◉] Onboarding +${onboarding.id} {2}deleted just now by Admin`));
      expect(entries.some((entry) => /^ [◯◉] Q3 planning \(dra\S* +\w{20} {2}deleted 1 day ago by Grace Hopper$/.test(entry)), entries.join('\n')).toBe(true);
      const result = lines.find((line) => line.startsWith(onboarding.id))!;
      expect(result).toMatch(new RegExp(`^${onboarding.id} {2}Onboarding {2}restored {2}in collection "${guides.title}"`));
      expect(result).not.toContain(guides.id);
    });
  });
});
