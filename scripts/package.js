// Builds dist-sea/docsctl: ONE linux-x64 executable (Node's single-executable mechanism with this
// machine's own Node binary) holding the whole CLI and better-sqlite3's addon. See docs/distribution.md.
// `--keep-work` keeps the bundle, config and blob (in sea-work/) for a look.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { lazyBuiltinsPlugin } from './lazy-builtins-plugin.js';
import { seaRequirePlugin } from './sea-require-plugin.js';
import { makeExecutable } from './sea-inject.js';
import { commonOptions, pkg, root, versionDefine, writeHeadedBundle } from './esbuild-common.js';

// `--out DIR` builds elsewhere (the vitest check builds into a temp dir, leaving dist-sea/ alone).
const outFlag = process.argv.indexOf('--out');
const outDir = outFlag > 0 ? resolve(process.argv[outFlag + 1]) : join(root, 'dist-sea');
const work = join(outDir, 'sea-work');
const executable = join(outDir, 'docsctl');
const started = process.hrtime.bigint();

if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.error(`npm run package builds for linux-x64 only (this is ${process.platform}-${process.arch})`);
  process.exit(1);
}

const addonPath = createRequire(import.meta.url).resolve('better-sqlite3/build/Release/better_sqlite3.node');
const addonBytes = readFileSync(addonPath);
const addonDigest = { sha256: createHash('sha256').update(addonBytes).digest('hex'), size: addonBytes.length };

// Only what this script writes is removed: --out may name a folder holding other things.
rmSync(work, { recursive: true, force: true });
rmSync(executable, { force: true });
mkdirSync(work, { recursive: true });

// 1. docsctl in one CommonJS file, which the executable's main script runs.
const bundle = join(work, 'docsctl.cjs');
const result = await build({
  ...commonOptions,
  entryPoints: ['src/cli.ts'],
  outfile: bundle,
  format: 'cjs',
  minify: true,
  metafile: true,
  // Licence comments go to their own file (an asset of the executable): the bundle stays ASCII.
  legalComments: 'external',
  // import() of built-in modules becomes require(): the injected main script has no ESM loader.
  supported: { 'dynamic-import': false },
  plugins: [seaRequirePlugin, lazyBuiltinsPlugin],
  inject: ['scripts/sea-shims.js'],
  define: {
    ...versionDefine,
    __DOCSCTL_ADDON_SHA256__: JSON.stringify(addonDigest.sha256),
    __DOCSCTL_ADDON_SIZE__: String(addonDigest.size),
    __DOCSCTL_SEA_NATIVE_BINDING__: 'seaAddon',
    'import.meta.url': 'importMetaUrl',
  },
});

// The injected main script's require() knows built-in modules only: anything else left outside
// the bundle would fail at run time, so it fails the build instead.
// undici probes for node:sqlite (Node 22) inside a try, for a cache store docsctl does not use; pg
// requires pg-native only when its `native` property is read, which docsctl never does.
const probedOnly = new Set(['node:sqlite', 'pg-native']);
const outside = new Set();
for (const output of Object.values(result.metafile.outputs)) {
  for (const { external, path } of output.imports) if (external && !isBuiltin(path) && !probedOnly.has(path)) outside.add(path);
}
if (outside.size) {
  console.error(`not bundled, so not loadable in the executable: ${[...outside].join(', ')}`);
  process.exit(1);
}

// The bundle is headed with a hash of its content, as scripts/build.js heads the npm build's: the code
// caches of its command groups are named by it (bin/run-bundle.cjs). It is read as latin1, so it must be ASCII.
const code = readFileSync(bundle);
if (code.some((byte) => byte > 0x7f)) {
  console.error(`${bundle} is not ASCII: the executable reads it as latin1`);
  process.exit(1);
}
writeHeadedBundle(bundle, code);

// 2. The main script: bin/run-bundle.cjs running the bundle, an asset, through its code caches.
const main = join(work, 'main.cjs');
await build({ ...commonOptions, entryPoints: ['scripts/sea-main.cjs'], outfile: main, format: 'cjs', minify: true, define: versionDefine });

// 3. The preparation blob (the main script, its V8 code cache, the bundle and the addon as assets),
// injected into a copy of this Node binary.
try {
  makeExecutable({ main, work, executable, assets: { 'docsctl.cjs': bundle, 'better_sqlite3.node': addonPath, 'LICENSES.txt': `${bundle}.LEGAL.txt` } });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const sizes = `Node ${process.version} ${mb(statSync(process.execPath).size)} + bundle ${mb(statSync(bundle).size)} + addon ${mb(addonDigest.size)}`;
if (!process.argv.includes('--keep-work')) rmSync(work, { recursive: true, force: true });
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(`${relative(process.cwd(), executable)}: ${mb(statSync(executable).size)} (${sizes}), built in ${seconds.toFixed(1)} s`);
