import { afterAll, beforeAll, expect } from 'vitest';
import { run, sandbox, type RunResult, type RunOptions } from './cli';
import { request, type Dispatcher } from 'undici';
import { stopServers } from '../../src/commands/serve';

type Sandbox = { dir: string; env: Record<string, string>; run: (argv: string[], options?: RunOptions) => Promise<RunResult> };

/**
 * A real `docsctl serve` on port 0 over a sandbox's database, in-process, with a token minted for it.
 * `remote(argv)` runs the CLI against it with only the URL and token (never the local database).
 */
export async function startServe(box: Sandbox, options: { tokenName?: string; args?: string[] } = {}) {
  let listening: (line: string) => void = () => undefined;
  const announced = new Promise<string>((resolve) => (listening = resolve));
  const serving = run(['serve', '--port', '0', '--json', ...(options.args ?? [])], { env: box.env, cwd: box.dir, onStdout: (chunk) => listening(chunk) });
  const url = JSON.parse(await announced).url as string;
  const token = JSON.parse((await box.run(['tokens', 'create', '--name', options.tokenName ?? 'e2e', '--json'])).stdout).token as string;
  const remote = (argv: string[], tty = false) =>
    run(['--url', url, '--token', token, ...argv], { tty, cwd: box.dir, env: { DOCSCTL_CONFIG_DIR: box.env.DOCSCTL_CONFIG_DIR } });
  return {
    url,
    token,
    remote,
    /** Runs `argv --json` remotely, expects exit 0 and parses what it printed. */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async json(argv: string[]): Promise<any> {
      const result = await remote([...argv, '--json']);
      expect(result.code, result.stderr).toBe(0);
      return JSON.parse(result.stdout);
    },
    /** Stops the server and checks it exited cleanly; returns what serve printed. */
    async stop(): Promise<RunResult> {
      stopServers();
      const result = await serving;
      expect(result.code).toBe(0);
      return result;
    },
  };
}

export type Served = Awaited<ReturnType<typeof startServe>>;

/**
 * For a `describe` block: a sandbox with a fresh database (`init`), served by a real `docsctl serve` on
 * port 0 from `beforeAll` to `afterAll` (after `setup`, which may prepare files or rows). `remote(argv)` runs the CLI against it with only the URL and
 * a token; `served()` gives the server itself (its URL and token) once it runs.
 */
export function servedSandbox(options: { setup?: (box: Sandbox) => void | Promise<void> } = {}) {
  const box = sandbox();
  let served: Served | undefined;
  beforeAll(async () => {
    const init = await box.run(['init', '--no-first-token']);
    expect(init.code, init.stderr).toBe(0);
    await options.setup?.(box);
    served = await startServe(box);
    // A built CLI's init and serve's start-up: seconds, more on a busy machine (vitest's 10 s is too short).
  }, 60_000);
  afterAll(async () => {
    await served?.stop();
  });
  const running = (): Served => {
    if (!served) throw new Error('the server starts in beforeAll: use it inside a test');
    return served;
  };
  return { box, served: running, remote: (argv: string[], tty = false) => running().remote(argv, tty), json: (argv: string[]) => running().json(argv) };
}

/**
 * Raw HTTP to a served API as `token`'s user: `call(method, path, body?, as?)`, where `body` is an
 * object sent as JSON or text sent as it is, and `as` another token. The answer keeps its bytes.
 */
export function apiCaller(url: string, token: string) {
  return async (method: string, path: string, body?: unknown, as = token) => {
    const res = await request(`${url}${path}`, {
      method: method as Dispatcher.HttpMethod,
      headers: { authorization: `Bearer ${as}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const bytes = Buffer.from(await res.body.arrayBuffer());
    const text = bytes.toString('utf8');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.statusCode, headers: res.headers, bytes, text, json: (): any => JSON.parse(text) };
  };
}
