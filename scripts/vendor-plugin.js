// esbuild plugin for the normal build (scripts/build.js): keeps the start-up bundle small. Every
// package that src/ imports, except the few every command needs, is left out of dist/docsctl.cjs and
// required from its own bundle in dist/vendor/ instead, built from the packages this plugin saw.
import { isBuiltin } from 'node:module';
import { sep } from 'node:path';

/** Loaded by every command, so they belong in the start-up bundle. */
const STARTUP_PACKAGES = new Set(['zod', 'commander', 'better-sqlite3']);

/** `@scope/name/sub` → `@scope/name`; an absolute path inside node_modules → the package it is in. */
export function packageOf(specifier) {
  const inModules = specifier.lastIndexOf(`${sep}node_modules${sep}`);
  const bare = inModules >= 0 ? specifier.slice(inModules + 14) : specifier;
  const parts = bare.split('/');
  return bare.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** A file name for a vendor bundle: `@inquirer/prompts` → `inquirer-prompts`. */
export function vendorName(pkg) {
  return pkg.replace(/^@/, '').replace(/\//g, '-');
}

/** The plugin, and `entries`: vendor name → what to bundle for it (filled while the core builds). */
export function vendorPlugin() {
  const entries = new Map();
  const plugin = {
    name: 'docsctl-vendor',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        const { path, importer } = args;
        // Only imports written in src/ are split off; a package's own imports stay with it.
        if (importer.includes(`${sep}node_modules${sep}`) || path.startsWith('.') || isBuiltin(path)) return undefined;
        const absolute = path.startsWith('/');
        if (absolute && !path.includes(`${sep}node_modules${sep}`)) return undefined;
        const pkg = packageOf(path);
        if (STARTUP_PACKAGES.has(pkg)) return undefined;
        // One vendor bundle per specifier: `yaml` and `yaml/util` would each get their own.
        const name = vendorName(absolute ? pkg : path);
        const known = entries.get(name);
        if (known && known !== path) throw new Error(`vendor bundle ${name} would hold both ${known} and ${path}`);
        entries.set(name, path);
        const file = `./vendor/${name}.cjs`;
        // `require()` (createRequire loads) wants module.exports as it is. An `import` goes through a
        // shim: src/ is an ES module package, so esbuild would give its default import the whole
        // module.exports of the vendor bundle, which for an ES module package (conf, ora) is the
        // namespace, not its default export. The shim is in no package, so the default follows
        // `__esModule` as the package itself would.
        if (args.kind === 'require-call') return { path: file, external: true };
        return { path: file, namespace: 'vendor-import' };
      });
      build.onResolve({ filter: /.*/, namespace: 'vendor-import' }, (args) => ({ path: args.path, external: true }));
      build.onLoad({ filter: /.*/, namespace: 'vendor-import' }, (args) => ({
        contents: `export * from ${JSON.stringify(args.path)};\nexport { default } from ${JSON.stringify(args.path)};\n`,
        loader: 'js',
      }));
    },
  };
  return { plugin, entries };
}
