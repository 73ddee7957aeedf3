// Bundles bench/main.ts (which imports the engine from src/) and runs it. Arguments are passed on.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const out = fileURLToPath(new URL('../dist/bench/main.js', import.meta.url));
await build({
  entryPoints: [fileURLToPath(new URL('./main.ts', import.meta.url))],
  outfile: out,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['bindings'],
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
process.argv.splice(2, 0);
await import(out);
