import { describe, expect, it } from 'vitest';
import { ACME, report, sampleSandbox, tsvRows } from '../helpers/teams';

/** Issue 30: people not in the organization yet, `invites email --dry-run`, and CSV files read back. */

const designRoster = () => ({
  [ACME('lynn.conway')]: 'owner',
  [ACME('hedy.lamarr')]: 'member',
  [ACME('jean.sammet')]: 'member',
  [ACME('adele.goldberg')]: 'member',
});

describe('teams members add --invite', () => {
  it('without --invite: every stranger is an error row that says how to invite, and the error names --invite (piped)', async () => {
    const s = await sampleSandbox();
    s.write('new.csv', 'email,team_role\nnew.one@acme.example,owner\nnew.two@acme.example,\n');
    const r = await s.run(['teams', 'members', 'add', 'Design', '--file', 'new.csv']);
    expect(r.code).toBe(1);
    expect(tsvRows(r.stdout).map((row) => [row[1], row[4], row[5], row[6]])).toEqual([
      ['new.one@acme.example', 'add', 'error', 'not a member of the organization: pass --invite to invite and add, or invite first (docsctl invites email)'],
      ['new.two@acme.example', 'add', 'error', 'not a member of the organization: pass --invite to invite and add, or invite first (docsctl invites email)'],
    ]);
    expect(r.stderr).toContain('error: some rows cannot be applied (see the report); fix them or pass --skip-invalid; 2 e-mails are not in the organization: pass --invite to invite and add them in one step, or invite them first (docsctl invites email --file FILE)');
    expect(await s.roster('Design')).toEqual(designRoster());
  });

  it('--dry-run shows both parts on a terminal, who is invited and who is added, and changes nothing', async () => {
    const s = await sampleSandbox();
    s.write('new.csv', 'email,team_role\nnew.one@acme.example,owner\njoan.clarke@acme.example,\nhedy.lamarr@acme.example,\n');
    const before = await s.orgRoles();
    const r = await s.run(['teams', 'members', 'add', 'Design', '--file', 'new.csv', '--invite', '--dry-run'], { tty: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/LINE\s+USER\s+EMAIL\s+TEAM\s+ACTION\s+STATUS\s+DETAIL/);
    expect(r.stdout).toMatch(/2\s+new\.one@acme\.example\s+new\.one@acme\.example\s+Design\s+invite\s+ok\s+invite to the organization as read, add as owner/);
    expect(r.stdout).toMatch(/3\s+joan\.clarke@acme\.example\s+joan\.clarke@acme\.example\s+Design\s+add\s+ok\s+add as member/);
    expect(r.stdout).toMatch(/4\s+hedy\.lamarr@acme\.example\s+hedy\.lamarr@acme\.example\s+Design\s+unchanged\s+skipped\s+already member/);
    expect(r.stderr).toBe('Planned: 2 changes (1 to invite to the organization), 1 unchanged or skipped, 0 errors. Nothing was applied.\n');
    expect(await s.orgRoles()).toEqual(before);
    expect(await s.roster('Design')).toEqual(designRoster());
  });

  it('invites and adds in one request; the JSON report says per row what happened; --invite-role sets the organization role', async () => {
    const s = await sampleSandbox();
    s.write('new.csv', 'email,team_role\nnew.one@acme.example,owner\nnew.two@acme.example,\njoan.clarke@acme.example,\n');
    const r = await s.run(['teams', 'members', 'add', 'Design', '--file', 'new.csv', '--invite', '--invite-role', 'edit', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(report(r)).toEqual({
      applied: true,
      rows: [
        { line: 2, user: 'new.one@acme.example', email: 'new.one@acme.example', team: 'Design', action: 'invite', status: 'ok', detail: 'invite to the organization as edit, add as owner' },
        { line: 3, user: 'new.two@acme.example', email: 'new.two@acme.example', team: 'Design', action: 'invite', status: 'ok', detail: 'invite to the organization as edit, add as member' },
        { line: 4, user: ACME('joan.clarke'), email: ACME('joan.clarke'), team: 'Design', action: 'add', status: 'ok', detail: 'add as member' },
      ],
    });
    expect(r.stderr).toBe('Applied: 3 changes (2 invited to the organization), 0 unchanged or skipped, 0 errors.\n');
    expect(await s.roster('Design')).toEqual({ ...designRoster(), 'new.one@acme.example': 'owner', 'new.two@acme.example': 'member', [ACME('joan.clarke')]: 'member' });
    expect(await s.orgRoles()).toMatchObject({ 'new.one@acme.example': 'edit', 'new.two@acme.example': 'edit' });
    // One request: one audit record for the whole change.
    const audit = await s.json<{ items: { action: string }[] }>(['audit', 'list', '--limit', '5']);
    expect(audit.items.filter((i) => i.action === 'updateMembersInOrganizationTeam')).toHaveLength(1);
    expect(audit.items.filter((i) => i.action === 'inviteUsersToOrganization')).toHaveLength(0);
  });

  it('nothing is half-applied: a row that cannot be applied stops the invitations too (exit 1)', async () => {
    const s = await sampleSandbox();
    s.write('new.csv', 'email,team_role\nnew.one@acme.example,member\nNoSuchId,\nnew.two@acme.example,admin\n');
    const before = await s.orgRoles();
    const r = await s.run(['teams', 'members', 'add', 'Design', '--file', 'new.csv', '--invite']);
    expect(r.code).toBe(1);
    expect(tsvRows(r.stdout).map((row) => [row[4], row[5], row[6]])).toEqual([
      ['invite', 'ok', 'invite to the organization as read, add as member'],
      ['add', 'error', 'no member with this id in the organization'],
      ['invite', 'error', 'role must be owner or member, not "admin" (an organization role: a team file\'s role column is team_role; org_role is ignored)'],
    ]);
    expect(await s.orgRoles()).toEqual(before);
    expect(await s.roster('Design')).toEqual(designRoster());
  });

  it('--invite-role guest invites guests; --invite-role without --invite is a usage error (exit 2)', async () => {
    const s = await sampleSandbox();
    const r = await s.run(['teams', 'members', 'add', 'Design', 'visitor@elsewhere.example', '--invite', '--invite-role', 'guest']);
    expect(r.code, r.stderr).toBe(0);
    expect((await s.orgRoles())['visitor@elsewhere.example']).toBe('guest');
    const usage = await s.run(['teams', 'members', 'add', 'Design', 'x@acme.example', '--invite-role', 'edit']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--invite-role: only with --invite');
  });

  it('a team owner who is not an admin may not invite (403, exit 4), and nothing changes', async () => {
    const s = await sampleSandbox();
    const before = await s.orgRoles();
    // Lynn Conway owns Design with the organization role create.
    const r = await s.run(['--as', ACME('lynn.conway'), 'teams', 'members', 'add', 'Design', 'new.one@acme.example', '--invite']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('invite: you are not allowed to invite people to the organization (admin role required)');
    expect(await s.orgRoles()).toEqual(before);
  });
});

describe('invites email --dry-run', () => {
  it('prints the per-row plan on a terminal and invites nobody', async () => {
    const s = await sampleSandbox();
    s.write('hires.csv', 'name,email\nNew One,new.one@acme.example\nHedy,hedy.lamarr@acme.example\nAgain,NEW.ONE@acme.example\n');
    const before = await s.orgRoles();
    const r = await s.run(['invites', 'email', '--file', 'hires.csv', '--role', 'edit', '--dry-run'], { tty: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/2\s+new\.one@acme\.example\s+new\.one@acme\.example\s+invite\s+ok\s+invite as edit/);
    expect(r.stdout).toMatch(/3\s+hedy\.lamarr@acme\.example\s+hedy\.lamarr@acme\.example\s+unchanged\s+skipped\s+already a member \(comment\); keeps that role/);
    expect(r.stdout).toMatch(/4\s+NEW\.ONE@acme\.example\s+NEW\.ONE@acme\.example\s+skip\s+skipped\s+listed twice; first line wins/);
    expect(r.stderr).toBe('Planned: 1 change (1 to invite to the organization), 2 unchanged or skipped, 0 errors. Nothing was applied.\n');
    expect(await s.orgRoles()).toEqual(before);
  });

  it('piped: TSV rows, the default role of the organization; --json: { applied: false, rows }; a bad address exits 1', async () => {
    const s = await sampleSandbox();
    const piped = await s.run(['invites', 'email', 'new.one@acme.example', '--dry-run']);
    expect(piped.code, piped.stderr).toBe(0);
    expect(tsvRows(piped.stdout)).toEqual([['', 'new.one@acme.example', 'new.one@acme.example', '', 'invite', 'ok', 'invite as read']]);
    const json = await s.run(['invites', 'email', 'new.one@acme.example', 'not-an-address', '--dry-run', '--json']);
    expect(json.code).toBe(1);
    expect(report(json)).toEqual({
      applied: false,
      rows: [
        { line: 0, user: 'new.one@acme.example', email: 'new.one@acme.example', action: 'invite', status: 'ok', detail: 'invite as read' },
        { line: 0, user: 'not-an-address', action: 'invite', status: 'error', detail: 'not an e-mail address' },
      ],
    });
    expect(json.stderr).toContain('some rows cannot be invited (see the report)');
    expect((await s.orgRoles())['new.one@acme.example']).toBeUndefined();
    // Without --dry-run, the same addresses are invited as before.
    const real = await s.run(['invites', 'email', 'new.one@acme.example']);
    expect(real.code, real.stderr).toBe(0);
    expect((await s.orgRoles())['new.one@acme.example']).toBe('read');
  });
});

describe('CSV round trip (members list, teams members list -> bulk files)', () => {
  it('members list --format csv heads the organization role ORG ROLE, and teams members add --file ignores it', async () => {
    const s = await sampleSandbox();
    const csv = await s.run(['members', 'list', '--role', 'read', '--format', 'csv', '--limit', '1000']);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout.split('\n')[0]).toBe('ID,NAME,EMAIL,ORG ROLE,TEAMS,SSO,JOINED,LAST SEEN');
    s.write('readers.csv', csv.stdout);
    const emails = csv.stdout.trim().split('\n').slice(1).map((line) => line.split(',')[2]);
    expect(emails.length).toBeGreaterThan(1);
    const r = await s.run(['teams', 'members', 'add', 'Design', '--file', 'readers.csv', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(report(r).rows.every((row) => row.status === 'ok' && row.detail === 'add as member')).toBe(true);
    const roster = await s.roster('Design');
    for (const email of emails) expect(roster[email]).toBe('member');
  });

  it('teams members list --format csv fed to another team keeps the team roles (TEAM ROLE), not the organization ones', async () => {
    const s = await sampleSandbox();
    const csv = await s.run(['teams', 'members', 'list', 'Design', '--format', 'csv']);
    expect(csv.stdout.split('\n')[0]).toBe('ID,NAME,EMAIL,TEAM ROLE,ORG ROLE');
    s.write('design.csv', csv.stdout);
    ok(await s.run(['teams', 'create', 'Design copy']));
    const r = await s.run(['teams', 'members', 'add', 'Design copy', '--file', 'design.csv']);
    expect(r.code, r.stderr).toBe(0);
    expect(await s.roster('Design copy')).toEqual(designRoster());
  });

  it('an old file with an organization role in a role column says which column a team file reads', async () => {
    const s = await sampleSandbox();
    s.write('old.csv', 'ID,NAME,EMAIL,ROLE\nx,Joan,joan.clarke@acme.example,read\n');
    const r = await s.run(['teams', 'members', 'add', 'Design', '--file', 'old.csv']);
    expect(r.code).toBe(1);
    expect(tsvRows(r.stdout)[0][6]).toBe('role must be owner or member, not "read" (an organization role: a team file\'s role column is team_role; org_role is ignored)');
  });
});

function ok<T extends { code: number; stderr: string }>(r: T): T {
  expect(r.code, r.stderr).toBe(0);
  return r;
}
