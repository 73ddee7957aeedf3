import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { sandbox } from '../helpers/cli';
import { BIN, builtEnv, hasTerminal, runBuilt, spawnBuiltServe } from '../helpers/built';

/** A word the shell reads back as itself. */
const quote = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

/**
 * Runs the built `docsctl argv` on a real pseudo-terminal (script(1)), types `keys` once `prompt` is on
 * the screen, and prints the terminal's settings (`stty -a`) after it exits, in the same terminal.
 * Resolves with docsctl's exit code and everything the terminal showed (what it echoed included).
 */
function onTerminal(argv: string[], options: { env: Record<string, string>; cwd: string; prompt: string; keys: string }) {
  const command = `stty cols 100 rows 40; ${[process.execPath, BIN, ...argv].map(quote).join(' ')}; code=$?; echo; echo "STTY: $(stty -a | tr '\\n' ' ')"; exit $code`;
  const child = spawn('/usr/bin/script', ['-qfec', command, '/dev/null'], { cwd: options.cwd, env: { TERM: 'xterm-256color', SHELL: '/bin/sh', ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let screen = '';
  let typed = false;
  child.stdout.on('data', (chunk) => {
    // eslint-disable-next-line no-control-regex
    screen += chunk.toString('utf8').replace(/\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\r/g, '');
    if (!typed && screen.includes(options.prompt)) {
      typed = true;
      // A person reads the question, then types or pastes.
      setTimeout(() => child.stdin.write(options.keys), 100);
    }
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise<{ code: number; screen: string }>((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      child.stdin.destroy();
      resolve({ code: code ?? -1, screen });
    }),
  );
}

describe.runIf(await hasTerminal())('login on a real terminal, through the built entry (issue 30, item 4)', () => {
  const box = sandbox();
  let server: ReturnType<typeof spawnBuiltServe>;
  let url = '';
  let token = '';
  beforeAll(async () => {
    expect((await runBuilt(box, ['init'])).code).toBe(0);
    server = spawnBuiltServe(box, ['--port', '0', '--json']);
    url = await server.listening;
    const created = await runBuilt(box, ['tokens', 'create', '--name', 'terminal', '--json']);
    expect(created.code, created.stderr).toBe(0);
    token = JSON.parse(created.stdout).token;
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(box.dir, { recursive: true, force: true });
  });
  const env = (name: string) => builtEnv(box, { DOCSCTL_CONFIG_DIR: `${box.dir}/${name}` });

  it('asks for the token without echoing it, logs in, and leaves the terminal as it found it', async () => {
    const r = await onTerminal(['login', '--url', url], { env: env('typed'), cwd: box.dir, prompt: '(it is not shown): ', keys: `${token}\r` });
    expect(r.code, r.screen).toBe(0);
    expect(r.screen).toContain(`Paste the API token for ${url} (it is not shown): `);
    expect(r.screen).toContain(`Logged in to ${url} as admin@example.com (profile default, active).`);
    // Nothing of the token reached the screen: the terminal did not echo it.
    expect(r.screen).not.toContain(token.slice(4, 16));
    const stty = /STTY: (.*)/.exec(r.screen)![1];
    expect(stty).toMatch(/(^|\s)echo(\s|$)/);
    expect(stty).toMatch(/(^|\s)icanon(\s|$)/);
    const who = await runBuilt(box, ['whoami', '--json'], { env: { DOCSCTL_CONFIG_DIR: `${box.dir}/typed`, DOCSCTL_DB: '' } });
    expect(JSON.parse(who.stdout)).toMatchObject({ mode: 'remote', target: url });
  }, 40_000);

  it('Ctrl-C at the question cancels (exit 2), saves nothing, and gives the terminal back with echo on', async () => {
    const r = await onTerminal(['login', '--url', url], { env: env('cancelled'), cwd: box.dir, prompt: '(it is not shown): ', keys: 'dct_half\u0003' });
    expect(r.code, r.screen).toBe(2);
    expect(r.screen).toContain('error: cancelled');
    expect(r.screen).not.toContain('dct_half');
    const stty = /STTY: (.*)/.exec(r.screen)![1];
    expect(stty).toMatch(/(^|\s)echo(\s|$)/);
    expect(stty).toMatch(/(^|\s)icanon(\s|$)/);
    const who = await runBuilt(box, ['whoami', '--json'], { env: { DOCSCTL_CONFIG_DIR: `${box.dir}/cancelled`, DOCSCTL_DB: '' } });
    expect(who.stdout).not.toContain(url);
  }, 40_000);

  it('piped without --with-token: refused (exit 2), the piped token left alone; with --with-token it is read', async () => {
    const piped = await runBuilt(box, ['login', '--url', url], { stdin: `${token}\n`, env: { DOCSCTL_CONFIG_DIR: `${box.dir}/piped` } });
    expect(piped.code).toBe(2);
    expect(piped.stderr).toContain('--token is required: pipe it in with --with-token');
    const withToken = await runBuilt(box, ['login', '--url', url, '--with-token'], { stdin: `${token}\n`, env: { DOCSCTL_CONFIG_DIR: `${box.dir}/piped` } });
    expect(withToken.code, withToken.stderr).toBe(0);
  }, 30_000);
});
