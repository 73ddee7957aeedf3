// Bundles the CLI into dist/ with esbuild (see docs/performance.md):
// - dist/docsctl.cjs: src/ with the packages every command needs, run by bin/docsctl.cjs through a
//   V8 code cache, which Node 20 only offers for CommonJS;
// - dist/vendor/*.cjs: every other package src/ uses, each bundled alone and required on first use.
import { build } from 'esbuild';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { lazyBuiltinsPlugin } from './lazy-builtins-plugin.js';
import { seaRequirePlugin } from './sea-require-plugin.js';
import { vendorPlugin } from './vendor-plugin.js';
import { openapiSchemaPlugin } from './openapi-schema-plugin.js';
import { commonOptions, versionDefine, writeHeadedBundle } from './esbuild-common.js';


// Start clean: vendor bundles of packages src/ no longer uses would pile up.
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

const common = {
  ...commonOptions,
  format: 'cjs',
  minify: !process.env.DOCSCTL_BUILD_READABLE,
  sourcemap: 'linked',
  // ES modules' `import.meta.url`, which a CommonJS bundle does not have, from the bundle's own file.
  define: { ...versionDefine, 'import.meta.url': '__importMetaUrl' },
  banner: { js: "var __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
};

const vendor = vendorPlugin();
await build({
  ...common,
  entryPoints: ['src/cli.ts'],
  outfile: 'dist/docsctl.cjs',
  // import() becomes require(): the bundle runs as a vm.Script, which has no ES module loader.
  supported: { 'dynamic-import': false },
  // better-sqlite3's addon is loaded by path (store/db.ts), so its `bindings` finder is never used.
  external: ['bindings'],
  // src/ loads some packages through createRequire; rewritten into require() so the plugin sees them.
  plugins: [seaRequirePlugin, lazyBuiltinsPlugin, vendor.plugin],
});

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

// The first line names the content's hash: bin/run-bundle.cjs keys its code cache on it.
const bundle = new URL('../dist/docsctl.cjs', import.meta.url);
writeHeadedBundle(bundle, readFileSync(bundle, 'utf8'));
// …which moves the code a line down: so must the source map (a `;` in mappings is one line).
const mapFile = new URL('../dist/docsctl.cjs.map', import.meta.url);
const map = JSON.parse(readFileSync(mapFile, 'utf8'));
writeFileSync(mapFile, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
