import { describe, expect, it } from 'vitest';
import { sandbox } from '../helpers/cli';

describe('whoami, login and logout', () => {
  it('whoami prints the user as a row when piped and a field table on a terminal', async () => {
    const box = sandbox();
    expect((await box.run(['init'])).code).toBe(0);
    const piped = await box.run(['whoami']);
    expect(piped.code).toBe(0);
    expect(piped.stdout.trim().split('\t').slice(1)).toEqual(['Admin', 'admin@example.com']);
    expect(piped.stderr).toContain(`Acting on local database ${box.env.DOCSCTL_DB}, chosen by DOCSCTL_DB.`);
    const tty = await box.run(['whoami'], { tty: true });
    expect(tty.stdout).toMatch(/EMAIL\s+admin@example\.com/);
    const asOther = await box.run(['--as', 'nobody@example.com', 'whoami']);
    expect(asOther.code).toBe(5);
    expect(asOther.stderr).toContain('--as: no user nobody@example.com');
  });

  it('login needs a URL and a token, and a valid profile name', async () => {
    const box = sandbox();
    const noUrl = await box.run(['login', '--token', 't']);
    expect(noUrl.code).toBe(2);
    expect(noUrl.stderr).toContain('--url is required');
    const noToken = await box.run(['login', '--url', 'http://127.0.0.1:9']);
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain('--token is required');
    const badName = await box.run(['login', '--url', 'http://127.0.0.1:9', '--token', 't', '--profile', 'a.b']);
    expect(badName.code).toBe(2);
    const unreachable = await box.run(['login', '--url', 'http://127.0.0.1:9', '--token', 't']);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain('cannot reach');
  });

  it('logout of an unknown profile is a no-op that says so', async () => {
    const box = sandbox();
    const result = await box.run(['logout', '--profile', 'ghost']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('No profile ghost; nothing to do.');
  });

  it('local-only commands refuse a remote target with a usage error', async () => {
    const box = sandbox();
    const result = await box.run(['--url', 'http://127.0.0.1:9', 'db', 'purge']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('db purge works on a local database');
    const serve = await box.run(['--url', 'http://127.0.0.1:9', 'serve']);
    expect(serve.code).toBe(2);
    const init = await box.run(['--url', 'http://127.0.0.1:9', 'init']);
    expect(init.code).toBe(2);
  });
});
