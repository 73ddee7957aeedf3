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
      // The server suite again on PostgreSQL, and what only PostgreSQL has (replicas).
      {
        extends: true,
        test: { name: 'postgres', include: ['test/server/**/*.test.ts', 'test/postgres/**/*.test.ts'], globalSetup: ['test/global-setup.ts', 'test/postgres-setup.ts'] },
      },
    ],
  },
});
