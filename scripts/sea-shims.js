// Injected into the single executable's CommonJS bundle (scripts/package.js): what ES modules and
// store/db.ts expect that a CommonJS main script inside a Node binary does not have on its own.
import { closeSync, existsSync, fsyncSync, openSync, renameSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { privateCacheDir } from '../bin/cache-dir.cjs';

// `import.meta.url` (esbuild `define` points it here), made when first read. In the injected main script
// `__filename` is the executable itself, so `createRequire(import.meta.url)` still works for built-in modules.
export const importMeta = {
  get url() {
    return pathToFileURL(__filename).href;
  },
};

// Set by scripts/package.js: the addon's SHA-256 and size, known at build time so a warm start
// finds the extracted copy without reading or hashing the asset.
const ADDON = { sha256: __DOCSCTL_ADDON_SHA256__, size: __DOCSCTL_ADDON_SIZE__ };

/** The private cache folder (bin/cache-dir.cjs, shared with the normal build's code cache). */
function cacheDir() {
  const dir = privateCacheDir();
  if (!dir) throw new Error('docsctl: found no private folder for its cache; set XDG_CACHE_HOME to a folder of your own');
  return dir;
}

/** Writes better-sqlite3's addon (an SEA asset) once to the cache, then loads it with process.dlopen. */
export function seaAddon() {
  const file = join(cacheDir(), `better_sqlite3-${ADDON.sha256.slice(0, 16)}.node`);
  if (!existsSync(file) || statSync(file).size !== ADDON.size) {
    const bytes = new Uint8Array(require('node:sea').getRawAsset('better_sqlite3.node'));
    // Written aside and renamed: a concurrent start never loads a half-written file.
    const partial = `${file}.${process.pid}.tmp`;
    const fd = openSync(partial, 'w', 0o700);
    try {
      writeSync(fd, bytes);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(partial, file);
  }
  const addon = { exports: {} };
  process.dlopen(addon, file);
  return addon.exports;
}
