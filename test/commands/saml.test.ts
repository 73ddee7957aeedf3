import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { noPrompter, yesPrompter } from '../helpers/cli';
import { READER, fieldsOf, json, ok, recordingPrompter, sampleSandbox, tableOf, tsvRows, type Sandbox } from './support';

const CERT = fileURLToPath(new URL('../fixtures/idp-cert.pem', import.meta.url));
const SAML_HEADER = ['ID', 'LABEL', 'SSO URL', 'ENTITY ID', 'DEFAULT ROLE', 'DEFAULT TEAM', 'CREATED'];
const SAML_DETAIL = [...SAML_HEADER, 'ACS URL', 'START URL', 'SP ENTITY ID'];
const OKTA_SSO = 'https://acme.okta.example/app/docs/sso/saml';
const OKTA_ENTITY = 'http://www.okta.com/exk1acmedocs';

async function providers(s: Sandbox): Promise<{ id: string; label: string }[]> {
  return (await json(s, ['saml', 'list'])).items;
}

const create = (extra: string[] = []) => [
  'saml', 'create', '--label', 'Azure AD', '--sso-url', 'https://login.example/saml2', '--entity-id', 'https://sts.example/abc',
  '--certificate-file', CERT, ...extra,
];

describe('saml (read-only, sample data)', () => {
  let s: Sandbox;
  let okta: string;
  beforeAll(async () => {
    s = await sampleSandbox();
    okta = (await providers(s))[0].id;
  });

  it('list: prints the sample provider as a row when piped', async () => {
    const r = ok(await s.run(['saml', 'list']));
    const rows = tsvRows(r.stdout);
    expect(rows).toHaveLength(1);
    expect(rows[0].slice(0, 6)).toEqual([okta, 'Acme Okta', OKTA_SSO, OKTA_ENTITY, 'read', 'Documentation']);
    expect(r.stderr).toBe('');
  });

  it('list: prints a table with headers on a terminal', async () => {
    const t = tableOf(ok(await s.run(['saml', 'list'], { tty: true })).stdout);
    expect(t.header).toEqual(SAML_HEADER);
    expect(t.rows.map((row) => row.slice(0, 2))).toEqual([[okta, 'Acme Okta']]);
  });

  it('list: prints the list envelope with --json', async () => {
    const body = await json(s, ['saml', 'list']);
    expect(body.count).toBe(1);
    expect(body.items[0]).toMatchObject({ object: 'saml-provider', id: okta, label: 'Acme Okta', defaultRole: 'read', defaultTeam: { title: 'Documentation' } });
  });

  it('get: prints the provider with the service URLs in every mode', async () => {
    const [row] = tsvRows(ok(await s.run(['saml', 'get', okta])).stdout);
    expect(row).toHaveLength(SAML_DETAIL.length);
    expect(row[7]).toMatch(new RegExp(`/sso/saml/${okta}/acs$`));

    const f = fieldsOf(ok(await s.run(['saml', 'get', okta], { tty: true })).stdout);
    expect(Object.keys(f)).toEqual(SAML_DETAIL);
    expect(f).toMatchObject({ LABEL: 'Acme Okta', 'SSO URL': OKTA_SSO, 'DEFAULT TEAM': 'Documentation' });
    expect(f['START URL']).toMatch(/\/start$/);

    const body = await json(s, ['saml', 'get', okta]);
    expect(body.service.acsURL).toBe(row[7]);
    expect(body.certificate).toContain('-----BEGIN CERTIFICATE-----');
  });

  it('get: exits 5 for an unknown provider', async () => {
    const r = await s.run(['saml', 'get', 'no-such-provider']);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('SAML provider no-such-provider not found');
  });

  it('list: exits 4 for a read member', async () => {
    const r = await s.run(['--as', READER, 'saml', 'list']);
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
  });
});

describe('saml create', () => {
  it('adds a provider from a certificate file (piped: message on stderr, row on stdout)', async () => {
    const s = await sampleSandbox();
    const r = ok(await s.run(create(['--default-team', 'engineering', '--default-role', 'edit'])));
    const [row] = tsvRows(r.stdout);
    expect(row.slice(1, 6)).toEqual(['Azure AD', 'https://login.example/saml2', 'https://sts.example/abc', 'edit', 'Engineering']);
    expect(r.stderr).toBe(`Created SAML provider Azure AD (${row[0]}). Give your identity provider the ACS URL ${row[7]}.\n`);

    const stored = await json(s, ['saml', 'get', row[0]]);
    expect(stored.certificate).toBe(readFileSync(CERT, 'utf8'));
    expect(stored.defaultTeam.title).toBe('Engineering');
    expect((await providers(s)).map((p) => p.label).sort()).toEqual(['Acme Okta', 'Azure AD']);
  });

  it('shows the provider as a field table on a terminal', async () => {
    const s = await sampleSandbox();
    const r = ok(await s.run(create(), { tty: true }));
    const f = fieldsOf(r.stdout);
    expect(f).toMatchObject({ LABEL: 'Azure AD', 'DEFAULT ROLE': 'guest', 'DEFAULT TEAM': '' });
    expect(r.stderr).toContain(`(${f.ID})`);
  });

  it('prints the provider object with --json', async () => {
    const s = await sampleSandbox();
    const body = await json(s, create(['--default-role', 'comment']));
    expect(body).toMatchObject({ object: 'saml-provider', label: 'Azure AD', ssoURL: 'https://login.example/saml2', defaultRole: 'comment', defaultTeam: null });
    expect(body.service.acsURL).toMatch(new RegExp(`/sso/saml/${body.id}/acs$`));
  });

  it('exits 2 without --label', async () => {
    const s = await sampleSandbox();
    const r = await s.run(['saml', 'create', '--certificate-file', CERT]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("required option '--label <label>' not specified");
  });

  it('exits 1 naming the field for invalid values, creating nothing', async () => {
    const s = await sampleSandbox();
    writeFileSync(join(s.dir, 'not-a-cert.pem'), 'hello, I am no certificate\n');
    const cases: [string[], string][] = [
      [['saml', 'create', '--label', 'x'.repeat(31)], 'label: must be at most 30 characters'],
      [['saml', 'create', '--label', 'Bad', '--sso-url', 'not a url'], 'ssoURL: must be a valid'],
      [['saml', 'create', '--label', 'Bad', '--certificate-file', 'not-a-cert.pem'], 'certificate: must be an X.509 certificate in PEM form'],
      [['saml', 'create', '--label', 'Bad', '--certificate-file', 'missing.pem'], '--certificate-file: cannot read missing.pem'],
      [['saml', 'create', '--label', 'Bad', '--default-team', 'no-such-team'], 'defaultTeam: no team no-such-team'],
    ];
    for (const [argv, message] of cases) {
      const r = await s.run(argv);
      expect(r.code, argv.join(' ')).toBe(1);
      expect(r.stderr).toContain(message);
      expect(r.stdout).toBe('');
    }
    expect(await providers(s)).toHaveLength(1);
  });

  it('exits 4 for a read member', async () => {
    const s = await sampleSandbox();
    expect((await s.run(['--as', READER, ...create()])).code).toBe(4);
    expect(await providers(s)).toHaveLength(1);
  });
});

describe('saml update', () => {
  it('changes fields in every mode', async () => {
    const s = await sampleSandbox();
    const [{ id }] = await providers(s);
    const piped = ok(await s.run(['saml', 'update', id, '--label', 'Okta SSO', '--default-role', 'guest']));
    const [row] = tsvRows(piped.stdout);
    expect(row.slice(0, 2)).toEqual([id, 'Okta SSO']);
    expect(row[4]).toBe('guest');
    expect(await json(s, ['saml', 'get', id])).toMatchObject({ label: 'Okta SSO', defaultRole: null });

    const tty = ok(await s.run(['saml', 'update', id, '--default-team', 'Support'], { tty: true }));
    expect(fieldsOf(tty.stdout)['DEFAULT TEAM']).toBe('Support');

    const body = await json(s, ['saml', 'update', id, '--sso-url', 'https://acme.okta.example/new']);
    expect(body).toMatchObject({ id, label: 'Okta SSO', ssoURL: 'https://acme.okta.example/new', defaultTeam: { title: 'Support' } });
  });

  it('exits 2 with nothing to change, 1 for an invalid value, 5 for an unknown provider', async () => {
    const s = await sampleSandbox();
    const [{ id }] = await providers(s);
    const none = await s.run(['saml', 'update', id]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('nothing to change');
    const empty = await s.run(['saml', 'update', id, '--label', '']);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('label: must not be empty');
    const unknown = await s.run(['saml', 'update', 'no-such-provider', '--label', 'X']);
    expect(unknown.code).toBe(5);
    expect((await json(s, ['saml', 'get', id])).label).toBe('Acme Okta');
  });
});

describe('saml delete', () => {
  it('refuses without --yes when piped (exit 2) and deletes nothing', async () => {
    const s = await sampleSandbox();
    const [{ id }] = await providers(s);
    const r = await s.run(['saml', 'delete', id]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('refusing without --yes');
    expect(await providers(s)).toHaveLength(1);
  });

  it('deletes with --yes when piped', async () => {
    const s = await sampleSandbox();
    const [{ id }] = await providers(s);
    const r = ok(await s.run(['saml', 'delete', id, '--yes']));
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`Deleted SAML provider Acme Okta (${id}).\n`);
    expect(await providers(s)).toEqual([]);
    expect((await s.run(['saml', 'get', id])).code).toBe(5);
    // an empty list is fine
    expect(ok(await s.run(['saml', 'list'])).stdout).toBe('');
  });

  it('asks on a terminal: no cancels with exit 2, yes deletes', async () => {
    const s = await sampleSandbox();
    const [{ id }] = await providers(s);
    const no = recordingPrompter(false);
    const cancelled = await s.run(['saml', 'delete', id], { tty: true, prompter: no });
    expect(cancelled.code).toBe(2);
    expect(no.questions).toEqual(['Delete SAML provider "Acme Okta"?']);
    expect(await providers(s)).toHaveLength(1);

    ok(await s.run(['saml', 'delete', id], { tty: true, prompter: yesPrompter }));
    expect(await providers(s)).toEqual([]);
  });

  it('exits 5 for an unknown provider and 4 for a read member', async () => {
    const s = await sampleSandbox();
    const [{ id }] = await providers(s);
    expect((await s.run(['saml', 'delete', 'no-such-provider'], { tty: true, prompter: noPrompter })).code).toBe(5);
    expect((await s.run(['--as', READER, 'saml', 'delete', id, '--yes'])).code).toBe(4);
    expect(await providers(s)).toHaveLength(1);
  });
});
