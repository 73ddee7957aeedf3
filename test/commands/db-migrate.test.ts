import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { sandbox } from '../helpers/cli';
import { SCHEMA_VERSION } from '../../src/engine/store/db';

describe('db migrate', () => {
  it('reports the schema version, piped as JSON and on a terminal as a sentence', async () => {
    const box = sandbox();
    expect((await box.run(['init'])).code).toBe(0);
    const piped = await box.run(['db', 'migrate', '--json']);
    expect(JSON.parse(piped.stdout)).toEqual({ schemaVersion: SCHEMA_VERSION, backend: 'sqlite' });
    const tty = await box.run(['db', 'migrate'], { tty: true });
    expect(tty.stdout + tty.stderr).toContain(`The SQLite database is at schema version ${SCHEMA_VERSION} (this docsctl's is ${SCHEMA_VERSION}).`);
  });

  it('refuses, and leaves alone, a database written by a newer docsctl (exit 6)', async () => {
    const box = sandbox();
    expect((await box.run(['init'])).code).toBe(0);
    const db = new Database(box.env.DOCSCTL_DB);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    const result = await box.run(['db', 'migrate']);
    expect(result.code).toBe(6);
    expect(result.stderr).toContain(`schema is version ${SCHEMA_VERSION + 1}, newer than this docsctl's (${SCHEMA_VERSION}): upgrade docsctl`);
    const after = new Database(box.env.DOCSCTL_DB);
    expect(after.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION + 1);
    after.close();
  });

  it('works on local databases only', async () => {
    const result = await sandbox().run(['--url', 'http://127.0.0.1:9', '--token', 't', 'db', 'migrate']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('db migrate works on a local database');
  });
});
