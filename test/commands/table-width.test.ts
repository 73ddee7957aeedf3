import { Readable } from 'node:stream';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { buildProgram } from '../../src/main';
import { displayWidth } from '../../src/output/display-width';
import { ADMIN, json, ok, sampleSandbox, tableOf, type Sandbox } from './support';

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

/** Lines wider than `width` columns (escape codes take none, … takes one). */
const tooWide = (text: string, width: number) => text.split('\n').filter((line) => displayWidth(line) > width);

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
    // Data the sample leaves out: a comment with a reply, an OpenAPI spec, a translation, a token, audit records.
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
      // Tables of verbs without paging.
      'tokens list': ['tokens', 'list'],
      'sso list': ['sso', 'list'],
      'spaces permissions list': ['spaces', 'permissions', 'list', api],
      'sites tree': ['sites', 'tree', site],
    };
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
});
