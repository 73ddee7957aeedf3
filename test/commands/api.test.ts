import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, READER, emptySandbox, json, ok, sampleSandbox, type Sandbox } from './support';

describe('api GET (sample data)', () => {
  let s: Sandbox;
  let orgId: string;
  beforeAll(async () => {
    s = await sampleSandbox();
    orgId = (await json(s, ['orgs', 'list'])).items[0].id;
  });

  it('prints the API response as JSON when piped, for any spelling of the path', async () => {
    const r = ok(await s.run(['api', '/v1/orgs']));
    expect(r.stderr).toBe('');
    const body = JSON.parse(r.stdout);
    expect(body.count).toBe(1);
    expect(body.items[0]).toMatchObject({ object: 'organization', id: orgId, title: 'Acme Docs' });
    for (const path of ['orgs', '/orgs', 'v1/orgs']) {
      expect(ok(await s.run(['api', path])).stdout).toBe(r.stdout);
    }
  });

  it('prints JSON on a terminal too (no table)', async () => {
    const r = ok(await s.run(['api', '/v1/user'], { tty: true }));
    expect(r.stdout).not.toMatch(/[┌│]/);
    expect(JSON.parse(r.stdout)).toMatchObject({ object: 'user', email: ADMIN });
  });

  it('fills {org} with the organization', async () => {
    const org = await json(s, ['api', '/v1/orgs/{org}']);
    expect(org).toMatchObject({ object: 'organization', id: orgId });
    const members = await json(s, ['api', 'orgs/{org}/members']);
    expect(members.count).toBe(37);
    expect(members.items).toHaveLength(37);
  });

  it('sends -f fields as the query string of a GET', async () => {
    const admins = await json(s, ['api', '-X', 'GET', '/v1/orgs/{org}/members', '-f', 'role=admin']);
    expect(admins.items.map((m: { user: { email: string } }) => m.user.email).sort()).toEqual([ADMIN, 'ada.lovelace@acme.example', 'grace.hopper@acme.example'].sort());
  });

  it('returns one page without --paginate', async () => {
    const page = await json(s, ['api', '/v1/orgs/{org}/members?limit=10']);
    expect(page.items).toHaveLength(10);
    expect(page.count).toBe(37);
    expect(typeof page.next.page).toBe('string');
  });

  it('follows next.page with --paginate and prints every item in one envelope', async () => {
    const all = await json(s, ['api', '/v1/orgs/{org}/members?limit=10', '--paginate']);
    expect(Object.keys(all).sort()).toEqual(['count', 'items']);
    expect(all.count).toBe(37);
    expect(all.items).toHaveLength(37);
    expect(new Set(all.items.map((m: { id: string }) => m.id)).size).toBe(37);
  });

  it('--paginate sends -f fields as query parameters (GET), as its help example shows', async () => {
    const r = ok(await s.run(['api', '/v1/orgs/{org}/members', '-f', 'role=read', '-f', 'limit=2', '--paginate']));
    const all = JSON.parse(r.stdout);
    expect(all.count).toBe(8);
    expect(all.items).toHaveLength(8);
    expect(all.items.every((m: { role: string }) => m.role === 'read')).toBe(true);
  });

  it('--paginate prints a response that is not a list as it is', async () => {
    const r = ok(await s.run(['api', '/v1/user', '--paginate']));
    expect(JSON.parse(r.stdout)).toMatchObject({ object: 'user', email: ADMIN });
  });

  it('serves /openapi.json', async () => {
    const doc = await json(s, ['api', '/openapi.json']);
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/v1/orgs/{organizationId}/members');
  });

  it('maps error statuses to exit codes, printing the error envelope and the message on stderr', async () => {
    const cases: [string[], number, number, string][] = [
      [['api', '/v1/orgs/no-such-org'], 404, 5, 'organization no-such-org not found'],
      [['api', '/v1/nothing'], 404, 5, 'no route for GET /v1/nothing'],
      [['--as', READER, 'api', '-X', 'PATCH', '/v1/orgs/{org}', '-f', 'title=Hijacked'], 403, 4, 'you are not allowed to administer the organization'],
      [['api', '-X', 'PATCH', '/v1/orgs/{org}', '-f', 'title=x'], 400, 1, 'title: must be at least 2 characters'],
      [['api', '/v1/orgs/{org}/members?limit=5000'], 400, 1, 'limit:'],
      [['api', '-X', 'DELETE', '/v1/orgs'], 405, 1, 'method DELETE is not allowed'],
    ];
    for (const [argv, status, code, message] of cases) {
      const r = await s.run(argv);
      expect(r.code, argv.join(' ')).toBe(code);
      expect(r.stderr).toContain(`error: ${message}`);
      expect(JSON.parse(r.stdout)).toEqual({ error: { code: status, message: expect.stringContaining(message) } });
    }
    expect((await json(s, ['orgs', 'get'])).title).toBe('Acme Docs');
  });

  it('uses --org for {org}', async () => {
    const r = await s.run(['--org', 'no-such-org', 'api', '/v1/orgs/{org}/members']);
    expect(r.code).toBe(5);
  });

  it('exits 2 for a field without =', async () => {
    const r = await s.run(['api', '/v1/orgs', '-f', 'title']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('-f title: expected key=value');
    const missing = await s.run(['api']);
    expect(missing.code).toBe(2);
  });
});

describe('api with a body', () => {
  it('-X PATCH with -f strings and -F typed values', async () => {
    const s = await sampleSandbox();
    const body = await json(s, ['api', '-X', 'PATCH', '/v1/orgs/{org}', '-f', 'title=Acme Handbook', '-F', 'ai=true', '-F', 'inviteLinks=false', '-f', 'emailDomains[]=acme.example', '-f', 'emailDomains[]=acme.io', '-F', 'defaultRole=null']);
    expect(body).toMatchObject({ title: 'Acme Handbook', ai: true, inviteLinks: false, emailDomains: ['acme.example', 'acme.io'], defaultRole: null });
    expect(await json(s, ['orgs', 'get'])).toMatchObject({ title: 'Acme Handbook', ai: true, inviteLinks: false, defaultRole: null });
  });

  it('defaults to POST when fields are given', async () => {
    const s = await sampleSandbox();
    const invite = await json(s, ['api', '/v1/orgs/{org}/link-invites', '-f', 'role=comment']);
    expect(invite).toMatchObject({ object: 'invite', role: 'comment' });
    expect((await json(s, ['invites', 'list'])).count).toBe(3);
  });

  it('-F key=@file reads the value from a file', async () => {
    const s = await sampleSandbox();
    writeFileSync(join(s.dir, 'title.txt'), 'Title From File');
    const body = await json(s, ['api', '-X', 'PATCH', '/v1/orgs/{org}', '-F', 'title=@title.txt']);
    expect(body.title).toBe('Title From File');
    const missing = await s.run(['api', '-X', 'PATCH', '/v1/orgs/{org}', '-F', 'title=@missing.txt']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('-F: cannot read missing.txt');
    expect(missing.stderr).not.toContain('unexpected failure');
  });

  it('--input FILE sends the file as the body', async () => {
    const s = await sampleSandbox();
    writeFileSync(join(s.dir, 'patch.json'), JSON.stringify({ title: 'From File', sso: true }));
    const body = await json(s, ['api', '-X', 'PATCH', 'orgs/{org}', '--input', 'patch.json']);
    expect(body).toMatchObject({ title: 'From File', sso: true });
    expect((await json(s, ['orgs', 'get'])).sso).toBe(true);
  });

  it('--input - reads the body from stdin', async () => {
    const s = await sampleSandbox();
    const r = ok(await s.run(['api', '-X', 'PATCH', '/v1/orgs/{org}', '--input', '-'], { stdin: JSON.stringify({ title: 'From Stdin' }) }));
    expect(JSON.parse(r.stdout).title).toBe('From Stdin');
    expect((await json(s, ['orgs', 'get'])).title).toBe('From Stdin');
  });

  it('exits 1 for an unreadable --input file or a body that is not JSON', async () => {
    const s = await sampleSandbox();
    const missing = await s.run(['api', '-X', 'PATCH', '/v1/orgs/{org}', '--input', 'missing.json']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('--input: cannot read missing.json');
    expect(missing.stderr).not.toContain('unexpected failure');
    const garbage = await s.run(['api', '-X', 'PATCH', '/v1/orgs/{org}', '--input', '-'], { stdin: '{ not json' });
    expect(garbage.code).toBe(1);
    expect(garbage.stderr).toContain('body: is not valid JSON');
    expect((await json(s, ['orgs', 'get'])).title).toBe('Acme Docs');
  });

  it('-X DELETE prints nothing on success', async () => {
    const s = await sampleSandbox();
    const [first, second] = (await json(s, ['invites', 'list'])).items;
    const r = ok(await s.run(['api', '-X', 'DELETE', `/v1/orgs/{org}/link-invites/${first.id}`]));
    expect(r.stdout).toBe('');
    expect((await json(s, ['invites', 'list'])).items.map((i: { id: string }) => i.id)).toEqual([second.id]);
  });

  it('exits 6 on a conflict (demoting the last admin)', async () => {
    const s = await emptySandbox();
    const me = await json(s, ['users', 'me']);
    const r = await s.run(['api', '-X', 'PATCH', `/v1/orgs/{org}/members/${me.id}`, '-F', 'role=null']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('must keep at least one admin');
    expect((await json(s, ['members', 'get', ADMIN])).role).toBe('admin');
  });
});
