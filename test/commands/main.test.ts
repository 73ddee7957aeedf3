import { describe, expect, it } from 'vitest';
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

  it('creates the default database on first local use and says so on stderr', async () => {
    const box = sandbox();
    const first = await box.run(['orgs', 'list']);
    expect(first.code).toBe(0);
    expect(first.stderr).toContain('Created database');
    expect(first.stdout.split('\t')[1]).toBe('My Organization');
    const second = await box.run(['orgs', 'list']);
    expect(second.stderr).not.toContain('Created database');
  });

  it('uses the XDG data directory when no database is named', async () => {
    const box = sandbox();
    const result = await run(['whoami', '--json'], { env: { XDG_DATA_HOME: box.dir, DOCSCTL_CONFIG_DIR: box.dir } });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ mode: 'local', target: `${box.dir}/docsctl/docsctl.db`, source: 'default' });
  });

  it('follows flag > environment > profile precedence', async () => {
    const box = sandbox();
    const viaFlag = await run(['--db', `${box.dir}/flag.db`, 'whoami', '--json'], { env: { DOCSCTL_DB: `${box.dir}/env.db` } });
    expect(JSON.parse(viaFlag.stdout)).toMatchObject({ target: `${box.dir}/flag.db`, source: '--db' });
    const viaEnv = await run(['whoami', '--json'], { env: { DOCSCTL_DB: `${box.dir}/env.db` } });
    expect(JSON.parse(viaEnv.stdout)).toMatchObject({ target: `${box.dir}/env.db`, source: 'DOCSCTL_DB' });
    const missingProfile = await run(['--profile', 'nope', 'whoami'], { env: { DOCSCTL_CONFIG_DIR: box.dir } });
    expect(missingProfile.code).toBe(2);
    expect(missingProfile.stderr).toContain('no saved profile "nope"');
  });
});
