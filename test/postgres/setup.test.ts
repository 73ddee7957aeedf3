import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runBuilt } from '../helpers/built';
import { freshDatabase } from './database';
import { databaseFailure } from '../../src/main';

const dirs: string[] = [];
afterAll(() => { for (const dir of dirs) rmSync(dir, { recursive: true, force: true }); });
const boxFor = (env: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-setup-'));
  dirs.push(dir);
  return { dir, env: { DOCSCTL_CONFIG_DIR: join(dir, 'config'), HOME: dir, ...env } };
};

/** Set-up as docs/deployment.md writes it, through the built CLI (issue 34, item 4). */
describe('setting up a PostgreSQL database', () => {
  it('names the privilege a role lacks, and works once the role owns the database; db migrate creates tables only, init the organization and the first token', async () => {
    const url = await freshDatabase('setup');
    const name = new URL(url).pathname.slice(1);
    const role = `${name}_app`;
    const admin = new pg.Client(url);
    await admin.connect();
    await admin.query(`CREATE ROLE ${role} LOGIN`);
    const asRole = url.replace('//docsctl@', `//${role}@`);
    const box = boxFor({ DOCSCTL_DATABASE_URL: asRole });
    const refused = await runBuilt(box, ['db', 'migrate']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`role ${role} may not set up database ${name}: it lacks CREATE on database ${name} (to install the citext extension; or have an admin run CREATE EXTENSION citext there), and CREATE on schema public (PostgreSQL 15 and later give it to the database's owner only). Make ${role} the database's owner`);
    expect(refused.stderr).not.toMatch(/unexpected failure|permission denied/);
    // As the guide says: the docsctl role owns its database.
    await admin.query(`ALTER DATABASE ${name} OWNER TO ${role}`);
    const migrated = await runBuilt(box, ['db', 'migrate', '--json']);
    expect(migrated.code, migrated.stderr).toBe(0);
    expect((await admin.query('SELECT COUNT(*)::int AS n FROM organizations')).rows[0].n).toBe(0);
    const init = await runBuilt(box, ['init', '--org-title', 'Acme', '--admin-email', 'ops@acme.example', '--json']);
    expect(init.code, init.stderr).toBe(0);
    const created = JSON.parse(init.stdout);
    expect(created).toMatchObject({ created: true, organization: { title: 'Acme' }, user: { email: 'ops@acme.example' }, token: { name: 'first', token: expect.any(String) } });
    const again = JSON.parse((await runBuilt(box, ['init', '--json'])).stdout);
    expect(again).toMatchObject({ created: false, organization: { id: created.organization.id } });
    expect(again).not.toHaveProperty('token');
    // The token is the admin's.
    const tokens = JSON.parse((await runBuilt(box, ['tokens', 'list', '--json'])).stdout);
    expect(tokens.items.map((t: { name: string }) => t.name)).toEqual(['first']);
    // A role that may connect and nothing more: what the database refuses is named as the database's.
    await admin.query(`CREATE ROLE ${name}_nobody LOGIN`);
    const nobody = await runBuilt(boxFor({ DOCSCTL_DATABASE_URL: url.replace('//docsctl@', `//${name}_nobody@`) }), ['members', 'list']);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toMatch(/^error: cannot open postgres:\/\/\w+@[\d.:]+\/\w+: permission denied for table docsctl_schema\n/);
    expect(nobody.stderr).not.toContain('unexpected failure');
    // Past opening, a refusal of the driver's is the database's too (main's last resort).
    const failed = await admin.query('SELECT * FROM no_such_table').catch((error: unknown) => error);
    expect(databaseFailure(failed)).toBe('the database refused: relation "no_such_table" does not exist (PostgreSQL 42P01)');
    expect(databaseFailure(new Error('Connection terminated unexpectedly'))).toBe('the database connection was lost: Connection terminated unexpectedly');
    expect(databaseFailure(new TypeError('x is undefined'))).toBeUndefined();
    await admin.end();
  }, 60_000);
});

describe('PostgreSQL passwords, never on the command line', () => {
  it('come from PGPASSWORD, --database-password-file or a password file; none at all is named as such', async () => {
    const { startCluster } = (await import('../../scripts/pg-cluster.js' as string)) as { startCluster: (o: { password: string }) => Promise<{ url: string; stop: () => void }> };
    const cluster = await startCluster({ password: 's3cret-pw' });
    try {
      const url = cluster.url.replace(/\/postgres$/, '/postgres');
      const box = boxFor({ DOCSCTL_DATABASE_URL: url });
      const none = await runBuilt(box, ['db', 'migrate']);
      expect(none.code).toBe(1);
      expect(none.stderr).toContain('the PostgreSQL server asks a password of user docsctl and none was given: set PGPASSWORD, put it in a password file (PGPASSFILE, or ~/.pgpass), or name a file holding it with --database-password-file FILE');
      expect(none.stderr).not.toMatch(/SASL|must be a string|unexpected failure/);
      const viaEnv = await runBuilt({ ...box, env: { ...box.env, PGPASSWORD: 's3cret-pw' } }, ['db', 'migrate', '--json']);
      expect(viaEnv.code, viaEnv.stderr).toBe(0);
      const file = join(box.dir, 'db-password');
      writeFileSync(file, 's3cret-pw\n', { mode: 0o600 });
      const viaFlag = await runBuilt(box, ['--database-password-file', file, 'db', 'migrate', '--json']);
      expect(viaFlag.code, viaFlag.stderr).toBe(0);
      const wrong = join(box.dir, 'wrong');
      writeFileSync(wrong, 'nope\n', { mode: 0o600 });
      const refused = await runBuilt(box, ['--database-password-file', wrong, 'db', 'migrate']);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/cannot open postgres:\/\/docsctl@127\.0\.0\.1:\d+\/postgres: password authentication failed for user "docsctl"/);
      const pgpass = join(box.dir, 'pgpass');
      writeFileSync(pgpass, `127.0.0.1:*:*:docsctl:s3cret-pw\n`);
      chmodSync(pgpass, 0o600);
      const viaPgpass = await runBuilt({ ...box, env: { ...box.env, PGPASSFILE: pgpass } }, ['init', '--json']);
      expect(viaPgpass.code, viaPgpass.stderr).toBe(0);
      expect(JSON.parse(viaPgpass.stdout)).toMatchObject({ created: true, token: { name: 'first' } });
    } finally {
      cluster.stop();
    }
  }, 90_000);
});
