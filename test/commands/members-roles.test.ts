import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { yesPrompter } from '../helpers/cli';
import { ADMIN, READER, emptySandbox, json, ok, recordingPrompter, sampleSandbox, tableOf, tsvRows, type Sandbox } from './support';

/**
 * Issue 30, item 3: lowering your own role or leaving asks first (terminal) or needs --yes (piped);
 * `members update` with several users or --file plans each row and applies all of them in one transaction.
 */

const ADA = 'ada.lovelace@acme.example';
const GRACE = 'grace.hopper@acme.example';
const ALAN = 'alan.turing@acme.example';

const roleOf = async (s: Sandbox, email: string) => (await json(s, ['members', 'get', email])).role;
const rolesOf = async (s: Sandbox, emails: string[]) => Promise.all(emails.map((e) => roleOf(s, e)));

describe('members update: your own role', () => {
  it('piped, refuses to lower your own role without --yes (exit 2) and changes nothing', async () => {
    const s = await sampleSandbox();
    const r = await s.run(['members', 'update', ADMIN, '--role', 'read']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'error: Lower your own role from admin to read (only another admin can give the admin role back): refusing without --yes (no terminal to confirm on)\n',
    );
    expect(r.stdout).toBe('');
    expect(await roleOf(s, ADMIN)).toBe('admin');
  });

  it('piped with --yes, lowers it', async () => {
    const s = await sampleSandbox();
    const r = ok(await s.run(['members', 'update', ADMIN, '--role', 'read', '--yes']));
    expect(r.stderr).toBe(`${ADMIN} is now read.\n`);
    expect(await roleOf(s, ADMIN)).toBe('read');
  });

  it('on a terminal, asks: no cancels (exit 2), yes lowers it', async () => {
    const s = await sampleSandbox();
    const no = recordingPrompter(false);
    const cancelled = await s.run(['members', 'update', ADMIN, '--role', 'edit'], { tty: true, prompter: no });
    expect(cancelled.code).toBe(2);
    expect(cancelled.stderr).toBe('error: cancelled\n');
    expect(no.questions).toEqual(['Lower your own role from admin to edit (only another admin can give the admin role back)?']);
    expect(await roleOf(s, ADMIN)).toBe('admin');

    const yes = recordingPrompter(true);
    ok(await s.run(['members', 'update', ADMIN, '--role', 'edit'], { tty: true, prompter: yes }));
    expect(yes.questions).toHaveLength(1);
    expect(await roleOf(s, ADMIN)).toBe('edit');
  });

  it('never asks under CI, even on a terminal', async () => {
    const s = await sampleSandbox();
    const prompter = recordingPrompter(true);
    const r = await s.run(['members', 'update', ADMIN, '--role', 'read'], { tty: true, prompter, env: { CI: 'true' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('refusing without --yes (CI is set: nothing is asked)');
    expect(prompter.questions).toEqual([]);
    expect(await roleOf(s, ADMIN)).toBe('admin');
  });

  it('does not ask for raising your role, keeping it, or changing someone else', async () => {
    const s = await sampleSandbox();
    const prompter = recordingPrompter(false);
    ok(await s.run(['members', 'update', ADMIN, '--role', 'admin'], { tty: true, prompter }));
    ok(await s.run(['members', 'update', ADA, '--role', 'read'], { tty: true, prompter }));
    expect(prompter.questions).toEqual([]);
    expect(await rolesOf(s, [ADMIN, ADA])).toEqual(['admin', 'read']);
  });

  it('the last admin is not asked: the instance refuses (exit 6), as before', async () => {
    const s = await emptySandbox();
    const prompter = recordingPrompter(true);
    const r = await s.run(['members', 'update', ADMIN, '--role', 'read'], { tty: true, prompter });
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('must keep at least one admin');
    expect(prompter.questions).toEqual([]);
    expect(await roleOf(s, ADMIN)).toBe('admin');
  });
});

describe('members remove: yourself', () => {
  it('piped, refuses to remove yourself without --yes (exit 2); with it, you leave', async () => {
    const s = await sampleSandbox();
    const refused = await s.run(['--as', READER, 'members', 'remove', READER]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `error: Remove yourself (${READER}) from organization ${(await json(s, ['orgs', 'list'])).items[0].id}, losing access to it until someone invites you again: refusing without --yes (no terminal to confirm on)\n`,
    );
    expect(await roleOf(s, READER)).toBe('read');
    const left = ok(await s.run(['--as', READER, 'members', 'remove', READER, '--yes']));
    expect(left.stderr).toMatch(new RegExp(`^You \\(${READER}\\) left organization \\S+\\.\\n$`));
    expect((await s.run(['members', 'get', READER])).code).toBe(5);
  });

  it('on a terminal, asks: no keeps you, yes removes you', async () => {
    const s = await sampleSandbox();
    const no = recordingPrompter(false);
    const cancelled = await s.run(['members', 'remove', ADMIN], { tty: true, prompter: no });
    expect(cancelled.code).toBe(2);
    expect(no.questions[0]).toMatch(/^Remove yourself \(admin@example\.com\) from organization \S+, losing access/);
    expect(await roleOf(s, ADMIN)).toBe('admin');
    ok(await s.run(['members', 'remove', ADMIN], { tty: true, prompter: yesPrompter }));
    expect((await s.run(['--as', ADA, 'members', 'get', ADMIN])).code).toBe(5);
  });
});

describe('members update: several users', () => {
  const HEADER = ['LINE', 'USER', 'EMAIL', 'TEAM', 'ACTION', 'STATUS', 'DETAIL'];

  it('--dry-run prints the per-row plan (piped: TSV rows) and changes nothing', async () => {
    const s = await sampleSandbox();
    const before = await rolesOf(s, [ADA, ALAN, READER]);
    const r = ok(await s.run(['members', 'update', ADA, ALAN, READER, ALAN, '--role', 'comment', '--dry-run']));
    expect(tsvRows(r.stdout)).toEqual([
      ['', ADA, ADA, '', 'org-role', 'ok', 'admin -> comment'],
      ['', ALAN, ALAN, '', 'org-role', 'ok', `${before[1]} -> comment`],
      ['', READER, READER, '', 'org-role', 'ok', 'read -> comment'],
      ['', ALAN, ALAN, '', 'skip', 'skipped', 'listed twice; first line wins'],
    ]);
    expect(r.stderr).toBe('Planned: 3 changes, 1 unchanged or skipped, 0 errors. Nothing was applied.\n');
    expect(await rolesOf(s, [ADA, ALAN, READER])).toEqual(before);
  });

  it('applies every change in one request and prints the report (terminal: a table)', async () => {
    const s = await sampleSandbox();
    const r = ok(await s.run(['members', 'update', ADA, READER, GRACE, '--role', 'edit'], { tty: true }));
    const t = tableOf(r.stdout);
    // Users given as arguments: no file lines, no team, so a table leaves LINE and TEAM out (issue 31).
    expect(t.header).toEqual(HEADER.filter((h) => h !== 'LINE' && h !== 'TEAM'));
    expect(t.rows.map((row) => [row[0], row[2], row[4]])).toEqual([
      [ADA, 'org-role', 'admin -> edit'],
      [READER, 'org-role', 'read -> edit'],
      [GRACE, 'org-role', 'admin -> edit'],
    ]);
    expect(r.stderr).toBe('Applied: 3 changes, 0 unchanged or skipped, 0 errors.\n');
    expect(await rolesOf(s, [ADA, READER, GRACE, ADMIN])).toEqual(['edit', 'edit', 'edit', 'admin']);
    // One request, so one audit record.
    const audit = await json(s, ['audit', 'list', '--action', 'updateMembersInOrganizationById']);
    expect(audit.items).toHaveLength(1);
  });

  it('--json prints { applied, rows }', async () => {
    const s = await sampleSandbox();
    const body = await json(s, ['members', 'update', READER, ALAN, '--role', 'review']);
    expect(body.applied).toBe(true);
    expect(body.rows.map((row: { user: string; status: string }) => [row.user, row.status])).toEqual([[READER, 'ok'], [ALAN, 'ok']]);
    expect(await rolesOf(s, [READER, ALAN])).toEqual(['review', 'review']);
  });

  it('a row that cannot be applied fails the whole set (exit 1): nothing changes', async () => {
    const s = await sampleSandbox();
    const r = await s.run(['members', 'update', READER, 'nobody@acme.example', ALAN, '--role', 'edit']);
    expect(r.code).toBe(1);
    expect(tsvRows(r.stdout)[1]).toEqual(['', 'nobody@acme.example', '', '', 'org-role', 'error', 'no member with this e-mail in the organization']);
    expect(r.stderr).toContain('error: some rows cannot be applied (see the report); fix them, nothing was changed');
    expect(await roleOf(s, READER)).toBe('read');
  });

  it('refuses a set that leaves no admin (exit 6), before asking anything', async () => {
    const s = await sampleSandbox();
    const prompter = recordingPrompter(true);
    const r = await s.run(['members', 'update', ADA, GRACE, ADMIN, '--role', 'edit'], { tty: true, prompter });
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('error: refusing: the organization would be left without an admin');
    expect(prompter.questions).toEqual([]);
    expect(await rolesOf(s, [ADA, GRACE, ADMIN])).toEqual(['admin', 'admin', 'admin']);
  });

  it('your own demotion in the set: piped needs --yes (nothing changes without it), a terminal asks', async () => {
    const s = await sampleSandbox();
    const refused = await s.run(['members', 'update', READER, ADMIN, '--role', 'edit']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('error: Lower your own role from admin to edit (only another admin can give the admin role back): refusing without --yes');
    expect(await rolesOf(s, [READER, ADMIN])).toEqual(['read', 'admin']);

    const dry = ok(await s.run(['members', 'update', READER, ADMIN, '--role', 'edit', '--dry-run']));
    expect(tsvRows(dry.stdout)[1]).toEqual(['', ADMIN, ADMIN, '', 'org-role', 'ok', 'admin -> edit (you)']);
    expect(dry.stderr).toContain('This lowers your own role (admin -> edit): the real run asks first, or needs --yes.');

    const no = recordingPrompter(false);
    expect((await s.run(['members', 'update', READER, ADMIN, '--role', 'edit'], { tty: true, prompter: no })).code).toBe(2);
    expect(no.questions).toEqual(['Lower your own role from admin to edit (only another admin can give the admin role back)?']);
    expect(await rolesOf(s, [READER, ADMIN])).toEqual(['read', 'admin']);

    ok(await s.run(['members', 'update', READER, ADMIN, '--role', 'edit', '--yes']));
    expect(await rolesOf(s, [READER, ADMIN])).toEqual(['edit', 'edit']);
  });

  it('--file: a CSV with email and org_role columns, each row its own role; --role for rows without one', async () => {
    const s = await sampleSandbox();
    writeFileSync(join(s.dir, 'roles.csv'), `email,org_role\n${READER},create\n${ALAN},\n# a comment\n${GRACE},read\n`);
    const r = ok(await s.run(['members', 'update', '--file', 'roles.csv', '--role', 'comment']));
    expect(tsvRows(r.stdout).map((row) => [row[0], row[1], row[6]])).toEqual([
      ['2', READER, 'read -> create'],
      ['3', ALAN, 'create -> comment'],
      ['5', GRACE, 'admin -> read'],
    ]);
    expect(await rolesOf(s, [READER, ALAN, GRACE])).toEqual(['create', 'comment', 'read']);
  });

  it('--file: a row without a role and no --role is an error naming the columns', async () => {
    const s = await sampleSandbox();
    writeFileSync(join(s.dir, 'roles.csv'), `${READER}\n${ALAN}\n`);
    const r = await s.run(['members', 'update', '--file', 'roles.csv']);
    expect(r.code).toBe(1);
    expect(tsvRows(r.stdout)[0][6]).toBe('no role: give the file an org_role (or role) column, or pass --role');
    const bad = await s.run(['members', 'update', '--file', 'roles.csv', '--role', 'owner']);
    expect(bad.code).toBe(2);
    writeFileSync(join(s.dir, 'teamish.csv'), `email,role\n${READER},owner\n`);
    const owner = await s.run(['members', 'update', '--file', 'teamish.csv']);
    expect(owner.code).toBe(1);
    expect(tsvRows(owner.stdout)[0][6]).toBe('role must be one of admin, create, review, edit, comment, read, guest, not "owner"');
    expect(await roleOf(s, READER)).toBe('read');
  });

  it('--file: what members list --format csv wrote reads back (every row unchanged)', async () => {
    const s = await sampleSandbox();
    const csv = ok(await s.run(['members', 'list', '--format', 'csv', '--all'])).stdout;
    writeFileSync(join(s.dir, 'members.csv'), csv);
    const r = ok(await s.run(['members', 'update', '--file', 'members.csv', '--dry-run']));
    const rows = tsvRows(r.stdout);
    expect(rows).toHaveLength(37);
    expect(rows.every((row) => row[4] === 'unchanged' && row[5] === 'skipped')).toBe(true);
    expect(r.stderr).toBe('Planned: 0 changes, 37 unchanged or skipped, 0 errors.\n');
  });

  it('--file: YAML with a members list (as in teams sync), and from standard input', async () => {
    const s = await sampleSandbox();
    writeFileSync(join(s.dir, 'roles.yaml'), `members:\n  - { user: ${READER}, role: review }\n  - user: ${ALAN}\n    role: guest\n`);
    const r = ok(await s.run(['members', 'update', '-f', 'roles.yaml']));
    expect(tsvRows(r.stdout).map((row) => [row[0], row[6]])).toEqual([['2', 'read -> review'], ['3', expect.stringMatching(/ -> guest$/)]]);
    expect(await rolesOf(s, [READER, ALAN])).toEqual(['review', null]);
    ok(await s.run(['members', 'update', '-f', '-'], { stdin: `members:\n  - { user: ${ALAN}, role: edit }\n` }));
    ok(await s.run(['members', 'update', '-f', '-', '--role', 'comment'], { stdin: `${READER}\n` }));
    expect(await rolesOf(s, [READER, ALAN])).toEqual(['comment', 'edit']);
    writeFileSync(join(s.dir, 'teams.yaml'), `teams:\n  - { title: X, members: [${READER}] }\n`);
    const teams = await s.run(['members', 'update', '-f', 'teams.yaml']);
    expect(teams.code).toBe(2);
    expect(teams.stderr).toContain('teams.yaml: members update reads only the members list; teams: is for docsctl teams sync -f teams.yaml');
  });

  it('usage: no users, or users without --role (exit 2)', async () => {
    const s = await sampleSandbox();
    expect((await s.run(['members', 'update', '--role', 'read'])).stderr).toContain('no users given: pass user ids or e-mails, or --file FILE');
    const r = await s.run(['members', 'update', READER, ALAN]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("required option '--role <role>' not specified");
  });

  it('exits 4 for a member without the admin role, changing nothing', async () => {
    const s = await sampleSandbox();
    const r = await s.run(['--as', READER, 'members', 'update', ALAN, READER, '--role', 'admin']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('admin role required');
    expect(await rolesOf(s, [READER, ALAN])).toEqual(['read', 'create']);
  });
});

describe('a refusal for lack of role says how to go on', () => {
  it('local mode: after lowering your own role, the next admin command names admins to act as with --as, and the command again', async () => {
    const s = await sampleSandbox();
    ok(await s.run(['members', 'update', ADMIN, '--role', 'read', '--yes']));
    const refused = await s.run(['members', 'update', ADMIN, '--role', 'admin']);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toBe(
      [
        'error: you are not allowed to administer the organization (admin role required)',
        `hint: this ran as ${ADMIN} (role read); act as an admin with --as (${ADA}, ${GRACE}):`,
        `  docsctl --as ${ADA} members update ${ADMIN} --role admin`,
        '',
      ].join('\n'),
    );
    // The hint's command works.
    ok(await s.run(['--as', ADA, 'members', 'update', ADMIN, '--role', 'admin']));
    expect(await roleOf(s, ADMIN)).toBe('admin');
  });

  it('local mode with --as: the hint replaces the --as given, and quotes what needs it', async () => {
    const s = await sampleSandbox();
    const r = await s.run(['--as', READER, 'teams', 'create', 'Night shift']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(`hint: this ran as ${READER} (role read); act as an admin with --as (${ADA}, ${GRACE}, ${ADMIN}):\n  docsctl --as ${ADA} teams create 'Night shift'\n`);
  });

  it('no hint for errors other than 403', async () => {
    const s = await sampleSandbox();
    const r = await s.run(['members', 'update', 'no-such-user', '--role', 'read']);
    expect(r.code).toBe(5);
    expect(r.stderr).not.toContain('hint:');
  });
});
