import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sandbox } from '../helpers/cli';
import { emptySandbox, json, ok } from './support';

/**
 * Issue 30, item 3: a database location that does not exist is an error (exit 2, naming it and
 * `docsctl init`) for every command but init; nothing is created, not even the folder.
 */
describe('a database that does not exist', () => {
  const refusal = (path: string, source: string, init: string) =>
    `error: no database at ${path} (${source}): create it with \`${init}\` (--sample fills it with a sample organization), or name an existing one\n`;

  it.each([
    ['members list', ['members', 'list']],
    ['whoami', ['whoami']],
    ['db migrate', ['db', 'migrate']],
    ['db backup', ['db', 'backup', 'b.db']],
    ['db purge', ['db', 'purge']],
    ['tokens create', ['tokens', 'create', '--name', 'ci']],
    ['export', ['export', '-o', 'x.tgz']],
    ['serve', ['serve', '--port', '0']],
  ])('%s refuses it (exit 2) and creates nothing', async (_name, argv) => {
    const box = sandbox();
    const missing = join(box.dir, 'nonexist', 'x.db');
    const r = await box.run(['--db', missing, ...argv]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(refusal(missing, 'from --db', `docsctl --db ${missing} init`));
    expect(readdirSync(box.dir)).toEqual([]);
  });

  it('names where it was named: --database (sqlite:FILE), DOCSCTL_DATABASE_URL, DOCSCTL_DB', async () => {
    const box = sandbox();
    const missing = join(box.dir, 'x.db');
    expect((await box.run(['--database', `sqlite:${missing}`, 'orgs', 'list'])).stderr).toBe(refusal(missing, 'from --database', `docsctl --database ${missing} init`));
    expect((await box.run(['orgs', 'list'], { env: { DOCSCTL_DB: undefined, DOCSCTL_DATABASE_URL: missing } })).stderr).toBe(refusal(missing, 'from DOCSCTL_DATABASE_URL', 'docsctl init'));
    expect((await box.run(['orgs', 'list'])).stderr).toBe(refusal(box.env.DOCSCTL_DB, 'from DOCSCTL_DB', 'docsctl init'));
    expect(existsSync(missing) || existsSync(box.env.DOCSCTL_DB)).toBe(false);
  });

  it('init creates it, and what it said works then', async () => {
    const box = sandbox();
    const missing = join(box.dir, 'nonexist', 'x.db');
    expect((await box.run(['--db', missing, 'members', 'list'])).code).toBe(2);
    ok(await box.run(['--db', missing, 'init']));
    expect(tsvRowsCount(ok(await box.run(['--db', missing, 'members', 'list'])).stdout)).toBe(1);
  });

  it('db copy: --from must exist (exit 2); --to may be new, and is created', async () => {
    const box = await emptySandbox();
    const r = await box.run(['db', 'copy', '--from', join(box.dir, 'none.db'), '--to', join(box.dir, 'copy.db')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`error: --from: no database at ${join(box.dir, 'none.db')}: nothing to copy\n`);
    expect(existsSync(join(box.dir, 'copy.db'))).toBe(false);
    ok(await box.run(['db', 'copy', '--from', box.env.DOCSCTL_DB, '--to', join(box.dir, 'new', 'copy.db')]));
    expect((await json(box, ['--db', join(box.dir, 'new', 'copy.db'), 'orgs', 'list'])).count).toBe(1);
  });

  it('db restore writes a database from a backup where there was none', async () => {
    const box = await emptySandbox();
    ok(await box.run(['db', 'backup', 'b.db']));
    const fresh = join(box.dir, 'restored.db');
    ok(await box.run(['--db', fresh, 'db', 'restore', 'b.db', '--yes']));
    expect((await json(box, ['--db', fresh, 'members', 'list'])).count).toBe(1);
  });

  it('shell completion asks nothing of it, and creates nothing', async () => {
    const box = sandbox();
    const missing = join(box.dir, 'nonexist', 'x.db');
    const r = await box.run(['--db', missing, '__complete', 'space', '']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(readdirSync(box.dir)).toEqual([]);
  });
});

function tsvRowsCount(stdout: string): number {
  return stdout.split('\n').filter(Boolean).length;
}
