// esbuild plugin for both bundles: built-in modules required at the top of a module but used only on
// some paths are loaded on first use instead. Each one spared is milliseconds of every start.
import { createRequire } from 'node:module';

const LAZY = [
  // commander spawns child processes only for executable sub-commands; docsctl has none. Loading
  // child_process pulls in net, dgram and more.
  { builtin: 'node:child_process', importer: /[\\/]node_modules[\\/]commander[\\/]/ },
  // The engine starts a child process only to validate an OpenAPI document it is publishing.
  { builtin: 'node:child_process', importer: /[\\/]src[\\/]/ },
  // The engine hashes and draws random ids when it writes or checks a token; a local read does neither.
  // node:crypto pulls in streams and the ciphers.
  { builtin: 'node:crypto', importer: /[\\/]src[\\/]/ },
];

export const lazyBuiltinsPlugin = {
  name: 'docsctl-lazy-builtins',
  setup(build) {
    build.onResolve({ filter: /^node:/ }, (args) => {
      const lazy = LAZY.find((entry) => entry.builtin === args.path && entry.importer.test(args.importer));
      return lazy ? { path: lazy.builtin, namespace: 'lazy-builtin' } : undefined;
    });
    // A proxy that loads the module on the first property read. Its target lists the module's export
    // names, so esbuild's import helpers, which copy the names they see, find them all.
    build.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => {
      const names = Object.keys(createRequire(import.meta.url)(args.path));
      const target = `{ ${names.map((name) => `${JSON.stringify(name)}: undefined`).join(', ')} }`;
      return {
        contents: `let loaded;\nmodule.exports = new Proxy(${target}, { get: (_, key) => (loaded ??= require(${JSON.stringify(args.path)}))[key] });\n`,
        loader: 'js',
        resolveDir: '.',
      };
    });
  },
};
