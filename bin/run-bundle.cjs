'use strict';
// Runs docsctl's CommonJS bundle through a V8 code cache. Node 20 compiles every start from source
// (its own compile cache arrived in Node 22), and compiling was the largest part of a local command's
// start-up; a cache accepted by V8 skips it. See docs/performance.md.
const { isAscii } = require('node:buffer');
const { closeSync, fstatSync, openSync, readdirSync, readSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { dirname, join } = require('node:path');
const { Script } = require('node:vm');
const { privateCacheDir } = require('./cache-dir.cjs');

// `NODE_DEBUG=docsctl` says what happened to the cache, as util.debuglog would (which costs more to load).
function debug(message) {
  if (/\bdocsctl\b/i.test(process.env.NODE_DEBUG ?? '')) process.stderr.write(`DOCSCTL ${process.pid}: ${message}\n`);
}

/** The prefix of every cache of this bundle (any command group, Node or CPU), or undefined without a hash. */
function cachePrefixFor(source) {
  // scripts/build.js heads the bundle with a hash of its content. V8 itself checks only the source's
  // length, so the hash in the name is what keeps a cache from outliving its bundle.
  const hash = /^\/\/ docsctl bundle ([0-9a-f]{16})\n/.exec(source)?.[1];
  return hash && `code-${hash}-`;
}

/**
 * The cache file for this bundle, command group, Node and CPU, or undefined when there is to be none.
 * One per group: a group's runs then read only what starting up and that group compile, not what every
 * group a user ever ran did (a cache that covered `init` too made a `members list` 2% slower).
 */
function cacheFileFor(source, env, command) {
  if (env.DOCSCTL_CODE_CACHE === 'off') return undefined;
  const prefix = cachePrefixFor(source);
  const dir = prefix && privateCacheDir(env);
  return dir ? join(dir, `${prefix}${command ?? 'main'}-${process.version}-${process.arch}.bin`) : undefined;
}

// One buffer for every file a start reads, one after the other (the bundles and their code caches): each
// is copied out (decoded, or deserialized by V8) before the next is read. A buffer of its own for each was
// fresh memory, one page fault per 4 KiB first touched (~250 more for a local command, at ~13 µs each on a
// virtual machine). It holds the largest of them for the process's life; pages never touched cost nothing.
let scratch = Buffer.alloc(0);

/** The shared buffer, at least `size` bytes long. */
function scratchOf(size) {
  if (scratch.length < size) scratch = Buffer.allocUnsafeSlow(Math.max(size, 1 << 20));
  return scratch;
}

/** `file`'s bytes between `head` and `tail` (latin1), in the shared buffer: valid until the next read. */
function readWhole(file, head = '', tail = '') {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const scratch = scratchOf(head.length + size + tail.length);
    scratch.write(head, 0, 'latin1');
    let read = 0;
    for (let n; read < size && (n = readSync(fd, scratch, head.length + read, size - read, read)) > 0; ) read += n;
    // Cut short (a build rewriting it meanwhile): as read, as readFileSync would have given it.
    scratch.write(tail, head.length + read, 'latin1');
    return scratch.subarray(0, head.length + read + tail.length);
  } finally {
    closeSync(fd);
  }
}

/** A code cache's bytes (valid until the next read: V8 deserializes them while compiling), or undefined. */
function readCache(file) {
  try {
    return readWhole(file);
  } catch {
    return undefined;
  }
}

// Global flags that take a value (bin/global-flags.json, the one table): the word after one is not the command.
const VALUE_FLAGS = new Set(require('./global-flags.json').flags.filter((f) => !f.optionalValue).map((f) => f.name));

/** The command group of a run (`members` in `docsctl --db x.db members list`), as near as argv tells. */
function commandOf(argv) {
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    if (word.startsWith('-')) {
      if (VALUE_FLAGS.has(word)) i++;
      continue;
    }
    return /^[a-z][a-z-]*$/.test(word) ? word : undefined;
  }
  return undefined;
}

/** Writes aside and renames, so a concurrent start never reads half a file. Failing only costs speed. */
function writeAside(file, data) {
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, data, { mode: 0o600 });
  renameSync(partial, file);
}

// Caches of other builds (older versions of docsctl, other Node versions) left alone this long go.
const STALE_MS = 14 * 24 * 3600 * 1000;

/** Removes other builds' caches not written for two weeks, so upgrades do not pile them up. `keep`: this build's prefixes. */
function removeStaleCaches(dir, keep) {
  for (const name of readdirSync(dir)) {
    if (!name.startsWith('code-') || keep.some((prefix) => name.startsWith(prefix))) continue;
    const file = join(dir, name);
    if (Date.now() - statSync(file).mtimeMs > STALE_MS) rmSync(file, { force: true });
  }
}

/** Writes a command group's cache (none was there, or V8 rejected it), and clears out other builds' old caches (`keep`: this build's prefixes). */
function writeCache(file, script, keep) {
  try {
    removeStaleCaches(dirname(file), keep);
    writeAside(file, script.createCachedData());
    debug(`code cache written: ${file}`);
  } catch (error) {
    debug(`code cache not written: ${error.message}`);
  }
}

/** The vendor bundle a bundle's `require(id)` names (`./vendor/yaml.cjs` → `yaml`), or undefined for anything else. */
function vendorNameOf(id) {
  return /^\.\/vendor\/(.+)\.cjs$/.exec(id)?.[1];
}

/**
 * The bundle's `require`: its vendor bundles (`./vendor/NAME.cjs`, one per package only some commands
 * use) through `loadVendor`, anything else through `require`. Under `NODE_DEBUG=docsctl` it says which
 * vendor bundles a run loads: the built-entry tests check that each one is loaded by at least one of them.
 */
function bundleRequire(require, loadVendor = require) {
  const debugging = /\bdocsctl\b/i.test(process.env.NODE_DEBUG ?? '');
  const seen = new Set();
  return Object.assign((id) => {
    const vendor = vendorNameOf(id);
    if (!vendor) return require(id);
    if (debugging && !seen.has(vendor)) debug(`vendor bundle loaded: ${vendor}`);
    seen.add(vendor);
    return loadVendor(id);
  }, require);
}

// What a bundle runs inside: a CommonJS module's function, as Node wraps one.
const WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname) {';
const WRAPPER_TAIL = '\n})';

/**
 * Runs `source` as a CommonJS module named `filename`, compiled from the code cache of the run's command
 * group (`argv` tells which) when one fits. The cache is written at exit, so it holds every function the
 * run compiled, not only the top level. The single executable runs its bundles (assets) through here too.
 * `build`: the hashes of every bundle of this build, whose caches writing a cache never clears out (the
 * single executable's vendor bundles have caches of their own), or a function answering them, asked only
 * when a cache is written; by default the source's alone.
 */
function runSource(source, options) {
  return runWrapped(`${WRAPPER_HEAD}${source}${WRAPPER_TAIL}`, options);
}

/**
 * `runSource` of a bundle's file, read straight into the shared buffer between the wrapper's two ends and
 * decoded once: the file's text joined to them was a second copy of each bundle in fresh memory (~300
 * more page faults for a local command's two bundles, ~5 ms on a virtual machine where a fault costs ~13 µs).
 */
function runFile(file, options) {
  return runWrapped(readWrapped(file), { filename: file, ...options });
}

/**
 * `runSource` of a bundle's bytes (the single executable's assets), copied into the shared buffer between
 * the wrapper's two ends and decoded once, as `runFile` does.
 */
function runBytes(bytes, options) {
  const need = WRAPPER_HEAD.length + bytes.length + WRAPPER_TAIL.length;
  const scratch = scratchOf(need);
  scratch.write(WRAPPER_HEAD, 0, 'latin1');
  scratch.set(bytes, WRAPPER_HEAD.length);
  scratch.write(WRAPPER_TAIL, WRAPPER_HEAD.length + bytes.length, 'latin1');
  return runWrapped(decoded(scratch.subarray(0, need)), options);
}

function readWrapped(file) {
  return decoded(readWhole(file, WRAPPER_HEAD, WRAPPER_TAIL));
}

/** A bundle's text: the builds write ASCII (esbuild escapes the rest), which latin1 decodes as it is, without a pass of UTF-8. */
function decoded(bytes) {
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

function runWrapped(wrapped, { filename, require, env = process.env, argv = process.argv.slice(2), build }) {
  // The bundle's first line, with its hash: all the cache's name needs of it.
  const head = wrapped.slice(WRAPPER_HEAD.length, WRAPPER_HEAD.length + 40);
  const cacheFile = cacheFileFor(head, env, commandOf(argv));
  const cachedData = cacheFile && readCache(cacheFile);
  const script = new Script(wrapped, { filename, cachedData });
  if (cacheFile) {
    const accepted = cachedData !== undefined && !script.cachedDataRejected;
    debug(`code cache ${!cachedData ? 'missing' : accepted ? 'accepted' : 'rejected'}: ${cacheFile}`);
    if (!accepted) {
      process.once('exit', () => {
        const hashes = typeof build === 'function' ? build() : build;
        writeCache(cacheFile, script, hashes ? hashes.map((hash) => `code-${hash}-`) : [cachePrefixFor(head)]);
      });
    }
  }
  const module = { exports: {} };
  script.runInThisContext()(module.exports, require, module, filename, dirname(filename));
  return module.exports;
}

/**
 * Links the start-up bundles of a split build (scripts/split-bundles.js): each bundle gives its table of
 * modules to `docsctl.define`, and an import of a module another bundle holds asks `docsctl.module`,
 * which runs that bundle first (`run(name)`) if it has not run yet. A module is set up once, on first use.
 */
function linkBundles(run) {
  const tables = new Map();
  const modules = new Map();
  globalThis[Symbol.for('docsctl.define')] = (name, table) => tables.set(name, table);
  globalThis[Symbol.for('docsctl.module')] = (name, file) => {
    if (!modules.has(file)) {
      if (!tables.has(name)) {
        debug(`start-up bundle loaded: ${name}`);
        run(name);
      }
      const load = tables.get(name)?.[file];
      if (!load) throw new Error(`docsctl's bundle ${name} does not hold ${file}: the build is incomplete (run \`npm run build\`)`);
      modules.set(file, load());
    }
    return modules.get(file);
  };
}

/** The file name of a start-up bundle of a split build (scripts/split-bundles.js): `core` is docsctl.cjs itself, the others docsctl-NAME.cjs beside it. */
function bundleFileName(name) {
  return name === 'core' ? 'docsctl.cjs' : `docsctl-${name}.cjs`;
}

/** The hashes of the start-up bundles in `dir` (each file's first line), whose caches writing a cache never clears out. */
function buildHashes(dir) {
  const hashes = [];
  for (const name of readdirSync(dir).filter((file) => /^docsctl(-[\w-]+)?\.cjs$/.test(file))) {
    const fd = openSync(join(dir, name), 'r');
    try {
      const head = Buffer.alloc(40);
      readSync(fd, head, 0, head.length, 0);
      const hash = /^\/\/ docsctl bundle ([0-9a-f]{16})\n/.exec(head.toString('latin1'))?.[1];
      if (hash) hashes.push(hash);
    } finally {
      closeSync(fd);
    }
  }
  return hashes;
}

/** Loads and runs the bundle `file` (the npm build's dist/docsctl.cjs, and the bundles it links beside it) through their code caches. */
function runBundle(file, env = process.env, argv = process.argv.slice(2)) {
  const require = bundleRequire(createRequire(file));
  const build = () => buildHashes(dirname(file));
  const run = (name) => {
    const bundle = name === 'core' ? file : join(dirname(file), bundleFileName(name));
    return runFile(bundle, { require, env, argv, build });
  };
  linkBundles(run);
  return run('core');
}

module.exports = { bundleFileName, bundleRequire, linkBundles, runBundle, runBytes, runFile, runSource, vendorNameOf };
