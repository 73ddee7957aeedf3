// Builds dist-sea/docsctl: ONE linux-x64 executable (Node's single-executable mechanism with this
// machine's own Node binary) holding the whole CLI and better-sqlite3's addon. See docs/distribution.md.
// The CLI is in it as the npm build lays it out (scripts/build.js): a start-up bundle and one vendor
// bundle per package only some commands use, each an asset read when first required.
// `--keep-work` keeps the bundle, config and blob (in sea-work/) for a look.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { basename, join, relative, resolve } from 'node:path';
import { lazyBuiltinsPlugin } from './lazy-builtins-plugin.js';
import { seaRequirePlugin } from './sea-require-plugin.js';
import { makeExecutable } from './sea-inject.js';
import { vendorPlugin } from './vendor-plugin.js';
import { writeFonts } from './fonts.js';
import { openapiSchemaPlugin } from './openapi-schema-plugin.js';
import { buildStartupBundles } from './split-bundles.js';
import { ADDON_REQUEST, asciiOnly, commonOptions, IMPORT_META_BANNER, pkg, root, versionDefine, writeHeadedBundle } from './esbuild-common.js';
// The asset holding the validation worker's main script, as src/self-command.ts names it.
const SEA_WORKER_ASSET = 'openapi-worker-main.cjs';

// `--out DIR` builds elsewhere (the vitest check builds into a temp dir, leaving dist-sea/ alone).
const outFlag = process.argv.indexOf('--out');
const outDir = outFlag > 0 ? resolve(process.argv[outFlag + 1]) : join(root, 'dist-sea');
const work = join(outDir, 'sea-work');
const executable = join(outDir, 'docsctl');
// `--snapshot`: the executable starts from a V8 startup snapshot of docsctl's modules (issue 35).
const snapshot = process.argv.includes('--snapshot');
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

// 1. docsctl as CommonJS bundles: the start-up bundles (the core, which the executable's main script runs,
// the engine and the command groups, each read when first needed), and the vendor bundles they require on
// first use (`./vendor/NAME.cjs`). The main script reads every one from the executable's assets.
const bundle = join(work, 'docsctl.cjs');
const vendorDir = join(work, 'vendor');
const sea = {
  ...commonOptions,
  format: 'cjs',
  minify: true,
  metafile: true,
  // Licence comments go to their own files (gathered in an asset of the executable): the bundles stay ASCII.
  legalComments: 'external',
  // import() of built-in modules becomes require(): the injected main script has no ESM loader.
  supported: { 'dynamic-import': false },
};
const vendor = vendorPlugin();
const startup = {
  ...sea,
  inject: ['scripts/sea-shims.js'],
  external: [ADDON_REQUEST],
  define: {
    ...versionDefine,
    __DOCSCTL_ADDON_SHA256__: JSON.stringify(addonDigest.sha256),
    __DOCSCTL_ADDON_SIZE__: String(addonDigest.size),
    __DOCSCTL_SEA_NATIVE_BINDING__: 'seaAddon',
    'import.meta.url': 'importMeta.url',
  },
};
const startupPlugins = [seaRequirePlugin, lazyBuiltinsPlugin, vendor.plugin];
// The start-up bundles as the npm build splits them (scripts/split-bundles.js); the snapshot's one
// bundle holds everything, its heap made once at build time.
const { files: startupFiles, results: startupBuilds } = snapshot
  ? { files: { core: bundle }, results: [await build({ ...startup, entryPoints: ['src/snapshot-entry.ts'], outfile: bundle, plugins: startupPlugins })] }
  : await buildStartupBundles(build, { outdir: work, options: startup, plugins: startupPlugins, root });
// The OpenAPI validation worker (src/openapi-document/isolated-worker.ts): its bundle, an asset the
// worker's main script (step 2) runs, its packages required from the vendor bundles below.
const workerBundle = join(work, 'openapi-worker.cjs');
const workerBuild = await build({
  ...sea,
  entryPoints: ['src/openapi-document/validate-worker.ts'],
  outfile: workerBundle,
  plugins: [seaRequirePlugin, vendor.plugin],
  define: { ...versionDefine, 'import.meta.url': '__importMeta.url' },
  banner: { js: IMPORT_META_BANNER },
});
const vendors = await build({
  ...sea,
  entryPoints: Object.fromEntries(vendor.entries),
  outdir: vendorDir,
  outExtension: { '.js': '.cjs' },
  // swagger-parser's schema check compiled at build time, as in the npm build.
  plugins: [openapiSchemaPlugin],
  // A vendor bundle runs with the executable as its file, as the start-up bundle does.
  define: { ...versionDefine, 'import.meta.url': '__importMeta.url' },
  banner: { js: IMPORT_META_BANNER },
});

// The injected main script's require() knows built-in modules only: anything else left outside
// the bundles would fail at run time, so it fails the build instead.
// undici probes for node:sqlite (Node 22) inside a try, for a cache store docsctl does not use; pg
// requires pg-native only when its `native` property is read, which docsctl never does. store/db.ts
// resolves better-sqlite3's addon only where no addon of the executable's own is given (outside it).
const probedOnly = new Set(['node:sqlite', 'pg-native', ADDON_REQUEST]);
const outside = new Set();
for (const output of [...startupBuilds, workerBuild, vendors].flatMap((result) => Object.values(result.metafile.outputs))) {
  for (const { external, path } of output.imports) {
    if (external && !isBuiltin(path) && !probedOnly.has(path) && !/^\.\/vendor\/[\w.-]+\.cjs$/.test(path)) outside.add(path);
  }
}
if (outside.size) {
  console.error(`not bundled, so not loadable in the executable: ${[...outside].join(', ')}`);
  process.exit(1);
}

// Each bundle is headed with a hash of its content, as scripts/build.js heads the npm build's: the code
// caches of its command groups are named by it (bin/run-bundle.cjs). It is read as latin1, so it must be ASCII.
const assets = Object.fromEntries(Object.values(startupFiles).map((file) => [basename(file), file]));
assets['openapi-worker.cjs'] = workerBundle;
for (const name of readdirSync(vendorDir).filter((file) => file.endsWith('.cjs'))) assets[`vendor/${name}`] = join(vendorDir, name);
const hashes = Object.entries(assets).map(([name, file]) => {
  let code = readFileSync(file);
  // A package's own non-ASCII characters that esbuild left as they are (in regular expressions) are escaped.
  if (name.startsWith('vendor/') && code.some((byte) => byte > 0x7f)) code = Buffer.from(asciiOnly(code.toString('utf8')));
  if (code.some((byte) => byte > 0x7f)) {
    console.error(`${file} is not ASCII: the executable reads it as latin1`);
    process.exit(1);
  }
  return writeHeadedBundle(file, code);
});
// The licence comments of every bundle, in one asset.
const legal = Object.values(assets).map((file) => `${file}.LEGAL.txt`).filter((file) => existsSync(file));
const licenses = join(work, 'LICENSES.txt');
writeFileSync(licenses, legal.map((file) => readFileSync(file, 'utf8')).join('\n'));

// 2. The main script: bin/run-bundle.cjs running the bundles (assets) through their code caches. It knows
// every bundle's hash, so writing one bundle's cache never clears out another's as an old build's.
const main = join(work, 'main.cjs');
await build({
  ...commonOptions,
  entryPoints: [snapshot ? 'scripts/sea-snapshot-main.cjs' : 'scripts/sea-main.cjs'],
  outfile: main,
  format: 'cjs',
  minify: true,
  define: { ...versionDefine, __DOCSCTL_BUNDLE_HASHES__: JSON.stringify(hashes), __DOCSCTL_SNAPSHOT_BUNDLE__: JSON.stringify(bundle) },
});

// The validation worker's main script (scripts/sea-openapi-worker.cjs): an asset whose text the worker
// evaluates (src/self-command.ts), running the worker's bundle through its code caches.
const workerMain = join(work, SEA_WORKER_ASSET);
await build({
  ...commonOptions,
  entryPoints: ['scripts/sea-openapi-worker.cjs'],
  outfile: workerMain,
  format: 'cjs',
  minify: true,
  define: { __DOCSCTL_BUNDLE_HASHES__: JSON.stringify(hashes) },
});

// The fonts of PDFs (binary assets, read by src/pdf/fonts.ts with node:sea's getAsset).
const fonts = writeFonts(join(work, 'fonts'));

// 3. The preparation blob (the main script, its V8 code cache, the bundle and the addon as assets),
// injected into a copy of this Node binary.
try {
  makeExecutable({ main, work, executable, useSnapshot: snapshot, assets: { ...assets, [SEA_WORKER_ASSET]: workerMain, 'better_sqlite3.node': addonPath, 'LICENSES.txt': licenses, ...fonts } });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const bytesOf = (files) => files.reduce((sum, file) => sum + statSync(file).size, 0);
const startupBytes = bytesOf(Object.values(startupFiles));
const workerBytes = bytesOf([workerBundle, workerMain]);
const vendorBytes = bytesOf(Object.values(assets)) - startupBytes - bytesOf([workerBundle]);
const fontBytes = bytesOf(Object.values(fonts));
const sizes = `Node ${process.version} ${mb(statSync(process.execPath).size)} + start-up bundles ${mb(startupBytes)} + vendor bundles ${mb(vendorBytes)} + OpenAPI worker ${(workerBytes / 1024).toFixed(0)} KB + addon ${mb(addonDigest.size)} + PDF fonts ${mb(fontBytes)}`;
if (!process.argv.includes('--keep-work')) rmSync(work, { recursive: true, force: true });
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(`${relative(process.cwd(), executable)}: ${mb(statSync(executable).size)} (${sizes}), built in ${seconds.toFixed(1)} s`);
