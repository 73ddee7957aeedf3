import { expect } from 'vitest';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs scripts/package-test.js with `args` (an executable, or --build) and expects every check to pass. */
/**
 * Runs a command to its end without blocking the test worker: a worker blocked past vitest's 60 s RPC
 * timeout (a build on a busy machine) fails the run with "Timeout calling onTaskUpdate".
 */
export function runToEnd(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

export async function expectPackageChecksPass(args: string[]): Promise<void> {
  const checked = await runToEnd(process.execPath, ['scripts/package-test.js', ...args], {
    cwd: root,
    env: { ...process.env, DOCSCTL_PACKAGE_TEST_RUNS: '3' },
  });
  expect(checked.stdout).not.toContain('FAIL');
  expect(checked.status, checked.stdout + checked.stderr).toBe(0);
  expect(checked.stdout).toMatch(/^(\d+) of \1 checks passed$/m);
}
