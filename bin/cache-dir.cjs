'use strict';
// The folder docsctl keeps machine-made files in: the code cache of bin/run-bundle.cjs and the single
// executable's copy of the SQLite addon. Both are code that gets run, so the folder must be one only
// this user can write to.
const { mkdirSync, statSync } = require('node:fs');
const { homedir, tmpdir } = require('node:os');
const { join } = require('node:path');

/** `$XDG_CACHE_HOME/docsctl`, `~/.cache/docsctl`, or a private folder in the temp dir; undefined if none is usable. */
function privateCacheDir(env = process.env) {
  const xdg = env.XDG_CACHE_HOME;
  let home = '';
  try {
    home = homedir();
  } catch {
    // no home directory (a system account): the temp dir it is
  }
  const preferred = xdg && xdg.startsWith('/') ? join(xdg, 'docsctl') : home ? join(home, '.cache', 'docsctl') : undefined;
  if (preferred) {
    try {
      mkdirSync(preferred, { recursive: true, mode: 0o700 });
      return preferred;
    } catch {
      // read-only or missing home: fall through to the temp dir
    }
  }
  try {
    const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
    const dir = join(tmpdir(), `docsctl-${uid ?? 'user'}`);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // A shared temp dir: only a folder of our own that nobody else can write to will do.
    const stat = statSync(dir);
    if ((uid !== undefined && stat.uid !== uid) || (stat.mode & 0o022) !== 0) return undefined;
    return dir;
  } catch {
    return undefined;
  }
}

module.exports = { privateCacheDir };
