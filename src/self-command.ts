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
  return { file: process.execPath, args: [join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'docsctl.cjs')] };
}
