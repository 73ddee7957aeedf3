import { expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs scripts/package-test.js with `args` (an executable, or --build) and expects every check to pass. */
export function expectPackageChecksPass(args: string[]): void {
  const checked = spawnSync(process.execPath, ['scripts/package-test.js', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DOCSCTL_PACKAGE_TEST_RUNS: '3' },
  });
  expect(checked.stdout).not.toContain('FAIL');
  expect(checked.status, checked.stdout + checked.stderr).toBe(0);
  expect(checked.stdout).toMatch(/^(\d+) of \1 checks passed$/m);
}
