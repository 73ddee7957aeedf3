// Builds dist/ (scripts/build.js) unless it is newer than everything it is built from, so `npm test`
// can never pass on a stale bundle. Used by vitest's global set-up, and by bin/docsctl.cjs in a source
// checkout that has no dist/ yet.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** What the bundle is made of: a change to any of these (or a file added to or removed from them) makes it stale. */
const INPUTS = ['src', 'scripts', 'package.json', 'package-lock.json', 'tsconfig.json'];

/** The newest modification time of a file or a folder and everything in it (folders count: a removed file changes its folder). */
function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const name of readdirSync(path)) latest = Math.max(latest, newest(join(path, name)));
  return latest;
}

/** Why dist/ must be built again, or undefined when it is up to date. */
export function staleReason(dir = root) {
  const bundle = join(dir, 'dist', 'docsctl.cjs');
  if (!existsSync(bundle)) return 'dist/docsctl.cjs is missing';
  const built = statSync(bundle).mtimeMs;
  const changed = INPUTS.filter((input) => existsSync(join(dir, input)) && newest(join(dir, input)) > built);
  return changed.length ? `${changed.join(', ')} changed since the last build` : undefined;
}

/** Builds when stale; throws when the build fails. */
export function buildIfStale() {
  const reason = staleReason();
  if (!reason) return false;
  process.stderr.write(`building dist/: ${reason}\n`);
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'build.js')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`scripts/build.js exited ${result.status ?? result.signal}`);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfStale();
