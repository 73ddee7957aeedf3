import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, recordingPrompter, sampleSandbox, tableOf, tsvRows, type Sandbox } from './support';
import { startServe, type Served } from '../helpers/serve';
import { Readable } from 'node:stream';
import { main } from '../../src/main';

/** Runs with stdout, stdin and stderr all terminals (80 columns), as a person would. */
async function withTerminalStderr(s: Sandbox, argv: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const terminal = (chunks: string[]) => ({ isTTY: true, columns: 80, write: (c: string) => (chunks.push(c), true), cursorTo: () => true, clearLine: () => true, moveCursor: () => true });
  const code = await main(argv, {
    stdout: terminal(out),
    stderr: terminal(err),
    stdin: Object.assign(Readable.from([]), { isTTY: true }),
    env: { ...s.env, ...env },
    cwd: s.dir,
  });
  expect(code, err.join('')).toBe(0);
  return { stdout: out.join(''), stderr: err.join('') };
}

/** Every member of the sample organization, read page by page with --page the way a script would. */
async function membersByPages(s: Sandbox): Promise<Array<{ id: string; role?: string | null; user: { email: string } }>> {
  const all = [];
  let page: string | undefined;
  do {
    const r = ok(await s.run(['members', 'list', '--json', '--limit', '7', ...(page ? ['--page', page] : [])]));
    const listing = JSON.parse(r.stdout);
    all.push(...listing.items);
    page = listing.next?.page;
  } while (page);
  return all;
}

describe('output flags', () => {
  let s: Sandbox;
  let members: Array<{ id: string; role?: string | null; user: { email: string } }>;
  let spaceId: string;
  /** The sample's REST API space: two pages match "a", one "bearer". */
  let apiSpace: string;

  beforeAll(async () => {
    s = await sampleSandbox();
    members = await membersByPages(s);
    const spaces = JSON.parse(ok(await s.run(['spaces', 'list', '--json'])).stdout).items as { id: string; title: string }[];
    spaceId = spaces[0].id;
    apiSpace = spaces.find((space) => space.title === 'REST API')!.id;
  });

  describe('--json FIELDS', () => {
    it('prints only those fields of each item, nested paths included, as an array, on a terminal and piped', async () => {
      for (const tty of [true, false]) {
        const r = ok(await s.run(['members', 'list', '--limit', '3', '--json', 'id,user.email,role'], { tty }));
        expect(JSON.parse(r.stdout)).toEqual(members.slice(0, 3).map((m) => ({ id: m.id, user: { email: m.user.email }, role: m.role })));
      }
    });

    it('accepts a field the schema promises even when this answer lacks it (null)', async () => {
      const r = ok(await s.run(['members', 'list', '--limit', '1', '--json', 'id,user.photoURL']));
      expect(JSON.parse(r.stdout)).toEqual([{ id: members[0].id, user: { photoURL: null } }]);
    });

    it('on a single object too, whatever fields this answer carries: a top-level space has no parent', async () => {
      const spaces = JSON.parse(ok(await s.run(['spaces', 'list', '--json'])).stdout).items as { id: string; title: string; parent?: string }[];
      const top = spaces.find((space) => space.parent === undefined)!;
      for (const tty of [true, false]) {
        const r = ok(await s.run(['spaces', 'get', top.id, '--json', 'id,parent,title'], { tty }));
        expect(JSON.parse(r.stdout)).toEqual({ id: top.id, parent: null, title: top.title });
      }
    });

    it('works on single objects, and in the --json=FIELDS form', async () => {
      const r = ok(await s.run(['spaces', 'get', spaceId, '--json=id,visibility']));
      expect(Object.keys(JSON.parse(r.stdout))).toEqual(['id', 'visibility']);
      const before = ok(await s.run(['--json=id', 'spaces', 'get', spaceId]));
      expect(JSON.parse(before.stdout)).toEqual({ id: spaceId });
    });

    it('rejects an unknown field with exit 2, naming it and listing the valid fields', async () => {
      const r = await s.run(['members', 'list', '--json', 'id,nope']);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^error: --json: unknown field "nope"; available fields:\n/);
      expect(r.stderr).toContain('\n  user.email\n');
      expect(r.stderr).toContain('\n  lastSeenAt\n');
      const object = await s.run(['spaces', 'get', spaceId, '--json', 'titel']);
      expect(object.code).toBe(2);
      expect(object.stderr).toContain('unknown field "titel"; available fields:\n');
      expect(object.stderr).toContain('\n  title\n');
    });

    it('does not swallow the command word or an argument after a bare --json', async () => {
      const before = ok(await s.run(['--json', 'members', 'list', '--limit', '2']));
      expect(JSON.parse(before.stdout)).toMatchObject({ count: members.length, items: [{ id: members[0].id }, { id: members[1].id }] });
      const argument = ok(await s.run(['spaces', 'get', '--json', spaceId]));
      expect(JSON.parse(argument.stdout).id).toBe(spaceId);
      const last = ok(await s.run(['spaces', 'get', spaceId, '--json']));
      expect(JSON.parse(last.stdout).id).toBe(spaceId);
    });
  });

  describe('--jq', () => {
    it('filters the JSON; strings print raw, other values as JSON', async () => {
      const emails = ok(await s.run(['members', 'list', '--limit', '3', '--jq', '.items[].user.email'], { tty: true }));
      expect(emails.stdout).toBe(`${members.slice(0, 3).map((m) => m.user.email).join('\n')}\n`);
      const counted = ok(await s.run(['members', 'list', '--limit', '1', '--jq', '{count, first: .items[0].id}']));
      expect(JSON.parse(counted.stdout)).toEqual({ count: members.length, first: members[0].id });
    });

    it('applies after field selection, and to raw API answers', async () => {
      const r = ok(await s.run(['members', 'list', '--limit', '2', '--json', 'user.email', '--jq', 'map(.user.email) | join(",")']));
      expect(r.stdout).toBe(`${members[0].user.email},${members[1].user.email}\n`);
      const api = ok(await s.run(['api', `/v1/spaces/${spaceId}`, '--jq', '.id']));
      expect(api.stdout).toBe(`${spaceId}\n`);
    });

    it('a bad expression is a usage error with jq\'s message', async () => {
      const r = await s.run(['members', 'list', '--jq', '.items[']);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^error: --jq: syntax error/);
      const runtime = await s.run(['members', 'list', '--jq', '.count[]']);
      expect(runtime.code).toBe(2);
      expect(runtime.stderr).toContain('Cannot iterate over number');
    });

    it('cannot be combined with another format', async () => {
      const r = await s.run(['members', 'list', '--jq', '.', '--format', 'csv']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--jq prints JSON: it cannot be combined with --format csv');
    });
  });

  describe('--format', () => {
    it('csv: a header row and the table columns, RFC 4180 quoting', async () => {
      ok(await s.run(['teams', 'create', 'Ops, "Night" shift']));
      const r = ok(await s.run(['teams', 'list', '--format', 'csv', '--title', 'night'], { tty: true }));
      const [header, row, ...rest] = r.stdout.split('\n');
      expect(header).toBe('ID,TITLE,MEMBERS,SPACES,CREATED');
      expect(row).toMatch(/^\w+,"Ops, ""Night"" shift",0,0,\S+$/);
      expect(rest).toEqual(['']);
      const object = ok(await s.run(['spaces', 'get', spaceId, '--format', 'csv']));
      expect(object.stdout.split('\n')[0]).toMatch(/^ID,TITLE,/);
      expect(object.stdout.split('\n')[1]).toMatch(new RegExp(`^${spaceId},`));
    });

    it('tsv on a terminal, a table when piped, json as --json', async () => {
      const tsv = ok(await s.run(['members', 'list', '--limit', '2', '--format', 'tsv'], { tty: true }));
      // On a terminal the page ends with the line saying there is more (see the next-page note's tests).
      expect(tsvRows(tsv.stdout).map((row) => row[0])).toEqual([members[0].id, members[1].id, expect.stringMatching(/^Showing 2 of 37; /)]);
      const table = ok(await s.run(['members', 'list', '--limit', '2', '--format', 'table']));
      expect(tableOf(table.stdout).rows.map((row) => row[0])).toEqual([members[0].id, members[1].id]);
      const json = ok(await s.run(['members', 'list', '--limit', '2', '--format', 'json']));
      expect(JSON.parse(json.stdout)).toEqual(JSON.parse(ok(await s.run(['members', 'list', '--limit', '2', '--json'])).stdout));
    });

    it('rejects unknown formats and --json with another format', async () => {
      const bad = await s.run(['members', 'list', '--format', 'xml']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('Allowed choices are table, tsv, csv, json');
      const both = await s.run(['members', 'list', '--json', '--format', 'tsv']);
      expect(both.code).toBe(2);
      expect(both.stderr).toContain('--json prints JSON: it cannot be combined with --format tsv');
    });
  });

  describe('--all', () => {
    it('follows every page in order, without duplicates, streaming TSV page by page', async () => {
      expect(members.length).toBeGreaterThan(4);
      const chunks: string[] = [];
      const r = ok(await s.run(['members', 'list', '--limit', '2', '--all'], { onStdout: (c) => chunks.push(c) }));
      const ids = tsvRows(r.stdout).map((row) => row[0]);
      expect(ids).toEqual(members.map((m) => m.id));
      expect(new Set(ids).size).toBe(ids.length);
      // One write per page of two rows: rows went out as each page arrived.
      expect(chunks.length).toBe(Math.ceil(members.length / 2));
      expect(r.stderr).toBe('');
    });

    it('CSV: one header, every row', async () => {
      const r = ok(await s.run(['members', 'list', '--limit', '2', '--all', '--format', 'csv']));
      const lines = r.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^ID,NAME,EMAIL,ORG ROLE/);
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(members.map((m) => m.id));
    });

    it('JSON: one document, the list envelope with every item (or an array with fields)', async () => {
      const whole = JSON.parse(ok(await s.run(['--json', 'members', 'list', '--limit', '2', '--all'])).stdout);
      expect(whole).toEqual({ items: members, count: members.length });
      const picked = JSON.parse(ok(await s.run(['members', 'list', '--limit', '2', '--all', '--json', 'id'])).stdout);
      expect(picked).toEqual(members.map((m) => ({ id: m.id })));
      const jq = ok(await s.run(['members', 'list', '--limit', '2', '--all', '--jq', '.items | length']));
      expect(jq.stdout).toBe(`${members.length}\n`);
    });

    it('on a terminal: one table with every row, and no next-page hint', async () => {
      const r = ok(await s.run(['members', 'list', '--limit', '2', '--all'], { tty: true }));
      expect(tableOf(r.stdout).rows.map((row) => row[0])).toEqual(members.map((m) => m.id));
      expect(r.stderr).toBe('');
      const paged = ok(await s.run(['members', 'list', '--limit', '2'], { tty: true }));
      expect(paged.stdout.trimEnd().split('\n').pop()).toMatch(/^Showing 2 of 37; next page: --page \S+ \(or --all for every page\)$/);
    });

    it('starts from --page when given', async () => {
      const first = JSON.parse(ok(await s.run(['members', 'list', '--limit', '3', '--json'])).stdout);
      const rest = JSON.parse(ok(await s.run(['members', 'list', '--limit', '3', '--page', first.next.page, '--all', '--json', 'id'])).stdout);
      expect(rest).toEqual(members.slice(3).map((m) => ({ id: m.id })));
    });

    it('search follows every page too', async () => {
      const listing = JSON.parse(ok(await s.run(['search', 'a', '--space', apiSpace, '--limit', '1', '--json'])).stdout);
      expect(listing.next).toBeDefined();
      const all = JSON.parse(ok(await s.run(['search', 'a', '--space', apiSpace, '--limit', '1', '--all', '--json'])).stdout);
      expect(all.items.map((page: { id: string }) => page.id)).toHaveLength(listing.count);
      expect(all.items[0]).toEqual(listing.items[0]);
      // Organization-wide search pages by space; the sample has one indexed space, so one page.
      const everywhere = JSON.parse(ok(await s.run(['search', 'a', '--limit', '1', '--all', '--json', 'title'])).stdout);
      expect(everywhere).toEqual([{ title: 'REST API' }]);
      const piped = ok(await s.run(['search', 'a', '--space', apiSpace, '--limit', '1', '--all']));
      expect(new Set(tsvRows(piped.stdout).map((row) => row[1])).size).toBe(2);
      const tty = ok(await s.run(['search', 'a', '--space', apiSpace, '--limit', '1', '--all'], { tty: true }));
      expect(tty.stdout.split('\n').filter((l) => /^\d+\. /.test(l)).map((l) => l.split('.')[0])).toEqual(['1', '2']);
      expect(tty.stderr).toBe('');
    });
  });

  describe('the note that a page is not every row (issue 31)', () => {
    const NOTE = /^Showing 2 of 37; next page: --page (\S+) \(or --all for every page\)$/;
    const lastLine = (text: string) => text.trimEnd().split('\n').pop()!;
    /**
     * The note ending a terminal's output: `LEAD; next page: --page CURSOR (or ALL)` on one line, or, when
     * that is wider than the terminal, `LEAD; next page (or ALL):` and the cursor alone on the next line.
     * Answers the lead, the cursor, what it suggests for every row, and how many lines it took.
     */
    function noteAtEnd(text: string): { lead: string; cursor: string; all: string; lines: number } | undefined {
      const lines = text.trimEnd().split('\n');
      const one = /^(.+); next page: --page (\S+) \(or (.+)\)$/.exec(lines.at(-1)!);
      if (one) return { lead: one[1], cursor: one[2], all: one[3], lines: 1 };
      const head = /^(.+); next page \(or (.+)\):$/.exec(lines.at(-2) ?? '');
      const cursor = /^ {2}--page (\S+)$/.exec(lines.at(-1)!);
      return head && cursor ? { lead: head[1], cursor: cursor[1], all: head[2], lines: 2 } : undefined;
    }

    it('on a terminal, ends the output in every text format: table, TSV, CSV (80 columns and wide)', async () => {
      for (const columns of [80, 200]) {
        for (const format of ['table', 'tsv', 'csv']) {
          const r = ok(await s.run(['members', 'list', '--limit', '2', '--format', format], { tty: true, columns }));
          const note = noteAtEnd(r.stdout);
          expect(note, `${format} at ${columns}: ${r.stdout}`).toMatchObject({ lead: 'Showing 2 of 37', all: '--all for every page' });
          expect(r.stdout.match(/Showing/g), format).toHaveLength(1);
          expect(r.stderr, format).not.toContain('Showing');
          // The cursor it gives is the one a script would follow.
          const next = JSON.parse(ok(await s.run(['members', 'list', '--limit', '2', '--page', note!.cursor, '--json', 'id'])).stdout);
          expect(next).toEqual(members.slice(2, 4).map((m) => ({ id: m.id })));
          if (format === 'csv') {
            const csv = r.stdout.trimEnd().split('\n');
            expect(csv).toHaveLength(3 + note!.lines);
            expect(csv[0]).toMatch(/^ID,NAME,EMAIL,/);
            expect(csv.slice(1, 3).map((line) => line.split(',')[0])).toEqual([members[0].id, members[1].id]);
          }
        }
      }
    });

    it('piped, the data stays clean: the note goes to stderr, in every format', async () => {
      for (const format of ['table', 'tsv', 'csv']) {
        const r = ok(await s.run(['members', 'list', '--limit', '2', '--format', format]));
        expect(r.stdout, format).not.toContain('Showing');
        expect(lastLine(r.stderr), format).toMatch(NOTE);
      }
      const csv = ok(await s.run(['members', 'list', '--limit', '2', '--format', 'csv'])).stdout.trimEnd().split('\n');
      expect(csv).toHaveLength(3);
    });

    it('JSON stays one valid document, on a terminal too: the cursor is its next.page, the note on stderr', async () => {
      for (const tty of [true, false]) {
        const r = ok(await s.run(['members', 'list', '--limit', '2', '--json'], { tty, columns: 80 }));
        const listing = JSON.parse(r.stdout);
        expect(listing.items).toHaveLength(2);
        expect(r.stderr.trimEnd()).toMatch(NOTE);
        expect(NOTE.exec(r.stderr.trimEnd())![1]).toBe(listing.next.page);
      }
    });

    it('no note with --all, or when the page holds every row', async () => {
      for (const tty of [true, false]) {
        for (const argv of [['--limit', '2', '--all', '--format', 'csv'], ['--format', 'csv']]) {
          const r = ok(await s.run(['members', 'list', ...argv], { tty, columns: 80 }));
          expect(r.stdout + r.stderr).not.toContain('Showing');
          expect(r.stdout.trimEnd().split('\n')).toHaveLength(38);
        }
      }
    });

    it('every list verb says it the same way: another group, and search', async () => {
      const teams = ok(await s.run(['teams', 'list', '--limit', '2', '--format', 'csv'], { tty: true, columns: 80 }));
      expect(noteAtEnd(teams.stdout)).toMatchObject({ lead: expect.stringMatching(/^Showing 2 of \d+$/), all: '--all for every page' });
      expect(ok(await s.run(['teams', 'list', '--limit', '2', '--format', 'csv'])).stderr).toMatch(/^Showing 2 of \d+; /);
      const found = ok(await s.run(['search', 'a', '--space', apiSpace, '--limit', '1'], { tty: true, columns: 80 }));
      expect(noteAtEnd(found.stdout)).toMatchObject({ lead: 'More results (2 pages in all)', all: expect.stringMatching(/^--all/) });
      expect(found.stderr).not.toContain('More results');
      const piped = ok(await s.run(['search', 'a', '--space', apiSpace, '--limit', '1']));
      expect(piped.stdout).not.toContain('More results');
      expect(piped.stderr).toMatch(/^More results \(2 pages in all\); /m);
    });
  });

  describe('NO_COLOR, CI and terminals', () => {
    const BOLD = '\u001b[1m';

    it('bold search matches only on a terminal without NO_COLOR or TERM=dumb', async () => {
      expect(ok(await s.run(['search', 'bearer', '--space', apiSpace], { tty: true })).stdout).toContain(BOLD);
      for (const env of [{ NO_COLOR: '1' }, { TERM: 'dumb' }, { FORCE_COLOR: '0' }]) {
        expect(ok(await s.run(['search', 'bearer', '--space', apiSpace], { tty: true, env })).stdout, JSON.stringify(env)).not.toContain('\u001b[');
      }
      expect(ok(await s.run(['search', 'bearer', '--space', apiSpace])).stdout).not.toContain('\u001b[');
    });

    it('under CI nothing is asked, even on a terminal: the error names the flag', async () => {
      const prompter = recordingPrompter(true, (choices) => choices.map((c) => c.value));
      const del = await s.run(['teams', 'delete', 'Ops, "Night" shift'], { tty: true, env: { CI: 'true' }, prompter });
      expect(del.code).toBe(2);
      expect(del.stderr).toContain('refusing without --yes (CI is set: nothing is asked)');
      const restore = await s.run(['spaces', 'restore'], { tty: true, env: { CI: '1' }, prompter });
      expect(restore.code).toBe(2);
      expect(restore.stderr).toContain("missing required argument 'ids'");
      expect(restore.stderr).toContain('CI is set');
      expect(prompter.questions).toEqual([]);
    });

    it('spinners turn only for a person at a terminal: not under CI, not on TERM=dumb', async () => {
      const spin = (env: Record<string, string>) => withTerminalStderr(s, ['teams', 'members', 'add', 'Ops, "Night" shift', members[1].user.email, '--dry-run'], env);
      expect((await spin({})).stderr).toContain('Resolving 1 user(s)');
      expect((await spin({ CI: 'true' })).stderr).not.toContain('Resolving');
      expect((await spin({ TERM: 'dumb' })).stderr).not.toContain('Resolving');
    });

    it('piped: the error says there is no terminal; CI=false on a terminal still asks', async () => {
      const piped = await s.run(['spaces', 'restore']);
      expect(piped.stderr).toContain('no terminal to pick on');
      const prompter = recordingPrompter(false);
      const asked = await s.run(['teams', 'delete', 'Ops, "Night" shift'], { tty: true, env: { CI: 'false' }, prompter });
      expect(asked.code).toBe(2);
      expect(asked.stderr).toBe('error: cancelled\n');
      expect(prompter.questions).toEqual(['Delete team "Ops, "Night" shift" with 0 member(s)?']);
    });
  });
});

describe('output flags in remote mode through serve', () => {
  let s: Sandbox;
  let served: Served;

  beforeAll(async () => {
    s = await sampleSandbox();
    served = await startServe(s);
  });

  afterAll(async () => {
    await served.stop();
  });

  it('--all streams every page over HTTP; fields and jq work the same', async () => {
    const local = await membersByPages(s);
    const csv = await served.remote(['members', 'list', '--limit', '2', '--all', '--format', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout.trimEnd().split('\n').slice(1).map((l) => l.split(',')[0])).toEqual(local.map((m) => m.id));
    const picked = await served.remote(['members', 'list', '--limit', '3', '--all', '--json', 'id,user.email']);
    expect(JSON.parse(picked.stdout)).toEqual(local.map((m) => ({ id: m.id, user: { email: m.user.email } })));
    const jq = await served.remote(['members', 'list', '--jq', '.count']);
    expect(jq.stdout).toBe(`${local.length}\n`);
  });

  it('--json FIELDS on a single object accepts what its schema promises, after the answer crossed HTTP', async () => {
    const spaces = JSON.parse((await served.remote(['spaces', 'list', '--json'])).stdout).items as { id: string; parent?: string }[];
    const top = spaces.find((space) => space.parent === undefined)!;
    const r = await served.remote(['spaces', 'get', top.id, '--json', 'id,parent']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ id: top.id, parent: null });
  });
});
