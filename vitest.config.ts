import { defineConfig } from 'vitest/config';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  define: { __DOCSCTL_VERSION__: JSON.stringify(pkg.version) },
  test: {
    pool: 'forks',
    testTimeout: 20_000,
    projects: [
      // Everything on SQLite, the default backend.
      { extends: true, test: { name: 'sqlite', include: ['test/**/*.test.ts'], exclude: ['test/postgres/**'], globalSetup: ['test/global-setup.ts'] } },
      // The server and end-to-end suites again on PostgreSQL, and what only PostgreSQL has (replicas, copies).
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['test/server/**/*.test.ts', 'test/e2e/**/*.test.ts', 'test/postgres/**/*.test.ts'],
          // These two read the SQLite file itself (its bytes at rest, a file made unreadable).
          exclude: ['test/e2e/secrets-at-rest.test.ts', 'test/e2e/hostile-files.test.ts'],
          globalSetup: ['test/global-setup.ts', 'test/postgres-setup.ts'],
          // Only this project's workers use the cluster (its URL, set by the set-up, reaches every worker).
          env: { DOCSCTL_TEST_BACKEND: 'postgres' },
        },
      },
    ],
  },
});
