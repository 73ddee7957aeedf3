// esbuild plugin for the single executable only (scripts/package.js). src loads large packages lazily
// through `const load = createRequire(import.meta.url); … load('marked')`, which esbuild cannot follow,
// and the executable has no node_modules to find them in at run time. Rewriting those calls into plain
// `require('marked')` bundles the packages, still evaluated only on first use (esbuild wraps them lazily).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const DECLARATION = /const (\w+) = createRequire\(import\.meta\.url\);/;

/** The rewritten source, or undefined when the file loads nothing through createRequire. */
export function rewriteLazyRequires(source, file) {
  const name = DECLARATION.exec(source)?.[1];
  if (!name) return undefined;
  const nested = new RegExp(`createRequire\\(${name}\\.resolve\\('([^']+)'\\)\\)\\('([^']+)'\\)`, 'g');
  const direct = new RegExp(`\\b${name}\\('([^']+)'\\)`, 'g');
  const rewritten = source
    // A dependency of a dependency, resolved through its parent: name the very file it resolves to.
    .replace(nested, (_, parent, id) => `require(${JSON.stringify(createRequire(createRequire(file).resolve(parent)).resolve(id))})`)
    .replace(direct, (_, id) => `require('${id}')`);
  const left = new RegExp(`\\b${name}\\s*[(.]`).exec(rewritten);
  if (left) throw new Error(`${file}: \`${left[0]}…\` is a lazy load the single-executable build cannot bundle; use ${name}('package')`);
  return rewritten;
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
