import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sandbox, run } from '../helpers/cli';
import { startServe, type Served } from '../helpers/serve';

/** One path through a real `docsctl serve` on port 0, with the CLI in remote mode. */
describe('remote mode through serve', () => {
  const box = sandbox();
  let served: Served;
  let url = '';
  let token = '';
  // Remote commands must not see the local database: only the URL and the token.
  const remote = (argv: string[], tty = false) => served.remote(argv, tty);

  beforeAll(async () => {
    expect((await box.run(['init', '--sample'])).code).toBe(0);
    served = await startServe(box);
    ({ url, token } = served);
  });

  afterAll(async () => {
    const result = await served.stop();
    // The announcement comes first (an indented JSON object); access-log lines follow, one a line.
    const announcement = result.stdout.slice(0, result.stdout.indexOf('\n}\n') + 2);
    expect(JSON.parse(announcement).url).toBe(url);
    expect(result.stdout).toContain('"operationId":"listOrganizations"');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('reads organizations and members over HTTP', async () => {
    const orgs = await remote(['orgs', 'list', '--json']);
    expect(orgs.code, orgs.stderr).toBe(0);
    const envelope = JSON.parse(orgs.stdout);
    expect(envelope.items[0].title).toBe('Acme Docs');
    expect(envelope.items[0].urls.location).toBe(`${url}/v1/orgs/${envelope.items[0].id}`);

    const members = await remote(['members', 'list', '--role', 'admin']);
    expect(members.code).toBe(0);
    expect(members.stdout.split('\n').filter(Boolean).map((l) => l.split('\t')[2]).sort()).toEqual([
      'ada.lovelace@acme.example',
      'admin@example.com',
      'grace.hopper@acme.example',
    ]);
    const table = await remote(['members', 'get', 'ada.lovelace@acme.example'], true);
    expect(table.stdout).toContain('Ada Lovelace');
  });

  it('changes roles and teams, and reports errors with the right exit codes', async () => {
    expect((await remote(['members', 'update', 'donald.knuth@acme.example', '--role', 'edit'])).code).toBe(0);
    const knuth = JSON.parse((await remote(['members', 'get', 'donald.knuth@acme.example', '--json'])).stdout);
    expect(knuth.role).toBe('edit');

    const created = await remote(['teams', 'create', 'Platform', '-m', 'donald.knuth@acme.example', '--json']);
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout).members).toBe(1);

    const bad = await remote(['teams', 'create', 'x'.repeat(65)]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('title: must be at most 64 characters');

    expect((await remote(['members', 'get', 'nobody-here'])).code).toBe(5);
    const forbidden = await run(['--url', url, '--token', 'dct_wrong', 'orgs', 'list'], { env: {} });
    expect(forbidden.code).toBe(4);
    expect(forbidden.stderr).toContain('unknown or revoked');
  });

  it('applies bulk membership from a file in one request, dry run first', async () => {
    const file = join(box.dir, 'support.csv');
    writeFileSync(file, 'email,role\nhedy.lamarr@acme.example,owner\nada.lovelace@acme.example,\nnobody@acme.example,\n');
    const dry = await remote(['teams', 'members', 'add', 'Support', '--file', file, '--dry-run']);
    expect(dry.code).toBe(1);
    expect(dry.stdout).toContain('nobody@acme.example');
    const before = JSON.parse((await remote(['teams', 'get', 'Support', '--json'])).stdout).members;

    const applied = await remote(['teams', 'members', 'add', 'Support', '--file', file, '--skip-invalid', '--json']);
    expect(applied.code, applied.stderr).toBe(0);
    const report = JSON.parse(applied.stdout);
    expect(report.applied).toBe(true);
    expect(report.rows.filter((r: { status: string }) => r.status === 'error')).toHaveLength(1);
    const after = JSON.parse((await remote(['teams', 'get', 'Support', '--json'])).stdout).members;
    expect(after).toBe(before + 2);

    const sync = join(box.dir, 'teams.yaml');
    writeFileSync(sync, 'teams:\n  - title: Design\n    members:\n      - carol.shaw@acme.example\n      - { user: lynn.conway@acme.example, role: owner }\n      - sophie.wilson@acme.example\n      - jean.sammet@acme.example\n');
    const plan = await remote(['teams', 'sync', '-f', sync]);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stderr).toContain('--apply');
    const apply = await remote(['teams', 'sync', '-f', sync, '--apply', '--json']);
    expect(apply.code, apply.stderr).toBe(0);
    const design = JSON.parse((await remote(['teams', 'members', 'list', 'Design', '--json'])).stdout);
    expect(design.items.map((m: { organization: { user: { email: string } } }) => m.organization.user.email).sort()).toEqual([
      'carol.shaw@acme.example', 'jean.sammet@acme.example', 'lynn.conway@acme.example', 'sophie.wilson@acme.example',
    ]);
    const againRun = await remote(['teams', 'sync', '-f', sync, '--apply', '--json']);
    expect(againRun.code, againRun.stderr).toBe(0);
    const again = JSON.parse(againRun.stdout);
    // One row per member of Design in the file, each now unchanged.
    expect(again.rows).toHaveLength(4);
    expect(again.rows.every((r: { status: string }) => r.status === 'skipped')).toBe(true);
  });

  it('logs in to a profile, uses it, and logs out', async () => {
    const env = { DOCSCTL_CONFIG_DIR: join(box.dir, 'profiles') };
    const login = await run(['login', '--url', url, '--token', token, '--profile', 'ci'], { env });
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toContain('admin@example.com');
    const who = await run(['whoami', '--json'], { env });
    expect(who.code, who.stderr).toBe(0);
    expect(JSON.parse(who.stdout)).toMatchObject({ mode: 'remote', target: url, source: 'saved profile' });
    expect((await run(['logout', '--profile', 'ci'], { env })).code).toBe(0);
    const local = JSON.parse((await run(['whoami', '--json'], { env: { ...env, DOCSCTL_DB: box.env.DOCSCTL_DB } })).stdout);
    expect(local.mode).toBe('local');
    const badLogin = await run(['login', '--url', url, '--token', 'dct_nope'], { env });
    expect(badLogin.code).toBe(4);

    // The token piped in, as gh takes it: never on the command line.
    const piped = await run(['login', '--url', url, '--with-token', '--profile', 'piped'], { env, stdin: `${token}\n` });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stderr).toContain('Logged in to');
    expect(JSON.parse((await run(['whoami', '--json'], { env })).stdout)).toMatchObject({ mode: 'remote', target: url });
    const empty = await run(['login', '--url', url, '--with-token'], { env, stdin: '\n' });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('--with-token: standard input held no token');
    const both = await run(['login', '--url', url, '--with-token', '--token', token], { env, stdin: token });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--with-token and --token: give the token one way');
    const wrong = await run(['login', '--url', url, '--with-token'], { env, stdin: 'dct_nope\n' });
    expect(wrong.code).toBe(4);
  });

  it('serves the route table as OpenAPI', async () => {
    const doc = await remote(['api', '/openapi.json']);
    expect(doc.code).toBe(0);
    const openapi = JSON.parse(doc.stdout);
    expect(openapi.openapi).toMatch(/^3\./);
    expect(openapi.paths['/v1/orgs/{organizationId}/members'].get.operationId).toBe('listMembersInOrganizationById');
  });
});
