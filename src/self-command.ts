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
 * What the OpenAPI validation worker runs: in the npm build the script `bin/openapi-worker.cjs` (which
 * runs `dist/openapi-worker.cjs`); in the single executable the source of its asset
 * `openapi-worker-main.cjs` (scripts/sea-openapi-worker.cjs, which runs the asset `openapi-worker.cjs`),
 * evaluated as the worker's script. Undefined where there is none (a checkout not built yet): the
 * caller runs a child process instead.
 */
export type WorkerScript = { file: string } | { source: string };

export function selfWorkerScript(): WorkerScript | undefined {
  if (isSea()) {
    const source = seaAsset(SEA_WORKER_ASSET);
    return source === undefined ? undefined : { source };
  }
  if (!near(join('dist', 'openapi-worker.cjs'))) return undefined;
  const file = near(join('bin', 'openapi-worker.cjs'));
  return file ? { file } : undefined;
}

/** The single executable's asset holding the validation worker's main script (scripts/package.js). */
export const SEA_WORKER_ASSET = 'openapi-worker-main.cjs';

/** A text asset of the single executable, or undefined when it has none of that name. */
function seaAsset(name: string): string | undefined {
  try {
    return (createRequire(import.meta.url)('node:sea') as { getAsset(name: string, encoding: string): string }).getAsset(name, 'utf8');
  } catch {
    return undefined;
  }
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
