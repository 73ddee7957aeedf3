import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { sandbox } from '../helpers/cli';

describe('db copy (SQLite to SQLite; PostgreSQL both ways: test/postgres/copy.test.ts)', () => {
  it('copies an instance into a new file, the same instance there; piped --json and on a terminal', async () => {
    const box = sandbox();
    expect((await box.run(['init', '--sample'])).code).toBe(0);
    const copied = await box.run(['db', 'copy', '--from', box.env.DOCSCTL_DB, '--to', join(box.dir, 'copy.db'), '--json']);
    expect(copied.code, copied.stderr).toBe(0);
    const report = JSON.parse(copied.stdout);
    expect(report.tables.find((t: { name: string }) => t.name === 'members')).toEqual({ name: 'members', rows: 37 });
    const list = async (db: string) => JSON.parse((await box.run(['--db', db, 'spaces', 'list', '--json', 'id,title'])).stdout);
    expect(await list(join(box.dir, 'copy.db'))).toEqual(await list(box.env.DOCSCTL_DB));
    const tty = await box.run(['db', 'copy', '--from', box.env.DOCSCTL_DB, '--to', join(box.dir, 'second.db')], { tty: true });
    expect(tty.code).toBe(0);
    expect(tty.stdout + tty.stderr).toMatch(/Copied \d+ row\(s\) in \d+ tables from .* to .*second\.db; every table's row count matches\./);
  });

  it('refuses a target that holds anything (exit 6, left as it was) and the same database twice (exit 2)', async () => {
    const box = sandbox();
    expect((await box.run(['init'])).code).toBe(0);
    const other = join(box.dir, 'other.db');
    expect((await box.run(['--db', other, 'init'])).code).toBe(0);
    const refused = await box.run(['db', 'copy', '--from', box.env.DOCSCTL_DB, '--to', other]);
    expect(refused.code).toBe(6);
    expect(refused.stderr).toMatch(/the target is not empty \(table \w+ has rows\): copy into a new database/);
    const same = await box.run(['db', 'copy', '--from', box.env.DOCSCTL_DB, '--to', `sqlite:${box.env.DOCSCTL_DB}`]);
    expect(same.code).toBe(2);
    expect(same.stderr).toContain('--from and --to name the same database');
  });
});
