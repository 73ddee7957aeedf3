import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sandbox } from '../helpers/cli';
import { hasTerminal, runBuilt, runBuiltJson } from '../helpers/built';

/** Issue 30, item 3 through the built entry as a child process: what users run. */
describe('members update and remove through the built entry', () => {
  const box = sandbox();
  afterAll(() => rmSync(box.dir, { recursive: true, force: true }));
  const roleOf = async (email: string) => (await runBuiltJson(box, ['members', 'get', email])).role;

  it('your own demotion: refused when piped without --yes, asked (and answered yes) on a real terminal', async () => {
    expect((await runBuilt(box, ['init', '--sample'])).code).toBe(0);
    const refused = await runBuilt(box, ['members', 'update', 'admin@example.com', '--role', 'edit']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Lower your own role from admin to edit (only another admin can give the admin role back): refusing without --yes (no terminal to confirm on)');
    expect(await roleOf('admin@example.com')).toBe('admin');
    if (!(await hasTerminal())) return;
    const asked = await runBuilt(box, ['members', 'update', 'admin@example.com', '--role', 'edit'], { tty: true });
    expect(asked.code, asked.stdout).toBe(0);
    expect(asked.stdout).toContain('Lower your own role from admin to edit');
    expect(await roleOf('admin@example.com')).toBe('edit');
    // Now an admin command is refused, and the hint says how to get back.
    const after = await runBuilt(box, ['members', 'update', 'admin@example.com', '--role', 'admin']);
    expect(after.code).toBe(4);
    expect(after.stderr).toContain('hint: this ran as admin@example.com (role edit); act as an admin with --as (ada.lovelace@acme.example, grace.hopper@acme.example):\n  docsctl --as ada.lovelace@acme.example members update admin@example.com --role admin\n');
    expect((await runBuilt(box, ['--as', 'ada.lovelace@acme.example', 'members', 'update', 'admin@example.com', '--role', 'admin'])).code).toBe(0);
  }, 60_000);

  it('several members from a file: --dry-run plans, the real run applies all of them', async () => {
    writeFileSync(join(box.dir, 'roles.csv'), 'email,org_role\ndonald.knuth@acme.example,review\nalan.turing@acme.example,comment\n');
    const dry = await runBuilt(box, ['members', 'update', '--file', 'roles.csv', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toBe('2\tdonald.knuth@acme.example\tdonald.knuth@acme.example\t\torg-role\tok\tread -> review\n3\talan.turing@acme.example\talan.turing@acme.example\t\torg-role\tok\tcreate -> comment\n');
    expect(await roleOf('donald.knuth@acme.example')).toBe('read');
    const applied = await runBuilt(box, ['members', 'update', '--file', 'roles.csv']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stderr).toBe('Applied: 2 changes, 0 unchanged or skipped, 0 errors.\n');
    expect([await roleOf('donald.knuth@acme.example'), await roleOf('alan.turing@acme.example')]).toEqual(['review', 'comment']);
  }, 60_000);
});

/** Issue 30, item 3: only init creates a database, through the built entry. */
describe('a database that does not exist, through the built entry', () => {
  const box = sandbox();
  afterAll(() => rmSync(box.dir, { recursive: true, force: true }));

  it('members list and serve exit 2 naming the path and init, creating nothing; init creates it', async () => {
    const missing = join(box.dir, 'nonexist', 'x.db');
    for (const argv of [['members', 'list'], ['serve', '--port', '0']]) {
      const r = await runBuilt(box, ['--db', missing, ...argv]);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toBe(`error: no database at ${missing} (from --db): create it with \`docsctl --db ${missing} init\` (--sample fills it with a sample organization), or name an existing one\n`);
    }
    expect(existsSync(join(box.dir, 'nonexist'))).toBe(false);
    expect((await runBuilt(box, ['--db', missing, 'init'])).code).toBe(0);
    const listed = await runBuilt(box, ['--db', missing, 'members', 'list']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('admin@example.com');
  }, 60_000);
});
