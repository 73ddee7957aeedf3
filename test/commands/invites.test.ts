import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { noPrompter, yesPrompter } from '../helpers/cli';
import { READER, fieldsOf, json, ok, recordingPrompter, sampleSandbox, tableOf, tsvRows, type Sandbox } from './support';

const INVITE_HEADER = ['ID', 'ROLE', 'REDUNDANT', 'CREATED', 'LINK'];

async function inviteIds(s: Sandbox): Promise<string[]> {
  return (await json(s, ['invites', 'list'])).items.map((i: { id: string }) => i.id);
}

describe('invites (read-only, sample data)', () => {
  let s: Sandbox;
  let orgId: string;
  let read: { id: string };
  let edit: { id: string };
  beforeAll(async () => {
    s = await sampleSandbox();
    orgId = (await json(s, ['orgs', 'list'])).items[0].id;
    const links: { id: string; role: string }[] = (await json(s, ['invites', 'list'])).items;
    read = links.find((l) => l.role === 'read')!;
    edit = links.find((l) => l.role === 'edit')!;
  });

  describe('list', () => {
    it('prints the two sample invite links as rows when piped', async () => {
      const r = ok(await s.run(['invites', 'list']));
      const rows = tsvRows(r.stdout);
      // Both links were created in the same transaction: order among equal timestamps is by id.
      const byRole = (role: string) => rows.find((row) => row[1] === role)!;
      expect(rows).toHaveLength(2);
      expect(byRole('read').slice(0, 3)).toEqual([read.id, 'read', 'true']);
      expect(byRole('edit').slice(0, 3)).toEqual([edit.id, 'edit', 'false']);
      expect(byRole('read')[4]).toContain(`/invite/${orgId}/${read.id}`);
      expect(r.stderr).toBe('');
    });

    it('prints a table with headers on a terminal', async () => {
      const t = tableOf(ok(await s.run(['invites', 'list'], { tty: true })).stdout);
      expect(t.header).toEqual(INVITE_HEADER);
      expect(t.rows.map((row) => [row[0], row[1]]).sort()).toEqual([[read.id, 'read'], [edit.id, 'edit']].sort());
    });

    it('prints the list envelope with --json', async () => {
      const body = await json(s, ['invites', 'list']);
      expect(body.count).toBe(2);
      expect(body.items).toHaveLength(2);
      const byRole = (role: string) => body.items.find((i: { role: string }) => i.role === role);
      expect(byRole('read')).toMatchObject({ object: 'invite', id: read.id, redundant: true });
      expect(byRole('edit')).toMatchObject({ object: 'invite', id: edit.id, redundant: false });
      expect(byRole('edit').urls.app).toContain(`/invite/${orgId}/${edit.id}`);
    });

    it('exits 4 for a read member', async () => {
      const r = await s.run(['--as', READER, 'invites', 'list']);
      expect(r.code).toBe(4);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('admin role required');
    });
  });

  describe('get', () => {
    it('prints one invite in every mode', async () => {
      const piped = tsvRows(ok(await s.run(['invites', 'get', edit.id])).stdout);
      expect(piped).toHaveLength(1);
      expect(piped[0].slice(0, 3)).toEqual([edit.id, 'edit', 'false']);
      const f = fieldsOf(ok(await s.run(['invites', 'get', edit.id], { tty: true })).stdout);
      expect(Object.keys(f)).toEqual(INVITE_HEADER);
      expect(f).toMatchObject({ ID: edit.id, ROLE: 'edit', REDUNDANT: 'false' });
      expect(await json(s, ['invites', 'get', edit.id])).toMatchObject({ object: 'invite', id: edit.id, role: 'edit' });
    });

    it('exits 5 for an unknown invite', async () => {
      const r = await s.run(['invites', 'get', 'no-such-invite']);
      expect(r.code).toBe(5);
      expect(r.stderr).toContain('invite no-such-invite not found');
    });
  });
});

describe('invites create', () => {
  it('creates a link (piped: message on stderr, row on stdout)', async () => {
    const s = await sampleSandbox();
    const r = ok(await s.run(['invites', 'create', '--role', 'comment']));
    const [row] = tsvRows(r.stdout);
    expect(r.stderr).toBe(`Created invite link ${row[0]}.\n`);
    expect(row.slice(1, 3)).toEqual(['comment', 'false']);
    expect(await inviteIds(s)).toContain(row[0]);
    expect((await json(s, ['invites', 'list'])).count).toBe(3);
  });

  it('shows the link as a field table on a terminal', async () => {
    const s = await sampleSandbox();
    const r = ok(await s.run(['invites', 'create', '--role', 'admin'], { tty: true }));
    const f = fieldsOf(r.stdout);
    expect(f.ROLE).toBe('admin');
    expect(r.stderr).toContain(`Created invite link ${f.ID}.`);
    expect(f.LINK).toContain(`/${f.ID}`);
  });

  it('prints the invite object with --json; a role at or below the default role is redundant', async () => {
    const s = await sampleSandbox();
    const invite = await json(s, ['invites', 'create', '--role', 'read']);
    expect(invite).toMatchObject({ object: 'invite', role: 'read', redundant: true });
    expect((await json(s, ['invites', 'get', invite.id])).role).toBe('read');
  });

  it('exits 2 for a missing or unknown role, or --space with --collection', async () => {
    const s = await sampleSandbox();
    expect((await s.run(['invites', 'create'])).code).toBe(2);
    expect((await s.run(['invites', 'create', '--role', 'boss'])).code).toBe(2);
    const both = await s.run(['invites', 'create', '--role', 'read', '--space', 'a', '--collection', 'b']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--space and --collection cannot be combined');
    expect((await json(s, ['invites', 'list'])).count).toBe(2);
  });

  it('exits 1 naming the field for a space that does not exist', async () => {
    const s = await sampleSandbox();
    const r = await s.run(['invites', 'create', '--role', 'read', '--space', 'no-such-space']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('space: no space no-such-space');
  });

  it('exits 6 when the organization disallows invite links', async () => {
    const s = await sampleSandbox();
    ok(await s.run(['orgs', 'update', '--no-invite-links']));
    const r = await s.run(['invites', 'create', '--role', 'read']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('invite links are disabled');
    expect((await json(s, ['invites', 'list'])).count).toBe(2);
  });

  it('exits 4 for a read member', async () => {
    const s = await sampleSandbox();
    expect((await s.run(['--as', READER, 'invites', 'create', '--role', 'read'])).code).toBe(4);
    expect((await json(s, ['invites', 'list'])).count).toBe(2);
  });
});

describe('invites update', () => {
  it("changes a link's role in every mode", async () => {
    const s = await sampleSandbox();
    const [first, second] = await inviteIds(s);
    const piped = ok(await s.run(['invites', 'update', first, '--role', 'create']));
    expect(tsvRows(piped.stdout)[0].slice(0, 3)).toEqual([first, 'create', 'false']);
    expect((await json(s, ['invites', 'get', first])).role).toBe('create');

    const tty = ok(await s.run(['invites', 'update', second, '--role', 'comment'], { tty: true }));
    expect(fieldsOf(tty.stdout)).toMatchObject({ ID: second, ROLE: 'comment' });

    const body = await json(s, ['invites', 'update', second, '--role', 'read']);
    expect(body).toMatchObject({ object: 'invite', id: second, role: 'read', redundant: true });
    expect((await json(s, ['invites', 'get', second])).role).toBe('read');
  });

  it('exits 2 without --role and 5 for an unknown invite', async () => {
    const s = await sampleSandbox();
    const [first] = await inviteIds(s);
    expect((await s.run(['invites', 'update', first])).code).toBe(2);
    const missing = await s.run(['invites', 'update', 'no-such-invite', '--role', 'read']);
    expect(missing.code).toBe(5);
    expect(missing.stderr).toContain('not found');
  });
});

describe('invites delete', () => {
  it('refuses without --yes when piped (exit 2) and deletes nothing', async () => {
    const s = await sampleSandbox();
    const [first] = await inviteIds(s);
    const r = await s.run(['invites', 'delete', first]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('refusing without --yes');
    expect(await inviteIds(s)).toContain(first);
  });

  it('deletes with --yes when piped', async () => {
    const s = await sampleSandbox();
    const [first, second] = await inviteIds(s);
    const r = ok(await s.run(['invites', 'delete', first, '--yes']));
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`Deleted invite link ${first}.\n`);
    expect(await inviteIds(s)).toEqual([second]);
    expect((await s.run(['invites', 'get', first])).code).toBe(5);
  });

  it('asks on a terminal: no cancels with exit 2, yes deletes', async () => {
    const s = await sampleSandbox();
    const [first] = await inviteIds(s);
    const no = recordingPrompter(false);
    const cancelled = await s.run(['invites', 'delete', first], { tty: true, prompter: no });
    expect(cancelled.code).toBe(2);
    expect(cancelled.stderr).toContain('cancelled');
    expect(no.questions).toEqual([`Delete invite link ${first}?`]);
    expect(await inviteIds(s)).toContain(first);

    ok(await s.run(['invites', 'delete', first], { tty: true, prompter: yesPrompter }));
    expect(await inviteIds(s)).not.toContain(first);
  });

  it('exits 5 for an unknown invite without asking', async () => {
    const s = await sampleSandbox();
    const r = await s.run(['invites', 'delete', 'no-such-invite'], { tty: true, prompter: noPrompter });
    expect(r.code).toBe(5);
  });
});

describe('invites email', () => {
  it('adds new people as members and keeps existing members (piped: summary on stderr only)', async () => {
    const s = await sampleSandbox();
    const r = ok(await s.run(['invites', 'email', 'new.hire@acme.example', 'ada.lovelace@acme.example', '--role', 'edit']));
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('Invited 1 new member(s); 1 already belonged.\n');
    expect((await json(s, ['members', 'get', 'new.hire@acme.example'])).role).toBe('edit');
    expect((await json(s, ['members', 'get', 'ada.lovelace@acme.example'])).role).toBe('admin');
    expect((await json(s, ['members', 'list'])).count).toBe(38);
  });

  it("reads a CSV file and uses the organization's default role (terminal)", async () => {
    const s = await sampleSandbox();
    writeFileSync(join(s.dir, 'hires.csv'), 'name,email\nPat,pat@acme.example\nSam,sam@acme.example\n');
    const r = ok(await s.run(['invites', 'email', '--file', 'hires.csv'], { tty: true }));
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Invited 2 new member(s); 0 already belonged.');
    expect((await json(s, ['members', 'get', 'pat@acme.example'])).role).toBe('read');
    expect((await json(s, ['members', 'get', 'sam@acme.example'])).role).toBe('read');
  });

  it('prints { users, invited } with --json', async () => {
    const s = await sampleSandbox();
    const body = await json(s, ['invites', 'email', 'lee@acme.example', 'grace.hopper@acme.example', '--role', 'guest']);
    const lee = await json(s, ['members', 'get', 'lee@acme.example']);
    const grace = await json(s, ['members', 'get', 'grace.hopper@acme.example']);
    expect(body).toEqual({ users: [lee.id, grace.id], invited: 1 });
    expect(lee.role).toBeNull();
  });

  it('exits 1 naming the field for an invalid address, and 2 without addresses', async () => {
    const s = await sampleSandbox();
    const bad = await s.run(['invites', 'email', 'ok@acme.example', 'not-an-address']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('emails[1]: must be a valid e-mail address');
    expect((await s.run(['members', 'get', 'ok@acme.example'])).code).toBe(5);
    const none = await s.run(['invites', 'email']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no e-mails given');
    const missingFile = await s.run(['invites', 'email', '--file', 'missing.csv']);
    expect(missingFile.code).toBe(1);
    expect(missingFile.stderr).toContain('--file: cannot read missing.csv');
  });

  it('exits 4 for a read member', async () => {
    const s = await sampleSandbox();
    expect((await s.run(['--as', READER, 'invites', 'email', 'x@acme.example'])).code).toBe(4);
    expect((await s.run(['members', 'get', 'x@acme.example'])).code).toBe(5);
  });
});
