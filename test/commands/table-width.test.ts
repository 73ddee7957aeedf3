import { Readable } from 'node:stream';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { buildProgram } from '../../src/main';
import { displayWidth, stripAnsi } from '../../src/output/display-width';
import { ADMIN, json, ok, sampleSandbox, tableOf, tsvRows, wrappedTableOf, type Sandbox } from './support';

/** Every list verb the program has (those that take --all), as `group verb` words. */
async function pagedCommands(): Promise<string[]> {
  const io = { stdout: { write: () => true }, stderr: { write: () => true }, stdin: Readable.from([]), env: {}, cwd: process.cwd() };
  const { ctx } = await buildProgram(io, []);
  const program = await ctx.wholeProgram!();
  const walk = (command: Command, path: string[]): string[] => [
    ...(command.options.some((o) => o.long === '--all') ? [path.join(' ')] : []),
    ...command.commands.flatMap((sub) => walk(sub, [...path, sub.name()])),
  ];
  return walk(program, []);
}

const WIDTHS = [80, 120];

/* eslint-disable @typescript-eslint/no-explicit-any */
type Json = any;
/**
 * What a person copies from a command's table into the next command (its help examples and hints take
 * them): the ids, and the e-mails, titles, slugs, names and numbers other commands take. `whole` must
 * each show on one line, never cut; `wrapped` may wrap within their column (named), never cut.
 */
interface Copied {
  whole: string[];
  wrapped?: { column: string; values: string[] };
}
const ids = (items: Json[]) => items.map((i) => i.id as string);
const COPIED: Record<string, (listing: Json) => Copied> = {
  'orgs list': (l) => ({ whole: ids(l.items) }),
  'members list': (l) => ({ whole: [...ids(l.items), ...l.items.map((m: Json) => m.user.email)] }),
  'members spaces': (l) => ({ whole: l.items.map((p: Json) => p.space.id) }),
  'members teams': (l) => ({ whole: l.items.map((t: Json) => t.team.id), wrapped: { column: 'TITLE', values: l.items.map((t: Json) => t.team.title) } }),
  'teams list': (l) => ({ whole: ids(l.items), wrapped: { column: 'TITLE', values: l.items.map((t: Json) => t.title) } }),
  'teams members list': (l) => ({ whole: [...l.items.map((m: Json) => m.organization.id), ...l.items.map((m: Json) => m.organization.user.email)] }),
  'invites list': (l) => ({ whole: [...ids(l.items), ...l.items.map((i: Json) => i.urls.app)] }),
  'saml list': (l) => ({ whole: ids(l.items) }),
  'spaces list': (l) => ({ whole: ids(l.items) }),
  'spaces deleted': (l) => ({ whole: ids(l.items), wrapped: { column: 'DELETED BY', values: l.items.map((s: Json) => s.deletedBy.email) } }),
  'collections list': (l) => ({ whole: [...ids(l.items), ...l.items.flatMap((c: Json) => (c.parent ? [c.parent] : []))] }),
  'collections spaces': (l) => ({ whole: ids(l.items) }),
  'custom-fields list': (l) => ({ whole: l.items.map((f: Json) => f.name) }),
  'change-requests list': (l) => ({ whole: l.items.map((c: Json) => String(c.number)) }),
  'content files': (l) => ({ whole: ids(l.items) }),
  'content deleted': (l) => ({ whole: [...l.items.map((d: Json) => d.page.id), ...l.items.map((d: Json) => d.lastRevision)] }),
  'revisions list': (l) => ({ whole: ids(l.items) }),
  'comments list': (l) => ({ whole: [...ids(l.items), ...l.items.map((c: Json) => c.postedBy.email)] }),
  'comments replies': (l) => ({ whole: [...ids(l.items), ...l.items.map((c: Json) => c.postedBy.email)] }),
  search: (l) => ({ whole: l.items.map((p: Json) => p.path) }),
  'sites list': (l) => ({ whole: [...ids(l.items), ...l.items.map((s: Json) => s.urls.published)] }),
  'sections list': (l) => ({ whole: [...ids(l.items), ...l.items.flatMap((s: Json) => (s.sectionGroup ? [s.sectionGroup] : []))] }),
  'section-groups list': (l) => ({ whole: [...ids(l.items), ...l.items.flatMap((g: Json) => ids(g.sections))] }),
  'site-spaces list': (l) => ({ whole: [...ids(l.items), ...l.items.flatMap((s: Json) => (s.section ? [s.section] : []))] }),
  'openapi list': (l) => ({ whole: [...l.items.map((s: Json) => s.slug), ...l.items.map((s: Json) => s.lastVersion)] }),
  'openapi versions': (l) => ({ whole: ids(l.items) }),
  'translations list': (l) => ({ whole: ids(l.items) }),
  // The ids each record was about (the organization's left out, as the table does).
  'audit list': (l) => ({ whole: l.items.flatMap((r: Json) => Object.entries(r.targets).filter(([name]) => name !== 'organizationId').map(([, id]) => id as string)) }),
  'tokens list': (l) => ({ whole: ids(l.items) }),
  'webhooks list': (l) => ({ whole: ids(l.items) }),
  'webhooks deliveries': (l) => ({ whole: ids(l.items) }),
  'sso list': (l) => ({ whole: [...ids(l.items), ...l.items.map((o: Json) => o.startURL)] }),
  'spaces permissions list': (l) => ({
    whole: l.items.map((p: Json) => (p.user ?? p.team).id),
    wrapped: { column: 'NAME', values: l.items.map((p: Json) => p.user?.email ?? p.team.title) },
  }),
  // The tree's JSON is the published structure: every group, section and site space id is on a line.
  'sites tree': (tree) => ({
    whole: tree.structure.flatMap((s: Json) => [s.id, ...(s.sectionGroup ? [s.sectionGroup] : []), ...ids(s.siteSpaces ?? [])]),
  }),
};

/** Words just before a … (a cut cell's end), as a person would try to paste them. */
const cutWords = (text: string) => [...text.matchAll(/([^\s[(<"]+)…/g)].map((m) => m[1]);

/**
 * Lines wider than `width` columns (escape codes take none, … takes one), but for a whole value alone on
 * its line from the first column (a link longer than the terminal: the terminal wraps it, unbroken).
 */
const tooWide = (text: string, width: number) => text.split('\n').filter((line) => displayWidth(line) > width && !/^[^\s]+$/.test(line));

describe('every table fits the terminal', () => {
  let s: Sandbox;
  /** argv of each table command, keyed by the command it runs. */
  let commands: Record<string, string[]>;

  beforeAll(async () => {
    s = await sampleSandbox();
    const spaces = (await json(s, ['spaces', 'list'])).items as { id: string; title: string }[];
    const api = spaces.find((x) => x.title === 'REST API')!.id;
    const team = (await json(s, ['teams', 'list'])).items[0].id as string;
    const collection = (await json(s, ['collections', 'list'])).items[0].id as string;
    const site = (await json(s, ['sites', 'list'])).items[0].id as string;
    // Data the sample leaves out: a webhook (its deliveries come from the writes below), a comment with a
    // reply, an OpenAPI spec, a translation, a token, audit records.
    const webhook = (await json(s, ['webhooks', 'create', '--endpoint', 'https://ci.acme.example/hooks/documentation-deploys', '--events', 'change_request_merged,space_content_updated'])).id as string;
    const comment = (await json(s, ['comments', 'add', '--space', api, '--page', 'authentication', '--body', 'The token section should say how long a token lives before it expires.'])).id as string;
    ok(await s.run(['comments', 'reply', comment, '--space', api, '--body', 'Agreed: 90 days by default, and the expiry can be chosen when it is created.']));
    ok(await s.run(['openapi', 'publish', join(__dirname, '../fixtures/openapi/v1.yaml'), '--spec', 'petstore']));
    ok(await s.run(['translations', 'create', '--title', 'European languages for the developer documentation', '--language', 'fr', 'pt-br', 'de']));
    ok(await s.run(['tokens', 'create', '--name', 'continuous integration deploys']));
    // A merged deletion, so that the history and `content deleted` have rows of every kind.
    const errors = ((await json(s, ['content', 'tree', '--space', api])).pages as { id: string; title: string }[]).find((p) => p.title === 'Errors')!.id;
    const drop = (await json(s, ['cr', 'create', '--space', api, '--subject', 'Drop the errors page, which the reference now covers'])).number as number;
    ok(await s.run(['api', '-X', 'POST', `/v1/spaces/${api}/change-requests/${drop}/content`, '--input', '-'], { stdin: JSON.stringify({ changes: [{ operation: 'delete_page', page: errors }] }) }));
    ok(await s.run(['cr', 'merge', String(drop), '--space', api]));
    ok(await s.run(['spaces', 'update', api, '--title', 'REST API reference for partners and customers']));
    commands = {
      'orgs list': ['orgs', 'list'],
      'members list': ['members', 'list'],
      'members spaces': ['members', 'spaces', 'ada.lovelace@acme.example'],
      'members teams': ['members', 'teams', 'ada.lovelace@acme.example'],
      'teams list': ['teams', 'list'],
      'teams members list': ['teams', 'members', 'list', team],
      'invites list': ['invites', 'list'],
      'saml list': ['saml', 'list'],
      'spaces list': ['spaces', 'list'],
      'spaces deleted': ['spaces', 'deleted'],
      'collections list': ['collections', 'list'],
      'collections spaces': ['collections', 'spaces', collection],
      'custom-fields list': ['custom-fields', 'list'],
      'change-requests list': ['change-requests', 'list', '--space', api],
      'content files': ['content', 'files', '--space', api],
      'content deleted': ['content', 'deleted', '--space', api],
      'revisions list': ['revisions', 'list', '--space', api],
      'comments list': ['comments', 'list', '--space', api],
      'comments replies': ['comments', 'replies', comment, '--space', api],
      search: ['search', 'token', '--space', api],
      'sites list': ['sites', 'list'],
      'sections list': ['sections', 'list', site],
      'section-groups list': ['section-groups', 'list', site],
      'site-spaces list': ['site-spaces', 'list', site],
      'openapi list': ['openapi', 'list'],
      'openapi versions': ['openapi', 'versions', 'petstore'],
      'translations list': ['translations', 'list'],
      'audit list': ['audit', 'list'],
      'webhooks list': ['webhooks', 'list'],
      'webhooks deliveries': ['webhooks', 'deliveries', webhook],
      // Tables of verbs without paging.
      'tokens list': ['tokens', 'list'],
      'sso list': ['sso', 'list'],
      'spaces permissions list': ['spaces', 'permissions', 'list', api],
      'sites tree': ['sites', 'tree', site],
    };
  });

  it('knows what a person copies from every table', () => {
    expect(Object.keys(commands).filter((name) => !COPIED[name])).toEqual([]);
  });

  it('at 80 columns, cuts no id and nothing a help example has a person copy: they show whole, or wrap within their column', async () => {
    const checked: string[] = [];
    for (const [name, argv] of Object.entries(commands)) {
      const r = await s.run(argv, { tty: true, columns: 80 });
      expect(r.code, `${name}: ${r.stderr}`).toBe(0);
      const copied = COPIED[name](await json(s, argv));
      const lines = r.stdout.split('\n');
      for (const value of copied.whole) expect(lines.some((line) => line.includes(value)), `${name}: ${value} whole on a line of\n${r.stdout}`).toBe(true);
      if (copied.wrapped) {
        const t = wrappedTableOf(r.stdout);
        const column = t.header.indexOf(copied.wrapped.column);
        expect(column, `${name}: ${copied.wrapped.column} shown`).toBeGreaterThanOrEqual(0);
        expect(t.rows.map((row) => row[column]).sort(), name).toEqual([...copied.wrapped.values].sort());
      }
      // Nothing cut with … starts a wrapped value a person copies (a title, a link). The whole values (ids,
      // e-mails, slugs) are each proved whole on a line above, so a cut word that begins as one of them is
      // another column's text: a name cut to "Ha…" beside the random id Ha5cf… failed a CI run.
      const values = copied.wrapped?.values ?? [];
      for (const word of cutWords(r.stdout)) expect(values.filter((v) => word.length > 1 && v.startsWith(word)), `${name}: cut ${word}…`).toEqual([]);
      if (copied.whole.length) checked.push(name);
    }
    expect(checked.length, checked.join(', ')).toBeGreaterThanOrEqual(Object.keys(commands).length - 3);
  });

  it('covers every list verb of the program', async () => {
    const paged = await pagedCommands();
    expect(paged.length).toBeGreaterThan(20);
    expect(paged.filter((name) => !commands[name])).toEqual([]);
  });

  for (const width of WIDTHS) {
    it(`at ${width} columns, no line of any table is wider than the terminal`, async () => {
      const checked: string[] = [];
      for (const [name, argv] of Object.entries(commands)) {
        const r = await s.run(argv, { tty: true, columns: width });
        expect(r.code, `${name}: ${r.stderr}`).toBe(0);
        expect(tooWide(r.stdout, width), name).toEqual([]);
        if (r.stdout) checked.push(name);
      }
      // Nearly every command had rows to show (an empty table would prove nothing).
      expect(checked.length, checked.join(', ')).toBeGreaterThanOrEqual(Object.keys(commands).length - 3);
    });
  }

  it('members list at 80 columns keeps ids, names, e-mails and roles, drops the rest and says so on stderr', async () => {
    const r = ok(await s.run(['members', 'list', '--role', 'admin'], { tty: true, columns: 80 }));
    const t = tableOf(r.stdout);
    const all = ['ID', 'NAME', 'EMAIL', 'ORG ROLE', 'TEAMS', 'SSO', 'JOINED', 'LAST SEEN'];
    expect(t.header.slice(0, 4)).toEqual(['ID', 'NAME', 'EMAIL', 'ORG ROLE']);
    expect(t.header).not.toContain('SSO');
    expect(t.rows.map((row) => row[2]).sort()).toEqual(['ada.lovelace@acme.example', ADMIN, 'grace.hopper@acme.example'].sort());
    const dropped = all.filter((h) => !t.header.includes(h));
    expect(r.stderr).toBe(`Columns hidden: ${dropped.join(', ')} (see all: --json or --format tsv)\n`);
    const wide = ok(await s.run(['members', 'list', '--role', 'admin'], { tty: true, columns: 160 }));
    expect(tableOf(wide.stdout).header).toEqual(['ID', 'NAME', 'EMAIL', 'ORG ROLE', 'TEAMS', 'SSO', 'JOINED', 'LAST SEEN']);
    expect(wide.stderr).toBe('');
  });

  it('a terminal that does not say its width gets 80 columns', async () => {
    const r = ok(await s.run(['members', 'list'], { tty: true, columns: null }));
    expect(tooWide(r.stdout, 80)).toEqual([]);
    expect(r.stdout.split('\n').some((line) => displayWidth(line) > 70)).toBe(true);
  });

  it('piped output is untouched: no cut cells, no relative times, no colour, no hint', async () => {
    for (const argv of [commands['members list'], commands['spaces list'], commands['spaces deleted'], commands['change-requests list']]) {
      const r = ok(await s.run(argv, { columns: 80 }));
      expect(r.stdout).not.toMatch(/…| ago\b|\u001b\[/);
      expect(r.stdout).toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
      expect(r.stderr).not.toContain('hidden');
    }
  });

  it('--format tsv on a terminal is what a pipe gets', async () => {
    const onTerminal = ok(await s.run(['--format', 'tsv', 'members', 'list'], { tty: true, columns: 80 }));
    expect(onTerminal.stdout).toBe(ok(await s.run(['members', 'list'])).stdout);
  });

  describe('the column a person acts on, at 80 columns (issue 31)', () => {
    it("openapi diff: each change's detail wraps within its column, whole; piped, one line a change", async () => {
      const v2 = join(__dirname, '../fixtures/openapi/v2.yaml');
      const r = ok(await s.run(['openapi', 'diff', 'petstore', v2], { tty: true, columns: 80 }));
      expect(tooWide(r.stdout, 80)).toEqual([]);
      expect(r.stdout).not.toContain('…');
      const details = wrappedTableOf(r.stdout).rows.map((row) => row[3]);
      const diff = await json(s, ['openapi', 'diff', 'petstore', v2]);
      const expected = [...diff.removed.map(() => 'operation removed'), ...diff.changed.flatMap((o: Json) => o.changes.map((c: Json) => c.message)), ...diff.added.map(() => 'operation added')];
      expect(details).toEqual(expected);
      expect(details).toContain('parameter query:limit became required');
      expect(r.stdout.split('\n').length - 1).toBeGreaterThan(expected.length + 1);
      const piped = tsvRows(ok(await s.run(['openapi', 'diff', 'petstore', v2], { columns: 80 })).stdout);
      expect(piped.map((row) => row[3])).toEqual(expected);
    });

    it("a bulk plan's detail goes whole below its row when it does not fit beside it; piped, as it was", async () => {
      const team = 'Design';
      const file = 'email,team_role\nada.lovelace@acme.example,admin\ngrace.hopper@acme.example,owner\nnobody@acme.example,member\n';
      const argv = ['teams', 'members', 'add', team, '--file', '-', '--dry-run'];
      const r = await s.run(argv, { tty: true, columns: 80, stdin: file });
      expect(r.code, r.stderr).toBe(1);
      const lines = stripAnsi(r.stdout).trimEnd().split('\n');
      expect(tooWide(r.stdout, 80)).toEqual([]);
      expect(r.stdout).not.toContain('…');
      expect(lines[0]).toMatch(/^LINE {2}USER {2,}TEAM {2,}ACTION {2}STATUS {2}DETAIL$/);
      const rows = tsvRows(ok(await s.run([...argv, '--skip-invalid'], { stdin: file })).stdout);
      const bad = rows.find((row) => row[0] === '2')!;
      expect(bad[6]).toMatch(/^role must be owner or member, not "admin" \(an organization role/);
      // The row, then its detail below it, indented, wrapped at spaces: every word there.
      const at = lines.findIndex((line) => line.startsWith('2 '));
      expect(lines[at]).toMatch(/^2 {5}ada\.lovelace@acme\.example {2}Design {2}add {5}error$/);
      const below = lines.slice(at + 1, lines.findIndex((line, i) => i > at && /^\d/.test(line)));
      expect(below.every((line) => /^ {2,}\S/.test(line))).toBe(true);
      expect(below.map((line) => line.trim()).join(' ')).toBe(bad[6]);
      // A detail that fits stays in its column.
      expect(lines.find((line) => line.startsWith('3 '))).toMatch(/ {2}ok {6}add as owner$/);
    });

    it('the next-page note: the cursor whole on a line of its own, the line above within 80 columns', async () => {
      const r = ok(await s.run(['members', 'list', '--limit', '5'], { tty: true, columns: 80 }));
      const lines = r.stdout.trimEnd().split('\n');
      expect(lines.at(-2)).toBe('Showing 5 of 37; next page (or --all for every page):');
      const cursor = /^ {2}--page (\S+)$/.exec(lines.at(-1)!)![1];
      expect(tooWide(r.stdout, 80)).toEqual([]);
      expect(cursor.length).toBeLessThanOrEqual(70);
      const next = await json(s, ['members', 'list', '--limit', '5', '--page', cursor]);
      expect(next.items).toHaveLength(5);
      // Wide enough, one line as before; piped, one line on stderr.
      expect(ok(await s.run(['members', 'list', '--limit', '5'], { tty: true, columns: 200 })).stdout.trimEnd().split('\n').at(-1)).toBe(`Showing 5 of 37; next page: --page ${cursor} (or --all for every page)`);
      expect(ok(await s.run(['members', 'list', '--limit', '5'], { columns: 80 })).stderr).toBe(`Showing 5 of 37; next page: --page ${cursor} (or --all for every page)\n`);
    });
  });
});
