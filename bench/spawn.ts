import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

/** Runs the CLI and returns its stdout, failing loudly if it fails. */
export function runQuiet(bin: string, args: string[], env: NodeJS.ProcessEnv): string {
  const result = spawnSync(process.execPath, [bin, ...args], { env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`docsctl ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

/** A server Node runs with `args`; resolves once it printed its `{ url }` line. */
export function startServer(args: string[], env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout!.once('data', (chunk: Buffer) => resolve({ child, url: JSON.parse(chunk.toString()).url }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/**
 * `docsctl serve` on a free port, its rate limit raised out of the way (so the limiter still runs) and
 * its access log off (the bench process, which reads the child's output, would pay for it).
 */
export function startServe(bin: string, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  return startServer([bin, 'serve', '--port', '0', '--json', '--rate-limit', '1000000000', '--log-format', 'off'], env);
}
