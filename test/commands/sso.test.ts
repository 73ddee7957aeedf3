import { describe, expect, it } from 'vitest';
import { READER, emptySandbox, fieldsOf, json, ok, sampleSandbox, tableOf, tsvRows } from './support';

const ALAN = 'alan.turing@acme.example';

describe('sso list', () => {
  it('prints the sign-in options in every mode', async () => {
    const s = await sampleSandbox();
    const [provider] = (await json(s, ['saml', 'list'])).items;

    const piped = ok(await s.run(['sso', 'list']));
    const rows = tsvRows(piped.stdout);
    expect(rows).toHaveLength(1);
    expect(rows[0].slice(0, 2)).toEqual([provider.id, 'Acme Okta']);
    expect(rows[0][2]).toBe(provider.service.startURL);

    const t = tableOf(ok(await s.run(['sso', 'list'], { tty: true })).stdout);
    expect(t.header).toEqual(['ID', 'LABEL', 'START URL']);
    expect(t.rows).toEqual([rows[0]]);

    const body = await json(s, ['sso', 'list']);
    expect(body).toEqual({ items: [{ id: provider.id, label: 'Acme Okta', startURL: provider.service.startURL }] });
  });

  it('is open to any member, not only admins', async () => {
    const s = await sampleSandbox();
    const rows = tsvRows(ok(await s.run(['--as', READER, 'sso', 'list'])).stdout);
    expect(rows.map((row) => row[1])).toEqual(['Acme Okta']);
  });

  it('exits 0 with an empty list when there is no provider', async () => {
    const s = await emptySandbox();
    expect(ok(await s.run(['sso', 'list'])).stdout).toBe('');
    const tty = ok(await s.run(['sso', 'list'], { tty: true }));
    expect(tty.stdout).toBe('');
    expect(tty.stderr).toContain('No results.');
    expect(await json(s, ['sso', 'list'])).toEqual({ items: [] });
  });
});

describe('sso enable', () => {
  it('moves a member to SSO (piped: message on stderr, row on stdout)', async () => {
    const s = await sampleSandbox();
    expect((await json(s, ['members', 'get', ALAN])).sso).toBe(false);
    const r = ok(await s.run(['sso', 'enable', ALAN]));
    expect(r.stderr).toBe(`${ALAN} now signs in through SSO.\n`);
    const [row] = tsvRows(r.stdout);
    expect(row[2]).toBe(ALAN);
    expect(row[5]).toBe('true');
    expect((await json(s, ['members', 'get', ALAN])).sso).toBe(true);
  });

  it('shows the member as a field table on a terminal, and the member object with --json', async () => {
    const s = await sampleSandbox();
    const tty = ok(await s.run(['sso', 'enable', READER], { tty: true }));
    expect(fieldsOf(tty.stdout)).toMatchObject({ EMAIL: READER, SSO: 'true' });
    const body = await json(s, ['sso', 'enable', ALAN]);
    expect(body).toMatchObject({ object: 'member', sso: true, user: { email: ALAN } });
  });

  it('exits 6 when the organization has no SAML provider', async () => {
    const s = await emptySandbox();
    const r = await s.run(['sso', 'enable', 'admin@example.com']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('no SAML provider');
    expect((await json(s, ['members', 'get', 'admin@example.com'])).sso).toBe(false);
  });

  it('exits 5 for an unknown member and 4 for a read member', async () => {
    const s = await sampleSandbox();
    expect((await s.run(['sso', 'enable', 'no-such-user'])).code).toBe(5);
    const forbidden = await s.run(['--as', READER, 'sso', 'enable', ALAN]);
    expect(forbidden.code).toBe(4);
    expect((await json(s, ['members', 'get', ALAN])).sso).toBe(false);
  });
});
