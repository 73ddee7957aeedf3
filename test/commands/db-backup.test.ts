import { describe, expect, it } from 'vitest';
import { copyFileSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { noPrompter, sandbox, yesPrompter } from '../helpers/cli';
import { runBuilt, spawnBuiltServe } from '../helpers/built';

const spaceTitles = async (box: Awaited<ReturnType<typeof sandbox>>) =>
  (JSON.parse((await box.run(['spaces', 'list', '--all', '--json'])).stdout).items as { title: string }[]).map((s) => s.title);

describe('db backup and db restore', () => {
  it('backs up, then restores the database as it was at the backup (piped: --json; --yes needed)', async () => {
    const box = sandbox();
    expect((await box.run(['init', '--sample'])).code).toBe(0);
    const backup = await box.run(['db', 'backup', 'b.db', '--json']);
    expect(backup.code, backup.stderr).toBe(0);
    expect(JSON.parse(backup.stdout)).toMatchObject({ file: join(box.dir, 'b.db'), integrity: 'ok', bytes: statSync(join(box.dir, 'b.db')).size });
    expect(statSync(join(box.dir, 'b.db')).mode & 0o777).toBe(0o600);
    // A folder that does not exist yet is made; one that cannot be is a clear error.
    expect((await box.run(['db', 'backup', 'backups/daily/b.db'])).code).toBe(0);
    expect(existsSync(join(box.dir, 'backups/daily/b.db'))).toBe(true);
    writeFileSync(join(box.dir, 'a-file'), '');
    const blocked = await box.run(['db', 'backup', 'a-file/b.db']);
    expect(blocked.code).toBe(1);
    expect(blocked.stderr).toMatch(/^error: a-file\/b\.db: cannot write the backup: /);
    const before = await spaceTitles(box);

    expect((await box.run(['spaces', 'create', '--title', 'After the backup'])).code).toBe(0);
    expect(await spaceTitles(box)).toContain('After the backup');
    const unconfirmed = await box.run(['db', 'restore', 'b.db']);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain('--yes');
    const restored = await box.run(['db', 'restore', 'b.db', '--yes', '--json']);
    expect(restored.code, restored.stderr).toBe(0);
    expect(JSON.parse(restored.stdout)).toMatchObject({ database: box.env.DOCSCTL_DB, restoredFrom: join(box.dir, 'b.db') });
    expect(await spaceTitles(box)).toEqual(before);
  });

  it('on a terminal: asks before restoring, says what it did, and does nothing when told no', async () => {
    const box = sandbox();
    expect((await box.run(['init'])).code).toBe(0);
    const backup = await box.run(['db', 'backup', 'b.db'], { tty: true });
    expect(backup.stderr).toMatch(/Backed up .*test\.db to b\.db \(\d+ bytes; integrity ok\)\./);
    expect((await box.run(['spaces', 'create', '--title', 'Kept'])).code).toBe(0);
    expect((await box.run(['db', 'restore', 'b.db'], { tty: true, prompter: noPrompter })).code).toBe(2);
    expect(await spaceTitles(box)).toContain('Kept');
    const restored = await box.run(['db', 'restore', 'b.db'], { tty: true, prompter: yesPrompter });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stderr).toContain('Restored');
    expect(await spaceTitles(box)).not.toContain('Kept');
  });

  it('never overwrites a file without --force, and refuses backups that are damaged, not docsctl\'s, or from a newer docsctl', async () => {
    const box = sandbox();
    expect((await box.run(['init'])).code).toBe(0);
    writeFileSync(join(box.dir, 'taken.db'), 'keep me');
    const taken = await box.run(['db', 'backup', 'taken.db']);
    expect(taken.code).toBe(6);
    expect(taken.stderr).toContain('taken.db exists: pass --force to replace it');
    expect((await box.run(['db', 'backup', 'taken.db', '--force'])).code).toBe(0);

    const refused = async (file: string, message: string) => {
      const result = await box.run(['db', 'restore', file, '--yes']);
      expect(result.code, file).toBe(1);
      expect(result.stderr).toContain(message);
      expect(result.stderr).toContain('was left as it was');
    };
    writeFileSync(join(box.dir, 'notes.txt'), 'not a database at all, just text '.repeat(200));
    await refused('notes.txt', 'is not a database docsctl can read');
    const other = new Database(join(box.dir, 'other.db'));
    other.exec('CREATE TABLE t (x)');
    other.close();
    await refused('other.db', 'is not a docsctl database');
    copyFileSync(join(box.dir, 'taken.db'), join(box.dir, 'newer.db'));
    const newer = new Database(join(box.dir, 'newer.db'));
    newer.pragma('user_version = 999');
    newer.close();
    await refused('newer.db', 'was written by a newer docsctl (schema 999');
    const damaged = readFileSync(join(box.dir, 'taken.db'));
    damaged.fill(0x55, 4096, 8192);
    writeFileSync(join(box.dir, 'damaged.db'), damaged);
    const result = await box.run(['db', 'restore', 'damaged.db', '--yes']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/damaged\.db is (damaged|not a database docsctl can read)/);
    // Still the database it was.
    expect((await box.run(['spaces', 'list'])).code).toBe(0);
  });

  it('works on local databases only', async () => {
    const box = sandbox();
    const remote = await box.run(['--url', 'http://127.0.0.1:9', '--token', 't', 'db', 'restore', 'b.db', '--yes']);
    expect(remote.code).toBe(2);
    expect(remote.stderr).toContain('db restore works on a local database file');
  });

  it('through the built CLI: backs up a database a running serve is writing to; restore is refused until the server stops', async () => {
    const box = sandbox();
    expect((await runBuilt(box, ['init', '--sample'])).code).toBe(0);
    const server = spawnBuiltServe(box, ['--port', '0']);
    await server.listening;
    try {
      // Writes go on (through the same file) while the backup is taken.
      const writes = Promise.all(Array.from({ length: 5 }, (_, i) => runBuilt(box, ['spaces', 'create', '--title', `During ${i}`])));
      const backup = await runBuilt(box, ['db', 'backup', 'live.db', '--json']);
      expect(backup.code, backup.stderr).toBe(0);
      expect(JSON.parse(backup.stdout).integrity).toBe('ok');
      for (const write of await writes) expect(write.code, write.stderr).toBe(0);
      const refused = await runBuilt(box, ['db', 'restore', 'live.db', '--yes']);
      expect(refused.code).toBe(6);
      expect(refused.stderr).toMatch(/a docsctl serve \(process \d+\) holds .*: stop it, then restore/);
    } finally {
      expect((await server.stop()).code).toBe(0);
    }
    expect(existsSync(`${box.env.DOCSCTL_DB}.serve-pid`)).toBe(false);
    const restored = await runBuilt(box, ['db', 'restore', 'live.db', '--yes']);
    expect(restored.code, restored.stderr).toBe(0);
    expect((await runBuilt(box, ['spaces', 'list'])).code).toBe(0);
  }, 60_000);
});
