import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { passwordOf, pgpassFields } from '../../src/engine/store/postgres-password';

describe('PostgreSQL passwords (docs/deployment.md, "Passwords")', () => {
  it('splits a password file line at unescaped colons', () => {
    expect(pgpassFields('db.internal:5432:docs:docsctl:pa\\:ss\\\\word')).toEqual(['db.internal', '5432', 'docs', 'docsctl', 'pa:ss\\word']);
    expect(pgpassFields('*:*:*:*:x')).toEqual(['*', '*', '*', '*', 'x']);
  });

  it('takes PGPASSWORD, then the file given, then the first matching line of a private password file; says when there is none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docsctl-pgpass-'));
    const url = 'postgres://docsctl@db.internal:6432/docs';
    const pgpass = join(dir, 'pgpass');
    writeFileSync(pgpass, '# comment\nother:6432:docs:docsctl:no\ndb.internal:6432:*:docsctl:from-pgpass\n*:*:*:*:later\n');
    chmodSync(pgpass, 0o600);
    const given = join(dir, 'given');
    writeFileSync(given, 'from-file\n');
    expect(await passwordOf(url, { env: { PGPASSWORD: 'from-env', PGPASSFILE: pgpass }, passwordFile: given }).password()).toBe('from-env');
    expect(await passwordOf(url, { env: { PGPASSFILE: pgpass }, passwordFile: given }).password()).toBe('from-file');
    expect(await passwordOf(url, { env: { PGPASSFILE: pgpass } }).password()).toBe('from-pgpass');
    // Readable by others: ignored, as libpq ignores it.
    chmodSync(pgpass, 0o644);
    const none = passwordOf(url, { env: { PGPASSFILE: pgpass, HOME: dir } });
    expect(await none.password()).toMatch(/^[0-9a-f]{32}$/);
    expect(none.missing()?.message).toMatch(/^the PostgreSQL server asks a password of user docsctl and none was given/);
    const unreadable = passwordOf(url, { env: {}, passwordFile: join(dir, 'absent') });
    await unreadable.password();
    expect(unreadable.missing()?.message).toBe(`--database-password-file ${join(dir, 'absent')}: cannot read it (ENOENT)`);
  });
});
