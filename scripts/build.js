// Bundles the CLI into dist/ with esbuild: one small entry, lazily loaded chunks, native modules external.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

// Start clean: chunk names carry content hashes, so old ones would pile up.
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

await build({
  entryPoints: { cli: 'src/cli.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: true,
  sourcemap: 'linked',
  // better-sqlite3's JavaScript is bundled; its native addon is loaded from node_modules by path (see store/db.ts).
  external: ['bindings'],
  define: { __DOCSCTL_VERSION__: JSON.stringify(pkg.version) },
  // CommonJS dependencies inside an ES module bundle need a real `require`.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
