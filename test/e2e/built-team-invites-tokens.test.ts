import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sandbox } from '../helpers/cli';
import { hasTerminal, runBuilt, runBuiltJson, startBuiltServer } from '../helpers/built';

/** Issue 30 through the built entry as a child process: people not in the organization yet, CSV round trips, tokens remotely. */
describe('teams members add --invite, invites email --dry-run and CSV round trips through the built entry', () => {
  const box = sandbox();
  afterAll(() => rmSync(box.dir, { recursive: true, force: true }));
  const roster = async (team: string) =>
    Object.fromEntries(
      (await runBuiltJson(box, ['teams', 'members', 'list', team, '--limit', '1000'])).items.map((m: { organization: { user: { email: string } }; team: { role: string } }) => [m.organization.user.email, m.team.role]),
    );

  it('without --invite says how; --dry-run plans both parts; --invite invites and adds in one go', async () => {
    expect((await runBuilt(box, ['init', '--sample', '--no-first-token'])).code).toBe(0);
    writeFileSync(join(box.dir, 'hires.csv'), 'email,team_role\nnew.one@acme.example,owner\njoan.clarke@acme.example,\n');
    const refused = await runBuilt(box, ['teams', 'members', 'add', 'Design', '--file', 'hires.csv']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('1 e-mail is not in the organization: pass --invite to invite and add them in one step, or invite them first (docsctl invites email --file FILE)');
    const dry = await runBuilt(box, ['teams', 'members', 'add', 'Design', '--file', 'hires.csv', '--invite', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toBe(
      '2\tnew.one@acme.example\tnew.one@acme.example\tDesign\tinvite\tok\tinvite to the organization as read, add as owner\n' +
      '3\tjoan.clarke@acme.example\tjoan.clarke@acme.example\tDesign\tadd\tok\tadd as member\n',
    );
    expect(dry.stderr).toBe('Planned: 2 changes (1 to invite to the organization), 0 unchanged or skipped, 0 errors. Nothing was applied.\n');
    expect((await roster('Design'))['new.one@acme.example']).toBeUndefined();
    const applied = await runBuilt(box, ['teams', 'members', 'add', 'Design', '--file', 'hires.csv', '--invite', '--json']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(JSON.parse(applied.stdout).rows.map((r: { action: string; status: string }) => `${r.action}:${r.status}`)).toEqual(['invite:ok', 'add:ok']);
    expect(await roster('Design')).toMatchObject({ 'new.one@acme.example': 'owner', 'joan.clarke@acme.example': 'member' });
    expect((await runBuiltJson(box, ['members', 'get', 'new.one@acme.example'])).role).toBe('read');
  }, 60_000);

  it('on a real terminal, the --dry-run report is a table', async () => {
    if (!(await hasTerminal())) return;
    writeFileSync(join(box.dir, 'more.csv'), 'email\nnew.two@acme.example\n');
    const r = await runBuilt(box, ['teams', 'members', 'add', 'Design', '--file', 'more.csv', '--invite', '--dry-run'], { tty: true, columns: 160 });
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/LINE\s+USER\s+EMAIL\s+TEAM\s+ACTION\s+STATUS\s+DETAIL/);
    expect(r.stdout).toMatch(/new\.two@acme\.example\s+new\.two@acme\.example\s+Design\s+invite\s+ok\s+invite to the organization as read, add as member/);
  }, 60_000);

  it('invites email --dry-run plans and writes nothing', async () => {
    const dry = await runBuilt(box, ['invites', 'email', 'new.three@acme.example', 'hedy.lamarr@acme.example', '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toEqual({
      applied: false,
      rows: [
        { line: 0, user: 'new.three@acme.example', email: 'new.three@acme.example', action: 'invite', status: 'ok', detail: 'invite as read' },
        { line: 0, user: 'hedy.lamarr@acme.example', email: 'hedy.lamarr@acme.example', action: 'unchanged', status: 'skipped', detail: 'already a member (comment); keeps that role' },
      ],
    });
    const member = await runBuilt(box, ['members', 'get', 'new.three@acme.example']);
    expect(member.code).toBe(5);
  }, 60_000);

  it('members list --format csv and teams members list --format csv feed teams members add --file', async () => {
    const members = await runBuilt(box, ['members', 'list', '--role', 'comment', '--all', '--format', 'csv']);
    expect(members.code, members.stderr).toBe(0);
    expect(members.stdout.split('\n')[0]).toBe('ID,NAME,EMAIL,ORG ROLE,TEAMS,SSO,JOINED,LAST SEEN');
    writeFileSync(join(box.dir, 'commenters.csv'), members.stdout);
    expect((await runBuilt(box, ['teams', 'create', 'Commenters'])).code).toBe(0);
    const added = await runBuilt(box, ['teams', 'members', 'add', 'Commenters', '--file', 'commenters.csv']);
    expect(added.code, added.stderr).toBe(0);
    const emails = members.stdout.trim().split('\n').slice(1).map((line) => line.split(',')[2]);
    expect(Object.keys(await roster('Commenters')).sort()).toEqual(emails.sort());

    const design = await runBuilt(box, ['teams', 'members', 'list', 'Design', '--all', '--format', 'csv']);
    writeFileSync(join(box.dir, 'design.csv'), design.stdout);
    expect(readFileSync(join(box.dir, 'design.csv'), 'utf8').split('\n')[0]).toBe('ID,NAME,EMAIL,TEAM ROLE,ORG ROLE');
    expect((await runBuilt(box, ['teams', 'create', 'Design copy'])).code).toBe(0);
    const copied = await runBuilt(box, ['teams', 'members', 'add', 'Design copy', '--file', 'design.csv']);
    expect(copied.code, copied.stderr).toBe(0);
    expect(await roster('Design copy')).toEqual(await roster('Design'));
  }, 60_000);
});

describe('tokens against a remote instance through the built entry', () => {
  const box = sandbox();
  afterAll(() => rmSync(box.dir, { recursive: true, force: true }));

  it('an admin lists, mints (for themselves) and revokes tokens over HTTP', async () => {
    expect((await runBuilt(box, ['init', '--no-first-token'])).code).toBe(0);
    const server = await startBuiltServer(box);
    try {
      const remote = (argv: string[], options: Parameters<typeof runBuilt>[2] = {}) =>
        runBuilt(box, ['--url', server.url, '--token', server.token, ...argv], { ...options, env: { DOCSCTL_DB: '', ...options.env } });
      const created = await remote(['tokens', 'create', '--name', 'remote-ci', '--expires', '15m', '--scope', 'write', '--json']);
      expect(created.code, created.stderr).toBe(0);
      const token = JSON.parse(created.stdout);
      expect(token).toMatchObject({ object: 'token', name: 'remote-ci', scope: 'write', email: 'admin@example.com' });
      const listed = await remote(['tokens', 'list']);
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout.split('\n').filter(Boolean).map((line) => line.split('\t')[1])).toEqual(['built', 'remote-ci']);
      expect(listed.stdout).not.toContain('dct_');
      const revoked = await remote(['tokens', 'revoke', token.id, '--yes']);
      expect(revoked.code, revoked.stderr).toBe(0);
      expect(revoked.stderr).toBe(`Revoked token ${token.id}.\n`);
      const refused = await runBuilt(box, ['--url', server.url, '--token', token.token, 'users', 'me'], { env: { DOCSCTL_DB: '' } });
      expect(refused.code).toBe(4);
      if (await hasTerminal()) {
        const table = await remote(['tokens', 'list'], { tty: true, columns: 160 });
        expect(table.stdout).toMatch(/ID\s+NAME\s+USER\s+CREATED\s+LAST USED\s+REVOKED\s+SCOPE\s+EXPIRES/);
        expect(table.stdout).toMatch(/remote-ci\s+admin@example\.com/);
      }
    } finally {
      await server.stop();
    }
  }, 60_000);
});
