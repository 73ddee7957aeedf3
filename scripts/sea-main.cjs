'use strict';
// The single executable's main script (scripts/package.js bundles it with bin/run-bundle.cjs). docsctl
// is in the executable as the npm build lays it out: the start-up bundles (the core, the engine, one per
// command group: scripts/split-bundles.js) and one vendor bundle per package only some commands use,
// each an asset read when first needed. Each runs through a V8 code cache of each command group as the
// npm build's bundles do: Node's own cache of a main script holds only the functions compiled before it
// runs, so every other function the command used was compiled again at each start (docs/performance.md).
/* global __DOCSCTL_VERSION__, __DOCSCTL_BUNDLE_HASHES__ */
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  // As bin/docsctl.cjs does: the version is known without reading the bundle.
  process.stdout.write(`${__DOCSCTL_VERSION__}\n`);
} else {
  const { getRawAsset } = require('node:sea');
  const { bundleFileName, bundleRequire, linkBundles, runBytes } = require('../bin/run-bundle.cjs');
  // The asset's bytes as they are in the executable (no copy): runBytes decodes them once, inside the wrapper.
  const asset = (name) => new Uint8Array(getRawAsset(name));
  // Every bundle's require(): the executable's own, which loads built-in modules (the rest is bundled),
  // and the vendor bundles, each run once.
  // The hashes of all of them (scripts/package.js): writing one bundle's cache never clears out another's.
  const build = __DOCSCTL_BUNDLE_HASHES__;
  const vendors = new Map();
  const loadVendor = (id) => {
    if (!vendors.has(id)) vendors.set(id, runBytes(asset(id.slice(2)), { filename: process.execPath, require, argv, build }));
    return vendors.get(id);
  };
  const bundlesRequire = bundleRequire(require, loadVendor);
  const run = (name) => runBytes(asset(bundleFileName(name)), { filename: process.execPath, require: bundlesRequire, argv, build });
  linkBundles(run);
  run('core');
}
