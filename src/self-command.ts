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
  let sea = false;
  try {
    sea = (createRequire(import.meta.url)('node:sea') as { isSea(): boolean }).isSea();
  } catch {
    // Node without node:sea: not a single executable
  }
  if (sea) return { file: process.execPath, args: [] };
  const here = dirname(fileURLToPath(import.meta.url));
  // `../bin/` from src/ and dist/; `../../bin/` from the bench's bundle in dist/bench/.
  const entry = [join(here, '..', 'bin', 'docsctl.cjs'), join(here, '..', '..', 'bin', 'docsctl.cjs')].find((file) => existsSync(file));
  if (!entry) throw new Error(`docsctl's entry bin/docsctl.cjs was not found near ${here}`);
  return { file: process.execPath, args: [entry] };
}
