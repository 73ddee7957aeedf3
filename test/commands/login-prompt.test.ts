import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { readFileSync } from 'node:fs';
import { main } from '../../src/main';
import { run } from '../helpers/cli';
import { servedSandbox } from '../helpers/serve';

/**
 * `login` on a terminal with no --token and no --with-token asks for the token without echo (issue 30,
 * item 4). In-process: standard input is a fake terminal (the keys arrive as data, raw mode is recorded).
 */
describe('login asks for the token on a terminal', () => {
  const { box, served } = servedSandbox();
  const profiles = (name: string) => ({ DOCSCTL_CONFIG_DIR: `${box.dir}/${name}` });

  /** `docsctl argv` in-process with a fake terminal on stdin that records its raw mode, typing `keys` once asked. */
  async function onTerminal(argv: string[], keys: string[], env: Record<string, string> = {}) {
    const modes: boolean[] = [];
    const stdin = Object.assign(new PassThrough(), {
      isTTY: true,
      isRaw: false,
      setRawMode(mode: boolean) {
        modes.push(mode);
        this.isRaw = mode;
        return this;
      },
    });
    let stdout = '';
    let stderr = '';
    const code = await main(argv, {
      stdout: { isTTY: true, columns: 100, write: (s: string) => ((stdout += s), true) },
      stderr: {
        isTTY: false,
        write: (s: string) => {
          stderr += s;
          // The keys are typed once the question is on the screen, one chunk at a time, as a person would.
          if (s.includes('(it is not shown)')) for (const k of keys) setImmediate(() => stdin.write(k));
          return true;
        },
      },
      stdin,
      env: { HOME: box.dir, ...profiles('terminal'), ...env },
      cwd: box.dir,
    });
    return { code, stdout, stderr, modes };
  }

  it('asks on the terminal in raw mode (nothing echoed), restores the mode, and saves the profile', async () => {
    const { url, token } = served();
    const r = await onTerminal(['login', '--url', url], ['x', '\u007f', token.slice(0, 10), token.slice(10), '\r']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^Paste the API token for \S+ \(it is not shown\): \nLogged in to \S+ as admin@example\.com \(profile default, active\)\.\nOrganization \w+ "[^"]+", your only one, saved with the profile \(log in again with --org ID for another\)\.\n$/);
    expect(r.stderr).toContain(`Logged in to ${url} as`);
    expect(r.stdout + r.stderr).not.toContain(token);
    expect(r.modes).toEqual([true, false]);
    const who = await run(['whoami', '--json'], { env: { HOME: box.dir, ...profiles('terminal') } });
    expect(JSON.parse(who.stdout)).toMatchObject({ mode: 'remote', target: url });
  });

  it('Ctrl-C cancels (exit 2) and gives the terminal back; Enter alone is no token (exit 2); a wrong token is refused (exit 4)', async () => {
    const { url } = served();
    const cancelled = await onTerminal(['login', '--url', url, '--profile', 'cancelled'], ['dct_half', '\u0003']);
    expect(cancelled.code).toBe(2);
    expect(cancelled.stderr).toContain('error: cancelled');
    expect(cancelled.modes).toEqual([true, false]);
    const empty = await onTerminal(['login', '--url', url, '--profile', 'empty'], ['  ', '\r']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('no token given: paste it at the prompt, or pass --with-token');
    const wrong = await onTerminal(['login', '--url', url, '--profile', 'wrong'], ['dct_nope\r']);
    expect(wrong.code).toBe(4);
    expect(wrong.stderr).toContain('the server rejected the token');
    const saved = JSON.parse(readFileSync(`${box.dir}/terminal/config.json`, 'utf8')) as { profiles: Record<string, unknown> };
    expect(Object.keys(saved.profiles)).toEqual(['default']);
  });

  it('a pasted token in bracketed-paste escapes is read without them', async () => {
    const { url, token } = served();
    const r = await onTerminal(['login', '--url', url, '--profile', 'pasted', '--no-use'], [`\u001b[200~${token}\u001b[201~`, '\r']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Logged in to');
  });

  it('through the fake terminal of the test helper (main(argv) on a TTY): the typed line is the token', async () => {
    const { url, token } = served();
    const r = await run(['login', '--url', url, '--profile', 'helper', '--no-use'], { tty: true, stdin: `${token}\r`, env: { HOME: box.dir, ...profiles('helper') } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Paste the API token for ${url} (it is not shown): \n`);
    expect(r.stdout + r.stderr).not.toContain(token);
  });

  it('piped, without --with-token: refused (exit 2) saying how to give it, and the piped input is not read as a token', async () => {
    const { url, token } = served();
    const r = await run(['login', '--url', url], { stdin: `${token}\n`, env: { HOME: box.dir, ...profiles('piped') } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--token is required: pipe it in with --with-token (docsctl login --url ${url} --with-token < token.txt), set DOCSCTL_TOKEN, or run login on a terminal to be asked for it`);
    const ci = await run(['login', '--url', url], { tty: true, stdin: `${token}\r`, env: { HOME: box.dir, CI: 'true', ...profiles('piped') } });
    expect(ci.code).toBe(2);
    expect(ci.stderr).toContain('(CI is set: nothing is asked)');
    // What can be refused is refused before asking: no URL, a bad profile name.
    const noUrl = await run(['login'], { tty: true, stdin: `${token}\r`, env: { HOME: box.dir, ...profiles('piped') } });
    expect(noUrl.code).toBe(2);
    expect(noUrl.stderr).not.toContain('Paste the API token');
    const badName = await run(['login', '--url', url, '--profile', 'a.b'], { tty: true, stdin: `${token}\r`, env: { HOME: box.dir, ...profiles('piped') } });
    expect(badName.code).toBe(2);
    expect(badName.stderr).not.toContain('Paste the API token');
  });
});
