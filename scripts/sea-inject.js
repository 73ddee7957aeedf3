// Makes a single executable of one CommonJS main script: the preparation blob (the script, its V8 code
// cache and any assets) injected into a copy of this Node binary with postject, as Node's documentation
// does. Used by scripts/package.js and by the bench's floor executable.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * Writes `executable` from `main` (working files in `work`); throws with what the tools said on failure.
 * `useSnapshot`: `main` runs when the executable is built and the executable starts from its V8 heap
 * (Node's startup snapshot; the bench measures what that costs).
 */
export function makeExecutable({ main, work, executable, assets = {}, useSnapshot = false }) {
  const seaConfig = join(work, 'sea-config.json');
  const blob = join(work, 'sea-prep.blob');
  writeFileSync(seaConfig, JSON.stringify({ main, output: blob, disableExperimentalSEAWarning: true, useCodeCache: !useSnapshot, useSnapshot, assets }, null, 2));
  const prepared = spawnSync(process.execPath, ['--experimental-sea-config', seaConfig], { cwd: work, encoding: 'utf8' });
  if (prepared.status !== 0) throw new Error(prepared.stderr || prepared.stdout);

  copyFileSync(process.execPath, executable);
  chmodSync(executable, 0o755);
  // postject's ELF library warns about Node's `.note` sections on every run; the warning is harmless, so
  // it is filtered out and anything else it says is shown.
  const postject = createRequire(import.meta.url).resolve('postject/dist/cli.js');
  const injected = spawnSync(process.execPath, [postject, executable, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2'], { encoding: 'utf8' });
  const said = `${injected.stdout}${injected.stderr}`.split('\n').filter((line) => line.trim() && !/Can't find string offset for section name|Start injection|Injection done/.test(line));
  if (injected.status !== 0) throw new Error(said.join('\n') || `postject exited with ${injected.status}`);
  if (said.length) console.error(said.join('\n'));
}
