import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sandbox } from '../helpers/cli';
import { ADMIN, json, ok, tableOf, tsvRows, type Sandbox } from './support';

async function counts(s: Sandbox) {
  return {
    orgs: (await json(s, ['orgs', 'list'])).count,
    members: (await json(s, ['members', 'list'])).count,
    teams: (await json(s, ['api', '/v1/orgs/{org}/teams'])).count,
    saml: (await json(s, ['saml', 'list'])).count,
    invites: (await json(s, ['invites', 'list'])).count,
  };
}

describe('init', () => {
  it('creates the database with a first organization and admin (piped: messages on stderr only)', async () => {
    const s = sandbox();
    expect(existsSync(s.env.DOCSCTL_DB)).toBe(false);
    const r = ok(await s.run(['init']));
    expect(r.stdout).toBe('');
    expect(existsSync(s.env.DOCSCTL_DB)).toBe(true);
    const org = (await json(s, ['orgs', 'list'])).items[0];
    const me = await json(s, ['users', 'me']);
    expect(r.stderr).toBe(
      [
        `Created database ${s.env.DOCSCTL_DB}`,
        `Organization: My Organization (${org.id})`,
        `Admin user:   ${ADMIN} (${me.id})`,
        'Next: docsctl members list',
        '',
      ].join('\n'),
    );
    expect(org).toMatchObject({ title: 'My Organization', permissions: { admin: true } });
    expect(await counts(s)).toEqual({ orgs: 1, members: 1, teams: 0, saml: 0, invites: 0 });
  });

  it('prints the same messages on a terminal, still nothing on stdout', async () => {
    const s = sandbox();
    const r = ok(await s.run(['init'], { tty: true }));
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`Created database ${s.env.DOCSCTL_DB}`);
    expect(r.stderr).toContain('Organization: My Organization (');
  });

  it('is idempotent: a second run reuses the database and creates nothing', async () => {
    const s = sandbox();
    const first = await json(s, ['init']);
    const r = ok(await s.run(['init']));
    expect(r.stderr).toContain(`Using existing database ${s.env.DOCSCTL_DB}`);
    expect(r.stderr).toContain(`Organization: My Organization (${first.organization.id})`);
    const second = await json(s, ['init']);
    expect(second).toEqual({ ...first, created: false });
    expect(await counts(s)).toEqual({ orgs: 1, members: 1, teams: 0, saml: 0, invites: 0 });
  });

  it('prints a summary object with --json', async () => {
    const s = sandbox();
    const body = await json(s, ['init', '--org-title', 'Acme', '--admin-email', 'ops@acme.example', '--admin-name', 'Ops']);
    expect(body).toEqual({
      database: s.env.DOCSCTL_DB,
      created: true,
      organization: { id: expect.any(String), title: 'Acme' },
      user: { id: expect.any(String), email: 'ops@acme.example' },
    });
    expect(await json(s, ['users', 'me'])).toMatchObject({ id: body.user.id, displayName: 'Ops', email: 'ops@acme.example' });
  });

  it('--first-token mints the admin a token as the organization is created, shown once; a second run mints none', async () => {
    const s = sandbox();
    const body = await json(s, ['init', '--first-token']);
    expect(body.token).toEqual({ id: expect.any(String), name: 'first', token: expect.any(String) });
    const again = await json(s, ['init', '--first-token']);
    expect(again).not.toHaveProperty('token');
    expect((await json(s, ['tokens', 'list'])).items.map((t: { name: string }) => t.name)).toEqual(['first']);
    const text = ok(await sandbox().run(['init', '--first-token'], { tty: true }));
    expect(text.stderr).toMatch(/\nFirst token \(shown once; keep it in a secret store\): \S+\nNext: docsctl serve, then docsctl login --url URL --with-token < token-file\n$/);
    expect(text.stdout).toBe('');
  });

  it('--db wins over DOCSCTL_DB', async () => {
    const s = sandbox();
    const file = join(s.dir, 'other.db');
    const body = await json(s, ['--db', file, 'init']);
    expect(body.database).toBe(file);
    expect(existsSync(file)).toBe(true);
    expect(existsSync(s.env.DOCSCTL_DB)).toBe(false);
  });

  it('exits 2 in remote mode', async () => {
    const s = sandbox();
    const r = await s.run(['--url', 'http://127.0.0.1:9', 'init']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('init works on a local database');
  });
});

describe('init --sample', () => {
  it('loads the sample organization', async () => {
    const s = sandbox();
    const r = ok(await s.run(['init', '--sample']));
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Organization: Acme Docs (');
    expect(r.stderr).toContain('Sample data: 37 members in 5 teams, 7 spaces in collections (and 2 recently deleted), pages and change requests in REST API, a published docs site, custom fields, a SAML provider and invite links.');
    const spaces = await json(s, ['api', '/v1/orgs/{org}/spaces']);
    expect(spaces.count).toBe(7);
    const deleted = await json(s, ['api', '/v1/orgs/{org}/spaces?deleted=true']);
    expect(deleted.items.map((d: { title: string }) => d.title)).toEqual(['Q3 planning (draft)', 'Old roadmap']);
    expect(deleted.items[0].deletedBy.email).toBe('grace.hopper@acme.example');
    expect(await counts(s)).toEqual({ orgs: 1, members: 37, teams: 5, saml: 1, invites: 2 });
    const teams = (await json(s, ['api', '/v1/orgs/{org}/teams'])).items.map((t: { title: string }) => t.title).sort();
    expect(teams).toEqual(['Design', 'Documentation', 'Engineering', 'Leadership', 'Support']);
    expect((await json(s, ['saml', 'list'])).items[0].label).toBe('Acme Okta');
    expect((await json(s, ['members', 'get', 'ada.lovelace@acme.example'])).role).toBe('admin');
  });

  it('prints the sample summary with --json', async () => {
    const s = sandbox();
    const body = await json(s, ['init', '--sample'], { tty: true });
    expect(body).toMatchObject({ created: true, organization: { title: 'Acme Docs' }, user: { email: ADMIN }, sample: { loaded: true, members: 37, teams: 5, spaces: 7, deletedSpaces: 2 } });
  });

  it('counts the members as members list shows them, the admin included (issue 31), on a terminal and piped', async () => {
    for (const tty of [true, false]) {
      const s = sandbox();
      const r = ok(await s.run(['init', '--sample'], { tty, columns: 80 }));
      const said = Number(/Sample data: (\d+) members in 5 teams/.exec(r.stderr)?.[1]);
      const listed = ok(await s.run(['members', 'list', '--all'], { tty, columns: 80 }));
      const rows = tty ? tableOf(listed.stdout).rows : tsvRows(listed.stdout);
      expect(rows.map((row) => row.join(' ')).filter((row) => row.includes(ADMIN))).toHaveLength(1);
      expect(said).toBe(rows.length);
      expect(said).toBe(37);
    }
  });

  it('loads the sample once: a second run changes nothing', async () => {
    const s = sandbox();
    ok(await s.run(['init', '--sample']));
    const again = ok(await s.run(['init', '--sample']));
    expect(again.stderr).toContain('Using existing database');
    expect(again.stderr).toContain('Sample data was already loaded.');
    const body = await json(s, ['init', '--sample']);
    expect(body).toMatchObject({ created: false, sample: { loaded: false, members: 0, teams: 0 } });
    expect(await counts(s)).toEqual({ orgs: 1, members: 37, teams: 5, saml: 1, invites: 2 });
  });

  it('adds the sample to an existing database', async () => {
    const s = sandbox();
    const first = await json(s, ['init']);
    const body = await json(s, ['init', '--sample']);
    expect(body).toMatchObject({ created: false, organization: { id: first.organization.id, title: 'Acme Docs' }, sample: { loaded: true, members: 37 } });
    expect((await counts(s)).members).toBe(37);
  });
});
