import { describe, expect, it } from 'vitest';
import { ACME, DESIGN, ENGINEERING, report, sampleSandbox, tsvRows, type SampleSandbox } from '../helpers/teams';

/**
 * Promotes Alan to admin and gives Bob (a guest) read access; makes Design exactly four people (Hedy
 * becomes its owner, Lynn a member, Ada joins, Jean leaves); creates Platform with an owner.
 */
const TEAMS_YAML = `
members:
  - { user: ${ACME('alan.turing')}, role: admin }
  - { user: ${ACME('bob.kahn')}, role: read }
  - { user: ${ACME('grace.hopper')}, role: admin }   # already admin
teams:
  - title: Design
    members:
      - ${ACME('lynn.conway')}
      - { user: ${ACME('hedy.lamarr')}, role: owner }
      - ${ACME('adele.goldberg')}
      - ${ACME('ada.lovelace')}
  - title: Platform
    members:
      - { user: ${ACME('alan.turing')}, role: owner }
      - ${ACME('linus.torvalds')}
`;

const SAMPLE_TEAMS = ['Design', 'Documentation', 'Engineering', 'Leadership', 'Support'];

async function snapshot(s: SampleSandbox) {
  return { roles: await s.orgRoles(), teams: await s.teamTitles(), design: await s.roster('Design'), engineering: await s.roster('Engineering') };
}

describe('teams sync: plan (the default)', () => {
  it('prints the plan piped (TSV), exits 0, changes nothing and suggests --apply', async () => {
    const s = await sampleSandbox();
    s.write('teams.yaml', TEAMS_YAML);
    const before = await snapshot(s);
    const r = await s.run(['teams', 'sync', '-f', 'teams.yaml']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('ACTION');
    const rows = tsvRows(r.stdout).map((row) => [row[2], row[3], row[4], row[5], row[6]]);
    expect(rows).toEqual([
      [ACME('alan.turing'), '', 'org-role', 'ok', 'create -> admin'],
      [ACME('bob.kahn'), '', 'org-role', 'ok', 'guest -> read'],
      [ACME('grace.hopper'), '', 'unchanged', 'skipped', 'already admin'],
      [ACME('lynn.conway'), 'Design', 'role', 'ok', 'owner -> member'],
      [ACME('hedy.lamarr'), 'Design', 'role', 'ok', 'member -> owner'],
      [ACME('adele.goldberg'), 'Design', 'unchanged', 'skipped', 'already member'],
      [ACME('ada.lovelace'), 'Design', 'add', 'ok', 'add as member'],
      [ACME('jean.sammet'), 'Design', 'remove', 'ok', 'remove (was member; not listed)'],
      ['', 'Platform', 'create-team', 'ok', 'create the team'],
      [ACME('alan.turing'), 'Platform', 'add', 'ok', 'add as owner'],
      [ACME('linus.torvalds'), 'Platform', 'add', 'ok', 'add as member'],
    ]);
    expect(r.stderr).toContain('Planned: 9 changes, 2 unchanged or skipped, 0 errors. Nothing was applied.');
    expect(r.stderr).toContain('Run again with --apply');
    expect(await snapshot(s)).toEqual(before);
  });

  it('prints the plan as a table with headers on a TTY and changes nothing', async () => {
    const s = await sampleSandbox();
    s.write('teams.yaml', TEAMS_YAML);
    const before = await snapshot(s);
    const r = await s.run(['teams', 'sync', '--file', 'teams.yaml'], { tty: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/LINE\s+USER\s+EMAIL\s+TEAM\s+ACTION\s+STATUS\s+DETAIL/);
    expect(r.stdout).toMatch(/Platform\s+create-team\s+ok/);
    expect(r.stderr).toContain('--apply');
    expect(await snapshot(s)).toEqual(before);
  });

  it('--json prints {applied: false, rows}', async () => {
    const s = await sampleSandbox();
    s.write('teams.yaml', TEAMS_YAML);
    const r = await s.run(['teams', 'sync', '-f', 'teams.yaml', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = report(r);
    expect(out.applied).toBe(false);
    expect(out.rows).toHaveLength(11);
    // `line` is the line in teams.yaml (the text starts with a blank line).
    expect(out.rows[0]).toEqual({ line: 3, user: ACME('alan.turing'), email: ACME('alan.turing'), action: 'org-role', status: 'ok', detail: 'create -> admin' });
    expect(out.rows.find((row: { user: string; team?: string }) => row.user === ACME('hedy.lamarr') && row.team === 'Design')?.line).toBe(10);
  });

  it('a file that matches the organization plans nothing and does not suggest --apply', async () => {
    const s = await sampleSandbox();
    s.write('same.yaml', `teams:\n  - title: Design\n    members:\n${DESIGN.map((e) => `      - { user: ${e}, role: ${e.startsWith('lynn') ? 'owner' : 'member'} }`).join('\n')}\n`);
    const r = await s.run(['teams', 'sync', '-f', 'same.yaml']);
    expect(r.code, r.stderr).toBe(0);
    const rows = tsvRows(r.stdout);
    // One row per member of Design, each unchanged.
    expect(rows).toHaveLength(DESIGN.length);
    expect(rows.every((row) => row[5] === 'skipped')).toBe(true);
    expect(r.stderr).not.toContain('--apply');
  });
});

describe('teams sync --apply', () => {
  it('applies organization roles and team membership, creates missing teams, and is idempotent', async () => {
    const s = await sampleSandbox();
    s.write('teams.yaml', TEAMS_YAML);
    const before = await snapshot(s);
    const r = await s.run(['teams', 'sync', '-f', 'teams.yaml', '--apply', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(report(r).applied).toBe(true);
    expect(r.stderr).toContain('Applied: 9 changes, 2 unchanged or skipped, 0 errors.');

    const roles = await s.orgRoles();
    expect(roles[ACME('alan.turing')]).toBe('admin');
    expect(roles[ACME('bob.kahn')]).toBe('read');
    // Nobody outside the file changed.
    expect({ ...roles, [ACME('alan.turing')]: 'x', [ACME('bob.kahn')]: 'x' }).toEqual({
      ...before.roles,
      [ACME('alan.turing')]: 'x',
      [ACME('bob.kahn')]: 'x',
    });
    expect(await s.roster('Design')).toEqual({
      [ACME('lynn.conway')]: 'member',
      [ACME('hedy.lamarr')]: 'owner',
      [ACME('adele.goldberg')]: 'member',
      [ACME('ada.lovelace')]: 'member',
    });
    expect(await s.teamTitles()).toEqual([...SAMPLE_TEAMS, 'Platform'].sort());
    expect(await s.roster('Platform')).toEqual({ [ACME('alan.turing')]: 'owner', [ACME('linus.torvalds')]: 'member' });
    expect(await s.roster('Engineering')).toEqual(before.engineering);

    const again = await s.run(['teams', 'sync', '-f', 'teams.yaml', '--apply', '--json']);
    expect(again.code, again.stderr).toBe(0);
    const rows = report(again).rows;
    expect(rows).toHaveLength(9);
    expect(rows.every((row) => row.status === 'skipped' && row.action === 'unchanged')).toBe(true);
    expect(again.stderr).toContain('Applied: 0 changes, 9 unchanged or skipped, 0 errors.');
    expect(await s.teamTitles()).toEqual([...SAMPLE_TEAMS, 'Platform'].sort());

    const plan = await s.run(['teams', 'sync', '-f', 'teams.yaml']);
    expect(plan.code).toBe(0);
    expect(plan.stderr).toContain('Planned: 0 changes');
  });

  it('applies piped and on a TTY alike (no prompt: --apply is the consent)', async () => {
    const s = await sampleSandbox();
    s.write('teams.yaml', TEAMS_YAML);
    const r = await s.run(['teams', 'sync', '-f', 'teams.yaml', '--apply'], {
      tty: true,
      prompter: { confirm: async () => { throw new Error('sync must not prompt'); } },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/STATUS/);
    expect(r.stderr).toContain('Applied: 9 changes');
    expect(await s.teamTitles()).toContain('Platform');
  });

  it('reads the file from stdin with -f -, and accepts JSON', async () => {
    const s = await sampleSandbox();
    const spec = { members: [{ user: ACME('ida.rhodes'), role: 'comment' }, { user: ACME('niklaus.wirth'), role: 'guest' }], teams: [{ title: 'Research', members: [ACME('joan.clarke')] }] };
    const r = await s.run(['teams', 'sync', '-f', '-', '--apply'], { stdin: JSON.stringify(spec) });
    expect(r.code, r.stderr).toBe(0);
    const roles = await s.orgRoles();
    expect(roles[ACME('ida.rhodes')]).toBe('comment');
    expect(roles[ACME('niklaus.wirth')]).toBe('guest');
    expect(await s.roster('Research')).toEqual({ [ACME('joan.clarke')]: 'member' });
  });

  it('matches existing teams by title case-insensitively instead of creating duplicates', async () => {
    const s = await sampleSandbox();
    s.write('t.yaml', `teams:\n  - title: DESIGN\n    members: [${[...DESIGN, ACME('joan.clarke')].join(', ')}]\n`);
    const r = await s.run(['teams', 'sync', '-f', 't.yaml', '--apply']);
    expect(r.code, r.stderr).toBe(0);
    expect(await s.teamTitles()).toEqual(SAMPLE_TEAMS);
    expect(await s.roster('Design')).toMatchObject({ [ACME('joan.clarke')]: 'member', [ACME('lynn.conway')]: 'member' });
  });

  it('the caller may demote themselves along with others: their own demotion is applied last', async () => {
    const s = await sampleSandbox();
    s.write('demote.yaml', `members:\n  - { user: admin@example.com, role: edit }\n  - { user: ${ACME('grace.hopper')}, role: read }\n`);
    const r = await s.run(['teams', 'sync', '-f', 'demote.yaml', '--apply']);
    expect(r.code, r.stderr).toBe(0);
    const roles = await s.orgRoles();
    expect(roles['admin@example.com']).toBe('edit');
    expect(roles[ACME('grace.hopper')]).toBe('read');
    expect(roles[ACME('ada.lovelace')]).toBe('admin');
  });
});

describe('teams sync refusals', () => {
  it('refuses (exit 6) a file that would leave the organization without an admin, and applies nothing', async () => {
    const s = await sampleSandbox();
    s.write('coup.yaml', `
members:
  - { user: ${ACME('ada.lovelace')}, role: edit }
  - { user: ${ACME('grace.hopper')}, role: guest }
  - { user: admin@example.com, role: create }
  - { user: ${ACME('bob.kahn')}, role: read }
teams:
  - title: Design
    members: [${[...DESIGN, ACME('joan.clarke')].join(', ')}]
`);
    const before = await snapshot(s);
    for (const args of [[], ['--apply'], ['--apply', '--skip-invalid']]) {
      const r = await s.run(['teams', 'sync', '-f', 'coup.yaml', ...args]);
      expect(r.code, args.join(' ')).toBe(6);
      expect(r.stderr).toContain('the organization would be left without an admin');
      expect(r.stderr).toContain('Nothing was applied.');
      expect(tsvRows(r.stdout).filter((row) => row[4] === 'org-role')).toHaveLength(4);
    }
    expect(await snapshot(s)).toEqual(before);

    // Promoting someone else in the same file makes it acceptable.
    s.write('handover.yaml', `members:\n  - { user: ${ACME('ada.lovelace')}, role: edit }\n  - { user: ${ACME('grace.hopper')}, role: guest }\n  - { user: ${ACME('alan.turing')}, role: admin }\n`);
    const ok = await s.run(['teams', 'sync', '-f', 'handover.yaml', '--apply']);
    expect(ok.code, ok.stderr).toBe(0);
    const roles = await s.orgRoles();
    expect([roles[ACME('ada.lovelace')], roles[ACME('grace.hopper')], roles[ACME('alan.turing')]]).toEqual(['edit', 'guest', 'admin']);
  });

  it('refuses (exit 6) to remove more than --max-remove-fraction of a team, and applies nothing', async () => {
    const s = await sampleSandbox();
    s.write('shrink.yaml', `
members:
  - { user: ${ACME('bob.kahn')}, role: read }
teams:
  - title: Design
    members: [${[...DESIGN, ACME('joan.clarke')].join(', ')}]
  - title: Engineering
    members: [${ENGINEERING.slice(0, 4).join(', ')}]
`);
    const before = await snapshot(s);
    const r = await s.run(['teams', 'sync', '-f', 'shrink.yaml', '--apply']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('team "Engineering": would remove 7 of 11 members (64%), more than the allowed 50%');
    expect(await snapshot(s)).toEqual(before);

    const plan = await s.run(['teams', 'sync', '-f', 'shrink.yaml', '--max-remove-fraction', '0.6']);
    expect(plan.code).toBe(6);

    const allowed = await s.run(['teams', 'sync', '-f', 'shrink.yaml', '--apply', '--max-remove-fraction', '0.7']);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(Object.keys(await s.roster('Engineering')).sort()).toEqual(ENGINEERING.slice(0, 4).sort());
    expect(Object.keys(await s.roster('Design'))).toHaveLength(5);
    expect((await s.orgRoles())[ACME('bob.kahn')]).toBe('read');

    const bad = await s.run(['teams', 'sync', '-f', 'shrink.yaml', '--max-remove-fraction', 'lots']);
    expect(bad.code).toBe(2);
  });

  it('unknown users: exit 1 with the rows reported and nothing applied, unless --skip-invalid', async () => {
    const s = await sampleSandbox();
    s.write('typos.yaml', `
members:
  - { user: ${ACME('bob.kahn')}, role: read }
  - { user: bob.khan@acme.example, role: edit }
teams:
  - title: Design
    members: [${[...DESIGN, 'joan.clark@acme.example', ACME('joan.clarke')].join(', ')}]
  - title: Platform
    members: [${ACME('linus.torvalds')}]
`);
    const before = await snapshot(s);
    for (const args of [[], ['--apply']]) {
      const r = await s.run(['teams', 'sync', '-f', 'typos.yaml', ...args, '--json']);
      expect(r.code, args.join(' ')).toBe(1);
      const out = report(r);
      expect(out.applied).toBe(false);
      expect(out.rows.filter((row) => row.status === 'error').map((row) => [row.user, row.team ?? '', row.line])).toEqual([
        ['bob.khan@acme.example', '', 4],
        ['joan.clark@acme.example', 'Design', 7],
      ]);
      expect(r.stderr).toMatch(/^error: some rows cannot be applied/m);
    }
    expect(await snapshot(s)).toEqual(before);

    // The plan with --skip-invalid predicts the apply: errors reported, exit 0, still nothing applied.
    const plan = await s.run(['teams', 'sync', '-f', 'typos.yaml', '--skip-invalid']);
    expect(plan.code, plan.stderr).toBe(0);
    expect(tsvRows(plan.stdout).filter((row) => row[5] === 'error')).toHaveLength(2);
    expect(plan.stderr).toContain('Nothing was applied.');
    expect(plan.stderr).toContain('--apply');
    expect(await snapshot(s)).toEqual(before);

    const lenient = await s.run(['teams', 'sync', '-f', 'typos.yaml', '--apply', '--skip-invalid', '--json']);
    expect(lenient.code, lenient.stderr).toBe(0);
    expect(report(lenient).applied).toBe(true);
    expect(report(lenient).rows.filter((row) => row.status === 'error')).toHaveLength(2);
    expect(lenient.stderr).toContain('2 errors');
    expect((await s.orgRoles())[ACME('bob.kahn')]).toBe('read');
    expect(Object.keys(await s.roster('Design')).sort()).toEqual([...DESIGN, ACME('joan.clarke')].sort());
    expect(await s.roster('Platform')).toEqual({ [ACME('linus.torvalds')]: 'member' });
  });
});

describe('teams sync file errors', () => {
  it('invalid YAML exits 1 naming the file, and changes nothing', async () => {
    const s = await sampleSandbox();
    s.write('broken.yaml', `teams: [\n  - title: Design\n`);
    const r = await s.run(['teams', 'sync', '-f', 'broken.yaml', '--apply']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: broken\.yaml: not valid YAML/);
    expect(r.stdout).toBe('');
  });

  it('schema errors exit 1 naming each path and rule', async () => {
    const s = await sampleSandbox();
    s.write('schema.yaml', `
members:
  - { user: ${ACME('bob.kahn')}, role: boss }
teams:
  - members: [${ACME('joan.clarke')}]
  - title: Ops
    members: [{ user: ${ACME('joan.clarke')}, role: admin }]
    owner: ${ACME('joan.clarke')}
`);
    const r = await s.run(['teams', 'sync', '-f', 'schema.yaml', '--apply']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('schema.yaml: ');
    expect(r.stderr).toContain('members[0].role: must be one of');
    expect(r.stderr).toContain('teams[0].title: is required');
    expect(r.stderr).toContain('teams[1].owner: is not a known field');
    expect(r.stderr).toMatch(/teams\[1\]\.members\[0\]/);
    expect(await s.teamTitles()).toEqual(SAMPLE_TEAMS);

    s.write('empty-title.yaml', `teams:\n  - title: ""\n    members: []\n`);
    const empty = await s.run(['teams', 'sync', '-f', 'empty-title.yaml']);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('teams[0].title: must not be empty');

    s.write('twice.yaml', `teams:\n  - { title: Ops, members: [] }\n  - { title: OPS, members: [] }\n`);
    const twice = await s.run(['teams', 'sync', '-f', 'twice.yaml', '--apply']);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('team "OPS" is listed twice');
    expect(await s.teamTitles()).toEqual(SAMPLE_TEAMS);
  });

  it('a missing file exits 1; a missing -f is a usage error', async () => {
    const s = await sampleSandbox();
    const missing = await s.run(['teams', 'sync', '-f', 'nope.yaml']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('--file: cannot read nope.yaml');
    expect((await s.run(['teams', 'sync'])).code).toBe(2);
  });
});
