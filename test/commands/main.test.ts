import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { run, sandbox } from '../helpers/cli';
import { exitCodeForStatus } from '../../src/errors';

describe('docsctl main', () => {
  it('prints its version and help without opening a database', async () => {
    const box = sandbox();
    const version = await box.run(['--version']);
    expect(version).toMatchObject({ code: 0, stdout: '0.1.0\n' });
    const help = await box.run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('members');
    expect(help.stdout).toContain('Exit codes');
    const groupHelp = await box.run(['teams', 'members', 'add', '--help']);
    expect(groupHelp.stdout).toContain('--dry-run');
    expect(groupHelp.stdout).toContain('Examples:');
    const { existsSync } = await import('node:fs');
    expect(existsSync(box.env.DOCSCTL_DB)).toBe(false);
  });

  it('exits 2 on usage errors, naming the problem', async () => {
    const unknown = await run(['frobnicate'], { env: {} });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'frobnicate'");
    const missing = await run(['members', 'get'], { env: {} });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("missing required argument 'user'");
    const badChoice = await run(['members', 'list', '--role', 'king'], { env: {} });
    expect(badChoice.code).toBe(2);
    expect(badChoice.stderr).toContain('Allowed choices are admin');
  });

  it('maps API statuses to the exit codes of the design', () => {
    expect([400, 401, 403, 404, 409, 423, 429, 500].map(exitCodeForStatus)).toEqual([1, 4, 4, 5, 6, 6, 7, 1]);
  });

  it('refuses a database that does not exist (exit 2, naming it and init), creating nothing; init creates it (issue 30)', async () => {
    const box = sandbox();
    const missing = join(box.dir, 'nonexist', 'x.db');
    const r = await run(['--db', missing, 'members', 'list'], { env: {} });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`error: no database at ${missing} (from --db): create it with \`docsctl --db ${missing} init\` (--sample fills it with a sample organization), or name an existing one\n`);
    expect(existsSync(join(box.dir, 'nonexist'))).toBe(false);
    // The environment's and the default location say `docsctl init`, which carries them over.
    const viaEnv = await box.run(['orgs', 'list']);
    expect(viaEnv.code).toBe(2);
    expect(viaEnv.stderr).toContain(`error: no database at ${box.env.DOCSCTL_DB} (from DOCSCTL_DB): create it with \`docsctl init\``);
    const byDefault = await run(['orgs', 'list'], { env: { XDG_DATA_HOME: box.dir, DOCSCTL_CONFIG_DIR: box.dir } });
    expect(byDefault.code).toBe(2);
    expect(byDefault.stderr).toContain(`error: no database at ${box.dir}/docsctl/docsctl.db (the default location): create it with \`docsctl init\``);
    expect(existsSync(join(box.dir, 'docsctl'))).toBe(false);
    expect(existsSync(box.env.DOCSCTL_DB)).toBe(false);
    // A relative --db is the working folder's, in the message too; a path with a blank is quoted.
    const relative = await run(['--db', 'my docs.db', 'whoami'], { env: {}, cwd: box.dir });
    expect(relative.stderr).toContain(`create it with \`docsctl --db '${box.dir}/my docs.db' init\``);
    // init creates it; then the same command works.
    expect((await run(['--db', missing, 'init'], { env: {} })).code).toBe(0);
    const listed = await run(['--db', missing, 'orgs', 'list'], { env: {} });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout.split('\t')[1]).toBe('My Organization');
  });

  it('uses the XDG data directory when no database is named', async () => {
    const box = sandbox();
    const env = { XDG_DATA_HOME: box.dir, DOCSCTL_CONFIG_DIR: box.dir };
    expect((await run(['init'], { env })).code).toBe(0);
    const result = await run(['whoami', '--json'], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ mode: 'local', target: `${box.dir}/docsctl/docsctl.db`, source: 'default' });
  });

  it('follows flag > environment > profile precedence', async () => {
    const box = sandbox();
    for (const db of ['flag.db', 'env.db']) expect((await run(['--db', `${box.dir}/${db}`, 'init'])).code).toBe(0);
    const viaFlag = await run(['--db', `${box.dir}/flag.db`, 'whoami', '--json'], { env: { DOCSCTL_DB: `${box.dir}/env.db` } });
    expect(JSON.parse(viaFlag.stdout)).toMatchObject({ target: `${box.dir}/flag.db`, source: '--db' });
    const viaEnv = await run(['whoami', '--json'], { env: { DOCSCTL_DB: `${box.dir}/env.db` } });
    expect(JSON.parse(viaEnv.stdout)).toMatchObject({ target: `${box.dir}/env.db`, source: 'DOCSCTL_DB' });
    const missingProfile = await run(['--profile', 'nope', 'whoami'], { env: { DOCSCTL_CONFIG_DIR: box.dir } });
    expect(missingProfile.code).toBe(2);
    expect(missingProfile.stderr).toContain('no saved profile "nope"');
  });
});
