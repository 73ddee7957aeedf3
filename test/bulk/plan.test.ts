import { describe, expect, it } from 'vitest';
import { MemberDirectory } from '../../src/bulk/directory';
import { NOT_A_MEMBER, hasErrors, notMembers, planTeamChange, removalTooLarge, type ReportRow } from '../../src/bulk/plan';
import { planSync } from '../../src/bulk/sync';
import { parseSyncFile } from '../../src/bulk/sync-file';
import { printReport } from '../../src/bulk/report';
import { createOutput } from '../../src/output/output';
import type { Member } from '../../src/api/resources';
import type { UserRow } from '../../src/bulk/user-file';

function member(id: string, role: Member['role'] = 'read'): Member {
  return { object: 'member', id, role, user: { object: 'user', id, displayName: id, email: `${id}@acme.example` } } as unknown as Member;
}

const directory = new MemberDirectory([
  member('ada', 'admin'),
  member('grace', 'admin'),
  member('alan', 'create'),
  member('linus', 'edit'),
  member('hedy', 'comment'),
  member('bob', null),
]);

const rows = (...refs: (string | [string, string])[]): UserRow[] =>
  refs.map((r, i) => (typeof r === 'string' ? { line: i + 1, ref: r } : { line: i + 1, ref: r[0], role: r[1] }));

const summary = (r: ReportRow[]) => r.map((row) => `${row.user}:${row.action}:${row.status}`);

describe('MemberDirectory', () => {
  it('finds members by id (exact) and by e-mail (any case)', () => {
    expect(directory.find('ada')?.id).toBe('ada');
    expect(directory.find('ADA@Acme.Example')?.id).toBe('ada');
    expect(directory.find('ADA')).toBeUndefined();
    expect(directory.find('nobody@acme.example')).toBeUndefined();
    expect(directory.all()).toHaveLength(6);
  });
});

describe('planTeamChange: add', () => {
  const roster = new Map([['alan', 'owner'], ['linus', 'member']]);

  it('adds new members, changes roles of existing ones, and reports the rest as unchanged', () => {
    const plan = planTeamChange('add', rows('hedy', ['bob@acme.example', 'owner'], ['linus', 'owner'], 'alan', ['alan', 'member']), directory, roster, { team: 'Eng' });
    expect(plan.add).toEqual(['hedy', 'bob']);
    expect(plan.remove).toEqual([]);
    expect(plan.memberships).toEqual({ bob: { role: 'owner' }, linus: { role: 'owner' } });
    expect(plan.rows.map((r) => [r.line, r.user, r.email, r.team, r.action, r.status, r.detail])).toEqual([
      [1, 'hedy', 'hedy@acme.example', 'Eng', 'add', 'ok', 'add as member'],
      [2, 'bob@acme.example', 'bob@acme.example', 'Eng', 'add', 'ok', 'add as owner'],
      [3, 'linus', 'linus@acme.example', 'Eng', 'role', 'ok', 'member -> owner'],
      [4, 'alan', 'alan@acme.example', 'Eng', 'unchanged', 'skipped', 'already owner'],
      [5, 'alan', 'alan@acme.example', 'Eng', 'skip', 'skipped', 'listed twice; first line wins'],
    ]);
  });

  it('a default role applies where a row has none; a row role wins', () => {
    const plan = planTeamChange('add', rows('hedy', ['bob', 'member'], 'linus', 'alan'), directory, roster, { defaultRole: 'owner' });
    expect(plan.memberships).toEqual({ hedy: { role: 'owner' }, linus: { role: 'owner' } });
    expect(plan.add).toEqual(['hedy', 'bob']);
    expect(summary(plan.rows)).toEqual(['hedy:add:ok', 'bob:add:ok', 'linus:role:ok', 'alan:unchanged:skipped']);
  });

  it('reports unknown ids and e-mails and bad roles as errors, without planning anything for them', () => {
    const plan = planTeamChange('add', rows('nobody@acme.example', 'nobody', ['hedy', 'admin'], ['linus', 'boss']), directory, roster, { offersInvite: true });
    expect(plan.add).toEqual([]);
    expect(plan.memberships).toEqual({});
    expect(plan.rows.map((r) => [r.action, r.status, r.detail])).toEqual([
      ['add', 'error', NOT_A_MEMBER],
      ['add', 'error', 'no member with this id in the organization'],
      ['add', 'error', 'role must be owner or member, not "admin" (an organization role: a team file\'s role column is team_role; org_role is ignored)'],
      ['role', 'error', 'role must be owner or member, not "boss"'],
    ]);
    expect(hasErrors(plan.rows)).toBe(true);
    expect(notMembers(plan.rows)).toBe(1);
  });

  it('without offersInvite (teams sync has no --invite) an unknown e-mail says only that', () => {
    const plan = planTeamChange('set', rows('nobody@acme.example'), directory, roster);
    expect(plan.rows.filter((r) => r.user === 'nobody@acme.example').map((r) => r.detail)).toEqual(['no member with this e-mail in the organization']);
    expect(notMembers(plan.rows)).toBe(0);
  });

  it('a bad --role (not from a file) says only the rule', () => {
    const plan = planTeamChange('add', rows('hedy'), directory, roster, { defaultRole: 'admin' });
    expect(plan.rows.map((r) => r.detail)).toEqual(['role must be owner or member, not "admin"']);
  });

  it('treats the same user by id and by e-mail as a duplicate', () => {
    const plan = planTeamChange('add', rows('hedy', 'HEDY@acme.example'), directory, new Map());
    expect(plan.add).toEqual(['hedy']);
    expect(summary(plan.rows)).toEqual(['hedy:add:ok', 'HEDY@acme.example:skip:skipped']);
    expect(hasErrors(plan.rows)).toBe(false);
  });
});

describe('planTeamChange: remove', () => {
  const roster = new Map([['alan', 'owner'], ['linus', 'member']]);

  it('removes members of the team; others are skipped; unknown users are errors', () => {
    const plan = planTeamChange('remove', rows('alan@acme.example', 'hedy', 'ghost@acme.example', 'alan'), directory, roster, { team: 'Eng' });
    expect(plan.remove).toEqual(['alan']);
    expect(plan.add).toEqual([]);
    expect(plan.rows.map((r) => [r.user, r.action, r.status, r.detail])).toEqual([
      ['alan@acme.example', 'remove', 'ok', 'remove (was owner)'],
      ['hedy', 'skip', 'skipped', 'not in the team'],
      ['ghost@acme.example', 'remove', 'error', 'no member with this e-mail in the organization'],
      ['alan', 'skip', 'skipped', 'listed twice; first line wins'],
    ]);
  });

  it('ignores roles: a role column of any value does not stop a removal', () => {
    const plan = planTeamChange('remove', rows(['linus', 'admin']), directory, roster);
    expect(plan.remove).toEqual(['linus']);
    expect(hasErrors(plan.rows)).toBe(false);
  });
});

describe('planTeamChange: set', () => {
  const roster = new Map([['alan', 'owner'], ['linus', 'member'], ['hedy', 'member']]);

  it('adds the missing, keeps the listed and removes everyone unlisted (line 0 rows)', () => {
    const plan = planTeamChange('set', rows('alan', 'bob', ['hedy', 'owner']), directory, roster, { team: 'Eng' });
    expect(plan.add).toEqual(['bob']);
    expect(plan.remove).toEqual(['linus']);
    expect(plan.memberships).toEqual({ hedy: { role: 'owner' } });
    expect(plan.rows.at(-1)).toEqual({
      line: 0, user: 'linus', email: 'linus@acme.example', team: 'Eng', action: 'remove', status: 'ok', detail: 'remove (was member; not listed)',
    });
    expect(summary(plan.rows)).toEqual(['alan:unchanged:skipped', 'bob:add:ok', 'hedy:role:ok', 'linus:remove:ok']);
  });

  it('never removes a listed member, even when their row is invalid', () => {
    const plan = planTeamChange('set', rows('alan', ['hedy', 'boss'], 'linus', 'ghost@acme.example'), directory, roster);
    expect(plan.remove).toEqual([]);
    expect(plan.add).toEqual([]);
    expect(plan.memberships).toEqual({});
    expect(summary(plan.rows)).toEqual(['alan:unchanged:skipped', 'hedy:role:error', 'linus:unchanged:skipped', 'ghost@acme.example:add:error']);
  });

  it('an empty list removes everyone', () => {
    const plan = planTeamChange('set', [], directory, roster);
    expect(plan.remove.sort()).toEqual(['alan', 'hedy', 'linus']);
  });
});

describe('planTeamChange: --invite', () => {
  const roster = new Map([['linus', 'member']]);
  const invite = { role: 'read' };

  it('invites e-mails that name no member and adds them (owners by e-mail), beside members added as before', () => {
    const plan = planTeamChange('add', rows('New@acme.example', ['owner@acme.example', 'owner'], 'hedy', 'linus'), directory, roster, { team: 'Eng', invite });
    expect(plan.invite).toEqual(['New@acme.example', 'owner@acme.example']);
    expect(plan.add).toEqual(['New@acme.example', 'owner@acme.example', 'hedy']);
    expect(plan.memberships).toEqual({ 'owner@acme.example': { role: 'owner' } });
    expect(plan.rows.map((r) => [r.user, r.email, r.action, r.status, r.detail])).toEqual([
      ['New@acme.example', 'New@acme.example', 'invite', 'ok', 'invite to the organization as read, add as member'],
      ['owner@acme.example', 'owner@acme.example', 'invite', 'ok', 'invite to the organization as read, add as owner'],
      ['hedy', 'hedy@acme.example', 'add', 'ok', 'add as member'],
      ['linus', 'linus@acme.example', 'unchanged', 'skipped', 'already member'],
    ]);
    expect(hasErrors(plan.rows)).toBe(false);
  });

  it('an id naming nobody, an address that is not one, a bad role and a repeat are still reported, never invited', () => {
    const plan = planTeamChange('add', rows('nobody', 'ada@', ['x@acme.example', 'read'], 'y@acme.example', 'Y@ACME.example'), directory, roster, { invite: { role: 'guest' } });
    expect(plan.invite).toEqual(['y@acme.example']);
    expect(plan.rows.map((r) => [r.action, r.status, r.detail])).toEqual([
      ['add', 'error', 'no member with this id in the organization'],
      ['invite', 'error', 'not an e-mail address: nobody can be invited by it'],
      ['invite', 'error', 'role must be owner or member, not "read" (an organization role: a team file\'s role column is team_role; org_role is ignored)'],
      ['invite', 'ok', 'invite to the organization as guest, add as member'],
      ['skip', 'skipped', 'listed twice; first line wins'],
    ]);
  });

  it('set invites too; remove never does', () => {
    expect(planTeamChange('set', rows('new@acme.example'), directory, roster, { invite }).invite).toEqual(['new@acme.example']);
    const removal = planTeamChange('remove', rows('new@acme.example'), directory, roster, { invite });
    expect(removal.invite).toEqual([]);
    expect(removal.rows.map((r) => r.detail)).toEqual(['no member with this e-mail in the organization']);
  });

  it('the summary line counts the invitations', async () => {
    const plan = planTeamChange('add', rows('new@acme.example', 'hedy'), directory, roster, { invite });
    const messages: string[] = [];
    const out = { json: false, list: async () => undefined, message: (m: string) => messages.push(m), raw: () => undefined } as unknown as Parameters<typeof printReport>[0];
    await printReport(out, plan.rows, false);
    await printReport(out, plan.rows, true);
    expect(messages).toEqual([
      'Planned: 2 changes (1 to invite to the organization), 0 unchanged or skipped, 0 errors. Nothing was applied.',
      'Applied: 2 changes (1 invited to the organization), 0 unchanged or skipped, 0 errors.',
    ]);
  });
});

describe('removalTooLarge', () => {
  const plan = (n: number) => ({ rows: [], add: [], remove: Array.from({ length: n }, (_, i) => `u${i}`), memberships: {} });

  it('allows up to the fraction, inclusive, and explains a refusal', () => {
    expect(removalTooLarge(plan(5), 10, 0.5)).toBeUndefined();
    expect(removalTooLarge(plan(6), 10, 0.5)).toBe(
      'would remove 6 of 10 members (60%), more than the allowed 50%; raise --max-remove-fraction to allow it',
    );
    expect(removalTooLarge(plan(10), 10, 1)).toBeUndefined();
    expect(removalTooLarge(plan(1), 10, 0)).toMatch(/would remove 1 of 10/);
  });

  it('nothing to remove, or an empty team, is never refused', () => {
    expect(removalTooLarge(plan(0), 10, 0)).toBeUndefined();
    expect(removalTooLarge(plan(0), 0, 0)).toBeUndefined();
  });
});

describe('planSync', () => {
  const existing = [{ id: 't1', title: 'Engineering', roster: new Map([['alan', 'owner'], ['linus', 'member'], ['hedy', 'member']]) }];

  it('plans organization roles (guest is null), exact team membership and missing teams', () => {
    const spec = parseSyncFile(
      `members:
  - { user: bob@acme.example, role: read }
  - { user: linus, role: edit }
  - { user: hedy, role: guest }
teams:
  - title: engineering
    members: [alan, { user: linus, role: owner }]
  - title: Platform
    members: [ada]
`,
      'teams.yaml',
    );
    const plan = planSync(spec, directory, existing, 0.5);
    expect(plan.refusals).toEqual([]);
    expect(plan.roleChanges).toEqual([
      { userId: 'bob', email: 'bob@acme.example', from: null, to: 'read' },
      { userId: 'hedy', email: 'hedy@acme.example', from: 'comment', to: null },
    ]);
    expect(plan.teams.map((t) => [t.title, t.id, t.plan.add, t.plan.remove, t.plan.memberships])).toEqual([
      ['engineering', 't1', [], ['hedy'], { alan: { role: 'member' }, linus: { role: 'owner' } }],
      ['Platform', undefined, ['ada'], [], {}],
    ]);
    expect(plan.rows.map((r) => [r.line, r.user, r.team ?? '', r.action, r.status, r.detail])).toEqual([
      // Lines of the file; entries of a flow list share their line. 0: not in the file.
      [2, 'bob@acme.example', '', 'org-role', 'ok', 'guest -> read'],
      [3, 'linus', '', 'unchanged', 'skipped', 'already edit'],
      [4, 'hedy', '', 'org-role', 'ok', 'comment -> guest'],
      [7, 'alan', 'engineering', 'role', 'ok', 'owner -> member'],
      [7, 'linus', 'engineering', 'role', 'ok', 'member -> owner'],
      [0, 'hedy', 'engineering', 'remove', 'ok', 'remove (was member; not listed)'],
      [8, '', 'Platform', 'create-team', 'ok', 'create the team'],
      [9, 'ada', 'Platform', 'add', 'ok', 'add as member'],
    ]);
  });

  it('refuses to leave the organization without an admin, counting promotions in the same file', () => {
    const demoteBoth = { members: [{ user: 'ada', role: 'edit' as const }, { user: 'grace', role: 'guest' as const }] };
    expect(planSync(demoteBoth, directory, [], 0.5).refusals).toEqual(['the organization would be left without an admin']);
    expect(planSync({ members: [...demoteBoth.members, { user: 'alan', role: 'admin' }] }, directory, [], 0.5).refusals).toEqual([]);
    expect(planSync({ members: [demoteBoth.members[0]] }, directory, [], 0.5).refusals).toEqual([]);
  });

  it('refuses removing more than the fraction of an existing team, naming the team', () => {
    const plan = planSync({ teams: [{ title: 'Engineering', members: ['alan'] }] }, directory, existing, 0.5);
    expect(plan.refusals).toEqual(['team "Engineering": would remove 2 of 3 members (67%), more than the allowed 50%; raise --max-remove-fraction to allow it']);
    expect(planSync({ teams: [{ title: 'Engineering', members: ['alan'] }] }, directory, existing, 0.7).refusals).toEqual([]);
  });

  it('reports unknown users as errors in the members list and in teams', () => {
    const plan = planSync({ members: [{ user: 'ghost', role: 'read' }], teams: [{ title: 'Engineering', members: ['alan', 'linus', 'hedy', 'nobody@acme.example'] }] }, directory, existing, 0.5);
    expect(plan.rows.filter((r) => r.status === 'error').map((r) => [r.line, r.user, r.action])).toEqual([
      [1, 'ghost', 'org-role'],
      [4, 'nobody@acme.example', 'add'],
    ]);
    expect(plan.roleChanges).toEqual([]);
    expect(plan.teams[0].plan.add).toEqual([]);
  });

  it('a file that matches the organization plans no change', () => {
    const plan = planSync(
      { members: [{ user: 'ada', role: 'admin' }], teams: [{ title: 'Engineering', members: [{ user: 'alan', role: 'owner' }, 'linus', 'hedy'] }] },
      directory,
      existing,
      0,
    );
    // One row for ada's role and one for each of the three team members, all unchanged.
    expect(plan.rows).toHaveLength(4);
    expect(plan.rows.every((r) => r.status === 'skipped')).toBe(true);
    expect(plan.roleChanges).toEqual([]);
    expect(plan.refusals).toEqual([]);
  });
});

describe('parseSyncFile', () => {
  it('accepts an empty file and JSON', () => {
    expect(parseSyncFile('', 'empty.yaml')).toEqual({ lines: { members: [], teams: [] } });
    expect(parseSyncFile('{"teams":[{"title":"Ops","members":[]}]}', 'x.json')).toEqual({
      teams: [{ title: 'Ops', members: [] }],
      lines: { members: [], teams: [{ title: 1, members: [] }] },
    });
  });

  it('names the file, the path and the rule of every schema error', () => {
    expect(() => parseSyncFile('teams:\n  - title: ""\n    members: []\n', 'teams.yaml')).toThrow('teams.yaml: teams[0].title: must not be empty');
    expect(() => parseSyncFile(`teams:\n  - title: ${'x'.repeat(65)}\n    members: []\n`, 't.yaml')).toThrow('teams[0].title: must be at most 64 characters');
    expect(() => parseSyncFile('members:\n  - { user: ada, role: owner }\n', 't.yaml')).toThrow(/members\[0\]\.role: must be one of/);
    expect(() => parseSyncFile('members:\n  - { user: ada }\n', 't.yaml')).toThrow('members[0].role: is required');
    expect(() => parseSyncFile('groups: []\n', 't.yaml')).toThrow('groups: is not a known field');
    expect(() => parseSyncFile('teams:\n  - title: Ops\n', 't.yaml')).toThrow('teams[0].members: is required');
    expect(() => parseSyncFile('- a\n- b\n', 't.yaml')).toThrow(/^t\.yaml: /);
  });

  it('rejects invalid YAML and a team listed twice (any case), exit code 1', () => {
    expect(() => parseSyncFile('teams: [\n  - title: x', 'bad.yaml')).toThrow(/^bad\.yaml: not valid YAML/);
    let error: unknown;
    try {
      parseSyncFile('teams:\n  - { title: Ops, members: [] }\n  - { title: ops, members: [] }\n', 'dup.yaml');
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ exitCode: 1, message: 'dup.yaml: team "ops" is listed twice' });
  });
});

describe('printReport', () => {
  const reportRows: ReportRow[] = [
    { line: 2, user: 'ada@acme.example', email: 'ada@acme.example', team: 'Eng', action: 'add', status: 'ok', detail: 'add as member' },
    { line: 0, user: 'u9', team: 'Eng', action: 'remove', status: 'ok', detail: 'remove (was member; not listed)' },
    { line: 3, user: 'x@acme.example', team: 'Eng', action: 'add', status: 'error', detail: 'no member' },
  ];

  function capture(tty: boolean, json: boolean) {
    let stdout = '';
    let stderr = '';
    const out = createOutput({ stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) }, tty, json });
    return { out, text: () => ({ stdout, stderr }) };
  }

  it('piped: one TSV line per row (no header), the summary on stderr', async () => {
    const c = capture(false, false);
    await printReport(c.out, reportRows, false);
    expect(c.text().stdout).toBe(
      '2\tada@acme.example\tada@acme.example\tEng\tadd\tok\tadd as member\n' +
        '\tu9\t\tEng\tremove\tok\tremove (was member; not listed)\n' +
        '3\tx@acme.example\t\tEng\tadd\terror\tno member\n',
    );
    expect(c.text().stderr).toBe('Planned: 2 changes, 0 unchanged or skipped, 1 error. Nothing was applied.\n');
  });

  it('--json: {applied, rows}; applied reports say so', async () => {
    const c = capture(true, true);
    await printReport(c.out, reportRows.slice(0, 1), true);
    expect(JSON.parse(c.text().stdout)).toEqual({ applied: true, rows: reportRows.slice(0, 1) });
    expect(c.text().stderr).toBe('Applied: 1 change, 0 unchanged or skipped, 0 errors.\n');
  });

  it('TTY: a table with headers (EMAIL, the least needed, gives way at the default width so each detail stays beside its row)', async () => {
    const c = capture(true, false);
    await printReport(c.out, reportRows, false);
    const lines = c.text().stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^LINE\s+USER\s+(EMAIL\s+)?TEAM\s+ACTION\s+STATUS\s+DETAIL$/);
    expect(lines.slice(1)).toEqual([expect.stringMatching(/^2\s+ada@acme.example\s+.*add as member$/), expect.stringMatching(/u9\s+Eng\s+remove\s+ok\s+remove \(was member; not listed\)$/), expect.stringMatching(/^3\s+x@acme.example\s+.*no member$/)]);
  });
});

describe('sync report lines', () => {
  it('point at the lines of the file, comments and blank lines included', () => {
    const spec = parseSyncFile(
      `# roles first
members:
  - { user: nobody@acme.example, role: read }

teams:
  # the platform team
  - title: Platform
    members:
      - ada
      - { user: ghost, role: owner }
`,
      'teams.yaml',
    );
    const plan = planSync(spec, directory, [], 0.5);
    const lineOf = (user: string, action?: string) => plan.rows.find((r) => r.user === user && (!action || r.action === action))?.line;
    expect(lineOf('nobody@acme.example')).toBe(3);
    expect(plan.rows.find((r) => r.action === 'create-team')?.line).toBe(7);
    expect(lineOf('ada')).toBe(9);
    expect(lineOf('ghost')).toBe(10);
  });
});
