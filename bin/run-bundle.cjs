'use strict';
// Runs docsctl's CommonJS bundle through a V8 code cache. Node 20 compiles every start from source
// (its own compile cache arrived in Node 22), and compiling was the largest part of a local command's
// start-up; a cache accepted by V8 skips it. See docs/performance.md.
const { readFileSync, renameSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { dirname, join } = require('node:path');
const { Script } = require('node:vm');
const { privateCacheDir } = require('./cache-dir.cjs');

// `NODE_DEBUG=docsctl` says what happened to the cache, as util.debuglog would (which costs more to load).
function debug(message) {
  if (/\bdocsctl\b/i.test(process.env.NODE_DEBUG ?? '')) process.stderr.write(`DOCSCTL ${process.pid}: ${message}\n`);
}

/** The cache file for this bundle, Node and CPU, or undefined when there is to be none. */
function cacheFileFor(source, env) {
  if (env.DOCSCTL_CODE_CACHE === 'off') return undefined;
  // scripts/build.js heads the bundle with a hash of its content. V8 itself checks only the source's
  // length, so the hash in the name is what keeps a cache from outliving its bundle.
  const hash = /^\/\/ docsctl bundle ([0-9a-f]{16})\n/.exec(source)?.[1];
  const dir = hash && privateCacheDir(env);
  return dir ? join(dir, `code-${hash}-${process.version}-${process.arch}.bin`) : undefined;
}

function readCache(file) {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Writes aside and renames, so a concurrent start never reads half a cache. Failing only costs speed. */
function writeCache(file, script) {
  const partial = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(partial, script.createCachedData(), { mode: 0o600 });
    renameSync(partial, file);
    debug(`code cache written: ${file}`);
  } catch (error) {
    debug(`code cache not written: ${error.message}`);
  }
}

/** Loads and runs `file` as a CommonJS module, compiled from the code cache when one fits. */
function runBundle(file, env = process.env) {
  const source = readFileSync(file, 'utf8');
  const cacheFile = cacheFileFor(source, env);
  const cachedData = cacheFile && readCache(cacheFile);
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new Script(wrapped, { filename: file, cachedData });
  if (cacheFile) {
    debug(`code cache ${!cachedData ? 'missing' : script.cachedDataRejected ? 'rejected' : 'accepted'}: ${cacheFile}`);
    // Written at exit, so it holds every function this run compiled, not only the top level.
    if (!cachedData || script.cachedDataRejected) process.once('exit', () => writeCache(cacheFile, script));
  }
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
  return module.exports;
}

module.exports = { runBundle };
