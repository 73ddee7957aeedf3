import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { runBuilt } from '../helpers/built';
import { freshDatabase } from './database';
import { SCHEMA_VERSION } from '../../src/engine/store/db';

/** docsctl on PostgreSQL as users run it: the built entry with --database or DOCSCTL_DATABASE_URL. */
describe('the CLI on a PostgreSQL database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-pg-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const box = (env: Record<string, string>) => ({ dir, env: { DOCSCTL_CONFIG_DIR: join(dir, 'config'), HOME: dir, ...env } });

  it('initializes, lists and migrates through --database and DOCSCTL_DATABASE_URL, never showing the password', async () => {
    const url = await freshDatabase('cli');
    const withPassword = url.replace('//docsctl@', '//docsctl:s3cret@'); // trust auth: the password is ignored
    const flag = box({});
    const init = await runBuilt(flag, ['--database', withPassword, 'init', '--sample', '--json']);
    expect(init.code, init.stderr).toBe(0);
    expect(JSON.parse(init.stdout)).toMatchObject({ database: withPassword.replace(':s3cret@', ':***@'), created: true, sample: { loaded: true } });
    const env = box({ DOCSCTL_DATABASE_URL: withPassword });
    const admins = await runBuilt(env, ['members', 'list', '--role', 'admin', '--json', 'user.email']);
    expect(admins.code, admins.stderr).toBe(0);
    expect(JSON.parse(admins.stdout).map((m: { user: { email: string } }) => m.user.email)).toContain('admin@example.com');
    const who = await runBuilt(env, ['auth', 'whoami']);
    expect(who.stdout + who.stderr).not.toContain('s3cret');
    const migrated = await runBuilt(env, ['db', 'migrate', '--json']);
    expect(JSON.parse(migrated.stdout)).toEqual({ schemaVersion: SCHEMA_VERSION, backend: 'postgres' });
  }, 60_000);

  it('refuses db backup and db restore with the PostgreSQL tools to use instead', async () => {
    const env = box({ DOCSCTL_DATABASE_URL: await freshDatabase('cli') });
    const backup = await runBuilt(env, ['db', 'backup', join(dir, 'b.db')]);
    expect(backup.code).toBe(2);
    expect(backup.stderr).toContain('pg_dump');
    const restore = await runBuilt(env, ['db', 'restore', join(dir, 'b.db'), '--yes']);
    expect(restore.code).toBe(2);
    expect(restore.stderr).toContain('pg_restore');
  }, 60_000);

  it('refuses a database written by a newer docsctl, and one it cannot reach, with a clear message', async () => {
    const url = await freshDatabase('cli');
    const env = box({ DOCSCTL_DATABASE_URL: url });
    expect((await runBuilt(env, ['init'])).code).toBe(0);
    const client = new pg.Client(url);
    await client.connect();
    await client.query('UPDATE docsctl_schema SET version = version + 1');
    await client.end();
    const newer = await runBuilt(env, ['members', 'list']);
    expect(newer.code).toBe(6);
    expect(newer.stderr).toMatch(/schema is version \d+, newer than this docsctl's \(\d+\): upgrade docsctl/);
    const unreachable = await runBuilt(box({ DOCSCTL_DATABASE_URL: 'postgres://docsctl@127.0.0.1:1/none' }), ['members', 'list']);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(/^error: cannot open postgres:\/\/docsctl@127\.0\.0\.1:1\/none: .*ECONNREFUSED/m);
  }, 60_000);
});
