import { describe, expect, it } from 'vitest';
import { openEngine } from '../../src/engine/index';
import { createApp } from '../../src/server/app';
import { noPrompter, sandbox, yesPrompter } from '../helpers/cli';
import { ADMIN, READER, emptySandbox, json, ok, recordingPrompter, sampleSandbox, tableOf, tsvRows, type Sandbox } from './support';

const TOKEN_HEADER = ['ID', 'NAME', 'USER', 'CREATED', 'LAST USED', 'REVOKED', 'SCOPE', 'EXPIRES'];

/** What the served API answers to GET /v1/user with this bearer token: the status and, if 200, the e-mail. */
async function whoIs(s: Sandbox, token: string): Promise<{ status: number; email?: string }> {
  const engine = await openEngine(s.env.DOCSCTL_DB);
  try {
    const res = await createApp({ engine }).handleAsync({ method: 'GET', url: '/v1/user', headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, ...(res.status === 200 ? { email: JSON.parse(res.body!.toString()).email } : {}) };
  } finally {
    await engine.close();
  }
}

async function createToken(s: Sandbox, argv: string[] = []): Promise<{ id: string; token: string }> {
  return json(s, ['tokens', 'create', ...argv]);
}

describe('tokens create', () => {
  it('prints the token once on stdout and the rest on stderr (piped)', async () => {
    const s = await emptySandbox();
    const r = ok(await s.run(['tokens', 'create', '--name', 'ci']));
    const lines = r.stdout.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe('');
    const token = lines[0];
    expect(token).toMatch(/^dct_[\w-]{20,}$/);
    expect(r.stderr).toMatch(/^Created token \w+ for admin@example\.com \(scope admin, never expires\)\. It is shown only now: store it safely\.\n$/);
    expect(r.stderr).not.toContain(token);
    expect(await whoIs(s, token)).toEqual({ status: 200, email: ADMIN });
  });

  it('prints the bare token on a terminal too', async () => {
    const s = await emptySandbox();
    const r = ok(await s.run(['tokens', 'create'], { tty: true }));
    expect(r.stdout).toMatch(/^dct_[\w-]+\n$/);
    expect((await whoIs(s, r.stdout.trim())).status).toBe(200);
  });

  it('prints the token with its metadata with --json', async () => {
    const s = await emptySandbox();
    const created = await createToken(s, ['--name', 'deploy']);
    expect(created).toMatchObject({ name: 'deploy', email: ADMIN, revokedAt: null, lastUsedAt: null });
    expect(created.token).toMatch(/^dct_/);
  });

  it('acts as --user; --as a member who is not an admin is refused (403, exit 4) and says who can', async () => {
    const s = await sampleSandbox();
    const forGrace = await createToken(s, ['--user', 'grace.hopper@acme.example']);
    expect((await whoIs(s, forGrace.token)).email).toBe('grace.hopper@acme.example');
    const forReader = await createToken(s, ['--user', READER]);
    expect((await whoIs(s, forReader.token)).email).toBe(READER);
    const asReader = await s.run(['--as', READER, 'tokens', 'create']);
    expect(asReader.code).toBe(4);
    expect(asReader.stderr).toContain('admin role required');
    expect(asReader.stdout).toBe('');
  });

  it('exits 5 for a user who is not a member', async () => {
    const s = await emptySandbox();
    const unknown = await s.run(['tokens', 'create', '--user', 'nobody@nowhere.example']);
    expect(unknown.code).toBe(5);
    expect(unknown.stderr).toContain('user: no member nobody@nowhere.example in this organization');
    expect(unknown.stdout).toBe('');
  });
});

describe('tokens list', () => {
  it('lists tokens as rows without ever printing their values (piped)', async () => {
    const s = await sampleSandbox();
    const ci = await createToken(s, ['--name', 'ci']);
    const grace = await createToken(s, ['--name', 'laptop', '--user', 'grace.hopper@acme.example']);
    const r = ok(await s.run(['tokens', 'list']));
    const rows = tsvRows(r.stdout);
    expect(rows.map((row) => row.slice(0, 3)).sort()).toEqual(
      [
        [ci.id, 'ci', ADMIN],
        [grace.id, 'laptop', 'grace.hopper@acme.example'],
      ].sort(),
    );
    expect(rows.every((row) => row[5] === '')).toBe(true);
    expect(r.stdout).not.toContain(ci.token);
    expect(r.stdout).not.toContain('dct_');
  });

  it('prints a table with headers on a terminal', async () => {
    const s = await emptySandbox();
    const ci = await createToken(s, ['--name', 'ci']);
    const r = ok(await s.run(['tokens', 'list'], { tty: true }));
    const t = tableOf(r.stdout);
    expect(t.header).toEqual(TOKEN_HEADER);
    expect(t.rows.map((row) => row.slice(0, 3))).toEqual([[ci.id, 'ci', ADMIN]]);
    expect(r.stdout).not.toContain('dct_');
  });

  it('prints the token records without values with --json', async () => {
    const s = await emptySandbox();
    const ci = await createToken(s, ['--name', 'ci']);
    const r = ok(await s.run(['--json', 'tokens', 'list']));
    expect(r.stdout).not.toContain('dct_');
    const body = JSON.parse(r.stdout);
    // The same envelope as every other list, so `jq .items` works everywhere.
    expect(body).toEqual({ count: 1, items: [{ object: 'token', id: ci.id, name: 'ci', user: expect.any(String), email: ADMIN, createdAt: expect.any(String), lastUsedAt: null, revokedAt: null, expiresAt: null, scope: 'admin' }] });
  });

  it('exits 0 with an empty list', async () => {
    const s = await emptySandbox();
    expect(ok(await s.run(['tokens', 'list'])).stdout).toBe('');
    const tty = ok(await s.run(['tokens', 'list'], { tty: true }));
    expect(tty.stdout).toBe('');
    expect(tty.stderr).toContain('No results.');
  });
});

describe('tokens revoke', () => {
  it('refuses without --yes when piped (exit 2) and the token keeps working', async () => {
    const s = await emptySandbox();
    const t = await createToken(s);
    const r = await s.run(['tokens', 'revoke', t.id]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('refusing without --yes');
    expect((await whoIs(s, t.token)).status).toBe(200);
    expect(tsvRows(ok(await s.run(['tokens', 'list'])).stdout)[0][5]).toBe('');
  });

  it('revokes with --yes when piped: the API answers 401 from then on', async () => {
    const s = await emptySandbox();
    const t = await createToken(s);
    const other = await createToken(s, ['--name', 'other']);
    const r = ok(await s.run(['tokens', 'revoke', t.id, '--yes']));
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`Revoked token ${t.id}.\n`);
    expect((await whoIs(s, t.token)).status).toBe(401);
    expect((await whoIs(s, other.token)).status).toBe(200);
    const rows = tsvRows(ok(await s.run(['tokens', 'list'])).stdout);
    expect(Date.parse(rows.find((row) => row[0] === t.id)![5])).not.toBeNaN();
    expect(rows.find((row) => row[0] === other.id)![5]).toBe('');
  });

  it('asks on a terminal: no cancels with exit 2, yes revokes', async () => {
    const s = await emptySandbox();
    const t = await createToken(s, ['--name', 'ci']);
    const no = recordingPrompter(false);
    const cancelled = await s.run(['tokens', 'revoke', t.id], { tty: true, prompter: no });
    expect(cancelled.code).toBe(2);
    expect(cancelled.stderr).toContain('cancelled');
    expect(no.questions).toEqual([`Revoke token ci (${t.id}) of ${ADMIN}?`]);
    expect((await whoIs(s, t.token)).status).toBe(200);

    ok(await s.run(['tokens', 'revoke', t.id], { tty: true, prompter: yesPrompter }));
    expect((await whoIs(s, t.token)).status).toBe(401);
  });

  it('prints the revoked record with --json', async () => {
    const s = await emptySandbox();
    const t = await createToken(s);
    const body = await json(s, ['tokens', 'revoke', t.id, '--yes']);
    expect(body).toMatchObject({ id: t.id, email: ADMIN });
    expect(Date.parse(body.revokedAt)).not.toBeNaN();
    expect(body.token).toBeUndefined();
  });

  it('exits 5 for an unknown token without asking', async () => {
    const s = await emptySandbox();
    const r = await s.run(['tokens', 'revoke', 'no-such-token'], { tty: true, prompter: noPrompter });
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('token no-such-token not found');
  });
});

describe('tokens create --expires and --scope', () => {
  it('sets an expiry from a duration or a date and a scope, shown in the list (piped), which warns about tokens that never expire', async () => {
    const s = await emptySandbox();
    const before = Date.now();
    const month = await json(s, ['tokens', 'create', '--name', 'ci', '--expires', '30d', '--scope', 'write']);
    expect(month.scope).toBe('write');
    expect(Math.abs(Date.parse(month.expiresAt) - (before + 30 * 86_400_000))).toBeLessThan(60_000);
    for (const [value, ms] of [['90s', 90_000], ['15m', 15 * 60_000]] as const) {
      const short = await json(s, ['tokens', 'create', '--name', `short-${value}`, '--expires', value, '--scope', 'read']);
      expect(Math.abs(Date.parse(short.expiresAt) - (before + ms)), value).toBeLessThan(60_000);
    }
    const dated = await json(s, ['tokens', 'create', '--name', 'dated', '--expires', '2099-01-31', '--scope', 'read']);
    expect(dated).toMatchObject({ scope: 'read', expiresAt: '2099-01-31T00:00:00.000Z' });
    ok(await s.run(['tokens', 'create', '--name', 'forever']));
    const list = ok(await s.run(['tokens', 'list']));
    const rows = tsvRows(list.stdout);
    expect(rows.find((row) => row[1] === 'dated')!.slice(6)).toEqual(['read', '2099-01-31T00:00:00.000Z']);
    expect(rows.find((row) => row[1] === 'forever')!.slice(6)).toEqual(['admin', '']);
    expect(list.stderr).toBe('1 token(s) never expire (forever): prefer tokens create --expires 90d, and revoke the old ones.\n');
    expect((await whoIs(s, dated.token)).status).toBe(200);
  });

  it('on a terminal: says the scope and the expiry it made', async () => {
    const s = await emptySandbox();
    const r = ok(await s.run(['tokens', 'create', '--name', 'ci', '--expires', '12h', '--scope', 'read'], { tty: true }));
    expect(r.stderr).toMatch(/^Created token \w+ for admin@example\.com \(scope read, expires 20\d\d-[\d-]+T[\d:.]+Z\)\. It is shown only now/);
  });

  it('refuses an expiry that is not a duration or a date, one in the past, and an unknown scope (exit 2)', async () => {
    const s = await emptySandbox();
    for (const [argv, message] of [
      [['--expires', 'soon'], '--expires: must be a duration (90s, 15m, 12h, 30d, 2w) or a date (2027-01-31) or time (2027-01-31T12:00:00Z), not "soon"'],
      [['--expires', '0m'], '--expires: must be in the future'],
      [['--expires', '2001-01-01'], '--expires: must be in the future (2001-01-01T00:00:00.000Z is not)'],
      [['--scope', 'root'], "argument 'root' is invalid. Allowed choices are read, write, admin."],
    ] as const) {
      const r = await s.run(['tokens', 'create', ...argv]);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toContain(message);
    }
    expect(tsvRows(ok(await s.run(['tokens', 'list'])).stdout)).toEqual([]);
  });
});
