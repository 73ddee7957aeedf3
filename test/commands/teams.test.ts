import { describe, expect, it } from 'vitest';
import { noPrompter, yesPrompter } from '../helpers/cli';
import type { Prompter } from '../../src/output/prompts';
import { ACME, ENGINEERING, sampleSandbox, tsvRows } from '../helpers/teams';

interface Team {
  object: 'team';
  id: string;
  title: string;
  members: number;
}
interface TeamList {
  count: number;
  items: Team[];
}

const SAMPLE_TEAMS = ['Design', 'Documentation', 'Engineering', 'Leadership', 'Support'];

describe('teams list', () => {
  it('prints a table with headers on a TTY, headerless TSV when piped, and the API envelope with --json', async () => {
    const s = await sampleSandbox();

    const tty = await s.run(['teams', 'list'], { tty: true });
    expect(tty.code).toBe(0);
    expect(tty.stdout).toMatch(/ID\s+TITLE\s+MEMBERS/);
    for (const title of SAMPLE_TEAMS) expect(tty.stdout).toContain(title);

    const piped = await s.run(['teams', 'list']);
    expect(piped.code).toBe(0);
    expect(piped.stdout).not.toContain('TITLE');
    const rows = tsvRows(piped.stdout);
    expect(rows.map((r) => r[1]).sort()).toEqual(SAMPLE_TEAMS);
    expect(rows.find((r) => r[1] === 'Engineering')?.[2]).toBe('11');

    const json = await s.json<TeamList>(['teams', 'list']);
    expect(json.count).toBe(5);
    expect(json.items.every((t) => t.object === 'team')).toBe(true);
    expect(json.items.find((t) => t.title === 'Design')?.members).toBe(4);
  });

  it('--title filters by a case-insensitive substring', async () => {
    const s = await sampleSandbox();
    expect((await s.json<TeamList>(['teams', 'list', '--title', 'ENG'])).items.map((t) => t.title)).toEqual(['Engineering']);
    expect((await s.json<TeamList>(['teams', 'list', '--title', 'sign'])).items.map((t) => t.title)).toEqual(['Design']);
    // "o" is in Documentation and Support only.
    const withO = await s.json<TeamList>(['teams', 'list', '--title', 'o']);
    expect(withO.items.map((t) => t.title).sort()).toEqual(['Documentation', 'Support']);
  });

  it('--owner takes an e-mail and lists the teams that member can manage (admins manage all)', async () => {
    const s = await sampleSandbox();
    const alan = await s.json<TeamList>(['teams', 'list', '--owner', ACME('alan.turing')]);
    expect(alan.items.map((t) => t.title)).toEqual(['Engineering']);

    const lynnId = await s.memberId(ACME('lynn.conway'));
    expect((await s.json<TeamList>(['teams', 'list', '--owner', lynnId])).items.map((t) => t.title)).toEqual(['Design']);

    const ada = await s.json<TeamList>(['teams', 'list', '--owner', ACME('ada.lovelace')]);
    expect(ada.items.map((t) => t.title).sort()).toEqual(SAMPLE_TEAMS);

    const combined = await s.json<TeamList>(['teams', 'list', '--owner', ACME('ada.lovelace'), '--title', 'lead']);
    expect(combined.items.map((t) => t.title)).toEqual(['Leadership']);
  });

  it('an owner of nothing gets an empty list (exit 0; "No results." on a TTY); an unknown owner e-mail exits 5', async () => {
    const s = await sampleSandbox();
    const none = await s.run(['teams', 'list', '--owner', ACME('hedy.lamarr')], { tty: true });
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain('No results.');
    expect((await s.json<TeamList>(['teams', 'list', '--owner', ACME('hedy.lamarr')])).count).toBe(0);

    const unknown = await s.run(['teams', 'list', '--owner', 'nobody@acme.example']);
    expect(unknown.code).toBe(5);
    expect(unknown.stderr).toContain('nobody@acme.example');
  });
});

describe('teams get', () => {
  it('finds a team by exact title (case-insensitive) and by id, in every output mode', async () => {
    const s = await sampleSandbox();
    const byTitle = await s.json<Team>(['teams', 'get', 'engineering']);
    expect(byTitle).toMatchObject({ object: 'team', title: 'Engineering', members: 11 });

    const byId = await s.json<Team>(['teams', 'get', byTitle.id]);
    expect(byId).toEqual(byTitle);

    const tty = await s.run(['teams', 'get', 'Design'], { tty: true });
    expect(tty.code).toBe(0);
    expect(tty.stdout).toMatch(/TITLE\s+Design/);
    expect(tty.stdout).toMatch(/MEMBERS\s+4/);

    const piped = await s.run(['teams', 'get', 'Design']);
    const [row, ...rest] = tsvRows(piped.stdout);
    expect(rest).toHaveLength(0);
    expect(row.slice(1, 3)).toEqual(['Design', '4']);
  });

  it('a title is not a prefix match, and an unknown team exits 5', async () => {
    const s = await sampleSandbox();
    const prefix = await s.run(['teams', 'get', 'Eng']);
    expect(prefix.code).toBe(5);
    expect(prefix.stderr).toMatch(/^error: .*not found/);
    expect(prefix.stdout).toBe('');
    expect((await s.run(['teams', 'get', 'NoSuchTeamId123'])).code).toBe(5);
  });
});

describe('teams create', () => {
  it('creates a team with -m members given as e-mails and ids, and says so on stderr', async () => {
    const s = await sampleSandbox();
    const joanId = await s.memberId(ACME('joan.clarke'));
    const r = await s.run(['teams', 'create', 'Platform', '-m', ACME('ada.lovelace'), joanId, ACME('Bob.Kahn'), '--json']);
    expect(r.code, r.stderr).toBe(0);
    const team = JSON.parse(r.stdout) as Team;
    expect(team).toMatchObject({ object: 'team', title: 'Platform', members: 3 });
    expect(r.stderr).toContain(`Created team Platform (${team.id}).`);

    expect(await s.roster('Platform')).toEqual({
      [ACME('ada.lovelace')]: 'member',
      [ACME('joan.clarke')]: 'member',
      [ACME('bob.kahn')]: 'member',
    });
    expect(await s.teamTitles()).toEqual([...SAMPLE_TEAMS, 'Platform'].sort());
  });

  it('creates an empty team; an unknown member creates nothing; an over-long title is rejected naming the field', async () => {
    const s = await sampleSandbox();
    const empty = await s.run(['teams', 'create', 'Empty']);
    expect(empty.code).toBe(0);
    expect(tsvRows(empty.stdout)[0].slice(1, 3)).toEqual(['Empty', '0']);

    const unknown = await s.run(['teams', 'create', 'Ghosts', '-m', ACME('ada.lovelace'), 'ghost@acme.example']);
    expect(unknown.code).toBe(5);
    expect(unknown.stderr).toContain('ghost@acme.example');

    const long = await s.run(['teams', 'create', 'x'.repeat(65)]);
    expect(long.code).toBe(1);
    expect(long.stderr).toMatch(/title: must be at most 64 characters/);

    expect(await s.teamTitles()).toEqual([...SAMPLE_TEAMS, 'Empty'].sort());
  });
});

describe('teams update', () => {
  it('renames a team; the new title resolves and the old one no longer does', async () => {
    const s = await sampleSandbox();
    const before = await s.json<Team>(['teams', 'get', 'Support']);
    const r = await s.run(['teams', 'update', 'Support', '--title', 'Customer Support', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: before.id, title: 'Customer Support', members: 8 });
    expect(r.stderr).toContain(`Renamed team ${before.id} to Customer Support.`);

    expect((await s.json<Team>(['teams', 'get', 'customer support'])).id).toBe(before.id);
    expect((await s.run(['teams', 'get', 'Support'])).code).toBe(5);
  });

  it('requires --title (usage error, exit 2) and rejects an empty title', async () => {
    const s = await sampleSandbox();
    const missing = await s.run(['teams', 'update', 'Support']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--title');
    const empty = await s.run(['teams', 'update', 'Support', '--title', '']);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/title: must not be empty/);
    expect(await s.teamTitles()).toEqual(SAMPLE_TEAMS);
  });
});

describe('teams delete', () => {
  it('refuses without --yes when piped (exit 2) and deletes nothing', async () => {
    const s = await sampleSandbox();
    const r = await s.run(['teams', 'delete', 'Engineering']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--yes');
    expect(r.stdout).toBe('');
    expect(await s.teamTitles()).toEqual(SAMPLE_TEAMS);
    expect(Object.keys(await s.roster('Engineering')).sort()).toEqual([...ENGINEERING].sort());
  });

  it('refuses without --yes on a TTY under CI, where nobody can be asked', async () => {
    const s = await sampleSandbox();
    const r = await s.run(['teams', 'delete', 'Design'], { tty: true, prompter: yesPrompter, env: { CI: 'true' } });
    expect(r.code).toBe(2);
    expect(await s.teamTitles()).toEqual(SAMPLE_TEAMS);
  });

  it('deletes with --yes; the members stay in the organization', async () => {
    const s = await sampleSandbox();
    const team = await s.json<Team>(['teams', 'get', 'Engineering']);
    const r = await s.run(['teams', 'delete', 'Engineering', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Deleted team Engineering (${team.id}).`);
    expect(await s.teamTitles()).toEqual(SAMPLE_TEAMS.filter((t) => t !== 'Engineering'));
    expect((await s.run(['teams', 'get', team.id])).code).toBe(5);
    const roles = await s.orgRoles();
    expect(Object.keys(roles)).toHaveLength(37);
    for (const email of ENGINEERING) expect(roles[email]).toBeDefined();
  });

  it('asks on a TTY: yes deletes, no cancels with exit 2', async () => {
    const s = await sampleSandbox();
    const questions: string[] = [];
    const recording = (answer: Prompter): Prompter => ({
      confirm: async (q: string) => {
        questions.push(q);
        return answer.confirm(q);
      },
    });

    const no = await s.run(['teams', 'delete', 'Design'], { tty: true, prompter: recording(noPrompter) });
    expect(no.code).toBe(2);
    expect(no.stderr).toContain('cancelled');
    expect(questions).toEqual(['Delete team "Design" with 4 member(s)?']);
    expect(await s.teamTitles()).toEqual(SAMPLE_TEAMS);

    const yes = await s.run(['teams', 'delete', 'design'], { tty: true, prompter: recording(yesPrompter) });
    expect(yes.code, yes.stderr).toBe(0);
    expect(questions).toHaveLength(2);
    expect(await s.teamTitles()).toEqual(SAMPLE_TEAMS.filter((t) => t !== 'Design'));
  });

  it('an unknown team exits 5 before asking anything', async () => {
    const s = await sampleSandbox();
    let asked = false;
    const r = await s.run(['teams', 'delete', 'Nope'], { tty: true, prompter: { confirm: async () => (asked = true) } });
    expect(r.code).toBe(5);
    expect(asked).toBe(false);
  });
});
