import { expect } from 'vitest';
import { run, type RunResult, type RunOptions } from './cli';
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
  return {
    url,
    token,
    remote: (argv: string[], tty = false) =>
      run(['--url', url, '--token', token, ...argv], { tty, cwd: box.dir, env: { DOCSCTL_CONFIG_DIR: box.env.DOCSCTL_CONFIG_DIR } }),
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
