// The floor docsctl's start-up bundles set (issue 35): a script reads the bundles a command reads and
// compiles each from the code cache a `members` run wrote, as bin/run-bundle.cjs does, but runs none of
// their code; then the command's own floor script (the minimal client, better-sqlite3 alone). What docsctl
// adds above it is its code running; below it, only less code loaded goes.
import { join } from 'node:path';

/**
 * The script's first part, a block of its own so that the floor script after it keeps its names.
 * BUNDLES: the bundles' files, comma-separated; CACHE_DIR_MODULE: bin/cache-dir.cjs, loaded through
 * createRequire, as a single executable's require() loads built-in modules only.
 */
export const COMPILE_BUNDLES = `{
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { Script } = require('node:vm');
const cacheDir = require('node:module').createRequire(process.env.CACHE_DIR_MODULE)(process.env.CACHE_DIR_MODULE);
const dir = cacheDir.privateCacheDir(process.env);
for (const file of process.env.BUNDLES.split(',')) {
  const source = readFileSync(file, 'latin1');
  const hash = /^\\/\\/ docsctl bundle ([0-9a-f]{16})\\n/.exec(source)[1];
  const cachedData = readFileSync(join(dir, 'code-' + hash + '-members-' + process.version + '-' + process.arch + '.bin'));
  const script = new Script('(function (exports, require, module, __filename, __dirname) {' + source + '\\n})', { filename: file, cachedData });
  if (script.cachedDataRejected) throw new Error('the code cache of ' + file + ' was rejected');
}
}
`;

/** The environment COMPILE_BUNDLES reads: the start-up bundles `names` (`docsctl.cjs`, `docsctl-members.cjs`…) of the build in `root`. */
export function bundleFloorEnv(root: string, names: string[]): NodeJS.ProcessEnv {
  return { BUNDLES: names.map((name) => join(root, 'dist', name)).join(','), CACHE_DIR_MODULE: join(root, 'bin', 'cache-dir.cjs') };
}
