// esbuild plugin for both builds (scripts/build.js, scripts/package.js). src loads large packages lazily
// through `const load = createRequire(import.meta.url); … load('marked')`, which esbuild cannot follow,
// and the executable has no node_modules to find them in at run time. Rewriting those calls into plain
// `require('marked')` lets the build see them (a vendor bundle, or bundled into the executable), still
// evaluated only on first use (esbuild wraps them lazily). The declaration itself goes: making a require
// from a URL at every module's set-up cost a start ~1 ms (the URL conversions' first run).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const DECLARATION = /const (\w+) = createRequire\(import\.meta\.url\);/;

/** The rewritten source, or undefined when the file loads nothing through createRequire. */
export function rewriteLazyRequires(source, file) {
  const name = DECLARATION.exec(source)?.[1];
  if (!name) return undefined;
  const nested = new RegExp(`createRequire\\(${name}\\.resolve\\('([^']+)'\\)\\)\\('([^']+)'\\)`, 'g');
  const direct = new RegExp(`\\b${name}\\('([^']+)'\\)`, 'g');
  const resolved = new RegExp(`\\b${name}\\.resolve\\('([^']+)'\\)`, 'g');
  const rewritten = source
    // A dependency of a dependency, resolved through its parent: name the very file it resolves to.
    .replace(nested, (_, parent, id) => `require(${JSON.stringify(createRequire(createRequire(file).resolve(parent)).resolve(id))})`)
    .replace(direct, (_, id) => `require('${id}')`)
    // A file's path, found as the bundle's own require finds it (the npm build's is the bundle's file's).
    .replace(resolved, (_, id) => `require.resolve('${id}')`);
  const left = new RegExp(`\\b${name}\\s*[(.]`).exec(rewritten);
  if (left) throw new Error(`${file}: \`${left[0]}…\` is a lazy load the single-executable build cannot bundle; use ${name}('package')`);
  return rewritten.replace(DECLARATION, '');
}

export const seaRequirePlugin = {
  name: 'sea-lazy-requires',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const contents = rewriteLazyRequires(source, args.path);
      return contents === undefined ? undefined : { contents, loader: 'ts' };
    });
  },
};
