// Which test files `npm run test:quick` runs (vitest.config.ts): the engine, every route through the app
// and every command through main(argv), with no child process and no PostgreSQL. Whole folders are left
// out (end-to-end, the package, PostgreSQL, S3, the corpus and the docs' commands), and so is any other
// file that starts a child process: found by what it imports, so a new one is left out without a list.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Folders of the suite that quick leaves out whole. */
export const NOT_QUICK_FOLDERS = ['test/e2e/', 'test/package/', 'test/postgres/', 'test/s3/', 'test/corpus/', 'test/docs/'];

/** What a file that starts a child process (the built CLI, a terminal, a cluster, a shell) imports or calls. */
export const STARTS_A_CHILD = /node:child_process|helpers\/built|scripts\/terminal|pg-cluster|s3-server/;

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(root, path).split(sep).join('/')] : [];
  });
}

/** The test files quick runs, relative to the project's root. */
export function quickFiles() {
  return testFiles(join(root, 'test'))
    .filter((file) => !NOT_QUICK_FOLDERS.some((folder) => file.startsWith(folder)))
    .filter((file) => !STARTS_A_CHILD.test(readFileSync(join(root, file), 'utf8')))
    .sort();
}
