import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * How to run this very docsctl as a child process: the single executable alone, else Node with
 * `bin/docsctl.cjs`, which sits at `../bin/` from this file whether it is `src/self-command.ts` (tests)
 * or the bundle `dist/docsctl.cjs`. Used to run work that must not hold this process (OpenAPI
 * validation, which a hostile document can make take minutes) under a time and memory bound.
 */
export function selfCommand(): { file: string; args: string[] } {
  if (isSea()) return { file: process.execPath, args: [] };
  // `../bin/` from src/ and dist/; `../../bin/` from the bench's bundle in dist/bench/.
  const entry = near(join('bin', 'docsctl.cjs'));
  if (!entry) throw new Error(`docsctl's entry bin/docsctl.cjs was not found near ${dirname(fileURLToPath(import.meta.url))}`);
  return { file: process.execPath, args: [entry] };
}

/**
 * The script of the OpenAPI validation worker (`bin/openapi-worker.cjs`, which runs the npm build's
 * `dist/openapi-worker.cjs`), or undefined where there is none: a checkout not built yet, or the single
 * executable, whose bundles are assets; both run a child process instead.
 */
export function selfWorkerScript(): string | undefined {
  if (isSea() || !near(join('dist', 'openapi-worker.cjs'))) return undefined;
  return near(join('bin', 'openapi-worker.cjs'));
}

function isSea(): boolean {
  try {
    return (createRequire(import.meta.url)('node:sea') as { isSea(): boolean }).isSea();
  } catch {
    return false; // Node without node:sea: not a single executable
  }
}

/** `path` from the repository's (or package's) root, found from src/, dist/ or the bench's dist/bench/. */
function near(path: string): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  return [join(here, '..', path), join(here, '..', '..', path)].find((file) => existsSync(file));
}
