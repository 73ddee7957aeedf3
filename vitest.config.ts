import { defineConfig } from 'vitest/config';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { quickFiles } from './scripts/test-sets.js';
import LongestFirstSequencer from './test/longest-first-sequencer';

const WORKERS = Number(process.env.DOCSCTL_TEST_WORKERS) || Math.max(3, availableParallelism() + 1);
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  define: { __DOCSCTL_VERSION__: JSON.stringify(pkg.version) },
  test: {
    pool: 'forks',
    // More workers than cores: vitest's default (cores - 1) runs one file at a time on a 2-core machine,
    // while most files spend their time waiting on a child process, a server or PostgreSQL.
    maxWorkers: WORKERS,
    // As many kept as started: tinypool ends an idle worker above the minimum with an unhandled
    // "Terminating worker thread" when workers are reused (vitest-dev/vitest#8564).
    minWorkers: WORKERS,
    // A worker process runs file after file, so modules are loaded once a worker rather than once a file:
    // the suite spent more CPU loading modules than running tests. Files of a worker share its modules
    // (docs/architecture.md, "Testing").
    poolOptions: { forks: { isolate: false } },
    // What a package keeps in its module is loaded afresh with each file, as in a process of its own: jsep
    // its operators (the code that adds them runs with each file); what one keeps on globalThis is put back
    // before each file by test/fresh-process-state.ts.
    server: { deps: { inline: ['jsep'] } },
    setupFiles: ['test/fresh-process-state.ts'],
    // The longest files first, from the last run's times, also in a clean clone (test/longest-first-sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    testTimeout: 20_000,
    // A test past 20 s fails the run unless its file says why (test/slow-tests-reporter.ts).
    reporters: ['default', './test/slow-tests-reporter.ts'],
    // `npm run coverage`: line and branch coverage of src/ by the test workers (what a child process runs,
    // the built CLI, is not counted: v8 coverage follows the workers only).
    coverage: { provider: 'v8', include: ['src/**/*.ts'], reporter: ['text-summary', 'json-summary'] },
    // `npm run test:quick` (DOCSCTL_TEST_QUICK=1): one project of the files that start no child process and
    // need no PostgreSQL (scripts/test-sets.js); `npm test` runs the three projects below.
    projects: process.env.DOCSCTL_TEST_QUICK ? [
      { extends: true, test: { name: 'quick', include: quickFiles(), globalSetup: ['test/global-setup.ts'], isolate: true } },
    ] : [
      // Everything on SQLite, the default backend.
      { extends: true, test: { name: 'sqlite', include: ['test/**/*.test.ts'], exclude: ['test/postgres/**', 'test/s3/**'], globalSetup: ['test/global-setup.ts'] } },
      // The server and end-to-end suites again on PostgreSQL, and what only PostgreSQL has (replicas, copies).
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['test/server/**/*.test.ts', 'test/e2e/**/*.test.ts', 'test/postgres/**/*.test.ts'],
          // These two read the SQLite file itself (its bytes at rest, a file made unreadable). The others
          // prove the HTTP layer or the process's streams, which no backend reaches: SQLite proves them.
          exclude: [
            'test/e2e/secrets-at-rest.test.ts', 'test/e2e/hostile-files.test.ts',
            'test/e2e/oversized-bodies.test.ts', 'test/e2e/hostile-bodies.test.ts', 'test/e2e/serve-connection-flood.test.ts',
            'test/e2e/built-serve-slow-log.test.ts', 'test/e2e/built-output-descriptors.test.ts', 'test/e2e/built-login-prompt.test.ts',
          ],
          globalSetup: ['test/global-setup.ts', 'test/postgres-setup.ts'],
          // After each test, its engines' schemas go back to the pool (test/postgres-release.ts).
          setupFiles: ['test/postgres-release.ts'],
          // Only this project's workers use the cluster (its URL, set by the set-up, reaches every worker).
          env: { DOCSCTL_TEST_BACKEND: 'postgres' },
        },
      },
      // The content and file tests of the server and end-to-end suites again with every file in S3-compatible
      // object storage (a throwaway S3-protocol server the run starts), and what only S3 has (test/s3/).
      {
        extends: true,
        test: {
          name: 's3',
          include: [
            'test/s3/**/*.test.ts',
            'test/server/uploads.test.ts', 'test/server/content-writes.test.ts', 'test/server/content-reads.test.ts',
            'test/server/revisions.test.ts', 'test/server/import.test.ts',
            'test/e2e/built-uploads.test.ts', 'test/e2e/remote-uploads.test.ts', 'test/e2e/large-file-push.test.ts',
            'test/e2e/capability-urls.test.ts', 'test/e2e/remote-content.test.ts', 'test/e2e/push-failures.test.ts',
            'test/e2e/remote-revisions.test.ts', 'test/e2e/remote-org-archive.test.ts', 'test/e2e/built-org-archive.test.ts',
          ],
          globalSetup: ['test/global-setup.ts', 'test/s3-setup.ts'],
          // Only this project's workers keep files in S3 (the server's endpoint, set by the set-up, reaches every worker).
          // The AWS SDK never asks the instance metadata address for credentials in a test run.
          env: { DOCSCTL_TEST_FILES: 's3', AWS_EC2_METADATA_DISABLED: 'true' },
        },
      },
    ],
  },
});
