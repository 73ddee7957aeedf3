// Bundles the CLI into dist/ with esbuild (see docs/performance.md):
// - dist/docsctl.cjs: src/ with the packages every command needs, run by bin/docsctl.cjs through a
//   V8 code cache, which Node 20 only offers for CommonJS; split into start-up bundles (the core,
//   dist/docsctl-engine.cjs and one dist/docsctl-GROUP.cjs per command group), each read when first needed;
// - dist/vendor/*.cjs: every other package src/ uses, each bundled alone and required on first use.
import { build } from 'esbuild';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { lazyBuiltinsPlugin } from './lazy-builtins-plugin.js';
import { seaRequirePlugin } from './sea-require-plugin.js';
import { vendorPlugin } from './vendor-plugin.js';
import { openapiSchemaPlugin } from './openapi-schema-plugin.js';
import { writeFonts } from './fonts.js';
import { join } from 'node:path';
import { buildStartupBundles } from './split-bundles.js';
import { ADDON_REQUEST, commonOptions, IMPORT_META_BANNER, root, versionDefine, writeHeadedBundle } from './esbuild-common.js';


// Start clean: vendor bundles of packages src/ no longer uses would pile up.
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

const common = {
  ...commonOptions,
  format: 'cjs',
  minify: !process.env.DOCSCTL_BUILD_READABLE,
  sourcemap: 'linked',
  // ES modules' `import.meta.url`, which a CommonJS bundle does not have, from the bundle's own file:
  // made when first read (few read it, and never at set-up), not at every start.
  define: { ...versionDefine, 'import.meta.url': '__importMeta.url' },
  banner: { js: IMPORT_META_BANNER },
};

const vendor = vendorPlugin();
const startup = {
  ...common,
  // import() becomes require(): the bundle runs as a vm.Script, which has no ES module loader.
  supported: { 'dynamic-import': false },
  // better-sqlite3's addon is loaded by path (store/db.ts), so its `bindings` finder is never used.
  external: ['bindings', ADDON_REQUEST],
};
// src/ loads some packages through createRequire; rewritten into require() so the vendor plugin sees them.
const startupPlugins = [seaRequirePlugin, lazyBuiltinsPlugin, vendor.plugin];
// The start-up bundles (scripts/split-bundles.js): the core, the engine and one per command group.
const { files: startupFiles } = await buildStartupBundles(build, { outdir: 'dist', options: startup, plugins: startupPlugins, root });

// The worker thread that validates OpenAPI documents (src/openapi-document/isolated-worker.ts): the
// little it runs, its packages required from the vendor bundles below.
await build({
  ...common,
  entryPoints: ['src/openapi-document/validate-worker.ts'],
  outfile: 'dist/openapi-worker.cjs',
  plugins: [seaRequirePlugin, vendor.plugin],
});

await build({
  ...common,
  entryPoints: Object.fromEntries(vendor.entries),
  outdir: 'dist/vendor',
  outExtension: { '.js': '.cjs' },
  // swagger-parser's schema check compiled here rather than at every validation.
  plugins: [openapiSchemaPlugin],
});

/**
 * Heads a bundle with its content's hash (its first line): bin/run-bundle.cjs keys its code caches on
 * it. That moves the code a line down: so must the source map (a `;` in mappings is one line).
 */
function headBundle(file) {
  writeHeadedBundle(file, readFileSync(file, 'utf8'));
  const mapFile = `${file}.map`;
  const map = JSON.parse(readFileSync(mapFile, 'utf8'));
  writeFileSync(mapFile, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
}

const dist = join(root, 'dist');
for (const file of Object.values(startupFiles)) headBundle(join(root, file));
// The OpenAPI worker runs its bundle and the vendor bundles it loads through code caches too (bin/openapi-worker.cjs).
headBundle(join(dist, 'openapi-worker.cjs'));
for (const name of readdirSync(join(dist, 'vendor')).filter((file) => file.endsWith('.cjs'))) headBundle(join(dist, 'vendor', name));

// The fonts of PDFs, beside the bundles that read them (src/pdf/fonts.ts).
writeFonts(join(dist, 'fonts'));
