// esbuild plugin for both bundles: built-in modules required at the top of a module but used only on
// some paths are loaded on first use instead. Each one spared is milliseconds of every start.
import { createRequire } from 'node:module';

const LAZY = [
  // commander spawns child processes only for executable sub-commands; docsctl has none. Loading
  // child_process pulls in net, dgram and more.
  { builtin: 'node:child_process', importer: /[\\/]node_modules[\\/]commander[\\/]/ },
  // The engine starts a child process only to validate an OpenAPI document it is publishing.
  { builtin: 'node:child_process', importer: /[\\/]src[\\/]/ },
  // …or, in the npm build, a worker thread (the worker's own entry reads workerData, no function: not here).
  { builtin: 'node:worker_threads', importer: /[\\/]src[\\/]openapi-document[\\/]isolated-worker\.ts$/ },
  // The engine hashes and draws random ids when it writes or checks a token; a local read does neither.
  // node:crypto pulls in streams and the ciphers.
  { builtin: 'node:crypto', importer: /[\\/]src[\\/]/ },
  // Files are read and written through promises only by some commands (uploads, downloads, input
  // files); node:fs/promises pulls in readline, the file watchers and directory handles. A remote
  // command that never opens a file then never loads it.
  { builtin: 'node:fs/promises', importer: /[\\/]src[\\/]/ },
];

export const lazyBuiltinsPlugin = {
  name: 'docsctl-lazy-builtins',
  setup(build) {
    build.onResolve({ filter: /^node:/ }, (args) => {
      const lazy = LAZY.find((entry) => entry.builtin === args.path && entry.importer.test(args.importer));
      return lazy ? { path: lazy.builtin, namespace: 'lazy-builtin' } : undefined;
    });
    // An ES module of one wrapper per function the built-in exports, each loading the module on its
    // first call (and constructing when called with `new`, for classes such as X509Certificate). An ES
    // module, so importers take the names directly: a CommonJS stand-in made esbuild copy all of its
    // names into every importing module at start-up. A name that is no function (crypto's `constants`)
    // is not exported, so importing one fails the build instead of reading undefined.
    build.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => {
      const builtin = createRequire(import.meta.url)(args.path);
      const names = Object.keys(builtin).filter((name) => typeof builtin[name] === 'function' && /^[A-Za-z_$][\w$]*$/.test(name));
      const wrappers = names.map((name) =>
        `export function ${name}(...args) { const f = load().${name}; return new.target ? Reflect.construct(f, args) : f.apply(this, args); }`);
      return {
        contents: [`let loaded;`, `const load = () => (loaded ??= require(${JSON.stringify(args.path)}));`, ...wrappers, ''].join('\n'),
        loader: 'js',
        resolveDir: '.',
      };
    });
  },
};
