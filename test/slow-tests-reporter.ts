import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter } from 'vitest/reporters';

/** The longest a test may take unless its file says why (issue 55). */
export const SLOW_TEST_MS = 20_000;
/** How a file says why its tests may take longer: a comment line starting with this, then the reason. */
export const SLOW_MARK = 'Slow on purpose:';

type Task = { type: string; name: string; tasks?: Task[]; result?: { duration?: number } };

function testsOf(task: Task, path: string[] = []): { name: string; ms: number }[] {
  if (task.type === 'test') return [{ name: [...path, task.name].join(' > '), ms: task.result?.duration ?? 0 }];
  // A file is a suite too (its name the path): only the suites inside it name the test.
  return (task.tasks ?? []).flatMap((child) => testsOf(child, task.type === 'suite' && 'filepath' in task === false ? [...path, task.name] : path));
}

/**
 * Fails the run when a test took longer than SLOW_TEST_MS in a file with no `Slow on purpose:` comment
 * (a load or lifecycle test says so), so the next slow test is seen when it is written. Its own
 * timeout would stop it anyway at the suite's 20 s; this catches a test that raised its timeout.
 */
export default class SlowTestsReporter implements Reporter {
  onFinished(files: (Task & { filepath: string })[] = []): void {
    const slow: string[] = [];
    for (const file of files) {
      const tests = testsOf(file).filter((test) => test.ms > SLOW_TEST_MS);
      if (!tests.length || readFileSync(file.filepath, 'utf8').includes(SLOW_MARK)) continue;
      for (const test of tests) slow.push(`${relative(process.cwd(), file.filepath)} > ${test.name}: ${(test.ms / 1000).toFixed(1)} s`);
    }
    if (!slow.length) return;
    process.stderr.write(`\nTests longer than ${SLOW_TEST_MS / 1000} s in files that do not say why (a "// ${SLOW_MARK} …" comment):\n${slow.map((line) => `  ${line}\n`).join('')}`);
    process.exitCode = 1;
  }
}
