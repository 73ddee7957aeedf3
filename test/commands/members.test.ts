import { beforeAll, describe, expect, it } from 'vitest';
import { noPrompter, yesPrompter } from '../helpers/cli';
import { ADMIN, GUEST, READER, emptySandbox, fieldsOf, json, ok, recordingPrompter, sampleSandbox, tableOf, tsvRows, type Sandbox } from './support';

const MEMBER_HEADER = ['ID', 'NAME', 'EMAIL', 'ORG ROLE', 'TEAMS', 'SSO', 'JOINED', 'LAST SEEN'];
const ADA = 'ada.lovelace@acme.example';
const GRACE = 'grace.hopper@acme.example';
const ALAN = 'alan.turing@acme.example';

describe('members (read-only, sample data)', () => {
  let s: Sandbox;
  beforeAll(async () => {
    s = await sampleSandbox();
  });

  describe('list', () => {
    it('prints every member as a tab-separated row when piped', async () => {
      const r = ok(await s.run(['members', 'list']));
      const rows = tsvRows(r.stdout);
      expect(rows).toHaveLength(37);
      expect(rows.every((row) => row.length === MEMBER_HEADER.length)).toBe(true);
      const ada = rows.find((row) => row[2] === ADA)!;
      expect(ada.slice(1, 6)).toEqual(['Ada Lovelace', ADA, 'admin', '1', 'false']);
      expect(rows.find((row) => row[2] === GUEST)![3]).toBe('guest');
      // newest first: the admin joined when the database was created
      expect(rows[0][2]).toBe(ADMIN);
      expect(r.stderr).toBe('');
    });

    it('prints a table with headers on a terminal', async () => {
      const t = tableOf(ok(await s.run(['members', 'list'], { tty: true })).stdout);
      expect(t.header).toEqual(MEMBER_HEADER);
      expect(t.rows).toHaveLength(37);
      expect(t.rows.find((row) => row[2] === GRACE)!.slice(1, 4)).toEqual(['Grace Hopper', GRACE, 'admin']);
      // A person reads a member's few teams by title (piped and JSON keep the count).
      expect(t.rows.find((row) => row[2] === ADA)![4]).toBe('Leadership');
      expect(t.rows.find((row) => row[2] === 'frances.allen@acme.example')![4]).toBe('Documentation, Leadership');
    });

    it('prints the list envelope with --json', async () => {
      const body = await json(s, ['members', 'list']);
      expect(body.count).toBe(37);
      expect(body.next).toBeUndefined();
      expect(body.items).toHaveLength(37);
      expect(body.items.find((m: { user: { email: string } }) => m.user.email === ADA)).toMatchObject({ object: 'member', role: 'admin', teams: 1 });
    });

    it('filters by role and search', async () => {
      const admins = tsvRows(ok(await s.run(['members', 'list', '--role', 'admin'])).stdout);
      expect(admins.map((row) => row[2]).sort()).toEqual([ADA, ADMIN, GRACE].sort());
      const found = await json(s, ['members', 'list', '--search', 'lovelace']);
      expect(found.count).toBe(1);
      expect(found.items[0].user.email).toBe(ADA);
    });

    it('sorts by lastSeenAt, listing only members seen', async () => {
      const body = await json(s, ['members', 'list', '--sort', 'lastSeenAt', '--order', 'desc']);
      expect(body.count).toBe(29);
      const seen = body.items.map((m: { lastSeenAt: string }) => m.lastSeenAt);
      expect(seen).toHaveLength(29);
      expect(seen.every(Boolean)).toBe(true);
      expect([...seen].sort().reverse()).toEqual(seen);
    });

    it('pages with --limit and --page, hinting the next page on stderr', async () => {
      const seen = new Set<string>();
      let page: string | undefined;
      let pages = 0;
      do {
        const r = ok(await s.run(['members', 'list', '--limit', '10', ...(page ? ['--page', page] : [])]));
        const rows = tsvRows(r.stdout);
        expect(rows.length).toBe(pages < 3 ? 10 : 7);
        for (const row of rows) seen.add(row[0]);
        page = /next page: --page (\S+)/.exec(r.stderr)?.[1];
        if (page) expect(r.stderr).toContain(`Showing 10 of 37`);
        pages++;
      } while (page);
      expect(pages).toBe(4);
      expect(seen.size).toBe(37);
    });

    it('exits 0 with no rows when nothing matches', async () => {
      const piped = ok(await s.run(['members', 'list', '--search', 'nobody-like-this']));
      expect(piped.stdout).toBe('');
      const tty = ok(await s.run(['members', 'list', '--search', 'nobody-like-this'], { tty: true }));
      expect(tty.stdout).toBe('');
      expect(tty.stderr).toContain('No results.');
      expect(await json(s, ['members', 'list', '--search', 'nobody-like-this'])).toEqual({ count: 0, items: [] });
    });

    it('--role guest lists the members without a role, as members update --role guest makes them', async () => {
      const piped = ok(await s.run(['members', 'list', '--role', 'guest']));
      const rows = tsvRows(piped.stdout);
      expect(rows.map((row) => row[2]).sort()).toEqual(['bob.kahn@acme.example', GUEST]);
      expect(rows.every((row) => row[3] === 'guest')).toBe(true);
      expect(piped.stderr).toBe('');
      const tty = ok(await s.run(['members', 'list', '--role', 'guest'], { tty: true, columns: 80 }));
      const table = tableOf(tty.stdout);
      expect(table.rows.map((row) => row[table.header.indexOf('EMAIL')]).sort()).toEqual(['bob.kahn@acme.example', GUEST]);
      expect(table.rows.map((row) => row[table.header.indexOf('ORG ROLE')])).toEqual(['guest', 'guest']);
      expect(tty.stderr).not.toMatch(/error|next page/);
      expect((await json(s, ['members', 'list', '--role', 'guest'])).items.map((m: { role: unknown }) => m.role)).toEqual([null, null]);
      const wrong = await s.run(['members', 'list', '--role', 'none']);
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toContain('Allowed choices are admin, create, review, edit, comment, read, guest.');
    });

    it('exits 2 for an unknown role and 4 for a guest', async () => {
      expect((await s.run(['members', 'list', '--role', 'boss'])).code).toBe(2);
      const guest = await s.run(['--as', GUEST, 'members', 'list']);
      expect(guest.code).toBe(4);
      expect(guest.stderr).toContain('guests cannot');
      expect(guest.stdout).toBe('');
    });
  });

  describe('get', () => {
    it('finds a member by e-mail or id (piped: one row)', async () => {
      const byEmail = tsvRows(ok(await s.run(['members', 'get', ADA])).stdout);
      expect(byEmail).toHaveLength(1);
      expect(byEmail[0].slice(1, 6)).toEqual(['Ada Lovelace', ADA, 'admin', '1', 'false']);
      const byId = ok(await s.run(['members', 'get', byEmail[0][0]]));
      expect(tsvRows(byId.stdout)).toEqual(byEmail);
    });

    it('prints field/value pairs on a terminal', async () => {
      const f = fieldsOf(ok(await s.run(['members', 'get', READER], { tty: true })).stdout);
      expect(Object.keys(f)).toEqual(MEMBER_HEADER);
      expect(f).toMatchObject({ NAME: 'Donald Knuth', EMAIL: READER, 'ORG ROLE': 'read', TEAMS: '1', SSO: 'false' });
    });

    it('prints the member object with --json', async () => {
      const m = await json(s, ['members', 'get', GRACE]);
      expect(m).toMatchObject({ object: 'member', role: 'admin', user: { object: 'user', email: GRACE, displayName: 'Grace Hopper' }, sso: false });
    });

    it('exits 5 for an unknown member id or e-mail', async () => {
      const id = await s.run(['members', 'get', 'no-such-user']);
      expect(id.code).toBe(5);
      expect(id.stderr).toContain('member no-such-user not found');
      expect(id.stdout).toBe('');
      const email = await s.run(['members', 'get', 'nobody@acme.example'], { tty: true });
      expect(email.code).toBe(5);
      expect(email.stderr).toContain('no member with e-mail nobody@acme.example');
    });
  });

  describe('spaces', () => {
    it('exits 0 with an empty list in every mode (a guest with no grants)', async () => {
      const guest = 'bob.kahn@acme.example';
      const piped = ok(await s.run(['members', 'spaces', guest]));
      expect(piped.stdout).toBe('');
      expect(piped.stderr).toBe('');
      const tty = ok(await s.run(['members', 'spaces', guest], { tty: true }));
      expect(tty.stdout).toBe('');
      expect(tty.stderr).toContain('No results.');
      expect(await json(s, ['members', 'spaces', guest])).toEqual({ count: 0, items: [] });
    });

    it('lists the spaces a member reaches through their team, with their role', async () => {
      const listed = await json(s, ['members', 'spaces', ALAN]);
      expect(listed.items.map((i: { space: { title: string } }) => i.space.title).sort()).toEqual(['Changelog', 'REST API', 'Webhooks']);
      expect(listed.items.every((i: { permission: string }) => i.permission === 'edit')).toBe(true);
      const piped = ok(await s.run(['members', 'spaces', ALAN]));
      expect(piped.stdout.trim().split('\n').map((line) => line.split('\t')[1]).sort()).toEqual(['edit', 'edit', 'edit']);
    });

    it('exits 5 for someone who is not a member', async () => {
      const r = await s.run(['members', 'spaces', 'no-such-user']);
      expect(r.code).toBe(5);
      expect(r.stderr).toContain('not found');
    });
  });

  describe('teams', () => {
    it("lists a member's teams and team roles, piped", async () => {
      const rows = tsvRows(ok(await s.run(['members', 'teams', ALAN])).stdout);
      expect(rows).toHaveLength(1);
      expect(rows[0].slice(1)).toEqual(['Engineering', 'owner', '11']);
      const frances = tsvRows(ok(await s.run(['members', 'teams', 'frances.allen@acme.example'])).stdout);
      expect(frances.map((row) => [row[1], row[2]]).sort()).toEqual([['Documentation', 'member'], ['Leadership', 'member']]);
    });

    it('prints a table with headers on a terminal', async () => {
      const t = tableOf(ok(await s.run(['members', 'teams', ADA], { tty: true })).stdout);
      expect(t.header).toEqual(['ID', 'TITLE', 'ROLE', 'MEMBERS']);
      expect(t.rows.map((row) => row.slice(1))).toEqual([['Leadership', 'owner', '3']]);
    });

    it('prints the list envelope with --json and filters by --title', async () => {
      const body = await json(s, ['members', 'teams', 'frances.allen@acme.example', '--title', 'DOC']);
      expect(body.count).toBe(1);
      expect(body.items[0]).toMatchObject({ team: { title: 'Documentation' }, member: { role: 'member' } });
      const none = ok(await s.run(['members', 'teams', ALAN, '--title', 'design']));
      expect(none.stdout).toBe('');
    });

    it('exits 0 with no rows for a member without teams', async () => {
      const tty = ok(await s.run(['members', 'teams', ADMIN], { tty: true }));
      expect(tty.stdout).toBe('');
      expect(tty.stderr).toContain('No results.');
    });
  });
});

describe('members update', () => {
  it("changes a member's role (piped: message on stderr, row on stdout)", async () => {
    const s = await sampleSandbox();
    const r = ok(await s.run(['members', 'update', GRACE, '--role', 'read']));
    expect(r.stderr).toBe(`${GRACE} is now read.\n`);
    const [row] = tsvRows(r.stdout);
    expect(row.slice(2, 4)).toEqual([GRACE, 'read']);
    expect(tsvRows(ok(await s.run(['members', 'get', GRACE])).stdout)[0][3]).toBe('read');
    expect((await json(s, ['members', 'get', GRACE])).role).toBe('read');
  });

  it('shows the member as a field table on a terminal, and guest means no role', async () => {
    const s = await sampleSandbox();
    const r = ok(await s.run(['members', 'update', READER, '--role', 'guest'], { tty: true }));
    expect(r.stderr).toBe(`${READER} is now a guest.\n`);
    expect(fieldsOf(r.stdout)).toMatchObject({ EMAIL: READER, 'ORG ROLE': 'guest' });
    expect((await json(s, ['members', 'get', READER])).role).toBeNull();
  });

  it('prints the member object with --json', async () => {
    const s = await sampleSandbox();
    const id = (await json(s, ['members', 'get', ALAN])).id;
    const m = await json(s, ['members', 'update', id, '--role', 'admin']);
    expect(m).toMatchObject({ object: 'member', id, role: 'admin', user: { email: ALAN } });
    expect((await json(s, ['members', 'list', '--role', 'admin'])).count).toBe(4);
  });

  it('exits 2 without --role or with an unknown role', async () => {
    const s = await sampleSandbox();
    const missing = await s.run(['members', 'update', GRACE]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("required option '--role <role>' not specified");
    const bad = await s.run(['members', 'update', GRACE, '--role', 'boss']);
    expect(bad.code).toBe(2);
    expect((await json(s, ['members', 'get', GRACE])).role).toBe('admin');
  });

  it('exits 5 for an unknown member', async () => {
    const s = await sampleSandbox();
    const r = await s.run(['members', 'update', 'no-such-user', '--role', 'read']);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('member no-such-user not found');
  });

  it('exits 4 for a read member and changes nothing', async () => {
    const s = await sampleSandbox();
    const r = await s.run(['--as', READER, 'members', 'update', GRACE, '--role', 'read']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('admin role required');
    expect((await json(s, ['members', 'get', GRACE])).role).toBe('admin');
  });

  it('exits 6 when demoting the last admin', async () => {
    const s = await emptySandbox();
    const r = await s.run(['members', 'update', ADMIN, '--role', 'read']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('must keep at least one admin');
    expect(r.stdout).toBe('');
    expect((await json(s, ['members', 'get', ADMIN])).role).toBe('admin');
  });
});

describe('members remove', () => {
  const isMember = async (s: Sandbox, email: string) => {
    const r = await s.run(['members', 'get', email]);
    expect([0, 5]).toContain(r.code);
    return r.code === 0;
  };

  it('refuses without --yes when piped (exit 2) and removes nothing', async () => {
    const s = await sampleSandbox();
    const r = await s.run(['members', 'remove', ALAN]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('refusing without --yes');
    expect(await isMember(s, ALAN)).toBe(true);
    expect((await json(s, ['members', 'list'])).count).toBe(37);
  });

  it('removes with --yes when piped, from the organization and its teams', async () => {
    const s = await sampleSandbox();
    const r = ok(await s.run(['members', 'remove', ALAN, '--yes']));
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`Removed ${ALAN}.\n`);
    expect(await isMember(s, ALAN)).toBe(false);
    expect((await json(s, ['members', 'list'])).count).toBe(36);
    const engineering = (await json(s, ['api', '/v1/orgs/{org}/teams', '-X', 'GET', '-f', 'title=Engineering'])).items[0];
    expect(engineering.members).toBe(10);
  });

  it('asks on a terminal: no cancels with exit 2, yes removes', async () => {
    const s = await sampleSandbox();
    const no = recordingPrompter(false);
    const cancelled = await s.run(['members', 'remove', ALAN], { tty: true, prompter: no });
    expect(cancelled.code).toBe(2);
    expect(cancelled.stderr).toContain('cancelled');
    expect(no.questions).toHaveLength(1);
    expect(no.questions[0]).toContain(ALAN);
    expect(await isMember(s, ALAN)).toBe(true);

    const confirmed = await s.run(['members', 'remove', ALAN], { tty: true, prompter: yesPrompter });
    expect(confirmed.code).toBe(0);
    expect(confirmed.stderr).toContain(`Removed ${ALAN}.`);
    expect(await isMember(s, ALAN)).toBe(false);
  });

  it('does not ask on a terminal when --yes is given', async () => {
    const s = await sampleSandbox();
    const prompter = recordingPrompter(false);
    ok(await s.run(['members', 'remove', READER, '--yes'], { tty: true, prompter }));
    expect(prompter.questions).toEqual([]);
    expect(await isMember(s, READER)).toBe(false);
  });

  it('never prompts under CI, even on a terminal: exit 2 without --yes', async () => {
    const s = await sampleSandbox();
    const prompter = recordingPrompter(true);
    const r = await s.run(['members', 'remove', ALAN], { tty: true, prompter, env: { CI: 'true' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('refusing without --yes');
    expect(prompter.questions).toEqual([]);
    expect(await isMember(s, ALAN)).toBe(true);
  });

  it('lets a member without admin rights leave the organization', async () => {
    const s = await sampleSandbox();
    ok(await s.run(['--as', READER, 'members', 'remove', READER, '--yes']));
    expect(await isMember(s, READER)).toBe(false);
    expect((await json(s, ['members', 'list'])).count).toBe(36);
  });

  it('exits 5 for an e-mail that is no member, before asking', async () => {
    const s = await sampleSandbox();
    const r = await s.run(['members', 'remove', 'nobody@acme.example'], { tty: true, prompter: noPrompter });
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('no member with e-mail nobody@acme.example');
  });

  it('exits 4 when a read member removes someone else', async () => {
    const s = await sampleSandbox();
    const r = await s.run(['--as', READER, 'members', 'remove', ADA, '--yes']);
    expect(r.code).toBe(4);
    expect(await isMember(s, ADA)).toBe(true);
  });

  it('exits 6 when removing the last admin', async () => {
    const s = await emptySandbox();
    const r = await s.run(['members', 'remove', ADMIN, '--yes']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('must keep at least one admin');
    expect(await isMember(s, ADMIN)).toBe(true);
  });
});
