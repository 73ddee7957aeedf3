import { spawnSync } from 'node:child_process';

/** Runs the CLI and returns its stdout, failing loudly if it fails. */
export function runQuiet(bin: string, args: string[], env: NodeJS.ProcessEnv): string {
  const result = spawnSync(process.execPath, [bin, ...args], { env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`docsctl ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}
