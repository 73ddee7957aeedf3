// Splits docsctl's start-up code into bundles a run loads as it needs them (docs/performance.md,
// "Start-up bundles"): `core` (the entry, commander, zod, the route table, the client, output and
// whatever several command groups share), `engine` (the engine, the in-process app, the local
// transport and what only they use) and one bundle per command group. A remote command then never
// reads the engine, and no command reads another group's code.
//
// Every module is in exactly one bundle, so there is one copy of each (a class is the same class
// everywhere). An import of a module another bundle holds becomes a small stand-in that asks the loader
// (bin/run-bundle.cjs, `linkBundles`) for it: the loader runs that bundle once, and the bundle's table
// hands out the module, set up on first use as esbuild sets up any lazily required module.
import { createRequire } from 'node:module';
import { relative, isAbsolute } from 'node:path';

// The loader's own name for each bundle's file, so the build writes what it reads.
const { bundleFileName } = createRequire(import.meta.url)('../bin/run-bundle.cjs');

const ENGINE_SEAM = /^src\/(engine|server)\/|^src\/api\/transports\/local\.ts$/;

/** A group's bundle name from the file its loader imports: `src/commands/members/index.ts` → `members`. */
function groupName(file) {
  return file.replace(/^src\/commands\//, '').replace(/(\/index)?\.ts$/, '').replace(/\//g, '-');
}

/**
 * Which bundle holds each module of a whole build's metafile (esbuild's `inputs`: each file with its
 * imports), and which of its modules each bundle hands out to the others. The seams are the dynamic
 * imports of src/commands/index.ts (the command groups) and of src/context.ts into the engine, the server
 * and the local transport (the engine); everything the entry reaches through neither is `core`, and so
 * is what several groups share.
 */
export function planBundles(inputs, entry = 'src/cli.ts') {
  const importsOf = (file) => (inputs[file]?.imports ?? []).filter((i) => !i.external && inputs[i.path]);
  const dynamicFrom = (file, test) => importsOf(file).filter((i) => i.kind === 'dynamic-import' && test(i.path)).map((i) => i.path);
  const groupSeeds = new Set(dynamicFrom('src/commands/index.ts', () => true));
  const engineSeeds = new Set(dynamicFrom('src/context.ts', (path) => ENGINE_SEAM.test(path)));
  if (!groupSeeds.size || !engineSeeds.size) throw new Error('split-bundles: the command groups or the engine seam are not where they were (src/commands/index.ts, src/context.ts)');
  const owner = new Map();
  /** Every module `seeds` reach without passing a module `stop` says is someone else's. */
  const reach = (seeds, stop) => {
    const seen = new Set();
    const todo = [...seeds];
    while (todo.length) {
      const file = todo.pop();
      if (seen.has(file)) continue;
      seen.add(file);
      for (const { path } of importsOf(file)) if (!seen.has(path) && !stop(path)) todo.push(path);
    }
    return seen;
  };
  const seed = (path) => groupSeeds.has(path) || engineSeeds.has(path);
  for (const file of reach([entry], seed)) owner.set(file, 'core');
  // Who else needs each module: the engine, and each group (the command groups of init, serve, db… set
  // up the engine themselves: "wiring" groups).
  const users = new Map();
  const use = (name, seeds) => {
    const found = reach(seeds.filter((s) => !owner.has(s)), (p) => owner.has(p) || (seed(p) && !seeds.includes(p)));
    for (const file of found) users.set(file, [...(users.get(file) ?? []), name]);
    return found;
  };
  use('engine', [...engineSeeds]);
  const wiring = new Set();
  for (const group of groupSeeds) {
    const found = use(groupName(group), [group]);
    if ([...found].some((file) => ENGINE_SEAM.test(file))) wiring.add(groupName(group));
  }
  // A module of one bundle is that bundle's; one of the engine's that only wiring groups also use is the
  // engine's (they load it anyway); one that several need is core's, so that a command group's module a
  // remote command needs never loads the engine with it.
  for (const [file, names] of users) {
    const groups = names.filter((name) => name !== 'engine');
    const engineOnly = names.includes('engine') && groups.every((name) => wiring.has(name));
    owner.set(file, names.length === 1 ? names[0] : engineOnly ? 'engine' : 'core');
  }
  // Each bundle keeps its own copy of a package (the few functions of zod a bundle uses, not the whole
  // package: a module handed out whole could not be tree-shaken), but for commander, CommonJS and so
  // whole in any bundle, which core holds anyway; and of the small stand-ins of other namespaces
  // (vendor bundles, lazy built-ins). zod is made for copies: it keeps its registry on globalThis and
  // checks instances by their traits.
  // A package's path may lead out of the repository (a linked node_modules): what is not src/ is a package.
  const handedOut = (file) => file.startsWith('src/') || /(^|\/)node_modules\/commander\//.test(file);
  for (const file of owner.keys()) if (!handedOut(file)) owner.delete(file);
  const exported = new Map();
  for (const [file, name] of owner) {
    for (const { path } of importsOf(file)) {
      const other = owner.get(path);
      if (other && other !== name) exported.set(other, new Set([...(exported.get(other) ?? []), path]));
    }
  }
  const bundles = [...new Set(owner.values())].sort((a, b) => (a === 'core' ? -1 : b === 'core' ? 1 : a.localeCompare(b)));
  return { owner, bundles, exported: (name) => [...(exported.get(name) ?? [])].sort() };
}

/** The entry of bundle `name`: its table of the modules other bundles import, then, for core, the program. */
export function entrySource(name, exported, entry) {
  const table = exported.map((file) => `  ${JSON.stringify(file)}: () => require(${JSON.stringify(`./${file}`)}),`).join('\n');
  const run = name === 'core' ? `require(${JSON.stringify(`./${entry}`)});\n` : '';
  return `globalThis[Symbol.for('docsctl.define')](${JSON.stringify(name)}, {\n${table}\n});\n${run}`;
}

/**
 * The esbuild plugin of bundle `name`: its entry (`docsctl-entry:NAME`), and every import of a module
 * another bundle holds turned into a stand-in asking the loader for it. Put it before the plugins that
 * make imports external (vendor bundles, lazy built-ins): it asks them through build.resolve.
 */
export function splitPlugin(name, plan, root, entry = 'src/cli.ts') {
  return {
    name: 'docsctl-split',
    setup(build) {
      build.onResolve({ filter: /^docsctl-entry:/ }, (args) => ({ path: args.path, namespace: 'docsctl-entry' }));
      build.onLoad({ filter: /.*/, namespace: 'docsctl-entry' }, () => ({ contents: entrySource(name, plan.exported(name), entry), loader: 'js', resolveDir: root }));
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData?.split || (args.namespace !== 'file' && args.namespace !== 'docsctl-entry')) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { split: true } });
        if (resolved.errors.length || resolved.external || !isAbsolute(resolved.path)) return resolved.errors.length ? { errors: resolved.errors } : resolved;
        const file = relative(root, resolved.path);
        const holder = plan.owner.get(file);
        if (holder === undefined || holder === name) return resolved;
        // Named .cjs whatever the module's own name (commander's esm.mjs): esbuild types a module by its extension.
        return { path: `${file}.cjs`, namespace: 'docsctl-module', pluginData: { holder, file } };
      });
      build.onLoad({ filter: /.*/, namespace: 'docsctl-module' }, (args) => ({
        contents: `module.exports = globalThis[Symbol.for('docsctl.module')](${JSON.stringify(args.pluginData.holder)}, ${JSON.stringify(args.pluginData.file)});\n`,
        loader: 'js',
      }));
    },
  };
}

/**
 * Builds the start-up bundles of `entry` into `outdir` with esbuild's `build` and `options` (format,
 * defines, …) and `plugins`: first the whole program (not written: its imports make the plan), then
 * one build per bundle. Answers the plan, each bundle's file and the builds' results (metafiles).
 */
export async function buildStartupBundles(build, { entry = 'src/cli.ts', outdir, options, plugins, root }) {
  const whole = await build({ ...options, entryPoints: [entry], outfile: `${outdir}/whole.cjs`, write: false, metafile: true, plugins });
  const plan = planBundles(whole.metafile.inputs, entry);
  const files = {};
  const results = [];
  // The core last: an interrupted build leaves no dist/docsctl.cjs, which is what says a build is there.
  for (const name of [...plan.bundles.filter((n) => n !== 'core'), 'core']) {
    files[name] = `${outdir}/${bundleFileName(name)}`;
    results.push(await build({ ...options, entryPoints: [`docsctl-entry:${name}`], outfile: files[name], metafile: true, plugins: [splitPlugin(name, plan, root, entry), ...plugins] }));
  }
  return { plan, files, results };
}
