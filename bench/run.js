// Bundles bench/main.ts (which imports the engine from src/) and runs it. Arguments are passed on.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { commonOptions, versionDefine } from '../scripts/esbuild-common.js';

const out = fileURLToPath(new URL('../dist/bench/main.js', import.meta.url));
await build({
  ...commonOptions,
  entryPoints: [fileURLToPath(new URL('./main.ts', import.meta.url))],
  outfile: out,
  format: 'esm',
  define: versionDefine,
  external: ['bindings'],
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
process.argv.splice(2, 0);
await import(out);
